#include "gameai/mancala/endgame_db.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <tuple>

#include "fmt/format.h"
#include "huge_pages.h"

namespace gameai::mancala {

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

  int parts;
  int64_t ways[kMaxParts + 1][kMaxSeeds + 1];
  int64_t below[kMaxParts][kMaxSeeds + 1][kMaxSeeds + 1];
  int64_t offset[kMaxSeeds + 1];  // rank of the first spread of k seeds
};

EndgameDb::EndgameDb(const Rules& rules, int max_seeds)
    : rules_(rules),
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
  std::unique_ptr<EndgameDb> db(new EndgameDb(rules, max_seeds));
  if (db->values_ == nullptr) {
    return absl::ResourceExhaustedError(
        fmt::format("endgame database: no memory for {} bytes", db->entries_));
  }
  return db;
}

int64_t EndgameDb::Index(const State& s, int k) const {
  const int p = rules_.pits();
  const int parts = 2 * p;
  int64_t rank = tables_->offset[k];
  int r = k;
  for (int i = 0; i + 1 < parts; ++i) {
    // The mover's pits first, then the opponent's.
    const int count = s.board[i < p ? rules_.PitIndex(s.to_move, i)
                                    : rules_.PitIndex(1 - s.to_move, i - p)];
    rank += tables_->below[parts - 1 - i][r][count];
    r -= count;
  }
  return rank;
}

int EndgameDb::Value(const State& s) {
  return Value(s, rules_.SideSeeds(s, 0) + rules_.SideSeeds(s, 1));
}

int EndgameDb::Value(const State& s, int k) { return ValueAt(s, Index(s, k)); }

int EndgameDb::ValueAt(const State& s, int64_t index) {
  uint8_t& slot = values_[index];
  if (slot != 0) return slot - kOffset;
  const Player me = s.to_move;
  int best;
  if (rules_.SideEmpty(s, me) || rules_.SideEmpty(s, 1 - me)) {
    // Never reached in play (the game ends and sweeps), filled so that a
    // complete database has every entry: the sweep's margin.
    best = rules_.SideSeeds(s, me) - rules_.SideSeeds(s, 1 - me);
  } else {
    // All children first, their entries fetched together: a large
    // database is read at random, one cache miss per child.
    MoveList moves;
    rules_.LegalMoves(s, moves);
    State children[kMaxPits];
    int gains[kMaxPits];
    int64_t indices[kMaxPits];
    for (int i = 0; i < moves.size(); ++i) {
      State& child = children[i];
      child = s;
      rules_.Apply(child, moves[i]);
      gains[i] = (rules_.Store(child, me) - rules_.Store(s, me)) -
                 (rules_.Store(child, 1 - me) - rules_.Store(s, 1 - me));
      indices[i] = -1;
      if (!rules_.IsOver(child)) {
        indices[i] = Index(
            child, rules_.SideSeeds(child, 0) + rules_.SideSeeds(child, 1));
        Prefetch(indices[i]);
      }
    }
    best = -kOffset;
    for (int i = 0; i < moves.size(); ++i) {
      int value = gains[i];
      if (indices[i] >= 0) {
        const int future = ValueAt(children[i], indices[i]);
        value += children[i].to_move == me ? future : -future;
      }
      best = std::max(best, value);
    }
  }
  slot = static_cast<uint8_t>(best + kOffset);
  ++filled_;
  return best;
}

void EndgameDb::FillAll() {
  const int p = rules_.pits();
  const int parts = 2 * p;
  State s = rules_.InitialState();
  s.to_move = 0;
  // The all-empty spread (rank 0) is the finished game: nothing to gain.
  if (values_[0] == 0) {
    values_[0] = kOffset;
    ++filled_;
  }
  uint8_t counts[Tables::kMaxParts] = {};
  for (int k = 1; k <= max_seeds_; ++k) {
    // Every spread of k seeds, the mover's (player 0's) pits first; the
    // last part takes what is left.
    auto place = [&](auto&& self, int part, int left) -> void {
      if (part + 1 == parts) {
        counts[part] = static_cast<uint8_t>(left);
        for (int i = 0; i < parts; ++i) {
          s.board[i < p ? rules_.PitIndex(0, i) : rules_.PitIndex(1, i - p)] =
              counts[i];
        }
        Value(s, k);
        return;
      }
      for (int c = 0; c <= left; ++c) {
        counts[part] = static_cast<uint8_t>(c);
        self(self, part + 1, left - c);
      }
    };
    place(place, 0, k);
  }
}

namespace {
std::string Header(const Rules& rules, int max_seeds, int64_t entries) {
  return fmt::format("gameai-kalah-db 1 pits={} empty_capture={} seeds={} n={}",
                     rules.pits(), rules.options().empty_capture ? 1 : 0,
                     max_seeds, entries);
}
}  // namespace

absl::Status EndgameDb::Save(const std::string& path) const {
  std::ofstream out(path, std::ios::binary);
  out << Header(rules_, max_seeds_, entries_) << '\n';
  out.write(reinterpret_cast<const char*>(values_.get()), entries_);
  out.close();
  if (!out) {
    return absl::UnavailableError(fmt::format("could not write '{}'", path));
  }
  return absl::OkStatus();
}

namespace {
// ReadHeaderSeeds: the size named by the header line of an open database
// file, if it is one of these rules' board and capture rule.
absl::StatusOr<int> ReadHeaderSeeds(std::istream& in, const Rules& rules,
                                    const std::string& path) {
  std::string header;
  std::getline(in, header);
  int seeds = -1;
  if (std::sscanf(header.c_str(),
                  "gameai-kalah-db 1 pits=%*d empty_capture=%*d seeds=%d",
                  &seeds) != 1 ||
      seeds < 0 || seeds > EndgameDb::kMaxSeeds ||
      header != Header(rules, seeds, EndgameDb::Entries(rules.pits(), seeds))) {
    return absl::InvalidArgumentError(fmt::format(
        "'{}' is not an endgame database of this board and capture rule "
        "(header '{}', expected '{}')",
        path, header.substr(0, 100), Header(rules, 0, 1)));
  }
  return seeds;
}
}  // namespace

absl::StatusOr<int> EndgameDb::FileSeeds(const Rules& rules,
                                         const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(fmt::format("cannot read '{}'", path));
  return ReadHeaderSeeds(in, rules, path);
}

absl::StatusOr<std::unique_ptr<EndgameDb>> EndgameDb::Load(
    const Rules& rules, int max_seeds, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(fmt::format("cannot read '{}'", path));
  absl::StatusOr<int> seeds = ReadHeaderSeeds(in, rules, path);
  if (!seeds.ok()) return seeds.status();
  if (max_seeds == -1) max_seeds = *seeds;
  if (*seeds != max_seeds) {
    return absl::InvalidArgumentError(
        fmt::format("'{}' holds the database of up to {} seeds, not {}", path,
                    *seeds, max_seeds));
  }
  absl::StatusOr<std::unique_ptr<EndgameDb>> db = Create(rules, max_seeds);
  if (!db.ok()) return db.status();
  in.read(reinterpret_cast<char*>((*db)->values_.get()), (*db)->entries_);
  if (in.gcount() != (*db)->entries_) {
    return absl::InvalidArgumentError(fmt::format("'{}' is truncated", path));
  }
  const uint8_t* values = (*db)->values_.get();
  const int64_t unknown = std::count(values, values + (*db)->entries_, 0);
  if (unknown != 0 || in.peek() != std::ifstream::traits_type::eof()) {
    return absl::InvalidArgumentError(fmt::format(
        "'{}' is damaged ({} entries without a value, or bytes after the last)",
        path, unknown));
  }
  (*db)->filled_ = (*db)->entries_;
  return db;
}

absl::StatusOr<std::unique_ptr<EndgameDb>> EndgameDb::LoadOrBuild(
    const Rules& rules, int max_seeds, const std::string& path, bool* loaded) {
  if (loaded != nullptr) *loaded = false;
  if (!path.empty()) {
    absl::StatusOr<std::unique_ptr<EndgameDb>> db =
        Load(rules, max_seeds, path);
    if (db.ok()) {
      if (loaded != nullptr) *loaded = true;
      return db;
    }
    // Another database, or a damaged one: never overwritten.
    if (!absl::IsNotFound(db.status())) {
      return absl::InvalidArgumentError(
          fmt::format("{} (remove it or name another file)",
                      std::string(db.status().message())));
    }
    // Minutes of building are not spent on a file that cannot be written.
    const std::filesystem::path dir =
        std::filesystem::absolute(path).parent_path();
    if (access(dir.c_str(), W_OK) != 0) {
      return absl::InvalidArgumentError(fmt::format(
          "cannot write the endgame database '{}': its directory '{}' is "
          "missing or not writable",
          path, dir.string()));
    }
  }
  absl::StatusOr<std::unique_ptr<EndgameDb>> db = Create(rules, max_seeds);
  if (!db.ok()) return db.status();
  (*db)->FillAll();
  if (!path.empty()) (void)(*db)->Save(path);  // best effort
  return db;
}

absl::StatusOr<std::shared_ptr<const EndgameDb>> EndgameDb::Shared(
    const Rules& rules, int max_seeds, const std::string& path) {
  using Key = std::tuple<int, bool, int>;
  static std::mutex mutex;
  static auto* databases = new std::map<Key, std::shared_ptr<const EndgameDb>>;
  const Key key{rules.pits(), rules.options().empty_capture, max_seeds};
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = databases->find(key); it != databases->end()) return it->second;
  absl::StatusOr<std::unique_ptr<EndgameDb>> db =
      LoadOrBuild(rules, max_seeds, path);
  if (!db.ok()) return db.status();
  std::shared_ptr<const EndgameDb> shared = *std::move(db);
  (*databases)[key] = shared;
  return shared;
}

}  // namespace gameai::mancala
