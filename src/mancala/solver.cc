#include "gameai/mancala/solver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <thread>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/memory.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/stop_request.h"
#include "gameai/mancala/endgame_db.h"
#include "gameai/mancala/internal/alphabeta.h"
#include "gameai/mancala/internal/sides.h"
#include "platform/huge_pages.h"
#include "platform/threads.h"

namespace gameai::mancala {
namespace {

using platform::ZeroedArray;
using platform::ZeroedPtr;

// Enhanced transposition cutoffs cost a table probe per child: worth it
// only for positions with this share of the board's seeds in the pits or
// more (measured: 2/3 on 6x4, 14.6 s against 18.2 s at 20 seeds of 48; on
// 6x3 the best was 20 of 36), and at least 20.
int EtcMinSeeds(const Rules& rules) {
  return std::max(20, rules.TotalSeeds() * 2 / 3);
}
// Threads searching one probe together split the moves of nodes with at
// least this many pit seeds (below, a subtree costs less than marking it).
constexpr int kShareFromSeeds = 20;
// Helper threads start for positions with this many pit seeds or more.
constexpr int kHelpersFromSeeds = 24;
// The largest database filled on demand, unless asked for.
constexpr int64_t kAutoDbEntries = int64_t{1} << 21;
constexpr int kMinTableLog2 = 10;
// kTableBytes: the table's size for 2^log2 entries of 16 bytes.
constexpr int64_t kTableBytes(int log2) { return int64_t{16} << log2; }

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

// Bounds: what is known of a future margin.
struct Bounds {
  int lower;
  int upper;
};

// A table entry: one position's bounds in two words, read and written
// with relaxed atomics by every search thread. The key is the position
// itself (both sides' pits, 8 bits each) for boards of up to 6 pits, so
// no two positions ever share an entry; larger boards store a 96-bit hash
// of it. `data` holds the key's high 32 bits, the bounds, the move and the
// pit seeds (at least 1 in a stored position: all zero is empty); `check`
// is the key's low word xor a mix of `data`, so that an entry two threads
// wrote at once, one word each, matches no key (Hyatt's lockless hashing).
struct Entry {
  int lower;
  int upper;
  Move move;
};
// Bucket: four entries on one cache line.
struct alignas(64) Bucket {
  uint64_t check[4];
  uint64_t data[4];
};

// Load, Put: relaxed atomic accesses (the compilers' builtins: some
// standard libraries we build with lack std::atomic_ref).
uint64_t Load(const uint64_t& word) {
  return __atomic_load_n(&word, __ATOMIC_RELAXED);
}
void Put(uint64_t& word, uint64_t value) {
  __atomic_store_n(&word, value, __ATOMIC_RELAXED);
}
uint64_t DataWord(uint32_t key_high, int lower, int upper, Move move,
                  int seeds) {
  return key_high | uint64_t{static_cast<uint8_t>(lower)} << 32 |
         uint64_t{static_cast<uint8_t>(upper)} << 40 | uint64_t{move} << 48 |
         uint64_t{static_cast<uint8_t>(seeds)} << 56;
}
int SeedsOf(uint64_t data) { return static_cast<int>(data >> 56); }

// AlignedBuckets: n zeroed buckets, each on its own cache line.
ZeroedPtr<Bucket> AlignedBuckets(size_t n) { return ZeroedArray<Bucket>(n); }

// SharedTable: the bound table every search thread reads and writes.
struct SharedTable {
  explicit SharedTable(int log2)
      : buckets(AlignedBuckets(size_t{1} << (log2 - 2))),
        mask((uint64_t{1} << (log2 - 2)) - 1) {}
  ZeroedPtr<Bucket> buckets;  // four entries to a bucket
  uint64_t mask;
};

// BusyTable: the positions some search thread is in now. A thread defers a
// move whose position another is searching and takes its other moves
// first, so that at a node where every move must be searched the threads
// take different ones; at a node cut off by its first move (never deferred)
// both search that move (ABDADA, Weill 1996, with marks instead of
// counts). A mark is a hint: a lost or mistaken one only changes the order.
class BusyTable {
 public:
  BusyTable() : slots_(new std::atomic<uint64_t>[kSlots]()) {}
  // Slot: where a position's mark goes, by its table key.
  std::atomic<uint64_t>& Slot(uint64_t tag) {
    return slots_[Mix64(tag) & (kSlots - 1)];
  }

 private:
  static constexpr size_t kSlots = size_t{1} << 12;  // >> threads x depth
  std::unique_ptr<std::atomic<uint64_t>[]> slots_;
};

// HelperSignal: how the thread running a solve tells its helpers which
// probe to search (a position and a zero window), and when to stop. A
// probe is published like a sequence lock (the generation odd while it is
// written), so that a helper never reads half of one.
class HelperSignal {
 public:
  struct Probe {
    Sides position;
    int seeds;  // its pit seeds; below 0: nothing to search
    int beta;
  };
  void Publish(const Probe& probe) {
    generation_.fetch_add(1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    own_.store(probe.position.own, std::memory_order_relaxed);
    other_.store(probe.position.other, std::memory_order_relaxed);
    seeds_.store(probe.seeds, std::memory_order_relaxed);
    beta_.store(probe.beta, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
  }
  // Read: the probe now published and its generation, unless one is being
  // written.
  bool Read(Probe& probe, uint32_t& generation) const {
    generation = generation_.load(std::memory_order_acquire);
    if (generation & 1) return false;
    probe = {{own_.load(std::memory_order_relaxed),
              other_.load(std::memory_order_relaxed)},
             seeds_.load(std::memory_order_relaxed),
             beta_.load(std::memory_order_relaxed)};
    std::atomic_thread_fence(std::memory_order_acquire);
    return generation_.load(std::memory_order_relaxed) == generation;
  }
  // Current: whether `generation` still names the probe published.
  bool Current(uint32_t generation) const {
    return generation_.load(std::memory_order_relaxed) == generation &&
           !done_.load(std::memory_order_relaxed);
  }
  void Finish() { done_.store(true, std::memory_order_release); }
  bool Done() const { return done_.load(std::memory_order_acquire); }

 private:
  std::atomic<uint32_t> generation_{0};
  std::atomic<uint64_t> own_{0};
  std::atomic<uint64_t> other_{0};
  std::atomic<int> seeds_{-1};
  std::atomic<int> beta_{0};
  std::atomic<bool> done_{false};
};

class MarginSearch {
  // Node: a position to search, with its table key and bucket (KeyOf),
  // worked out once by whoever makes the node.
  struct Node {
    Sides state;
    int seeds;  // pit seeds of `state`
    uint64_t key_low;
    uint32_t key_high;
    Bucket* bucket;  // nullptr: over, or in the database
  };
  struct Child : Node {
    int gain;  // mover's store gain minus the opponent's
    bool over;
    bool same_side;  // an extra turn
    Move move;
    int64_t db_index;  // its database entry, if in the database
  };

 public:
  // db: the endgame database (filled on demand unless complete), or none.
  // Budget: nodes (0: none) and a deadline (none: time_point::max()).
  // A helper searches the probe `signal` names until it names another or
  // is done.
  struct Budget {
    int64_t nodes = 0;
    std::chrono::steady_clock::time_point deadline =
        std::chrono::steady_clock::time_point::max();
    const HelperSignal* signal = nullptr;
    uint32_t generation = 0;
  };

  MarginSearch(const Rules& rules, SharedTable* table, EndgameDb* db)
      : rules_(rules),
        sides_(rules),
        db_(db),
        db_seeds_(db != nullptr ? db->max_seeds() : -1),
        exact_keys_(rules.pits() <= 6),
        etc_min_seeds_(EtcMinSeeds(rules)),
        table_(table->buckets.get()),
        mask_(table->mask) {}

  // WithHelpers: runs `work` on this thread with `helpers` more threads
  // searching each of its probes beside it, sharing the table (what one
  // proves, the others read) and splitting the moves of nodes where all
  // must be searched (BusyTable). No result depends on them.
  template <class Work>
  void WithHelpers(int helpers, Work&& work) {
    if (helpers == 0) {
      work();
      return;
    }
    HelperSignal signal;
    BusyTable busy;
    signal_ = &signal;
    busy_ = &busy;
    std::atomic<int64_t> helper_nodes{0};
    platform::RunOnThreads(1 + helpers, [&](int w) {
      if (w == 0) {
        work();
        signal.Finish();
        return;
      }
      MarginSearch helper(*this);
      helper.signal_ = nullptr;  // it publishes nothing
      helper_nodes.fetch_add(helper.Help(signal), std::memory_order_relaxed);
    });
    signal_ = nullptr;
    busy_ = nullptr;
    nodes_ += helper_nodes.load();
  }

  // Future: bounds on the future margin of the side to move, exact
  // (lower == upper) unless the budget ran out first.
  // MTD(f) starts from `guess`: each probe nearer the value is cheaper.
  Bounds Future(const Position& s, int guess = 0) {
    if (rules_.IsOver(s)) return {0, 0};
    const Sides root = SidesOf(rules_, s);
    const int k = PitSeeds(root);
    if (k <= db_seeds_) {
      const int value =
          DatabaseValue(root, db_->Index(root.own, root.other, k));
      return {value, value};
    }
    const Node node = NodeOf(root, k);
    int lower = -k, upper = k, g = std::clamp(guess, -k, k);
    while (lower < upper && !stopped_) {
      const int beta = g == lower ? g + 1 : g;
      ++probes_;
      g = Probe(node, beta);
      if (stopped_) break;  // an unfinished probe proves nothing
      if (g < beta) {
        upper = g;
      } else {
        lower = g;
      }
    }
    return {lower, upper};
  }

  // BestMove: a move of `s` that achieves its future margin `value`, found
  // with one zero-window test per move (cheap with the table filled; a
  // move into the endgame database is read there, with no budget), or
  // kNoMove when the budget ran out first.
  static constexpr Move kNoMove = 0xff;
  Move BestMove(const Position& s, int value) {
    const Sides root = SidesOf(rules_, s);
    Child children[kMaxPits];
    const int n = Expand(root, PitSeeds(root), children);
    for (int i = 0; i < n; ++i) {
      Child& c = children[i];
      Locate(c);
      bool achieves;
      if (c.over) {
        achieves = c.gain >= value;
      } else if (InDatabase(c)) {
        achieves = DatabaseValue(c) >= value;
      } else {
        achieves = c.same_side ? Probe(c, value - c.gain) >= value - c.gain
                               : Probe(c, c.gain - value + 1) <= c.gain - value;
        if (stopped_) return kNoMove;
      }
      if (achieves) return c.move;
    }
    return children[0].move;  // unreachable: some move achieves the value
  }

  // StartCall: a new budget, and the counts from zero; the table stays.
  void StartCall(Budget budget) {
    budget_ = budget;
    stopped_ = false;
    nodes_ = 0;
    probes_ = 0;
  }
  int64_t nodes() const { return nodes_; }
  int probes() const { return probes_; }

 private:
  // Probe: the zero-window search of `node` at beta - 1, beta, with the
  // helpers of WithHelpers searching it too.
  int Probe(const Node& node, int beta) {
    if (signal_ != nullptr) signal_->Publish({node.state, node.seeds, beta});
    const int g = AlphaBeta(node, beta - 1, beta);
    // The helpers idle until the next probe.
    if (signal_ != nullptr) signal_->Publish({node.state, -1, 0});
    return g;
  }

  // Help: searches the probes `signal` publishes, each until the next is
  // published, until the work is done; the nodes it searched.
  int64_t Help(const HelperSignal& signal) {
    int64_t nodes = 0;
    uint32_t seen = 0;
    while (!signal.Done()) {
      HelperSignal::Probe probe;
      uint32_t generation;
      if (!signal.Read(probe, generation) || generation == seen ||
          probe.seeds < 0) {
        std::this_thread::sleep_for(std::chrono::microseconds(50));
        continue;
      }
      seen = generation;
      StartCall({.deadline = budget_.deadline,
                 .signal = &signal,
                 .generation = generation});
      AlphaBeta(NodeOf(probe.position, probe.seeds), probe.beta - 1,
                probe.beta);
      nodes += nodes_;
    }
    return nodes;
  }

  // KeyOf: the canonical position (mover's pits, then the other's) as a
  // table key, and its bucket.
  Bucket* KeyOf(const Sides& s, uint64_t& low, uint32_t& high) const {
    const uint64_t own = s.own;
    const uint64_t other = s.other;
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

  // NodeOf: `s`, with k pit seeds, ready to search.
  Node NodeOf(const Sides& s, int k) const {
    Node node{.state = s, .seeds = k};
    node.bucket = KeyOf(s, node.key_low, node.key_high);
    return node;
  }

  // Locate: a child's key and bucket, with the bucket's (or its database
  // entry's) cache line fetched ahead of use.
  void Locate(Child& c) const {
    c.bucket = nullptr;
    if (c.over) return;
    if (c.seeds <= db_seeds_) {
      c.db_index = db_->Index(c.state.own, c.state.other, c.seeds);
      db_->Prefetch(c.db_index);
      return;
    }
    c.bucket = KeyOf(c.state, c.key_low, c.key_high);
    __builtin_prefetch(c.bucket);
  }

  // Expand: the children of `s` (k pit seeds), in pit order.
  int Expand(const Sides& s, int k, Child* children) const {
    int n = 0;
    SidesMove after;
    for (int pit = 0; pit < sides_.pits(); ++pit) {
      if (PitOf(s.own, pit) == 0) continue;
      sides_.Play(s, pit, after);
      Child& c = children[n++];
      c.state = after.next;
      c.gain = after.gain;
      c.over = after.over;
      c.same_side = after.same_side;
      c.move = static_cast<Move>(pit);
      c.seeds = SeedsAfter(k, after);
    }
    return n;
  }

  // InDatabase: whether a child's value comes from the database.
  bool InDatabase(const Child& c) const {
    return !c.over && c.seeds <= db_seeds_;
  }

  // DatabaseValue: the future margin of `s`, whose entry is `index`
  // (filled now if it is not yet).
  int DatabaseValue(const Sides& s, int64_t index) {
    if (db_->Known(index)) return db_->Stored(index);
    return db_->ValueAt(s.own, s.other, index);
  }
  // DatabaseValue: our value through a child in the database.
  int DatabaseValue(const Child& c) {
    const int future = DatabaseValue(c.state, c.db_index);
    return c.same_side ? c.gain + future : c.gain - future;
  }

  // Find: the entry of a key in its bucket, if there.
  static bool Find(const Bucket* bucket, uint64_t low, uint32_t high,
                   Entry& entry) {
    for (int i = 0; i < 4; ++i) {
      const uint64_t data = Load(bucket->data[i]);
      if (static_cast<uint32_t>(data) != high || SeedsOf(data) == 0 ||
          (Load(bucket->check[i]) ^ Mix64(data)) != low) {
        continue;
      }
      entry = {static_cast<int8_t>(data >> 32), static_cast<int8_t>(data >> 40),
               static_cast<Move>(data >> 48)};
      return true;
    }
    return false;
  }

  // Slot: where to store a key: its own entry, else the entry of the
  // smallest subtree (fewest pit seeds; empty entries have none).
  static int Slot(const Bucket* bucket, uint64_t low, uint32_t high) {
    int victim = 0, fewest = 256;
    for (int i = 0; i < 4; ++i) {
      const uint64_t data = Load(bucket->data[i]);
      if (static_cast<uint32_t>(data) == high && SeedsOf(data) != 0 &&
          (Load(bucket->check[i]) ^ Mix64(data)) == low) {
        return i;
      }
      if (SeedsOf(data) < fewest) {
        fewest = SeedsOf(data);
        victim = i;
      }
    }
    return victim;
  }

  // ChildLowerBound: what a child's stored bounds prove about our value
  // through it, or -127 when nothing is known.
  int ChildLowerBound(const Child& c) {
    if (c.over) return c.gain;
    if (InDatabase(c)) {
      return db_->Known(c.db_index) ? DatabaseValue(c) : -127;
    }
    Entry e;
    if (!Find(c.bucket, c.key_low, c.key_high, e)) return -127;
    return c.same_side ? c.gain + e.lower : c.gain - e.upper;
  }

  // OutOfBudget: sets stopped_ when the nodes or the time are spent, or
  // the caller asks to stop (the clock and the request are read every
  // 4096 nodes).
  bool OutOfBudget() {
    if (budget_.nodes > 0 && nodes_ >= budget_.nodes) stopped_ = true;
    if ((nodes_ & 4095) == 0 &&
        (std::chrono::steady_clock::now() >= budget_.deadline ||
         StopRequested())) {
      stopped_ = true;
    }
    // A helper stops as soon as its probe is over.
    if (budget_.signal != nullptr && (nodes_ & 63) == 0 &&
        !budget_.signal->Current(budget_.generation)) {
      stopped_ = true;
    }
    return stopped_;
  }

  // AlphaBeta: fail-soft zero-window search; once the budget runs out it
  // returns at once, storing nothing (its values then mean nothing).
  // REQUIRES: `node` is not over, nor in the database.
  int AlphaBeta(const Node& node, int alpha, int beta) {
    if (OutOfBudget()) return 0;
    ++nodes_;
    const Sides& s = node.state;
    const int k = node.seeds;
    if (beta <= -k) return -k;
    if (alpha >= k) return k;
    const uint64_t low = node.key_low;
    const uint32_t high = node.key_high;
    Bucket* const bucket = node.bucket;
    uint8_t tt_move = 0xff;
    int lower = -k, upper = k;
    if (Entry e; Find(bucket, low, high, e)) {
      lower = std::max(lower, e.lower);
      upper = std::min(upper, e.upper);
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      tt_move = e.move;
    }
    Child children[kMaxPits];
    const int n = Expand(s, k, children);
    for (int i = 0; i < n; ++i) Locate(children[i]);
    // Enhanced transposition cutoff, where a subtree is worth a probe each.
    for (int i = 0; k >= etc_min_seeds_ && i < n; ++i) {
      const int bound = ChildLowerBound(children[i]);
      if (bound >= beta) {
        Store(bucket, low, high, k, bound, upper, children[i].move);
        return bound;
      }
    }
    int order[kMaxPits] = {};
    int score[kMaxPits];
    for (int i = 0; i < n; ++i) {
      const Child& c = children[i];
      // Children valued at once (the game over, or in the database) come
      // first: a read each, and they may cut the others off. Then extra
      // turns, then gains less the moves the child's mover will have: a
      // child that does not cut costs a search of each of them (a seed
      // weighs a little more than two of the opponent's moves, or one of
      // ours after an extra turn; measured on 6x4: 27% fewer nodes
      // standard, 11% with empty capture). Ties go to the pit nearest the
      // store: extra turns taken from the right leave the others' counts
      // intact.
      const int replies = c.over ? 0 : NonEmptyPits(c.state.own);
      score[i] = (c.over || InDatabase(c) ? 1 << 22 : 0) +
                 (c.move == tt_move ? 1 << 20 : 0) +
                 (c.same_side ? 1 << 14 : 0) + 32 * c.gain -
                 (c.same_side ? 32 : 14) * replies + c.move;
      int j = i;
      for (; j > 0 && score[order[j - 1]] < score[i]; --j)
        order[j] = order[j - 1];
      order[j] = i;
    }
    const int original_alpha = alpha;
    int best = -127;
    Move best_move = children[order[0]].move;
    // Moves deferred because another thread is searching them come last.
    int deferred[kMaxPits];
    int num_deferred = 0;
    const bool share = busy_ != nullptr && k >= kShareFromSeeds;
    for (int j = 0; j < n + num_deferred; ++j) {
      const bool second_pass = j >= n;
      const Child& c = children[second_pass ? deferred[j - n] : order[j]];
      std::atomic<uint64_t>* mark = nullptr;
      uint64_t tag = 0;
      if (share && !second_pass && c.bucket != nullptr) {
        tag = c.key_low ^ (uint64_t{c.key_high} << 13) ^ 1;  // never 0
        mark = &busy_->Slot(tag);
        if (j > 0 && mark->load(std::memory_order_relaxed) == tag) {
          deferred[num_deferred++] = order[j];
          continue;
        }
        mark->store(tag, std::memory_order_relaxed);
      }
      int value;
      if (c.over) {
        value = c.gain;
      } else if (InDatabase(c)) {
        value = DatabaseValue(c);
      } else if (c.same_side) {
        value = c.gain + AlphaBeta(c, alpha - c.gain, beta - c.gain);
      } else {
        value = c.gain - AlphaBeta(c, c.gain - beta, c.gain - alpha);
      }
      if (mark != nullptr) {  // unless another thread marked it since
        mark->compare_exchange_strong(tag, 0, std::memory_order_relaxed);
      }
      if (stopped_) return 0;
      if (value > best) {
        best = value;
        best_move = c.move;
      }
      alpha = std::max(alpha, best);
      if (best >= beta) break;
    }
    // Bounds found earlier in this call (lower, upper) are kept.
    if (best <= original_alpha) {
      Store(bucket, low, high, k, lower, std::min(upper, best), best_move);
    } else if (best >= beta) {
      Store(bucket, low, high, k, std::max(lower, best), upper, best_move);
    } else {
      Store(bucket, low, high, k, best, best, best_move);
    }
    return best;
  }

  static void Store(Bucket* bucket, uint64_t low, uint32_t high, int seeds,
                    int lower, int upper, Move move) {
    const int i = Slot(bucket, low, high);
    const uint64_t data = DataWord(high, lower, upper, move, seeds);
    Put(bucket->check[i], low ^ Mix64(data));
    Put(bucket->data[i], data);
  }

  const Rules& rules_;
  SidesRules sides_;
  Budget budget_;
  bool stopped_ = false;
  EndgameDb* db_;
  int db_seeds_;
  bool exact_keys_;
  int etc_min_seeds_;
  BusyTable* busy_ = nullptr;       // while helpers search with this thread
  HelperSignal* signal_ = nullptr;  // where this thread publishes its probes
  Bucket* table_;
  uint64_t mask_;
  int64_t nodes_ = 0;
  int probes_ = 0;
};

int ChooseDbSeeds(const Rules& rules, const SolverOptions& options) {
  if (options.db_seeds >= 0) return options.db_seeds;
  // A database already in the file is used as it is.
  if (!options.db_file.empty()) {
    absl::StatusOr<int> in_file = EndgameDb::FileSeeds(rules, options.db_file);
    if (in_file.ok()) return *in_file;
  }
  // Filled on demand by full-width search, a large database costs more than
  // the pruned search saves (6x3: 0.6 s at 10 seeds, 2.0 s at 14); built
  // once into a file, the larger the better.
  // The table needs its share of the memory budget too (at least 2^20
  // entries' worth).
  const int64_t for_db =
      std::min(options.db_max_bytes, options.memory_bytes - kTableBytes(20));
  const int64_t limit =
      options.db_file.empty() ? std::min(kAutoDbEntries, for_db) : for_db;
  int k = -1;
  while (k + 1 <= std::min(rules.TotalSeeds(), EndgameDb::kMaxSeeds) &&
         EndgameDb::Entries(rules.pits(), k + 1) <= limit) {
    ++k;
  }
  return k;
}

// TableLog2: the table size asked for, or one by the seeds the database
// does not cover: 2^26 entries (1 GB) for the 37 of 6x4 over an 11-seed
// database, 2^22 (64 MB) for its 26 over a 22-seed one (where 2^26 only
// costs time: 6.2 s against 5.4), 4/11 of a doubling per seed between.
// Half that with the empty-capture rule, whose trees are smaller (6x4 on
// one thread: 68.9 M nodes with 2^24 entries, 59.6 M with 2^25, 57.8 M
// with 2^26; standard 137.8 M with 2^25, 114.5 M with 2^26): fresh memory
// costs time too.
//
// A size picked is the largest of these within the memory budget and what
// the process can get, besides the database's `db_bytes`; a size asked for
// that does not fit is an error.
absl::StatusOr<int> TableLog2(const Rules& rules, const Position& state,
                              int db_seeds, int64_t db_bytes,
                              const SolverOptions& options) {
  const std::string budget_name =
      fmt::format("mem_mb={}", options.memory_bytes >> 20);
  auto fits = [&](int log2) {
    return CheckMemory(
        fmt::format("the solver's table of 2^{} entries ({}) with its {} "
                    "database",
                    log2, FormatBytes(kTableBytes(log2)),
                    FormatBytes(db_bytes)),
        kTableBytes(log2) + db_bytes, options.memory_bytes, budget_name);
  };
  if (options.tt_log2_size >= 0) {
    GAMEAI_RETURN_IF_ERROR(fits(options.tt_log2_size));
    return options.tt_log2_size;
  }
  const int seeds = rules.SideSeeds(state, 0) + rules.SideSeeds(state, 1);
  const int uncovered = seeds - std::max(db_seeds, 0);
  const int smaller_trees = rules.options().empty_capture ? 1 : 0;
  int log2 = std::clamp(26 + (uncovered - 37) * 4 / 11 - smaller_trees, 16, 28);
  while (log2 > kMinTableLog2 && !fits(log2).ok()) --log2;
  GAMEAI_RETURN_IF_ERROR(fits(log2));
  return log2;
}

}  // namespace

struct KalahSolver::Impl {
  Rules rules;
  SolverOptions options;
  int tt_log2_size = 0;
  int db_seeds = -1;
  std::string db_source;
  double db_seconds = 0;  // building or loading the database
  bool solved_before = false;
  std::unique_ptr<EndgameDb> db;
  std::unique_ptr<SharedTable> table;
  std::unique_ptr<MarginSearch> search;
};

KalahSolver::KalahSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
KalahSolver::~KalahSolver() = default;

absl::StatusOr<std::unique_ptr<KalahSolver>> KalahSolver::Create(
    const Rules& rules, const SolverOptions& options, const Position& sizing) {
  if (options.tt_log2_size != -1 &&
      (options.tt_log2_size < 10 || options.tt_log2_size > 30)) {
    return absl::InvalidArgumentError(
        fmt::format("solver: tt_log2_size={} is out of range [10, 30]",
                    options.tt_log2_size));
  }
  if (options.db_seeds > EndgameDb::kMaxSeeds) {
    return absl::InvalidArgumentError(
        fmt::format("solver: db_seeds={} is out of range [-1, {}]",
                    options.db_seeds, EndgameDb::kMaxSeeds));
  }
  if (options.threads < 0 || options.threads > 64) {
    return absl::InvalidArgumentError(fmt::format(
        "solver: threads={} is out of range [0, 64] (0: one per core)",
        options.threads));
  }
  if (options.threads > 0) {
    GAMEAI_RETURN_IF_ERROR(
        platform::CheckThreadCount(options.threads, "threads"));
  }
  if (options.max_nodes < 0 || options.max_seconds < 0 ||
      options.memory_bytes <= 0) {
    return absl::InvalidArgumentError(fmt::format(
        "solver: nodes={}, time_s={} must be at least 0 and the memory "
        "budget above 0",
        options.max_nodes, options.max_seconds));
  }
  auto impl = std::make_unique<Impl>(Impl{.rules = rules, .options = options});
  impl->db_seeds = ChooseDbSeeds(rules, options);
  const int64_t db_bytes =
      impl->db_seeds >= 0 ? EndgameDb::Entries(rules.pits(), impl->db_seeds)
                          : 0;
  GAMEAI_ASSIGN_OR_RETURN(
      impl->tt_log2_size,
      TableLog2(rules, sizing, impl->db_seeds, db_bytes, options));
  const auto db_start = std::chrono::steady_clock::now();
  if (impl->db_seeds >= 0) {
    bool loaded = false;
    GAMEAI_ASSIGN_OR_RETURN(
        impl->db, options.db_file.empty()
                      ? EndgameDb::Create(rules, impl->db_seeds)
                      : EndgameDb::LoadOrBuild(rules, impl->db_seeds,
                                               options.db_file, &loaded));
    impl->db_source = options.db_file.empty() ? "on demand"
                      : loaded                ? "loaded"
                                              : "built";
  }
  impl->db_seconds = SecondsSince(db_start);
  impl->table = std::make_unique<SharedTable>(impl->tt_log2_size);
  if (impl->table->buckets == nullptr) {
    return absl::ResourceExhaustedError(fmt::format(
        "solver: no memory for 2^{} table entries", impl->tt_log2_size));
  }
  impl->search = std::make_unique<MarginSearch>(impl->rules, impl->table.get(),
                                                impl->db.get());
  return std::unique_ptr<KalahSolver>(new KalahSolver(std::move(impl)));
}

SolveResult KalahSolver::Solve(const Position& state) {
  return Solve(state, std::chrono::steady_clock::now());
}

SolveResult KalahSolver::Solve(const Position& state,
                               std::chrono::steady_clock::time_point start) {
  const Rules& rules = impl_->rules;
  const SolverOptions& options = impl_->options;
  MarginSearch& solver = *impl_->search;
  SolveResult result;
  result.tt_log2_size = impl_->tt_log2_size;
  result.db_seeds = impl_->db_seeds;
  result.db_source = impl_->db_source;
  // The database's cost belongs to the first solve it was made for.
  result.db_seconds = impl_->solved_before ? 0 : impl_->db_seconds;
  impl_->solved_before = true;
  MarginSearch::Budget budget{.nodes = options.max_nodes};
  if (options.max_seconds > 0) {
    budget.deadline =
        start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(options.max_seconds));
  }
  solver.StartCall(budget);
  // A node budget is searched on one thread, so that what it proves does
  // not depend on how the threads ran.
  const int threads = options.max_nodes > 0 ? 1
                      : options.threads > 0
                          ? options.threads
                          : std::max(1, platform::HardwareThreads());
  // The first guess: a short heuristic search's score (1/16 seeds, stores
  // included) less the stores, for the side to move.
  auto guess_of = [&](const Position& s) {
    if (options.guess_depth <= 0 || rules.IsOver(s)) return 0;
    // At most a quarter of each budget: the guess only speeds the search.
    AlphaBeta heuristic(
        rules,
        {.depth = options.guess_depth,
         .nodes = options.max_nodes > 0
                      ? std::max<int64_t>(1, options.max_nodes / 4)
                      : 0,
         .time_ms = options.max_seconds > 0
                        ? std::max<int64_t>(1, static_cast<int64_t>(
                                                   options.max_seconds * 250))
                        : 0});
    const int score = heuristic.Search(s).score;
    if (std::abs(score) >= AlphaBeta::kWin) return 0;
    const Player me = s.to_move;
    return score / 16 - (rules.Store(s, me) - rules.Store(s, 1 - me));
  };
  // margin_of: bounds on player 0's final margin after `s`.
  auto margin_of = [&](const Position& s) -> Bounds {
    const int stores = rules.Store(s, 0) - rules.Store(s, 1);
    if (rules.IsOver(s)) return {stores, stores};
    const Bounds future = solver.Future(s, guess_of(s));
    return s.to_move == 0
               ? Bounds{stores + future.lower, stores + future.upper}
               : Bounds{stores - future.upper, stores - future.lower};
  };
  // Helpers pay for their threads only on positions that take a while.
  const int helpers =
      rules.SideSeeds(state, 0) + rules.SideSeeds(state, 1) >= kHelpersFromSeeds
          ? threads - 1
          : 0;
  solver.WithHelpers(helpers, [&] {
    const Bounds margin = margin_of(state);
    result.margin_lower = margin.lower;
    result.margin_upper = margin.upper;
    result.margin = margin.lower;
    result.solved = margin.lower == margin.upper;
    result.move_margins.fill(SolveResult::kNoMove);
    if (!result.solved || rules.IsOver(state)) {
      // Nothing more to find, or no budget left to find it.
    } else if (!options.all_move_margins) {
      const int stores = rules.Store(state, 0) - rules.Store(state, 1);
      const int future =
          state.to_move == 0 ? result.margin - stores : stores - result.margin;
      const Move best = solver.BestMove(state, future);
      result.solved = best != MarginSearch::kNoMove;
      result.best_move = result.solved ? best : 0;
    } else {
      MoveList moves;
      rules.LegalMoves(state, moves);
      bool first = true;
      for (Move m : moves) {
        Position child = state;
        rules.Apply(child, m);
        const Bounds after = margin_of(child);
        if (after.lower != after.upper) {
          result.solved = false;
          break;
        }
        result.move_margins[m] = after.lower;
        const bool better =
            state.to_move == 0
                ? after.lower > result.move_margins[result.best_move]
                : after.lower < result.move_margins[result.best_move];
        if (first || better) result.best_move = m;
        first = false;
      }
    }
  });
  result.nodes = solver.nodes();
  result.probes = solver.probes();
  if (impl_->db != nullptr) {
    result.db_bytes = impl_->db->bytes();
    result.db_entries_filled = impl_->db->filled();
  }
  result.seconds = SecondsSince(start);
  return result;
}

absl::StatusOr<SolveResult> SolveKalah(const Rules& rules,
                                       const Position& state,
                                       const SolverOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<KalahSolver> solver,
                          KalahSolver::Create(rules, options, state));
  return solver->Solve(state, start);
}

}  // namespace gameai::mancala
