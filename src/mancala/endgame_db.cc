#include "gameai/mancala/endgame_db.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <tuple>

#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/base/memory.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/mancala/internal/sides.h"
#include "platform/huge_pages.h"
#include "platform/threads.h"

namespace gameai::mancala {

using platform::HugeFree;
using platform::HugeZeroed;

// Tables: counts and ranks of the ways to spread s seeds over m pits.
struct EndgameDb::Tables {
  static constexpr int kMaxParts = 2 * kMaxPits;

  explicit Tables(int parts) : parts(parts) {
    for (int m = 0; m <= kMaxParts; ++m) {
      for (int s = 0; s <= kMaxSeeds; ++s) {
        ways[m][s] = m == 0 ? (s == 0 ? 1 : 0)
                            : (s == 0 ? 1 : ways[m - 1][s] + ways[m][s - 1]);
      }
    }
    // below[m][r][c]: ways for the remaining m pits when the current pit
    // holds fewer than c of the r seeds left.
    for (int m = 0; m < kMaxParts; ++m) {
      for (int r = 0; r <= kMaxSeeds; ++r) {
        int64_t sum = 0;
        for (int c = 0; c <= r; ++c) {
          below[m][r][c] = sum;
          sum += ways[m][r - c];
        }
      }
    }
    int64_t total = 0;
    for (int k = 0; k <= kMaxSeeds; ++k) {
      offset[k] = total;
      total += ways[parts][k];
    }
  }

  // Total: the spreads of at most k seeds.
  int64_t Total(int k) const { return offset[k] + ways[parts][k]; }

  // SpreadOf: the counts of the spread ranked `rank` among those of k
  // seeds (Index's order: the first pit's count, then the next...).
  void SpreadOf(int64_t rank, int k, uint8_t* counts) const {
    int r = k;
    for (int i = 0; i + 1 < parts; ++i) {
      const int m = parts - 1 - i;
      int c = 0;
      while (c < r && below[m][r][c + 1] <= rank) ++c;
      rank -= below[m][r][c];
      counts[i] = static_cast<uint8_t>(c);
      r -= c;
    }
    counts[parts - 1] = static_cast<uint8_t>(r);
  }

  // NextSpread: the spread ranked next among those of the same seeds
  // (REQUIRES one: not all seeds in the first pit).
  static void NextSpread(uint8_t* counts, int parts) {
    if (counts[parts - 1] > 0) {  // the last pit gives one to the one before
      ++counts[parts - 2];
      --counts[parts - 1];
      return;
    }
    // Else the last nonempty pit z carries one seed left and the rest of
    // its seeds go to the last pit.
    int z = parts - 2;
    while (counts[z] == 0) --z;
    ++counts[z - 1];
    counts[parts - 1] = static_cast<uint8_t>(counts[z] - 1);
    counts[z] = 0;
  }

  int parts;
  int64_t ways[kMaxParts + 1][kMaxSeeds + 1];
  int64_t below[kMaxParts][kMaxSeeds + 1][kMaxSeeds + 1];
  int64_t offset[kMaxSeeds + 1];  // rank of the first spread of k seeds
};

EndgameDb::EndgameDb(const Rules& rules, int max_seeds)
    : rules_(rules),
      sides_(std::make_shared<const SidesRules>(rules)),
      max_seeds_(max_seeds),
      tables_(std::make_shared<const Tables>(2 * rules.pits())),
      entries_(tables_->Total(max_seeds)),
      values_(static_cast<uint8_t*>(HugeZeroed(entries_)),
              Release{static_cast<size_t>(entries_)}) {}

void EndgameDb::Release::operator()(uint8_t* p) const { HugeFree(p, bytes); }

int64_t EndgameDb::Entries(int pits, int max_seeds) {
  return Tables(2 * pits).Total(max_seeds);
}

absl::StatusOr<std::unique_ptr<EndgameDb>> EndgameDb::Create(const Rules& rules,
                                                             int max_seeds) {
  if (max_seeds < 0 || max_seeds > kMaxSeeds) {
    return absl::InvalidArgumentError(
        fmt::format("endgame database: max_seeds={} is out of range [0, {}]",
                    max_seeds, kMaxSeeds));
  }
  GAMEAI_RETURN_IF_ERROR(CheckMemory(
      fmt::format("the endgame database of up to {} seeds", max_seeds),
      Entries(rules.pits(), max_seeds)));
  std::unique_ptr<EndgameDb> db(new EndgameDb(rules, max_seeds));
  if (db->values_ == nullptr) {
    return absl::ResourceExhaustedError(
        fmt::format("endgame database: no memory for {} bytes", db->entries_));
  }
  return db;
}

int64_t EndgameDb::Index(const Position& s, int k) const {
  return Index(rules_.SideWord(s, s.to_move), rules_.SideWord(s, 1 - s.to_move),
               k);
}

int64_t EndgameDb::Index(uint64_t own, uint64_t other, int k) const {
  const int p = rules_.pits();
  const int parts = 2 * p;
  int64_t rank = tables_->offset[k];
  int r = k;
  for (int i = 0; i + 1 < parts; ++i) {
    // The mover's pits first, then the opponent's.
    const int count = static_cast<int>(
        (i < p ? own >> (8 * i) : other >> (8 * (i - p))) & 0xff);
    rank += tables_->below[parts - 1 - i][r][count];
    r -= count;
  }
  return rank;
}

int EndgameDb::Value(const Position& s) {
  return Value(s, rules_.SideSeeds(s, 0) + rules_.SideSeeds(s, 1));
}

int EndgameDb::Value(const Position& s, int k) {
  const Sides sides = SidesOf(rules_, s);
  return ValueAt(sides.own, sides.other, Index(sides.own, sides.other, k));
}

int EndgameDb::ValueAt(uint64_t own, uint64_t other, int64_t index) {
  const Sides s{own, other};
  // Entries are read and filled with relaxed atomics (the compilers'
  // builtins: std::atomic_ref is missing from some standard libraries we
  // build with): solver threads may fill one at the same time, and both
  // write the same value.
  if (const uint8_t known = Raw(index); known != 0) return known - kOffset;
  int best;
  if (s.own == 0 || s.other == 0) {
    // Never reached in play (the game ends and sweeps), filled so that a
    // complete database has every entry: the sweep's margin.
    best = WordSeeds(s.own) - WordSeeds(s.other);
  } else {
    // All children first, their entries fetched together: a large
    // database is read at random, one cache miss per child.
    const int k = PitSeeds(s);
    SidesMove children[kMaxPits];
    int64_t indices[kMaxPits];
    int n = 0;
    for (int pit = 0; pit < sides_->pits(); ++pit) {
      if (PitOf(s.own, pit) == 0) continue;
      SidesMove& child = children[n];
      sides_->Play(s, pit, child);
      indices[n] = child.over ? -1
                              : Index(child.next.own, child.next.other,
                                      SeedsAfter(k, child));
      if (indices[n] >= 0) Prefetch(indices[n]);
      ++n;
    }
    best = -kOffset;
    for (int i = 0; i < n; ++i) {
      int value = children[i].gain;
      if (indices[i] >= 0) {
        const int future =
            ValueAt(children[i].next.own, children[i].next.other, indices[i]);
        value += children[i].same_side ? future : -future;
      }
      best = std::max(best, value);
    }
  }
  uint8_t empty = 0;
  if (__atomic_compare_exchange_n(
          &values_[index], &empty, static_cast<uint8_t>(best + kOffset),
          /*weak=*/false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    filled_.fetch_add(1, std::memory_order_relaxed);
  }
  return best;
}

void EndgameDb::FillAll(int threads) {
  if (threads <= 0) threads = std::max(1, platform::HardwareThreads());
  const int p = rules_.pits();
  const int parts = 2 * p;
  // The all-empty spread (rank 0) is the finished game: nothing to gain.
  if (values_[0] == 0) {
    values_[0] = kOffset;
    filled_.fetch_add(1, std::memory_order_relaxed);
  }
  // Chunks of ranks: large enough that turning the first rank of each into
  // its spread costs nothing, small enough to share out evenly.
  constexpr int64_t kChunk = 1 << 14;
  for (int k = 1; k <= max_seeds_; ++k) {
    // The spreads of k seeds hold consecutive ranks. Threads take chunks
    // of them in turn; an entry another depends on (same seeds, as the
    // sown seeds moved on) is filled by whichever thread needs it first,
    // and two threads filling it write the same value.
    const int64_t first = tables_->offset[k];
    const int64_t end = tables_->Total(k);
    std::atomic<int64_t> next{first};
    platform::RunOnThreads(threads, [&](int) {
      uint8_t counts[Tables::kMaxParts];
      for (int64_t start; (start = next.fetch_add(kChunk)) < end;) {
        const int64_t stop = std::min(end, start + kChunk);
        tables_->SpreadOf(start - first, k, counts);
        for (int64_t rank = start;;) {
          Sides s{0, 0};
          for (int i = 0; i < parts; ++i) {
            uint64_t& side = i < p ? s.own : s.other;
            side |= uint64_t{counts[i]} << (8 * (i < p ? i : i - p));
          }
          ValueAt(s.own, s.other, rank);
          if (++rank == stop) break;
          Tables::NextSpread(counts, parts);
        }
      }
    });
  }
}

namespace {
constexpr char kDbKind[] = "kalah-endgame-db";
constexpr int kDbVersion = 2;

// BoardParams: the header words naming the board and capture rule.
std::string BoardParams(const Rules& rules) {
  return fmt::format("pits={} empty_capture={}", rules.pits(),
                     rules.options().empty_capture ? 1 : 0);
}
std::string DbParams(const Rules& rules, int max_seeds) {
  return fmt::format("{} seeds={} entries={}", BoardParams(rules), max_seeds,
                     EndgameDb::Entries(rules.pits(), max_seeds));
}

// FileSeedsOf: the size of the database in an open file, if it is one of
// these rules' board and capture rule.
absl::StatusOr<int> FileSeedsOf(const TableFileReader& in, const Rules& rules) {
  const TableHeader& h = in.header();
  absl::StatusOr<int64_t> seeds = in.Field("seeds");
  const std::string board = BoardParams(rules);
  if (h.kind != kDbKind || h.version != kDbVersion || !seeds.ok() ||
      *seeds < 0 || *seeds > EndgameDb::kMaxSeeds ||
      h.params != DbParams(rules, static_cast<int>(*seeds))) {
    return absl::InvalidArgumentError(
        fmt::format("'{}' holds {}, not a {} v{} of this board ({})", in.path(),
                    h.Describe(), kDbKind, kDbVersion, board));
  }
  return static_cast<int>(*seeds);
}
}  // namespace

absl::Status EndgameDb::Save(const std::string& path) const {
  return WriteTableFile(path,
                        {.kind = kDbKind,
                         .version = kDbVersion,
                         .params = DbParams(rules_, max_seeds_)},
                        values_.get(), entries_);
}

absl::StatusOr<int> EndgameDb::FileSeeds(const Rules& rules,
                                         const std::string& path) {
  GAMEAI_ASSIGN_OR_RETURN(TableFileReader in, TableFileReader::Open(path));
  return FileSeedsOf(in, rules);
}

absl::StatusOr<std::unique_ptr<EndgameDb>> EndgameDb::Load(
    const Rules& rules, int max_seeds, const std::string& path) {
  GAMEAI_ASSIGN_OR_RETURN(TableFileReader in, TableFileReader::Open(path));
  absl::StatusOr<int> seeds = FileSeedsOf(in, rules);
  if (!seeds.ok()) return seeds.status();
  if (max_seeds == -1) max_seeds = *seeds;
  if (*seeds != max_seeds) {
    return absl::InvalidArgumentError(
        fmt::format("'{}' holds the database of up to {} seeds, not {}", path,
                    *seeds, max_seeds));
  }
  absl::StatusOr<std::unique_ptr<EndgameDb>> db = Create(rules, max_seeds);
  if (!db.ok()) return db.status();
  GAMEAI_RETURN_IF_ERROR(in.ReadPayload((*db)->values_.get(), (*db)->entries_));
  // Every entry a margin in [-max_seeds, max_seeds] (0, unknown, is not).
  const uint8_t* values = (*db)->values_.get();
  const uint8_t low = static_cast<uint8_t>(kOffset - max_seeds);
  const int64_t bad = std::count_if(
      values, values + (*db)->entries_,
      [&](uint8_t v) { return static_cast<uint8_t>(v - low) > 2 * max_seeds; });
  if (bad != 0) {
    return absl::InvalidArgumentError(
        fmt::format("'{}' is damaged: {} entries hold no margin in [-{}, {}]",
                    path, bad, max_seeds, max_seeds));
  }
  (*db)->filled_.store((*db)->entries_, std::memory_order_relaxed);
  return db;
}

absl::StatusOr<std::unique_ptr<EndgameDb>> EndgameDb::LoadOrBuild(
    const Rules& rules, int max_seeds, const std::string& path, bool* loaded) {
  using DbPtr = std::unique_ptr<EndgameDb>;
  return LoadOrMake<DbPtr>(
      "endgame database", path, [&] { return Load(rules, max_seeds, path); },
      [&]() -> absl::StatusOr<DbPtr> {
        GAMEAI_ASSIGN_OR_RETURN(DbPtr db, Create(rules, max_seeds));
        db->FillAll();
        return db;
      },
      loaded);
}

absl::StatusOr<std::shared_ptr<const EndgameDb>> EndgameDb::Shared(
    const Rules& rules, int max_seeds, const std::string& path) {
  using Key = std::tuple<int, bool, int, std::string>;
  static std::mutex mutex;
  static auto* databases = new std::map<Key, std::shared_ptr<const EndgameDb>>;
  const Key key{rules.pits(), rules.options().empty_capture, max_seeds, path};
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = databases->find(key); it != databases->end()) return it->second;
  GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<EndgameDb> db,
                          LoadOrBuild(rules, max_seeds, path));
  std::shared_ptr<const EndgameDb> shared = std::move(db);
  (*databases)[key] = shared;
  return shared;
}

}  // namespace gameai::mancala
