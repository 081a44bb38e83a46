#include "gameai/minirisk/opponent_model.h"

#include "fmt/format.h"

namespace gameai::minirisk {

OpponentModel::Profile::Profile() {
  for (auto& row : weights) row.fill(1.0 / kCards);
}

void OpponentModel::StartGame(const std::vector<std::string>& table,
                              int players, Player self) {
  seat_.assign(players, nullptr);
  for (Player p = 0; p < players; ++p) {
    const std::string name = p < static_cast<int>(table.size())
                                 ? table[p]
                                 : fmt::format("seat {}", p);
    seat_[p] = &profiles_[name];
  }
  self_ = self;
  players_ = players;
  rounds_seen_ = 0;
}

void OpponentModel::Observe(const State& s) {
  for (; rounds_seen_ < s.round; ++rounds_seen_) {
    const int prize = s.prizes[rounds_seen_];
    for (Player q = 0; q < players_; ++q) {
      if (q == self_) continue;
      Profile& profile = *seat_[q];
      const int bid = s.bids[rounds_seen_][q] - 1;
      for (int c = 0; c < kCards; ++c) {
        double& w = profile.weights[prize][c];
        w += alpha_ * ((c == bid ? 1.0 : 0.0) - w);
      }
      ++profile.observations;
    }
  }
}

std::array<double, kCards> OpponentModel::Weights(const State& s,
                                                  Player q) const {
  std::array<double, kCards> out{};
  const auto& row = seat_[q]->weights[s.prizes[s.round]];
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

Move OpponentModel::MostLikely(const State& s, Player q) const {
  const std::array<double, kCards> w = Weights(s, q);
  int best = 0;
  for (int c = 1; c < kCards; ++c) {
    if (w[c] > w[best]) best = c;
  }
  return static_cast<Move>(best);
}

Move OpponentModel::Sample(const State& s, Player q, Rng& rng) const {
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
