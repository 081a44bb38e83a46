// gameai/search/mcts.h: UCT Monte-Carlo tree search over any kernel.
//
// Each simulation descends the tree by UCB1 (unvisited children first, in
// move order), expands the first node it reaches that has no children yet,
// plays uniformly random moves to the end, and adds every player's return to
// the nodes on its path (a node holds the return of the player who chose its
// move). Chance nodes sample an outcome with the kernel's SampleChance; a
// sampled outcome seen for the first time becomes a new child. The final
// choice is the most visited root move (ties: lowest move order).
//
// The tree stops growing at MctsOptions::max_nodes (its memory budget):
// a leaf that would be expanded, or a chance outcome that would get a new
// child, is then rolled out from as it is.
//
// `mcts` in the registry: this UCT for sequential perfect-information
// games; decoupled UCT (decoupled_mcts.h) for kernels with simultaneous
// moves; information-set MCTS (ismcts.h) for sequential hidden-information
// kernels that can determinize a view; for other imperfect-information
// games the factory returns an Unimplemented error rather than search a
// wrong tree.
//
//   Mcts<mancala::Rules> mcts(rules, {.simulations = 2000});
//   Rng rng(7);
//   mancala::Move move = mcts.Search(state, rng);
#ifndef GAMEAI_SEARCH_MCTS_H_
#define GAMEAI_SEARCH_MCTS_H_

#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/base/memory.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/stop_request.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/search/decoupled_mcts.h"
#include "gameai/search/ismcts.h"
#include "gameai/search/mcts_options.h"
#include "gameai/search/mcts_tree.h"

namespace gameai {

template <Kernel R>
class Mcts {
 public:
  using Position = typename R::Position;
  using Move = typename R::Move;

  using RootChild = MoveStat<Move>;  // mean return of the root's mover

  Mcts(const R& rules, const MctsOptions& options)
      : rules_(rules), options_(options) {}

  // Search: the move to play; an error (NoMoveError) unless a player is
  // to move in `root` with a legal move.
  absl::StatusOr<Move> Search(const Position& root, Rng& rng) {
    nodes_.clear();
    nodes_.push_back(Node{});
    typename R::MoveList moves;
    rules_.LegalMoves(root, moves);
    if (rules_.CurrentPlayer(root) < 0 || moves.size() == 0) {
      return NoMoveError(/*at_root=*/true);
    }
    for (int i = 0; i < options_.simulations; ++i) {
      if (!Simulate(root, rng)) return NoMoveError(/*at_root=*/false);
      // A caller's stop request, read every 256 simulations.
      if ((i & 255) == 255 && StopRequested()) break;
    }
    return nodes_[MostVisitedChild(nodes_, 0)].move;
  }

  // Search for a seat: the seat is the player to move (the agent's form).
  absl::StatusOr<Move> Search(const Position& root, Player seat, Rng& rng) {
    if (rules_.CurrentPlayer(root) != seat) return NoMoveError(true);
    return Search(root, rng);
  }

  // RootStats: statistics of the last search, in move order (the seat is
  // the player to move at the root).
  std::vector<RootChild> RootStats(Player) const { return RootChildren(); }

  // RootChildren: statistics of the last search, in move order.
  std::vector<RootChild> RootChildren() const { return ChildStats(nodes_, 0); }

  // TreeSize: what the last search's tree holds (counted by max_nodes).
  int64_t TreeSize() const { return static_cast<int64_t>(nodes_.size()); }

 private:
  using Node = TreeNode<Move>;

  int AddChild(int parent, Move move, Player mover, int after) {
    const int index = static_cast<int>(nodes_.size());
    nodes_.push_back(Node{.move = move, .mover = mover});
    if (after < 0) {
      nodes_[parent].first_child = index;
    } else {
      nodes_[after].next_sibling = index;
    }
    return index;
  }

  void Expand(int node, const Position& s, Player player) {
    typename R::MoveList moves;
    rules_.LegalMoves(s, moves);
    int last = -1;
    for (const auto& m : moves) last = AddChild(node, m, player, last);
  }

  int SelectChild(int node) const {
    const double log_n = std::log(static_cast<double>(nodes_[node].visits) + 1);
    int best = -1;
    double best_score = -1e300;
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      const Node& n = nodes_[c];
      if (n.visits == 0) return c;
      const double score = Ucb1(n.value, n.visits, log_n, options_.exploration);
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  // Full: the tree holds its max_nodes.
  bool Full() const {
    return static_cast<int64_t>(nodes_.size()) >= options_.max_nodes;
  }

  // ChanceChild: the child for a sampled outcome, created when new (-1
  // when new and the tree is full).
  int ChanceChild(int node, Move outcome, bool& created) {
    int last = -1;
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      if (nodes_[c].move == outcome) return c;
      last = c;
    }
    if (Full()) return -1;
    created = true;
    return AddChild(node, outcome, kChancePlayer, last);
  }

  // Simulate: one simulation; false at a player's node without moves.
  bool Simulate(const Position& root, Rng& rng) {
    Position s = root;
    path_.clear();
    path_.push_back(0);
    int node = 0;
    // Selection and expansion.
    while (true) {
      const Player player = rules_.CurrentPlayer(s);
      if (player == kTerminalPlayer) break;
      if (player == kChancePlayer) {
        if constexpr (ChanceKernel<R>) {
          bool created = false;
          const Move outcome = rules_.SampleChance(s, rng);
          const int child = ChanceChild(node, outcome, created);
          rules_.Apply(s, outcome);
          if (child < 0) break;  // the tree is full: roll out from here
          node = child;
          path_.push_back(node);
          if (created) break;
          continue;
        }
      }
      if (nodes_[node].first_child < 0) {
        if (Full()) break;  // a leaf for good: roll out from here
        Expand(node, s, player);
        if (nodes_[node].first_child < 0) return false;
        node = nodes_[node].first_child;
        rules_.Apply(s, nodes_[node].move);
        path_.push_back(node);
        break;
      }
      node = SelectChild(node);
      rules_.Apply(s, nodes_[node].move);
      path_.push_back(node);
    }
    // Rollout.
    typename R::MoveList moves;
    for (Player p = rules_.CurrentPlayer(s); p != kTerminalPlayer;
         p = rules_.CurrentPlayer(s)) {
      if constexpr (ChanceKernel<R>) {
        if (p == kChancePlayer) {
          rules_.Apply(s, rules_.SampleChance(s, rng));
          continue;
        }
      }
      const std::optional<Move> move = RandomLegalMove(rules_, s, rng, moves);
      if (!move) return false;
      rules_.Apply(s, *move);
    }
    std::array<double, kMaxPlayers> returns{};
    for (Player p = 0; p < rules_.NumPlayers(); ++p) {
      returns[p] = rules_.Return(s, p);
    }
    Backpropagate(nodes_, path_, returns.data());
    return true;
  }

  const R& rules_;
  MctsOptions options_;
  std::vector<Node> nodes_;  // capacity kept across searches
  std::vector<int> path_;
};

// MctsAgent: a search behind the Agent interface: Mcts<R> or
// DecoupledMcts<R>, both answering Search(state, seat, rng) and
// RootStats(seat).
template <Kernel R, class Search>
class MctsAgent final : public Agent {
 public:
  // tree: the reservation of the tree's memory budget, held as long as
  // the agent lives.
  MctsAgent(const MctsOptions& options, std::string label,
            MemoryReservation tree)
      : options_(options), label_(std::move(label)), tree_(std::move(tree)) {}

  std::string Explain() const override {
    if (search_ == nullptr) return {};
    std::string out = label_ + ": visits and mean return per move:";
    for (const auto& c : search_->RootStats(seat())) {
      out += fmt::format(" {}={}/{:.3f}",
                         rules_->MoveToString(last_state_, c.move), c.visits,
                         c.mean_return);
    }
    return out;
  }

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<R>* kernel,
                            KernelViewOf<R>(view, seat(), "mcts"));
    const R& rules = kernel->rules();
    if (search_ == nullptr || rules_ != &rules) {
      search_ = std::make_unique<Search>(rules, options_);
      rules_ = &rules;
    }
    last_state_ = kernel->position();
    try {
      absl::StatusOr<typename R::Move> move =
          search_->Search(last_state_, seat(), rng_);
      if (!move.ok()) return move.status();
      return rules.ToAction(*move);
    } catch (const std::bad_alloc&) {
      search_.reset();  // its tree may be half grown
      return absl::ResourceExhaustedError(
          fmt::format("{}: no memory for its tree (max_nodes={}); {}", label_,
                      options_.max_nodes, kOutOfMemoryMessage));
    }
  }

  void OnStartGame(const Game&, uint64_t seed) override {
    rng_.Seed(DeriveSeed(options_.seed, seed));
  }

 private:
  MctsOptions options_;
  std::string label_;
  MemoryReservation tree_;
  Rng rng_;
  const R* rules_ = nullptr;
  std::unique_ptr<Search> search_;
  typename R::Position last_state_{};
};

// MctsAgentEntry: the registry entry of `mcts` for kernel R.
template <Kernel R>
AgentEntry MctsAgentEntry() {
  return {
      .name = "mcts",
      .help =
          "UCT Monte-Carlo tree search with uniformly random rollouts "
          "(decoupled UCT at simultaneous moves, information-set MCTS over "
          "sampled hidden cards)",
      .params =
          {
              ParamDef::Int("simulations", 1000, 1, 10'000'000,
                            "simulations per move"),
              ParamDef::Double("exploration", 1.4, 0, 100,
                               "UCB1 exploration constant"),
              ParamDef::Int("seed", 0, 0, int64_t{1} << 53,
                            "mixed with each game's seed"),
              ParamDef::Int("max_nodes", MctsOptions{}.max_nodes, 1000,
                            kMctsMaxNodesLimit,
                            "tree memory budget in nodes (about 32 bytes "
                            "each): the tree stops growing there"),
          },
      .make = [](const Game& game, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        const MctsOptions options{
            .simulations = static_cast<int>(params.GetInt("simulations")),
            .exploration = params.GetDouble("exploration"),
            .seed = static_cast<uint64_t>(params.GetInt("seed")),
            .max_nodes = params.GetInt("max_nodes")};
        // The whole budget must fit, or the search would fail mid-game.
        GAMEAI_ASSIGN_OR_RETURN(
            MemoryReservation tree,
            ReserveMemory(
                fmt::format("mcts's tree (max_nodes={})", options.max_nodes),
                options.max_nodes *
                    static_cast<int64_t>(sizeof(TreeNode<typename R::Move>))));
        const GameType type = game.Type();
        if constexpr (SimultaneousKernel<R>) {
          if (type.dynamics == GameType::Dynamics::kSimultaneous) {
            return std::make_unique<MctsAgent<R, DecoupledMcts<R>>>(
                options, "mcts (decoupled)", std::move(tree));
          }
        }
        if constexpr (HasDeterminize<R>) {
          if (type.dynamics == GameType::Dynamics::kSequential) {
            return std::make_unique<MctsAgent<R, Ismcts<R>>>(
                options, "mcts (information set)", std::move(tree));
          }
        }
        if (type.dynamics != GameType::Dynamics::kSequential ||
            type.information != GameType::Information::kPerfect) {
          return absl::UnimplementedError(fmt::format(
              "mcts supports sequential perfect-information games and "
              "simultaneous-move kernels only; '{}' is {}",
              game.Name(), DescribeGameType(type)));
        }
        return std::make_unique<MctsAgent<R, Mcts<R>>>(options, "mcts",
                                                       std::move(tree));
      },
  };
}

}  // namespace gameai

#endif  // GAMEAI_SEARCH_MCTS_H_
