// gameai/search/decoupled_mcts.h: decoupled UCT for simultaneous moves.
//
// At a node where several players move at once each player keeps its own
// UCB1 statistics over its own moves and selects from them alone, as if
// the others were part of the environment (Lanctot et al., "Monte Carlo
// tree search in simultaneous move games", 2013, decoupled UCT); the
// joint move picks the child. Nodes where one player moves hold that
// player's statistics only; chance nodes sample the kernel. Each
// simulation adds one node, plays uniformly random moves to the end and
// credits every player's return to the moves it chose on the path. The
// answer for a seat is its most visited move at the root.
//
// It searches the kernel state it is given: right where the simultaneous
// moves are the only hidden information (MiniRisk: hands and earlier bids
// are public, the prize deck is drawn card by card).
#ifndef GAMEAI_SEARCH_DECOUPLED_MCTS_H_
#define GAMEAI_SEARCH_DECOUPLED_MCTS_H_

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/base/random.h"
#include "gameai/base/stop_request.h"
#include "gameai/kernel/kernel.h"
#include "gameai/search/mcts_options.h"
#include "gameai/search/mcts_tree.h"

namespace gameai {

template <SimultaneousKernel R>
class DecoupledMcts {
 public:
  using Position = typename R::Position;
  using Move = typename R::Move;

  struct SeatStat {
    Move move;
    uint32_t visits;
    double mean_return;
  };

  DecoupledMcts(const R& rules, const MctsOptions& options)
      : rules_(rules), options_(options) {}

  // Search: the move of `seat` in `root`, where `seat` moves (alone or
  // with others); an error (NoMoveError) when the seat has no move there.
  absl::StatusOr<Move> Search(const Position& root, Player seat, Rng& rng) {
    nodes_.clear();
    stats_.clear();
    nodes_.push_back(Node{});
    typename R::MoveList moves;
    const Player current = rules_.CurrentPlayer(root);
    if (current == kSimultaneousPlayer) {
      rules_.LegalMovesFor(root, seat, moves);
    } else if (current == seat) {
      rules_.LegalMoves(root, moves);
    }
    if (moves.size() == 0) return NoMoveError(/*at_root=*/true);
    for (int i = 0; i < options_.simulations; ++i) {
      if (!Simulate(root, rng)) return NoMoveError(/*at_root=*/false);
      // A caller's stop request, read every 256 simulations.
      if ((i & 255) == 255 && StopRequested()) break;
    }
    const std::vector<SeatStat> stats = RootStats(seat);
    if (stats.empty()) return NoMoveError(/*at_root=*/true);
    int best = 0;
    for (int i = 1; i < static_cast<int>(stats.size()); ++i) {
      if (stats[i].visits > stats[best].visits) best = i;
    }
    return stats[best].move;
  }

  // RootStats: the last search's statistics of `seat` at the root.
  std::vector<SeatStat> RootStats(Player seat) const {
    std::vector<SeatStat> out;
    if (nodes_.empty() || nodes_[0].first_stat < 0) return out;
    const Node& root = nodes_[0];
    for (int i = StatsBegin(root, seat); i < StatsEnd(root, seat); ++i) {
      const Stat& st = stats_[i];
      out.push_back({st.move, st.visits, st.visits ? st.value / st.visits : 0});
    }
    return out;
  }

  // TreeSize: what the last search's tree holds (counted by max_nodes).
  int64_t TreeSize() const {
    return static_cast<int64_t>(nodes_.size() + stats_.size());
  }

 private:
  struct Stat {
    Move move;
    uint32_t visits = 0;
    double value = 0;  // sum of the chooser's returns
  };
  struct Node {
    int32_t first_child = -1;
    int32_t next_sibling = -1;
    uint64_t key = 0;         // the joint move or chance outcome leading here
    int32_t first_stat = -1;  // -1: not expanded
    uint32_t visits = 0;
    // end_stat[p]: one past player p's last Stat (prefix ends from
    // first_stat); equal ends mean p does not move here.
    std::array<int32_t, kMaxPlayers> end_stat{};
  };
  struct Choice {
    int32_t stat;
    Player player;
  };

  int StatsBegin(const Node& n, Player p) const {
    return p == 0 ? n.first_stat : n.end_stat[p - 1];
  }
  int StatsEnd(const Node& n, Player p) const { return n.end_stat[p]; }

  // Expand: the statistics of every player moving at `node`; false when
  // one of them has no move.
  bool Expand(int node, const Position& s, Player current) {
    typename R::MoveList moves;
    bool complete = true;
    const int32_t first = static_cast<int32_t>(stats_.size());
    for (Player p = 0; p < rules_.NumPlayers(); ++p) {
      if (current == kSimultaneousPlayer) {
        rules_.LegalMovesFor(s, p, moves);
      } else if (current == p) {
        rules_.LegalMoves(s, moves);
      } else {
        moves.count = 0;
      }
      if ((current == kSimultaneousPlayer || current == p) &&
          moves.size() == 0) {
        complete = false;
      }
      for (const auto& m : moves) stats_.push_back(Stat{.move = m});
      nodes_[node].end_stat[p] = static_cast<int32_t>(stats_.size());
    }
    nodes_[node].first_stat = first;
    return complete;
  }

  int SelectStat(const Node& n, Player p) const {
    const double log_n = std::log(static_cast<double>(n.visits) + 1);
    int best = -1;
    double best_score = -1e300;
    for (int i = StatsBegin(n, p); i < StatsEnd(n, p); ++i) {
      const Stat& st = stats_[i];
      if (st.visits == 0) return i;
      const double score =
          Ucb1(st.value, st.visits, log_n, options_.exploration);
      if (score > best_score) {
        best_score = score;
        best = i;
      }
    }
    return best;
  }

  // Full: the tree holds its max_nodes (nodes and move statistics).
  bool Full() const {
    return static_cast<int64_t>(nodes_.size() + stats_.size()) >=
           options_.max_nodes;
  }

  // Child: the child of `node` reached by `key`, created when new (-1 when
  // new and the tree is full).
  int Child(int node, uint64_t key, bool& created) {
    int last = -1;
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      if (nodes_[c].key == key) return c;
      last = c;
    }
    if (Full()) return -1;
    created = true;
    const int index = static_cast<int>(nodes_.size());
    nodes_.push_back(Node{.key = key});
    if (last < 0) {
      nodes_[node].first_child = index;
    } else {
      nodes_[last].next_sibling = index;
    }
    return index;
  }

  uint64_t JointKey(const Move* joint) const {
    uint64_t key = 0;
    for (Player p = 0; p < rules_.NumPlayers(); ++p) {
      key = Mix64(key ^ (static_cast<uint64_t>(rules_.ToAction(joint[p])) +
                         0x9e3779b97f4a7c15ull * (p + 1)));
    }
    return key;
  }

  // Simulate: one simulation; false where a player to move has no move.
  bool Simulate(const Position& root, Rng& rng) {
    Position s = root;
    visited_.clear();
    choices_.clear();
    visited_.push_back(0);
    int node = 0;
    std::array<Move, kMaxPlayers> joint{};
    while (true) {
      const Player current = rules_.CurrentPlayer(s);
      if (current == kTerminalPlayer) break;
      bool created = false;
      if (current == kChancePlayer) {
        if constexpr (ChanceKernel<R>) {
          const Move outcome = rules_.SampleChance(s, rng);
          node = Child(node, rules_.ToAction(outcome), created);
          rules_.Apply(s, outcome);
        }
      } else {
        const bool fresh = nodes_[node].first_stat < 0;
        if (fresh && Full()) break;  // a leaf for good: roll out from here
        if (fresh && !Expand(node, s, current)) return false;
        for (Player p = 0; p < rules_.NumPlayers(); ++p) {
          const Node& n = nodes_[node];
          if (StatsBegin(n, p) == StatsEnd(n, p)) continue;
          const int stat = SelectStat(n, p);
          choices_.push_back({stat, p});
          joint[p] = stats_[stat].move;
        }
        if (current == kSimultaneousPlayer) {
          rules_.ApplyJoint(s, joint.data());
          node = Child(node, JointKey(joint.data()), created);
        } else {
          rules_.Apply(s, joint[current]);
          node = Child(node, rules_.ToAction(joint[current]), created);
        }
        created = created || fresh;
      }
      if (node < 0) break;  // the tree is full: roll out from here
      visited_.push_back(node);
      if (created) break;
    }
    if (!Rollout(s, rng)) return false;
    std::array<double, kMaxPlayers> returns{};
    for (Player p = 0; p < rules_.NumPlayers(); ++p) {
      returns[p] = rules_.Return(s, p);
    }
    for (int index : visited_) ++nodes_[index].visits;
    for (const Choice& c : choices_) {
      ++stats_[c.stat].visits;
      stats_[c.stat].value += returns[c.player];
    }
    return true;
  }

  // Rollout: random moves to the end; false where a player has none.
  bool Rollout(Position& s, Rng& rng) {
    typename R::MoveList moves;
    std::array<Move, kMaxPlayers> joint{};
    for (Player p = rules_.CurrentPlayer(s); p != kTerminalPlayer;
         p = rules_.CurrentPlayer(s)) {
      if (p == kChancePlayer) {
        if constexpr (ChanceKernel<R>) {
          rules_.Apply(s, rules_.SampleChance(s, rng));
        }
      } else if (p == kSimultaneousPlayer) {
        for (Player q = 0; q < rules_.NumPlayers(); ++q) {
          rules_.LegalMovesFor(s, q, moves);
          if (moves.size() == 0) return false;
          joint[q] = moves[static_cast<int>(rng.Below(moves.size()))];
        }
        rules_.ApplyJoint(s, joint.data());
      } else {
        const std::optional<Move> move = RandomLegalMove(rules_, s, rng, moves);
        if (!move) return false;
        rules_.Apply(s, *move);
      }
    }
    return true;
  }

  const R& rules_;
  MctsOptions options_;
  std::vector<Node> nodes_;  // capacity kept across searches
  std::vector<Stat> stats_;
  std::vector<int> visited_;
  std::vector<Choice> choices_;
};

}  // namespace gameai

#endif  // GAMEAI_SEARCH_DECOUPLED_MCTS_H_
