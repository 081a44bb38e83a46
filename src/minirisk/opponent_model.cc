#include "gameai/minirisk/internal/opponent_model.h"

#include <algorithm>

#include "fmt/format.h"

namespace gameai::minirisk {

namespace {
constexpr int kLowestPot = -15, kHighestPot = 40;  // pots beyond: clamped
constexpr int kPots = kHighestPot - kLowestPot + 1;
}  // namespace

int OpponentModel::Situation(const Position& s, int round) const {
  if (feature_ == Feature::kPrize) return s.prizes[round];
  // The pot as it stood when round `round` was bid.
  int pot = PrizeValue(s.prizes[round]);
  for (int r = round - 1; r >= 0 && s.taker[r] < 0; --r) {
    pot += PrizeValue(s.prizes[r]);
  }
  pot = std::clamp(pot, kLowestPot, kHighestPot);
  return (pot - kLowestPot) * kRounds + round;
}

OpponentModel::Profile& OpponentModel::ProfileFor(const std::string& name) {
  Profile& profile = profiles_[name];
  if (profile.weights.empty()) {
    const int situations =
        feature_ == Feature::kPrize ? kCards : kPots * kRounds;
    std::array<double, kCards> uniform;
    uniform.fill(1.0 / kCards);
    profile.weights.assign(situations, uniform);
  }
  return profile;
}

void OpponentModel::StartGame(const std::vector<std::string>& table,
                              int players, Player self) {
  seat_.assign(players, nullptr);
  for (Player p = 0; p < players; ++p) {
    const std::string name = p < static_cast<int>(table.size())
                                 ? table[p]
                                 : fmt::format("seat {}", p);
    seat_[p] = &ProfileFor(name);
  }
  self_ = self;
  players_ = players;
  rounds_seen_ = 0;
}

void OpponentModel::Observe(const Position& s) {
  for (; rounds_seen_ < s.round; ++rounds_seen_) {
    const int situation = Situation(s, rounds_seen_);
    for (Player q = 0; q < players_; ++q) {
      if (q == self_) continue;
      Profile& profile = *seat_[q];
      const int bid = s.bids[rounds_seen_][q] - 1;
      for (int c = 0; c < kCards; ++c) {
        double& w = profile.weights[situation][c];
        w += alpha_ * ((c == bid ? 1.0 : 0.0) - w);
      }
      ++profile.observations;
    }
  }
}

std::array<double, kCards> OpponentModel::Weights(const Position& s,
                                                  Player q) const {
  std::array<double, kCards> out{};
  const auto& row = seat_[q]->weights[Situation(s, s.round)];
  double total = 0;
  for (int c = 0; c < kCards; ++c) {
    if ((s.hands[q] >> c) & 1) {
      out[c] = row[c] + 1e-6;  // every held card stays possible
      total += out[c];
    }
  }
  for (double& w : out) w /= total;
  return out;
}

Move OpponentModel::MostLikely(const Position& s, Player q) const {
  const std::array<double, kCards> w = Weights(s, q);
  int best = 0;
  for (int c = 1; c < kCards; ++c) {
    if (w[c] > w[best]) best = c;
  }
  return static_cast<Move>(best);
}

Move OpponentModel::Sample(const Position& s, Player q, Rng& rng) const {
  const std::array<double, kCards> w = Weights(s, q);
  double u = rng.Uniform();
  int last = 0;
  for (int c = 0; c < kCards; ++c) {
    if (w[c] == 0) continue;
    last = c;
    if (u < w[c]) return static_cast<Move>(c);
    u -= w[c];
  }
  return static_cast<Move>(last);
}

}  // namespace gameai::minirisk
