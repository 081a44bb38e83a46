#include "gameai/mancala/internal/sides.h"

namespace gameai::mancala {

SidesRules::SidesRules(const Rules& rules)
    : pits_(rules.pits()),
      lap_(2 * rules.pits() + 1),
      empty_capture_(rules.options().empty_capture),
      ones_(0),
      sowings_{} {
  for (int i = 0; i < pits_; ++i) ones_ |= uint64_t{1} << (8 * i);
  // The slots after pit p in sowing order: the mover's pits p+1.., the
  // store, the other's pits 0.., the mover's pits 0..p.
  for (int pit = 0; pit < pits_; ++pit) {
    Sowing sowing{};
    int slot = pit;  // 0..pits-1: mover's pits, pits: store, above: other's
    for (int n = 1; n <= lap_; ++n) {
      slot = (slot + 1) % lap_;
      if (slot < pits_) {
        sowing.own += uint64_t{1} << (8 * slot);
        sowing.last = slot;
      } else if (slot == pits_) {
        ++sowing.store;
        sowing.last = kLastInStore;
      } else {
        sowing.other += uint64_t{1} << (8 * (slot - pits_ - 1));
        sowing.last = kLastOnOtherSide;
      }
      sowings_[pit][n - 1] = sowing;
    }
  }
}

void SidesRules::Play(const Sides& s, int pit, SidesMove& out) const {
  const int shift = 8 * pit;
  int seeds = PitOf(s.own, pit);
  uint64_t own = s.own & ~(uint64_t{0xff} << shift);
  uint64_t other = s.other;
  int gain = 0;
  if (seeds > lap_) {  // whole laps: rare, so no division on the common path
    const int laps = (seeds - 1) / lap_;
    seeds -= laps * lap_;
    own += static_cast<uint64_t>(laps) * ones_;
    other += static_cast<uint64_t>(laps) * ones_;
    gain += laps;
  }
  const Sowing& sowing = sowings_[pit][seeds - 1];
  own += sowing.own;
  other += sowing.other;
  gain += sowing.store;
  // A last seed into an empty pit of the mover's captures the opposite pit
  // (when it holds seeds, or always with the empty-capture rule).
  if (const int last = sowing.last; last >= 0 && PitOf(own, last) == 1) {
    const int opposite = pits_ - 1 - last;
    const int taken = PitOf(other, opposite);
    if (taken > 0 || empty_capture_) {
      gain += taken + 1;
      own &= ~(uint64_t{0xff} << (8 * last));
      other &= ~(uint64_t{0xff} << (8 * opposite));
    }
  }
  out.same_side = sowing.last == kLastInStore;
  out.over = own == 0 || other == 0;
  if (out.over) {  // each side's seeds go to its own store
    gain += WordSeeds(own) - WordSeeds(other);
    own = other = 0;
    out.same_side = false;
  }
  out.gain = gain;
  out.next = out.same_side ? Sides{own, other} : Sides{other, own};
}

}  // namespace gameai::mancala
