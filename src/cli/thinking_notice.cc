#include "thinking_notice.h"

#include <chrono>

namespace gameai::cli {

ThinkingNotice::ThinkingNotice(std::function<void(const std::string&)> say,
                               std::string text) {
  thread_ = std::thread([this, say = std::move(say), text = std::move(text)] {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!done_cv_.wait_for(lock, std::chrono::seconds(1),
                           [this] { return done_; })) {
      say(text);
    }
  });
}

ThinkingNotice::~ThinkingNotice() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  done_cv_.notify_one();
  thread_.join();
}

}  // namespace gameai::cli
