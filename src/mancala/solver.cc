#include "gameai/mancala/solver.h"

#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/core/random.h"
#include "gameai/mancala/alphabeta.h"

namespace gameai::mancala {
namespace {

constexpr int kMaxParts = 2 * kMaxPits;
constexpr int kMaxDbSeeds = 40;
constexpr int64_t kAutoDbEntries = int64_t{1} << 21;
// Enhanced transposition cutoffs cost a table probe per child: worth it
// only for positions with this many pit seeds or more (measured on 6x3).
constexpr int kEtcMinSeeds = 20;

// Compositions: counts and ranks of the ways to spread s seeds over m pits.
class Compositions {
 public:
  explicit Compositions(int parts) : parts_(parts) {
    for (int m = 0; m <= kMaxParts; ++m) {
      for (int s = 0; s <= kMaxDbSeeds; ++s) {
        ways_[m][s] = m == 0 ? (s == 0 ? 1 : 0)
                             : (s == 0 ? 1 : ways_[m - 1][s] + ways_[m][s - 1]);
      }
    }
    // below_[m][r][c]: ways for the remaining m pits when the current pit
    // holds fewer than c of the r seeds left.
    for (int m = 0; m < kMaxParts; ++m) {
      for (int r = 0; r <= kMaxDbSeeds; ++r) {
        int64_t sum = 0;
        for (int c = 0; c <= r; ++c) {
          below_[m][r][c] = sum;
          sum += ways_[m][r - c];
        }
      }
    }
    int64_t offset = 0;
    for (int k = 0; k <= kMaxDbSeeds; ++k) {
      offset_[k] = offset;
      offset += ways_[parts_][k];
    }
  }

  // Total: the positions with at most k seeds in all.
  int64_t Total(int k) const { return offset_[k] + ways_[parts_][k]; }

  // Index: dense index of the counts (summing to k) among all positions with
  // at most kMaxDbSeeds seeds.
  int64_t Index(const uint8_t* counts, int k) const {
    int64_t rank = offset_[k];
    int r = k;
    for (int i = 0; i + 1 < parts_; ++i) {
      rank += below_[parts_ - 1 - i][r][counts[i]];
      r -= counts[i];
    }
    return rank;
  }

 private:
  int parts_;
  int64_t ways_[kMaxParts + 1][kMaxDbSeeds + 1];
  int64_t below_[kMaxParts][kMaxDbSeeds + 1][kMaxDbSeeds + 1];
  int64_t offset_[kMaxDbSeeds + 1];
};

// ZeroedArray: n zero-filled elements (HugeZeroed), freed with free().
struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};
template <class T>
using ZeroedPtr = std::unique_ptr<T[], FreeDeleter>;
// HugeZeroed: `bytes` zeroed bytes on 2 MB pages where the system allows
// (madvise): the tables are probed at random, and with 4 KB pages nearly
// every probe would also miss the TLB.
void* HugeZeroed(size_t bytes) {
  constexpr size_t kHuge = size_t{2} << 20;
  bytes = std::max<size_t>(kHuge, (bytes + kHuge - 1) / kHuge * kHuge);
  void* p = std::aligned_alloc(kHuge, bytes);
  if (p == nullptr) return nullptr;
  madvise(p, bytes, MADV_HUGEPAGE);  // a hint: failure only costs speed
  std::memset(p, 0, bytes);
  return p;
}

template <class T>
ZeroedPtr<T> ZeroedArray(size_t n) {
  static_assert(std::is_trivial_v<T>);
  return ZeroedPtr<T>(static_cast<T*>(HugeZeroed(n * sizeof(T))));
}

// Entry: one position's bounds in 16 bytes. The key is the position
// itself (both sides' pits, 8 bits each) for boards of up to 6 pits, so
// no two positions ever share an entry; larger boards store a 96-bit
// hash of it. All zero is empty (no stored position has every pit empty).
struct Entry {
  uint64_t key_low;
  uint32_t key_high;
  int8_t lower;
  int8_t upper;
  uint8_t move;
  uint8_t seeds;  // pit seeds: the larger, the costlier to recompute
};
static_assert(sizeof(Entry) == 16);
// Bucket: four entries on one cache line.
struct alignas(64) Bucket {
  Entry entries[4];
};

// AlignedBuckets: n zeroed buckets, each on its own cache line.
ZeroedPtr<Bucket> AlignedBuckets(size_t n) { return ZeroedArray<Bucket>(n); }

class KalahSolver {
 public:
  KalahSolver(const Rules& rules, int tt_log2_size, int db_seeds)
      : rules_(rules),
        compositions_(2 * rules.pits()),
        db_seeds_(db_seeds),
        exact_keys_(rules.pits() <= 6),
        // tt_log2_size counts entries; four to a bucket.
        table_(AlignedBuckets(size_t{1} << (tt_log2_size - 2))),
        mask_((uint64_t{1} << (tt_log2_size - 2)) - 1),
        db_size_(db_seeds_ >= 0 ? compositions_.Total(db_seeds_) : 0),
        db_(ZeroedArray<uint8_t>(db_size_)) {}

  // Future: the exact future margin of the side to move.
  // MTD(f) starts from `guess`: each probe nearer the value is cheaper.
  int Future(const State& s, int guess = 0) {
    if (rules_.IsOver(s)) return 0;
    const int k = PitSeeds(s);
    if (k <= db_seeds_) return DbValue(s, k);
    int lower = -k, upper = k, g = std::clamp(guess, -k, k);
    while (lower < upper) {
      const int beta = g == lower ? g + 1 : g;
      ++probes_;
      g = AlphaBeta(s, beta - 1, beta);
      if (g < beta) {
        upper = g;
      } else {
        lower = g;
      }
    }
    return g;
  }

  // BestMove: a move of `s` that achieves its future margin `value`, found
  // with one zero-window test per move (cheap with the table filled).
  Move BestMove(const State& s, int value) {
    Child children[kMaxPits];
    const int n = Expand(s, children);
    for (int i = 0; i < n; ++i) {
      const Child& c = children[i];
      bool achieves;
      if (c.over) {
        achieves = c.gain >= value;
      } else if (c.same_side) {
        achieves = AlphaBeta(c.state, value - c.gain - 1, value - c.gain) >=
                   value - c.gain;
      } else {
        achieves = AlphaBeta(c.state, c.gain - value, c.gain - value + 1) <=
                   c.gain - value;
      }
      if (achieves) return c.move;
    }
    return children[0].move;  // unreachable: some move achieves the value
  }

  // allocated: false when the tables did not fit in memory.
  bool allocated() const { return table_ != nullptr && db_ != nullptr; }
  int64_t nodes() const { return nodes_; }
  int probes() const { return probes_; }
  int64_t db_filled() const { return db_filled_; }
  int64_t db_bytes() const { return db_size_; }

 private:
  struct Child {
    State state;
    int gain;  // mover's store gain minus the opponent's
    bool over;
    bool same_side;  // an extra turn
    Move move;
    int seeds;         // pit seeds of `state`
    uint64_t key_low;  // its table key and bucket (Locate)
    uint32_t key_high;
    Bucket* bucket;
  };

  int PitSeeds(const State& s) const {
    return rules_.SideSeeds(s, 0) + rules_.SideSeeds(s, 1);
  }

  // Canonical: the mover's pits, then the opponent's.
  void Canonical(const State& s, uint8_t* counts) const {
    const int p = rules_.pits();
    for (int i = 0; i < p; ++i) {
      counts[i] = s.board[rules_.PitIndex(s.to_move, i)];
      counts[p + i] = s.board[rules_.PitIndex(1 - s.to_move, i)];
    }
  }

  // KeyOf: the canonical position (mover's pits, then the other's) as a
  // table key, and its bucket.
  Bucket* KeyOf(const State& s, uint64_t& low, uint32_t& high) const {
    const uint64_t own = rules_.SideWord(s, s.to_move);
    const uint64_t other = rules_.SideWord(s, 1 - s.to_move);
    const uint64_t hash = Mix64(own ^ Mix64(other));
    if (exact_keys_) {  // 6 pits of 8 bits per side: 96 bits
      low = own | other << 48;
      high = static_cast<uint32_t>(other >> 16);
    } else {
      low = Mix64(hash ^ 0x5bd1e9955bd1e995ULL);
      high = static_cast<uint32_t>(hash >> 32) | 1;
    }
    return &table_[hash & mask_];
  }

  // Locate: a child's pit seeds, key and bucket, with the bucket's (or
  // its database entry's) cache line fetched ahead of use.
  void Locate(Child& c) const {
    c.seeds = c.over ? 0 : PitSeeds(c.state);
    c.bucket = nullptr;
    if (c.over || c.seeds <= db_seeds_) return;
    c.bucket = KeyOf(c.state, c.key_low, c.key_high);
    __builtin_prefetch(c.bucket);
  }

  int Expand(const State& s, Child* children) const {
    const Player me = s.to_move;
    MoveList moves;
    rules_.LegalMoves(s, moves);
    for (int i = 0; i < moves.size(); ++i) {
      Child& c = children[i];
      c.state = s;
      c.move = moves[i];
      rules_.Apply(c.state, c.move);
      c.gain = (rules_.Store(c.state, me) - rules_.Store(s, me)) -
               (rules_.Store(c.state, 1 - me) - rules_.Store(s, 1 - me));
      c.over = rules_.IsOver(c.state);
      c.same_side = !c.over && c.state.to_move == me;
    }
    return moves.size();
  }

  int DbValue(const State& s, int k) {
    uint8_t counts[kMaxParts] = {};
    Canonical(s, counts);
    uint8_t& slot = db_[compositions_.Index(counts, k)];
    if (slot != 0) return slot - 64;
    ++nodes_;
    Child children[kMaxPits];
    const int n = Expand(s, children);
    int best = -127;
    for (int i = 0; i < n; ++i) {
      const Child& c = children[i];
      int value = c.gain;
      if (!c.over) {
        const int future = DbValue(c.state, PitSeeds(c.state));
        value += c.same_side ? future : -future;
      }
      best = std::max(best, value);
    }
    slot = static_cast<uint8_t>(best + 64);
    ++db_filled_;
    return best;
  }

  // Find: the entry of a key in its bucket, or nullptr.
  static Entry* Find(Bucket* bucket, uint64_t low, uint32_t high) {
    for (Entry& e : bucket->entries) {
      if (e.key_low == low && e.key_high == high) return &e;
    }
    return nullptr;
  }

  // Slot: where to store a key: its own entry, else the entry of the
  // smallest subtree (fewest pit seeds; empty entries have none).
  static Entry& Slot(Bucket* bucket, uint64_t low, uint32_t high) {
    if (Entry* e = Find(bucket, low, high)) return *e;
    Entry* victim = &bucket->entries[0];
    for (Entry& e : bucket->entries) {
      if (e.seeds < victim->seeds) victim = &e;
    }
    return *victim;
  }

  // ChildLowerBound: what a child's stored bounds prove about our value
  // through it, or -127 when nothing is known.
  int ChildLowerBound(const Child& c) {
    if (c.over) return c.gain;
    if (c.bucket == nullptr) return -127;  // in the database: not probed
    const Entry* e = Find(c.bucket, c.key_low, c.key_high);
    if (e == nullptr) return -127;
    return c.same_side ? c.gain + e->lower : c.gain - e->upper;
  }

  int AlphaBeta(const State& s, int alpha, int beta) {
    ++nodes_;
    const int k = PitSeeds(s);
    if (k <= db_seeds_) return DbValue(s, k);
    if (beta <= -k) return -k;
    if (alpha >= k) return k;
    uint64_t low;
    uint32_t high;
    Bucket* bucket = KeyOf(s, low, high);
    uint8_t tt_move = 0xff;
    int lower = -k, upper = k;
    if (const Entry* e = Find(bucket, low, high)) {
      lower = std::max<int>(lower, e->lower);
      upper = std::min<int>(upper, e->upper);
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      tt_move = e->move;
    }
    Child children[kMaxPits];
    const int n = Expand(s, children);
    for (int i = 0; i < n; ++i) Locate(children[i]);
    // Enhanced transposition cutoff, where a subtree is worth a probe each.
    for (int i = 0; k >= kEtcMinSeeds && i < n; ++i) {
      const int bound = ChildLowerBound(children[i]);
      if (bound >= beta) {
        Store(Slot(bucket, low, high), low, high, k, bound, upper,
              children[i].move);
        return bound;
      }
    }
    int order[kMaxPits] = {};
    int score[kMaxPits];
    for (int i = 0; i < n; ++i) {
      const Child& c = children[i];
      // Ties go to the pit nearest the store: extra turns taken from the
      // right leave the others' counts intact.
      score[i] = (c.move == tt_move ? 1 << 20 : 0) +
                 (c.same_side ? 1 << 14 : 0) + 16 * c.gain + c.move;
      int j = i;
      for (; j > 0 && score[order[j - 1]] < score[i]; --j)
        order[j] = order[j - 1];
      order[j] = i;
    }
    const int original_alpha = alpha;
    int best = -127;
    Move best_move = children[order[0]].move;
    for (int j = 0; j < n; ++j) {
      const Child& c = children[order[j]];
      int value;
      if (c.over) {
        value = c.gain;
      } else if (c.same_side) {
        value = c.gain + AlphaBeta(c.state, alpha - c.gain, beta - c.gain);
      } else {
        value = c.gain - AlphaBeta(c.state, c.gain - beta, c.gain - alpha);
      }
      if (value > best) {
        best = value;
        best_move = c.move;
      }
      alpha = std::max(alpha, best);
      if (best >= beta) break;
    }
    // Bounds found earlier in this call (lower, upper) are kept.
    Entry& e = Slot(bucket, low, high);
    if (best <= original_alpha) {
      Store(e, low, high, k, lower, std::min(upper, best), best_move);
    } else if (best >= beta) {
      Store(e, low, high, k, std::max(lower, best), upper, best_move);
    } else {
      Store(e, low, high, k, best, best, best_move);
    }
    return best;
  }

  static void Store(Entry& e, uint64_t low, uint32_t high, int seeds, int lower,
                    int upper, Move move) {
    e.key_low = low;
    e.key_high = high;
    e.seeds = static_cast<uint8_t>(seeds);
    e.lower = static_cast<int8_t>(lower);
    e.upper = static_cast<int8_t>(upper);
    e.move = move;
  }

  const Rules& rules_;
  Compositions compositions_;
  int db_seeds_;
  bool exact_keys_;
  ZeroedPtr<Bucket> table_;
  uint64_t mask_;
  int64_t db_size_;
  ZeroedPtr<uint8_t> db_;  // value + 64; 0: not computed yet
  int64_t nodes_ = 0;
  int probes_ = 0;
  int64_t db_filled_ = 0;
};

int ChooseDbSeeds(const Rules& rules, const SolverOptions& options) {
  const Compositions compositions(2 * rules.pits());
  if (options.db_seeds >= 0) return std::min(options.db_seeds, kMaxDbSeeds);
  // The database is filled by full-width search, so a large one costs more
  // than the pruned search saves (6x3: 0.6 s at 10 seeds, 2.0 s at 14).
  int k = -1;
  while (k + 1 <= rules.TotalSeeds() &&
         compositions.Total(k + 1) <= kAutoDbEntries &&
         compositions.Total(k + 1) <= options.db_max_bytes) {
    ++k;
  }
  return k;
}

// TableLog2: the table size asked for, or one by the seeds left in the
// pits: 2^20
// entries up to 24 seeds, doubling every 4 seeds (2^26, 1 GB, at 48).
int TableLog2(const Rules& rules, const State& state,
              const SolverOptions& options) {
  if (options.tt_log2_size >= 0) return options.tt_log2_size;
  const int seeds = rules.SideSeeds(state, 0) + rules.SideSeeds(state, 1);
  return std::clamp(20 + (seeds - 24) / 4, 16, 28);
}

}  // namespace

absl::StatusOr<SolveResult> SolveKalah(const Rules& rules, const State& state,
                                       const SolverOptions& options) {
  if (options.tt_log2_size != -1 &&
      (options.tt_log2_size < 10 || options.tt_log2_size > 30)) {
    return absl::InvalidArgumentError(
        fmt::format("solver: tt_log2_size={} is out of range [10, 30]",
                    options.tt_log2_size));
  }
  if (options.db_seeds > kMaxDbSeeds) {
    return absl::InvalidArgumentError(
        fmt::format("solver: db_seeds={} is out of range [-1, {}]",
                    options.db_seeds, kMaxDbSeeds));
  }
  const auto start = std::chrono::steady_clock::now();
  SolveResult result;
  result.db_seeds = ChooseDbSeeds(rules, options);
  result.tt_log2_size = TableLog2(rules, state, options);
  KalahSolver solver(rules, result.tt_log2_size, result.db_seeds);
  if (!solver.allocated()) {
    return absl::ResourceExhaustedError(fmt::format(
        "solver: no memory for 2^{} table entries and a {}-seed database",
        result.tt_log2_size, result.db_seeds));
  }
  // The first guess: a short heuristic search's score (1/16 seeds, stores
  // included) less the stores, for the side to move.
  auto guess_of = [&](const State& s) {
    if (options.guess_depth <= 0 || rules.IsOver(s)) return 0;
    AlphaBeta heuristic(rules, {.depth = options.guess_depth});
    const int score = heuristic.Search(s).score;
    if (std::abs(score) >= AlphaBeta::kWin) return 0;
    const Player me = s.to_move;
    return score / 16 - (rules.Store(s, me) - rules.Store(s, 1 - me));
  };
  auto margin_of = [&](const State& s) {
    const int stores = rules.Store(s, 0) - rules.Store(s, 1);
    if (rules.IsOver(s)) return stores;
    const int future = solver.Future(s, guess_of(s));
    return stores + (s.to_move == 0 ? future : -future);
  };
  result.margin = margin_of(state);
  result.move_margins.fill(SolveResult::kNoMove);
  if (!rules.IsOver(state) && !options.all_move_margins) {
    const int stores = rules.Store(state, 0) - rules.Store(state, 1);
    const int future =
        state.to_move == 0 ? result.margin - stores : stores - result.margin;
    result.best_move = solver.BestMove(state, future);
  } else if (!rules.IsOver(state)) {
    MoveList moves;
    rules.LegalMoves(state, moves);
    bool first = true;
    for (Move m : moves) {
      State child = state;
      rules.Apply(child, m);
      const int margin = margin_of(child);
      result.move_margins[m] = margin;
      const bool better = state.to_move == 0
                              ? margin > result.move_margins[result.best_move]
                              : margin < result.move_margins[result.best_move];
      if (first || better) result.best_move = m;
      first = false;
    }
  }
  result.nodes = solver.nodes();
  result.probes = solver.probes();
  result.db_bytes = solver.db_bytes();
  result.db_entries_filled = solver.db_filled();
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return result;
}

}  // namespace gameai::mancala
