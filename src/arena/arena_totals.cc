#include "arena_totals.h"

#include <cstring>
#include <type_traits>

#include "fmt/format.h"
#include "gameai/base/random.h"

namespace gameai::arena_internal {
namespace {

// The byte form's first word: tells a part from other bytes and from a
// part of an older layout.
constexpr uint64_t kPartMagic = 0x67616d6561690001;

static_assert(std::is_trivially_copyable_v<ExactSum>,
              "ExactSum travels as its raw bytes");

// An ExactSum as 64-bit words: most are zero (a match's sums use a few
// digits around the units), so a bit mask says which words are not and only
// those travel, which makes a series' part several times smaller.
constexpr size_t kSumWords = (sizeof(ExactSum) + 7) / 8;
constexpr size_t kSumMaskBytes = (kSumWords + 7) / 8;

class Writer {
 public:
  template <class T>
  void Put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&value), sizeof(T));
  }
  void Put(const ExactSum& sum) {
    uint64_t words[kSumWords] = {};
    std::memcpy(words, &sum, sizeof(ExactSum));
    uint8_t mask[kSumMaskBytes] = {};
    for (size_t i = 0; i < kSumWords; ++i) {
      if (words[i] != 0) mask[i / 8] |= 1 << (i % 8);
    }
    out_.append(reinterpret_cast<const char*>(mask), kSumMaskBytes);
    for (size_t i = 0; i < kSumWords; ++i) {
      if (words[i] != 0) Put(words[i]);
    }
  }
  void PutString(std::string_view s) {
    Put<uint64_t>(s.size());
    out_.append(s);
  }
  template <class T, class PutOne>
  void PutVector(const std::vector<T>& items, PutOne put_one) {
    Put<uint64_t>(items.size());
    for (const T& item : items) put_one(item);
  }
  std::string Take() { return std::move(out_); }

 private:
  std::string out_;
};

// Reader: every Get fails (and stays failed) past the end, so a truncated
// part cannot be read as a shorter one.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  bool Get(T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (!ok_ || bytes_.size() < sizeof(T)) return ok_ = false;
    std::memcpy(&value, bytes_.data(), sizeof(T));
    bytes_.remove_prefix(sizeof(T));
    return true;
  }
  bool Get(ExactSum& sum) {
    uint8_t mask[kSumMaskBytes] = {};
    uint64_t words[kSumWords] = {};
    for (uint8_t& byte : mask) Get(byte);
    for (size_t i = 0; i < kSumWords; ++i) {
      if (mask[i / 8] & (1 << (i % 8))) Get(words[i]);
    }
    if (ok_) std::memcpy(&sum, words, sizeof(ExactSum));
    return ok_;
  }
  bool GetString(std::string& s) {
    uint64_t size = 0;
    if (!Get(size) || size > bytes_.size()) return ok_ = false;
    s.assign(bytes_.substr(0, size));
    bytes_.remove_prefix(size);
    return true;
  }
  // GetCount: a vector's length, refused when it could not fit in what is
  // left (each entry takes at least min_bytes), so bad bytes cannot make
  // the reader allocate without bound.
  bool GetCount(uint64_t& count, size_t min_bytes) {
    if (!Get(count) || count > bytes_.size() / min_bytes) return ok_ = false;
    return true;
  }
  bool ok() const { return ok_; }
  bool at_end() const { return bytes_.empty(); }

 private:
  std::string_view bytes_;
  bool ok_ = true;
};

void PutSeries(Writer& w, const SeriesTotals& s) {
  w.PutVector(s.specs, [&w](const SpecTotals& t) {
    w.Put(t.games);
    w.Put(t.wins);
    w.Put(t.draws);
    w.Put(t.losses);
    w.Put(t.illegal_actions);
    w.Put(t.scores);
    w.Put(t.score_squares);
    w.Put(t.returns);
    w.Put(t.first_places);
    w.PutVector(t.tallies, [&w](const ExactSum& x) { w.Put(x); });
    w.Put(t.moves);
    w.Put(t.move_seconds);
    w.Put(t.max_move_seconds);
  });
  w.PutVector(s.paired, [&w](const PairedTotals& p) {
    w.Put(p.pairs);
    w.Put(p.sum);
    w.Put(p.squares);
  });
  w.Put<uint64_t>(s.open_groups.size());
  for (const auto& [index, group] : s.open_groups) {
    w.Put(index);
    w.PutVector(group, [&w](const std::pair<int, double>& x) {
      w.Put(x.first);
      w.Put(x.second);
    });
  }
  w.PutVector(s.repeats.first, [&w](const std::optional<uint64_t>& h) {
    w.Put<uint8_t>(h.has_value());
    w.Put(h.value_or(0));
  });
  w.PutVector(s.repeats.count,
              [&w](const absl::flat_hash_map<uint64_t, int64_t>& count) {
                w.Put<uint64_t>(count.size());
                for (const auto& [hash, n] : count) {
                  w.Put(hash);
                  w.Put(n);
                }
              });
  w.PutVector(s.game_log, [&w](const GameLogEntry& e) {
    w.PutVector(e.agent_of_seat, [&w](int a) { w.Put(a); });
    w.PutVector(e.scores, [&w](double x) { w.Put(x); });
    w.PutVector(e.returns, [&w](double x) { w.Put(x); });
  });
  w.PutVector(s.illegal, [&w](const IllegalAction& x) {
    w.PutString(x.agent);
    w.Put(x.game_index);
    w.Put(x.seat);
    w.PutString(x.state);
    w.PutString(x.action);
    w.PutString(x.reason);
  });
}

bool GetSeries(Reader& r, SeriesTotals& s) {
  uint64_t n = 0;
  if (!r.GetCount(n, 5 * sizeof(int64_t))) return false;
  s.specs.resize(n);
  for (SpecTotals& t : s.specs) {
    uint64_t tallies = 0;
    if (!r.Get(t.games) || !r.Get(t.wins) || !r.Get(t.draws) ||
        !r.Get(t.losses) || !r.Get(t.illegal_actions) || !r.Get(t.scores) ||
        !r.Get(t.score_squares) || !r.Get(t.returns) ||
        !r.Get(t.first_places) || !r.GetCount(tallies, 2)) {
      return false;
    }
    t.tallies.resize(tallies);
    for (ExactSum& x : t.tallies) r.Get(x);
    if (!r.Get(t.moves) || !r.Get(t.move_seconds) ||
        !r.Get(t.max_move_seconds)) {
      return false;
    }
  }
  if (!r.GetCount(n, sizeof(int64_t))) return false;
  s.paired.resize(n);
  for (PairedTotals& p : s.paired) {
    r.Get(p.pairs);
    r.Get(p.sum);
    r.Get(p.squares);
  }
  if (!r.GetCount(n, 2 * sizeof(int64_t))) return false;
  for (uint64_t i = 0; i < n; ++i) {
    int64_t index = 0;
    uint64_t size = 0;
    if (!r.Get(index) || !r.GetCount(size, sizeof(int) + sizeof(double))) {
      return false;
    }
    GroupScores& group = s.open_groups[index];
    group.resize(size);
    for (auto& [spec, score] : group) {
      r.Get(spec);
      r.Get(score);
    }
  }
  if (!r.GetCount(n, 1 + sizeof(uint64_t))) return false;
  s.repeats.first.resize(n);
  for (std::optional<uint64_t>& h : s.repeats.first) {
    uint8_t present = 0;
    uint64_t hash = 0;
    if (!r.Get(present) || !r.Get(hash)) return false;
    if (present) h = hash;
  }
  if (!r.GetCount(n, sizeof(uint64_t))) return false;
  s.repeats.count.resize(n);
  for (auto& count : s.repeats.count) {
    uint64_t size = 0;
    if (!r.GetCount(size, 2 * sizeof(uint64_t))) return false;
    for (uint64_t i = 0; i < size; ++i) {
      uint64_t hash = 0;
      int64_t games = 0;
      if (!r.Get(hash) || !r.Get(games)) return false;
      count.emplace(hash, games);
    }
  }
  if (!r.GetCount(n, 3 * sizeof(uint64_t))) return false;
  s.game_log.resize(n);
  for (GameLogEntry& e : s.game_log) {
    uint64_t size = 0;
    if (!r.GetCount(size, sizeof(int))) return false;
    e.agent_of_seat.resize(size);
    for (int& a : e.agent_of_seat) r.Get(a);
    if (!r.GetCount(size, sizeof(double))) return false;
    e.scores.resize(size);
    for (double& x : e.scores) r.Get(x);
    if (!r.GetCount(size, sizeof(double))) return false;
    e.returns.resize(size);
    for (double& x : e.returns) r.Get(x);
  }
  if (!r.GetCount(n, 4 * sizeof(uint64_t))) return false;
  s.illegal.resize(n);
  for (IllegalAction& x : s.illegal) {
    if (!r.GetString(x.agent) || !r.Get(x.game_index) || !r.Get(x.seat) ||
        !r.GetString(x.state) || !r.GetString(x.action) ||
        !r.GetString(x.reason)) {
      return false;
    }
  }
  return r.ok();
}

}  // namespace

void AddGroupDifferences(const GroupScores& group,
                         std::vector<PairedTotals>& paired) {
  std::vector<double> sum(paired.size(), 0.0);
  std::vector<int> count(paired.size(), 0);
  for (const auto& [spec, score] : group) {
    sum[spec] += score;
    ++count[spec];
  }
  if (count[0] == 0) return;
  for (size_t i = 1; i < paired.size(); ++i) {
    if (count[i] == 0) continue;
    const double d = sum[i] / count[i] - sum[0] / count[0];
    ++paired[i].pairs;
    paired[i].sum.Add(d);
    paired[i].squares.Add(d * d);
  }
}

uint64_t OptionsFingerprint(const MatchOptions& options, int64_t series) {
  uint64_t h = DeriveSeed(options.seed, static_cast<uint64_t>(series));
  auto mix_text = [&h](std::string_view text) {
    for (unsigned char c : text) h = DeriveSeed(h, c);
    h = DeriveSeed(h, text.size());
  };
  mix_text(options.game);
  for (const std::string& agent : options.agents) mix_text(agent);
  h = DeriveSeed(h, static_cast<uint64_t>(options.games));
  h = DeriveSeed(h, static_cast<uint64_t>(options.random_opening));
  h = DeriveSeed(h, options.paired_seeds ? 1 : 0);
  h = DeriveSeed(h, options.time_moves ? 1 : 0);
  return DeriveSeed(h, options.log_games ? 1 : 0);
}

std::string SerializePart(const SeriesPart& part) {
  Writer w;
  w.Put(kPartMagic);
  w.Put(part.fingerprint);
  w.Put(part.first_series);
  w.PutVector(part.series, [&w](const SeriesTotals& s) { PutSeries(w, s); });
  return w.Take();
}

absl::StatusOr<SeriesPart> ParsePart(std::string_view bytes) {
  Reader r(bytes);
  uint64_t magic = 0;
  SeriesPart part;
  uint64_t count = 0;
  bool ok = r.Get(magic) && magic == kPartMagic && r.Get(part.fingerprint) &&
            r.Get(part.first_series) && r.GetCount(count, 8);
  if (ok) {
    part.series.resize(count);
    for (SeriesTotals& s : part.series) {
      if (!(ok = GetSeries(r, s))) break;
    }
  }
  if (!ok || !r.at_end()) {
    return absl::InvalidArgumentError(fmt::format(
        "a match part of {} bytes is truncated or not a gameai match part "
        "(every process must run the same gameai build)",
        bytes.size()));
  }
  return part;
}

}  // namespace gameai::arena_internal
