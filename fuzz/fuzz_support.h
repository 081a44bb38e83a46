// fuzz/fuzz_support.h: what the fuzz targets share: reading the input
// bytes, the games every target covers, and the checks a state must pass.
// A failed check prints what broke and aborts, which libFuzzer reports as a
// crash and the regression replay (replay_main.cc) as a failed test.
#ifndef GAMEAI_FUZZ_FUZZ_SUPPORT_H_
#define GAMEAI_FUZZ_FUZZ_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gameai/base/random.h"
#include "gameai/dynamic/game.h"

namespace gameai::fuzz {

// Bytes: the input read front to back; past the end every read gives 0.
class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t Byte() { return at_ < size_ ? data_[at_++] : 0; }
  uint64_t Word() {
    uint64_t w = 0;
    for (int i = 0; i < 8; ++i) w = w << 8 | Byte();
    return w;
  }
  // Line: the bytes up to the next '\n' (dropped) or the end.
  std::string Line();
  std::string Rest() {
    std::string out(reinterpret_cast<const char*>(data_) + at_, size_ - at_);
    at_ = size_;
    return out;
  }
  bool empty() const { return at_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t at_ = 0;
};

// Games: the games the targets pick from by an input byte (modulo the
// count): every registered game under its defaults and small variants, in
// a fixed order so that corpus files keep their meaning. Aborts when a
// registered game is missing from the list.
const std::vector<std::shared_ptr<const Game>>& Games();
const Game& PickGame(Bytes& in);

// Fail: prints `what` and `detail` and aborts.
[[noreturn]] void Fail(std::string_view what, std::string_view detail);

// CheckState: Validate passes, Serialize round-trips to the same text, a
// player to move has legal actions (ascending, in range), chance outcomes
// have positive probabilities summing to 1, and every seat has actions at a
// simultaneous node.
void CheckState(const Game& game, const State& state);

// PlayRandomly: up to `steps` random transitions (every one must apply),
// with CheckState after each when `check_each`.
void PlayRandomly(const Game& game, State& state, Rng& rng, int steps,
                  bool check_each = true);

}  // namespace gameai::fuzz

#endif  // GAMEAI_FUZZ_FUZZ_SUPPORT_H_
