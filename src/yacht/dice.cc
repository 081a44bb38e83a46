#include "gameai/yacht/dice.h"

#include <algorithm>
#include <map>

namespace gameai::yacht {

const DiceTables& DiceTables::Get() {
  static const DiceTables* tables = new DiceTables();
  return *tables;
}

int DiceTables::IdOf(const std::array<int, kFaces>& counts) const {
  int id = 0;  // no dice
  int total = 0;
  for (int f = 1; f <= kFaces; ++f) {
    for (int i = 0; i < counts[f - 1]; ++i) {
      if (++total > kNumDice) return -1;
      id = With(id, f);
    }
  }
  return id;
}

DiceTables::DiceTables() {
  // Enumerate sorted face sequences by size, lexicographically.
  int id = 0;
  std::array<int, kNumDice> faces{};
  std::map<std::array<uint8_t, kFaces>, int> index;
  for (int k = 0; k <= kNumDice; ++k) {
    first_of_size_[k] = id;
    // faces[0..k) non-decreasing in 1..6: iterate like an odometer.
    for (int i = 0; i < k; ++i) faces[i] = 1;
    while (true) {
      size_[id] = static_cast<uint8_t>(k);
      int sum = 0;
      for (int i = 0; i < k; ++i) {
        faces_[id][i] = static_cast<uint8_t>(faces[i]);
        ++counts_[id][faces[i] - 1];
        sum += faces[i];
      }
      sum_[id] = static_cast<uint8_t>(sum);
      double ways = 1;
      for (int i = 2; i <= k; ++i) ways *= i;
      for (int f = 0; f < kFaces; ++f) {
        for (int i = 2; i <= counts_[id][f]; ++i) ways /= i;
      }
      double total = 1;
      for (int i = 0; i < k; ++i) total *= kFaces;
      probability_[id] = ways / total;
      index[counts_[id]] = id;
      ++id;
      // Next non-decreasing sequence.
      int i = k - 1;
      while (i >= 0 && faces[i] == kFaces) --i;
      if (i < 0) break;
      ++faces[i];
      for (int j = i + 1; j < k; ++j) faces[j] = faces[i];
    }
  }
  first_of_size_[kNumDice + 1] = id;
  for (int m = 0; m < kNumMultisets; ++m) {
    for (int f = 0; f < kFaces; ++f) {
      if (size_[m] == kNumDice) {
        with_[m][f] = -1;
        continue;
      }
      std::array<uint8_t, kFaces> counts = counts_[m];
      ++counts[f];
      with_[m][f] = static_cast<int16_t>(index[counts]);
    }
  }
  for (auto& row : without_) row.fill(-1);
  for (auto& row : one_less_) row.fill(kNumMultisets);
  for (int m = 0; m < kNumMultisets; ++m) {
    for (int f = 0; f < kFaces; ++f) {
      if (with_[m][f] < 0) continue;
      without_[with_[m][f]][f] = static_cast<int16_t>(m);
      one_less_[with_[m][f]][f] = static_cast<int16_t>(m);
    }
  }
  subs_.resize(kNumMultisets);
  for (int m = first_of_size_[kNumDice]; m < kNumMultisets; ++m) {
    for (int s = 0; s < kNumMultisets; ++s) {
      bool inside = true;
      for (int f = 0; f < kFaces; ++f) inside &= counts_[s][f] <= counts_[m][f];
      if (inside) subs_[m].push_back(static_cast<uint16_t>(s));
    }
  }
}

}  // namespace gameai::yacht
