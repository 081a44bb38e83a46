// gameai/minirisk/internal/opponent_model.h: what each opponent bids, learned.
//
// One profile per opponent (by the name the table gives it, so it follows
// the opponent from seat to seat and from game to game): for each
// situation, a preference over bid cards. After every reveal the
// opponent's profile for that round's situation moves toward the card it
// bid, the reinforcement-learning update
//   w[situation][card] += alpha * ([card == bid] - w[situation][card]),
// so recent behaviour weighs most and the weights stay a distribution.
// Predictions keep only the cards the opponent still holds.
//
// The situation (Feature):
//   kPrize        the prize card turned this round (15 situations): what
//                 the planner uses, learned in a game or two;
//   kPotAndRound  the pot's value and the cards left in hand (the round),
//                 56 x 15 situations: the original game's reactive learner's
//                 (prize or pot value, own remaining cards) table, which
//                 takes many games to fill.
#ifndef GAMEAI_MINIRISK_INTERNAL_OPPONENT_MODEL_H_
#define GAMEAI_MINIRISK_INTERNAL_OPPONENT_MODEL_H_

#include <array>
#include <map>
#include <string>
#include <vector>

#include "gameai/base/random.h"
#include "gameai/minirisk/minirisk.h"

namespace gameai::minirisk {

class OpponentModel {
 public:
  enum class Feature { kPrize, kPotAndRound };
  explicit OpponentModel(double alpha = 0.2, Feature feature = Feature::kPrize)
      : alpha_(alpha), feature_(feature) {}

  // StartGame: names each seat's profile (`table` from Agent::table(); by
  // seat number when empty).
  void StartGame(const std::vector<std::string>& table, int players,
                 Player self);
  // Observe: learns from every round of `s` finished since the last call.
  void Observe(const Position& s);
  // Weights: player q's preference for each card it holds at this round's
  // prize, summing to 1 (zero for cards it does not hold).
  std::array<double, kCards> Weights(const Position& s, Player q) const;
  // MostLikely: the card q most likely bids now (ties: the lower card).
  Move MostLikely(const Position& s, Player q) const;
  // Sample: a card drawn from Weights.
  Move Sample(const Position& s, Player q, Rng& rng) const;
  // Observations: how many bids q's profile has learned from.
  int Observations(Player q) const { return seat_[q]->observations; }

 private:
  struct Profile {
    std::vector<std::array<double, kCards>> weights;  // [situation][card]
    int observations = 0;
  };
  int Situation(const Position& s, int round) const;
  Profile& ProfileFor(const std::string& name);

  double alpha_;
  Feature feature_;
  std::map<std::string, Profile> profiles_;
  std::vector<Profile*> seat_;
  Player self_ = 0;
  int players_ = 0;
  int rounds_seen_ = 0;
};

}  // namespace gameai::minirisk

#endif  // GAMEAI_MINIRISK_INTERNAL_OPPONENT_MODEL_H_
