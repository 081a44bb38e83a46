// ThinkingNotice: says "… thinking…" when a bot move or a hint takes more
// than a second, so a person knows the program has not hung.
#ifndef GAMEAI_CLI_THINKING_NOTICE_H_
#define GAMEAI_CLI_THINKING_NOTICE_H_

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace gameai::cli {

class ThinkingNotice {
 public:
  // ThinkingNotice: calls `say(text)` from another thread once a second
  // has passed, unless destroyed before.
  ThinkingNotice(std::function<void(const std::string&)> say, std::string text);
  ~ThinkingNotice();
  ThinkingNotice(const ThinkingNotice&) = delete;
  ThinkingNotice& operator=(const ThinkingNotice&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_THINKING_NOTICE_H_
