// gameai/base/random.h: the project's reproducible random engine.
//
// Rng is xoshiro256** seeded through SplitMix64. It is fully specified here,
// so the same seed gives the same stream on every compiler, library version
// and thread (unlike absl::BitGen or the std distributions). Functions that
// need randomness take an Rng& from the caller.
//
//   gameai::Rng rng(gameai::DeriveSeed(match_seed, game_index));
//   int die = 1 + rng.Below(6);
#ifndef GAMEAI_BASE_RANDOM_H_
#define GAMEAI_BASE_RANDOM_H_

#include <cstdint>
#include <limits>

namespace gameai {

// SplitMix64 finalizer: a bijective 64-bit mix.
constexpr uint64_t Mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// DeriveSeed: an independent seed for sub-stream `index` of `seed` (per-game
// seeds from the match seed, per-seat seeds from the game seed, ...).
constexpr uint64_t DeriveSeed(uint64_t seed, uint64_t index) {
  return Mix64(Mix64(seed) ^ Mix64(index + 0x632be59bd9b4e019ULL));
}

class Rng {
 public:
  using result_type = uint64_t;

  explicit Rng(uint64_t seed = 0) { Seed(seed); }

  void Seed(uint64_t seed) {
    for (uint64_t& word : s_) {
      seed += 0x9e3779b97f4a7c15ULL;
      word = Mix64(seed);
    }
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() {
    return std::numeric_limits<result_type>::max();
  }

  result_type operator()() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Below: uniform integer in [0, n). REQUIRES: n > 0. Lemire's
  // multiply-shift with rejection, so it is exactly uniform.
  uint64_t Below(uint64_t n) {
    unsigned __int128 m = static_cast<unsigned __int128>((*this)()) * n;
    auto low = static_cast<uint64_t>(m);
    if (low < n) {
      const uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<unsigned __int128>((*this)()) * n;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  // Uniform: a double in [0, 1) with 53 random bits.
  double Uniform() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

 private:
  static constexpr uint64_t Rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
  }
  uint64_t s_[4];
};

}  // namespace gameai

#endif  // GAMEAI_BASE_RANDOM_H_
