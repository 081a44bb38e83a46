#include "gameai/mancala/internal/alphabeta.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <new>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/memory.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/stop_request.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/mancala/internal/greedy.h"

namespace gameai::mancala {
namespace {
constexpr int kInfinity = 1 << 30;
}  // namespace

AlphaBeta::AlphaBeta(const Rules& rules, const AlphaBetaOptions& options,
                     std::shared_ptr<const EndgameDb> db)
    : rules_(rules),
      options_(options),
      db_(std::move(db)),
      table_(size_t{1} << options.tt_log2_size),
      mask_((uint64_t{1} << options.tt_log2_size) - 1) {}

uint64_t AlphaBeta::Key(const Position& s) const {
  uint64_t w[3];
  std::memcpy(w, &s, sizeof(w));
  return Mix64(w[0] ^ Mix64(w[1] ^ Mix64(w[2])));
}

int AlphaBeta::Evaluate(const Position& s) const {
  const Player me = s.to_move;
  const int own = rules_.Store(s, me);
  const int other = rules_.Store(s, 1 - me);
  const int store_diff = own - other;
  const int half = rules_.TotalSeeds() / 2;
  if (own > half) return kWin + 16 * store_diff;
  if (other > half) return -kWin + 16 * store_diff;
  int side_diff = 0;
  for (int i = 0; i < rules_.pits(); ++i) {
    side_diff +=
        s.board[rules_.PitIndex(me, i)] - s.board[rules_.PitIndex(1 - me, i)];
  }
  return 16 * store_diff + 2 * side_diff;
}

int AlphaBeta::Final(int margin, Player mover) const {
  if (margin == 0) {
    return mover == root_player_ ? -options_.contempt : options_.contempt;
  }
  return 16 * margin + (margin > 0 ? kWin : -kWin);
}

bool AlphaBeta::OutOfBudget() {
  if (options_.nodes > 0 && nodes_ >= options_.nodes) return true;
  if (StopRequested()) return true;  // read every 1024 nodes, as the clock
  return options_.time_ms > 0 && std::chrono::steady_clock::now() >= deadline_;
}

int AlphaBeta::Negamax(const Position& s, int depth, int alpha, int beta,
                       int ply) {
  ++nodes_;
  const Player me = s.to_move;
  const int stores = rules_.Store(s, me) - rules_.Store(s, 1 - me);
  if (rules_.IsOver(s)) return Final(stores, me);
  if (db_ != nullptr && ply > 0) {  // the root searches for its move
    const int k = rules_.SideSeeds(s, 0) + rules_.SideSeeds(s, 1);
    if (k <= db_->max_seeds()) return Final(stores + db_->Lookup(s, k), me);
  }
  if (depth == 0) return Evaluate(s);
  if ((nodes_ & 1023) == 0 && OutOfBudget()) stopped_ = true;
  if (stopped_) return 0;

  const uint64_t key = Key(s);
  Entry& entry = table_[key & mask_];
  uint8_t tt_move = 0xff;
  if (entry.key == key && entry.generation == generation_) {
    tt_move = entry.move;
    if (entry.depth >= depth && ply > 0) {  // the root always searches
      if (entry.bound == kExact) return entry.score;
      if (entry.bound == kLower && entry.score >= beta) return entry.score;
      if (entry.bound == kUpper && entry.score <= alpha) return entry.score;
    }
  }

  // Children in search order: TT move, extra turns, then by store gain and
  // nearness to the store.
  std::array<Position, kMaxPits> children;
  std::array<int, kMaxPits> order_score;
  std::array<Move, kMaxPits> moves{};
  MoveList legal;
  rules_.LegalMoves(s, legal);
  const int count = legal.size();
  for (int i = 0; i < count; ++i) {
    const Move m = legal[i];
    children[i] = s;
    rules_.Apply(children[i], m);
    moves[i] = m;
    const int gain = rules_.Store(children[i], me) - rules_.Store(s, me);
    const bool extra = !rules_.IsOver(children[i]) && children[i].to_move == me;
    order_score[i] =
        (m == tt_move ? 1 << 20 : 0) + (extra ? 1 << 12 : 0) + 16 * gain + m;
  }
  std::array<int, kMaxPits> index{};
  for (int i = 0; i < count; ++i) {  // insertion sort: at most 8 moves
    int j = i;
    for (; j > 0 && order_score[index[j - 1]] < order_score[i]; --j) {
      index[j] = index[j - 1];
    }
    index[j] = i;
  }

  const int original_alpha = alpha;
  int best = -kInfinity;
  Move best_move = moves[index[0]];
  for (int k = 0; k < count; ++k) {
    const Position& child = children[index[k]];
    // A finished child is scored from its to_move's side too, so the sign
    // follows to_move alone (a game can end on an extra-turn move).
    const bool same_side = child.to_move == me;
    const int value = same_side
                          ? Negamax(child, depth - 1, alpha, beta, ply + 1)
                          : -Negamax(child, depth - 1, -beta, -alpha, ply + 1);
    if (stopped_) return 0;
    if (value > best) {
      best = value;
      best_move = moves[index[k]];
    }
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  if (ply == 0)
    root_best_move_ = best_move;  // the root's entry may be overwritten
  entry.key = key;
  entry.generation = generation_;
  entry.score = best;
  entry.depth = static_cast<int8_t>(depth);
  entry.move = best_move;
  entry.bound = best <= original_alpha ? kUpper
                : best >= beta         ? kLower
                                       : kExact;
  return best;
}

void AlphaBeta::Forget() {
  if (++generation_ != 0) return;
  // Wrapped: entries 256 generations old would match again.
  std::fill(table_.begin(), table_.end(), Entry{});
  generation_ = 1;
}

SearchResult AlphaBeta::Search(const Position& root) {
  nodes_ = 0;
  stopped_ = false;
  root_player_ = root.to_move;
  deadline_ = std::chrono::steady_clock::now() +
              std::chrono::milliseconds(options_.time_ms);
  SearchResult result;
  const int64_t node_budget = options_.nodes;
  for (int depth = 1; depth <= options_.depth; ++depth) {
    // Depth 1 always completes, so there is always a move.
    options_.nodes = depth == 1 ? 0 : node_budget;
    const int64_t time_ms = options_.time_ms;
    if (depth == 1) options_.time_ms = 0;
    const int score = Negamax(root, depth, -kInfinity, kInfinity, 0);
    options_.time_ms = time_ms;
    if (stopped_) break;
    result.best_move = root_best_move_;
    result.score = score;
    result.depth = depth;
  }
  options_.nodes = node_budget;
  result.nodes = nodes_;
  // Principal variation from the table.
  Position s = root;
  for (int i = 0; i < result.depth && !rules_.IsOver(s); ++i) {
    const Entry& entry = table_[Key(s) & mask_];
    if (entry.key != Key(s) || entry.generation != generation_ ||
        !rules_.IsLegal(s, entry.move)) {
      break;
    }
    result.principal_variation.push_back(entry.move);
    rules_.Apply(s, entry.move);
  }
  return result;
}

int64_t AlphaBeta::TableBytes(int tt_log2_size) {
  return static_cast<int64_t>(sizeof(Entry)) << tt_log2_size;
}

namespace {

// ReserveTable: the memory of a table of 2^tt entries, if the machine (less
// the tables other agents hold) and the process's limit have it.
absl::StatusOr<MemoryReservation> ReserveTable(int tt_log2_size) {
  return ReserveMemory(
      fmt::format("alphabeta's transposition table (tt={})", tt_log2_size),
      AlphaBeta::TableBytes(tt_log2_size));
}

class AlphaBetaAgent final : public Agent {
 public:
  // table: the reservation of its table's memory, held as long as it lives.
  AlphaBetaAgent(std::string name, const AlphaBetaOptions& options,
                 MemoryReservation table)
      : name_(std::move(name)), options_(options), table_(std::move(table)) {}

  std::string Explain() const override {
    if (search_ == nullptr) return {};
    std::string pv;
    for (Move m : last_.principal_variation) pv += fmt::format(" {}", m + 1);
    // A decided game shows its margin: the final one, or the stores' once
    // one holds more than half the seeds.
    const int score = last_.score;
    const std::string value =
        std::abs(score) < AlphaBeta::kWin / 2
            ? fmt::format("score {:.2f} seeds", score / 16.0)
            : fmt::format("{} by {} seeds", score > 0 ? "wins" : "loses",
                          (std::abs(score) - AlphaBeta::kWin) / 16);
    return fmt::format("{}: pit {}, depth {}, {}, {} nodes, pv:{}", name_,
                       last_.best_move + 1, last_.depth, value, last_.nodes,
                       pv);
  }

  bool HasMemory() const override { return options_.keep_tt; }

 protected:
  void OnStartGame(const Game&, uint64_t) override {
    if (search_ != nullptr && !options_.keep_tt) search_->Forget();
  }

  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), name_));
    const Rules& rules = kernel->rules();
    if (search_ == nullptr || rules_ != &rules) {
      std::shared_ptr<const EndgameDb> db;
      if (options_.db_seeds > 0) {
        absl::StatusOr<std::shared_ptr<const EndgameDb>> shared =
            EndgameDb::Shared(rules, options_.db_seeds, options_.db_file);
        if (!shared.ok()) return shared.status();
        db = *std::move(shared);
      }
      try {
        search_ = std::make_unique<AlphaBeta>(rules, options_, std::move(db));
        table_.MarkMapped();
      } catch (const std::bad_alloc&) {
        return absl::ResourceExhaustedError(fmt::format(
            "{}: no memory for its transposition table (tt={}, {})", name_,
            options_.tt_log2_size,
            FormatBytes(AlphaBeta::TableBytes(options_.tt_log2_size))));
      }
      rules_ = &rules;
    }
    const Position& state = kernel->position();
    last_ = search_->Search(state);
    return rules.ToAction(last_.best_move);
  }

 private:
  std::string name_;
  AlphaBetaOptions options_;
  MemoryReservation table_;
  const Rules* rules_ = nullptr;
  std::unique_ptr<AlphaBeta> search_;
  SearchResult last_;
};

AgentEntry LevelEntry(std::string name, std::string help,
                      AlphaBetaOptions options) {
  return {
      .name = name,
      .help = std::move(help),
      .params = {},
      .make = [name, options](const Game&, const Params&)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        GAMEAI_ASSIGN_OR_RETURN(MemoryReservation table,
                                ReserveTable(options.tt_log2_size));
        return std::make_unique<AlphaBetaAgent>(name, options,
                                                std::move(table));
      },
  };
}

}  // namespace

AgentEntry AlphaBetaAgentEntry() {
  return {
      .name = "alphabeta",
      .help =
          "negamax alpha-beta: iterative deepening, transposition table, "
          "move ordering; budget by depth, nodes or time",
      .params =
          {
              ParamDef::Int("depth", 12, 1, 64, "maximum depth in plies"),
              ParamDef::Int("nodes", 0, 0, int64_t{1} << 40,
                            "node budget per move (0: none; reproducible)"),
              ParamDef::Int(
                  "time_ms", 0, 0, 3'600'000,
                  "time budget per move in ms (0: none; not reproducible)"),
              ParamDef::Int("tt", 20, 10, 28,
                            "log2 of the transposition table entries (16 "
                            "bytes each: tt=28 is 4 GiB; more than the "
                            "machine or ulimit -v allows is an error)"),
              ParamDef::Int("db", 0, 0, 24,
                            "score positions with at most this many pit seeds "
                            "exactly from an endgame database (0: none)"),
              ParamDef::Int("contempt", 0, 0, 1024,
                            "what a draw costs the searching player, in "
                            "1/16 seeds (against weaker players)"),
              ParamDef::String("db_file", "",
                               "load the database from this file, or save it "
                               "there once built"),
              ParamDef::Bool("keep_tt", false,
                             "keep the transposition table from game to "
                             "game (an agent with memory)"),
          },
      .make = [](const Game& game, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        // Refused when made, before a match starts, not at its first move:
        // a table that cannot fit, a database file that cannot be used.
        GAMEAI_ASSIGN_OR_RETURN(
            MemoryReservation table,
            ReserveTable(static_cast<int>(params.GetInt("tt"))));
        const auto* kernel_game = dynamic_cast<const KernelGame<Rules>*>(&game);
        if (params.GetInt("db") > 0 && kernel_game != nullptr) {
          GAMEAI_ASSIGN_OR_RETURN(
              std::shared_ptr<const EndgameDb> db,
              EndgameDb::Shared(kernel_game->rules(),
                                static_cast<int>(params.GetInt("db")),
                                params.GetString("db_file")));
        }
        return std::make_unique<AlphaBetaAgent>(
            "alphabeta",
            AlphaBetaOptions{
                .depth = static_cast<int>(params.GetInt("depth")),
                .nodes = params.GetInt("nodes"),
                .time_ms = params.GetInt("time_ms"),
                .tt_log2_size = static_cast<int>(params.GetInt("tt")),
                .db_seeds = static_cast<int>(params.GetInt("db")),
                .contempt = static_cast<int>(params.GetInt("contempt")),
                .db_file = params.GetString("db_file"),
                .keep_tt = params.GetBool("keep_tt")},
            std::move(table));
      },
      .memory = "keeps its transposition table from game to game",
      .memory_option = "keep_tt",
  };
}

std::vector<AgentEntry> LevelAgentEntries() {
  AgentEntry beginner = GreedyAgentEntry();
  beginner.name = "beginner";
  beginner.help = "level 1: the original game's greedy player";
  return {
      beginner,
      LevelEntry("advanced", "level 2: alphabeta(depth=6)", {.depth = 6}),
      LevelEntry("strongest",
                 "level 3: alphabeta(depth=64,nodes=2000000,tt=22), deepening "
                 "until two million nodes (about 0.2 s a move)",
                 {.depth = 64, .nodes = 2'000'000, .tt_log2_size = 22}),
  };
}

}  // namespace gameai::mancala
