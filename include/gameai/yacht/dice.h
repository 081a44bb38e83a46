// gameai/yacht/dice.h: multisets of up to five dice (pure combinatorics).
//
// A multiset of k <= 5 dice is identified by an id in [0, 462): every
// multiset of 0..5 dice, ordered by size, then lexicographically by the
// sorted faces. Tables give each id's face counts, sum, sorted faces, the
// id with one more face, the exact probability of rolling it with k dice
// (k! / prod(counts!) / 6^k), and, for five dice, the distinct
// sub-multisets (the distinct holds).
#ifndef GAMEAI_YACHT_DICE_H_
#define GAMEAI_YACHT_DICE_H_

#include <array>
#include <cstdint>
#include <vector>

namespace gameai::yacht {

inline constexpr int kNumDice = 5;
inline constexpr int kFaces = 6;
inline constexpr int kNumMultisets = 462;  // C(5 + 6, 6)
inline constexpr int kNumRolls = 252;      // five-dice multisets: C(10, 5)

class DiceTables {
 public:
  static const DiceTables& Get();

  int size(int id) const { return size_[id]; }
  int sum(int id) const { return sum_[id]; }
  // count(id, face): how many dice show face 1..6.
  int count(int id, int face) const { return counts_[id][face - 1]; }
  // faces: the sorted faces (size(id) of them).
  const std::array<uint8_t, kNumDice>& faces(int id) const {
    return faces_[id];
  }
  // With: the id with one more die showing `face`. REQUIRES size(id) < 5.
  int With(int id, int face) const { return with_[id][face - 1]; }
  // Without: the id with one die of `face` less, or -1 if there is none.
  int Without(int id, int face) const { return without_[id][face - 1]; }
  // OneLess: Without for the six faces, kNumMultisets where there is
  // none (an index a caller points at a neutral entry of its own).
  const std::array<int16_t, kFaces>& OneLess(int id) const {
    return one_less_[id];
  }
  // Probability: of rolling exactly this multiset with size(id) dice.
  double Probability(int id) const { return probability_[id]; }
  // IdOf: the id of a multiset given by counts (faces 1..6); -1 if > 5 dice.
  int IdOf(const std::array<int, kFaces>& counts) const;
  // First id of each size: ids of size k are [FirstOfSize(k),
  // FirstOfSize(k+1)).
  int FirstOfSize(int k) const { return first_of_size_[k]; }
  // SubMultisets: the distinct sub-multisets of a five-dice multiset.
  const std::vector<uint16_t>& SubMultisets(int id) const { return subs_[id]; }

 private:
  DiceTables();
  std::array<uint8_t, kNumMultisets> size_{};
  std::array<uint8_t, kNumMultisets> sum_{};
  std::array<std::array<uint8_t, kFaces>, kNumMultisets> counts_{};
  std::array<std::array<uint8_t, kNumDice>, kNumMultisets> faces_{};
  std::array<std::array<int16_t, kFaces>, kNumMultisets> with_{};
  std::array<std::array<int16_t, kFaces>, kNumMultisets> without_{};
  std::array<std::array<int16_t, kFaces>, kNumMultisets> one_less_{};
  std::array<double, kNumMultisets> probability_{};
  std::array<int, kNumDice + 2> first_of_size_{};
  std::vector<std::vector<uint16_t>> subs_;
};

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_DICE_H_
