// gameai/mancala/internal/alphabeta.h: the `alphabeta` agent for Kalah and the
// difficulty levels built on it.
//
// Negamax alpha-beta directly on the kernel (no virtual call, no allocation
// per node): iterative deepening, a transposition table keyed by the packed
// board and the side to move, move ordering (TT move, extra turns, captures,
// then the pit nearest the store), and a budget by depth, nodes or time.
// An extra turn keeps the side to move, so that child is searched without
// negation; depth counts plies (every sowing is one).
//
// Evaluation, in units of 1/16 seed, from the side to move:
//   16 * (own store - other store) + 2 * (seeds on own side - other side)
// (weight 2 beat 0, 4 and 8 at depth 8 against greedy: 85%, 84%, 74%, 75%),
// decisive once a store holds more than half the seeds; the exact margin
// (times 16, plus a large constant for the win) at the end of the game.
//
// Levels (docs/mancala.md): beginner = `greedy` (the original game's player),
// advanced = `alphabeta(depth=6)`, strongest =
// `alphabeta(depth=64,nodes=2000000,tt=22)`: iterative deepening until two
// million nodes (a node budget, unlike a time budget, keeps games
// reproducible). Against greedy from random two-ply openings (400 games,
// seed 1) two million nodes win 95.4% (draws half), half a million 92.1%:
// the rest are mostly openings already lost under perfect play. Neither an
// exact endgame (db=14: 91.5% of 100 games against 94.5%) nor contempt
// helped there: exact scores rightly avoid lines a perfect opponent wins,
// which greedy often would not.
#ifndef GAMEAI_MANCALA_INTERNAL_ALPHABETA_H_
#define GAMEAI_MANCALA_INTERNAL_ALPHABETA_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gameai/dynamic/registry.h"
#include "gameai/mancala/endgame_db.h"
#include "gameai/mancala/mancala.h"

namespace gameai::mancala {

struct AlphaBetaOptions {
  int depth = 12;         // maximum plies
  int64_t nodes = 0;      // node budget over the whole search; 0: none
  int64_t time_ms = 0;    // time budget; 0: none
  int tt_log2_size = 20;  // transposition table entries: 2^tt_log2_size
  // db_seeds: positions with at most this many pit seeds (and a finished
  // game's margin) are scored exactly from the process's shared endgame
  // database (endgame_db.h: built on first use, or loaded from db_file);
  // 0: none.
  int db_seeds = 0;
  // contempt: what a draw costs the searching player, in 1/16 seeds: above
  // 0 it plays on for a win rather than settle a draw with a weaker player.
  int contempt = 0;
  std::string db_file;
  // keep_tt: the agent keeps its table from game to game (an agent with
  // memory); otherwise every game starts with an empty table.
  bool keep_tt = false;
};

struct SearchResult {
  Move best_move = 0;
  int score = 0;  // 1/16 seeds, from the side to move
  int depth = 0;  // last completed iteration
  int64_t nodes = 0;
  std::vector<Move> principal_variation;
};

class AlphaBeta {
 public:
  // db: a complete endgame database (positions within its size are scored
  // exactly), or nullptr (none).
  AlphaBeta(const Rules& rules, const AlphaBetaOptions& options,
            std::shared_ptr<const EndgameDb> db = nullptr);

  // Search: REQUIRES a position with a player to move.
  SearchResult Search(const Position& root);
  // Forget: empties the transposition table (in O(1): entries of older
  // generations never match), so that later searches do not depend on
  // earlier ones.
  void Forget();

  static constexpr int kWin = 1 << 20;  // scores beyond are decided games
  // TableBytes: the transposition table's size for 2^tt_log2_size entries.
  static int64_t TableBytes(int tt_log2_size);

 private:
  struct Entry {
    uint64_t key = 0;
    int32_t score = 0;
    int8_t depth = -1;
    uint8_t bound = 0;  // kExact, kLower, kUpper
    uint8_t move = 0xff;
    uint8_t generation = 0;  // valid only when it is generation_
  };
  enum Bound : uint8_t { kExact = 1, kLower = 2, kUpper = 3 };

  int Negamax(const Position& s, int depth, int alpha, int beta, int ply);
  int Evaluate(const Position& s) const;
  // Final: the score of a finished game's (or a solved position's) margin
  // for `mover`.
  int Final(int margin, Player mover) const;
  uint64_t Key(const Position& s) const;
  bool OutOfBudget();
  int OrderMoves(const Position& s, uint8_t tt_move, Move* out) const;

  const Rules& rules_;
  AlphaBetaOptions options_;
  std::shared_ptr<const EndgameDb> db_;
  std::vector<Entry> table_;
  uint64_t mask_;
  uint8_t generation_ = 1;
  int64_t nodes_ = 0;
  bool stopped_ = false;
  Move root_best_move_ = 0;
  Player root_player_ = 0;
  std::chrono::steady_clock::time_point deadline_;
};

AgentEntry AlphaBetaAgentEntry();
// LevelAgentEntries: beginner, advanced, strongest (see above).
std::vector<AgentEntry> LevelAgentEntries();

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_INTERNAL_ALPHABETA_H_
