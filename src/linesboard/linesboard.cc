#include "gameai/linesboard/linesboard.h"

#include <algorithm>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"

namespace gameai::linesboard {
namespace {

char ColorLetter(int color) { return static_cast<char>('A' + color); }

std::string CellName(int bit) {
  return fmt::format("{}{}", static_cast<char>('a' + bit % kLaneWidth),
                     bit / kLaneWidth + 1);
}

// KthBit: the index of the k-th (from 0) lowest set bit. REQUIRES
// k < PopCount(x).
int KthBit(Bits x, int k) {
  for (; k > 0; --k) x &= x - 1;
  return LowestBit(x);
}

}  // namespace

// ParseCell: "b3" -> the cell's bit, or -1.
static int ParseCellName(const Options& o, std::string_view text) {
  if (text.size() < 2 || text[0] < 'a' || text[0] >= 'a' + o.cols) return -1;
  const std::optional<int64_t> row = ParseInt(text.substr(1));
  if (!row || *row < 1 || *row > o.rows) return -1;
  return BitIndex(static_cast<int>(*row) - 1, text[0] - 'a');
}

Rules::Rules(const Options& options)
    : options_(options),
      geometry_(options.rows, options.cols),
      cells_(options.rows * options.cols) {
  setup_action_ = static_cast<Move>(cells_ * cells_);
  spawn_action_ = static_cast<Move>(setup_action_ + cells_ * kMaxColors);
  preview_action_ = static_cast<Move>(spawn_action_ + cells_);
  cell_of_bit_.fill(-1);
  for (int r = 0; r < options.rows; ++r) {
    for (int c = 0; c < options.cols; ++c) {
      const int bit = BitIndex(r, c);
      cell_of_bit_[bit] = static_cast<int16_t>(r * options.cols + c);
      bit_of_cell_[r * options.cols + c] = static_cast<uint8_t>(bit);
      neighbours_[bit] = geometry_.Dilate(Bit(bit)) & ~Bit(bit);
    }
  }
}

absl::StatusOr<Rules> Rules::Create(const Options& o) {
  auto out_of_range = [](std::string_view name, int value, int low, int high) {
    return absl::InvalidArgumentError(
        fmt::format("linesboard: {}={} is out of range; accepted: {}..{}", name,
                    value, low, high));
  };
  if (o.rows < 3 || o.rows > kMaxRows)
    return out_of_range("rows", o.rows, 3, kMaxRows);
  if (o.cols < 3 || o.cols > kMaxCols)
    return out_of_range("cols", o.cols, 3, kMaxCols);
  if (o.colors < 2 || o.colors > kMaxColors)
    return out_of_range("colors", o.colors, 2, kMaxColors);
  const int cells = o.rows * o.cols;
  if (o.initial_balls < 0 || o.initial_balls >= cells)
    return out_of_range("initial_balls", o.initial_balls, 0, cells - 1);
  if (o.spawn < 0 || o.spawn > kMaxSpawn)
    return out_of_range("spawn", o.spawn, 0, kMaxSpawn);
  const int longest = std::max(o.rows, o.cols);
  if (o.min_line < 2 || o.min_line > longest)
    return out_of_range("min_line", o.min_line, 2, longest);
  if (o.max_turns < 1 || o.max_turns > 100000)
    return out_of_range("max_turns", o.max_turns, 1, 100000);
  return Rules(o);
}

GameType Rules::Type() const {
  return {.dynamics = GameType::Dynamics::kSequential,
          .chance = GameType::Chance::kStochastic,
          .information = GameType::Information::kPerfect,
          .zero_sum = true,
          .utility = GameType::Utility::kZeroSum};
}

int Rules::MaxGameLength() const {
  // Every scoring move removes at least min_line balls and no ball arrives
  // during a turn, so a turn has at most cells / min_line + 1 moves.
  const int per_turn = cells_ / options_.min_line + 1 + 2 * options_.spawn;
  return options_.initial_balls + options_.spawn +
         options_.max_turns * per_turn;
}

int64_t Rules::MaxScore() const {
  return int64_t{kNumLineDirections} *
         (cells_ + int64_t{options_.spawn} * options_.max_turns);
}

Position Rules::InitialPosition() const {
  Position s{};
  s.setup_left = static_cast<uint8_t>(options_.initial_balls);
  s.draws_left = static_cast<uint8_t>(options_.spawn);
  if (s.setup_left == 0) RemoveLinesWithoutScore(s);
  if (CurrentPlayer(s) != kChancePlayer) CheckGameOver(s);
  return s;
}

Player Rules::CurrentPlayer(const Position& s) const {
  if (s.over) return kTerminalPlayer;
  if (s.setup_left > 0 || s.spawn_left > 0 || s.draws_left > 0) {
    return kChancePlayer;
  }
  return s.player;
}

int Rules::ColorAt(const Position& s, int bit) {
  for (int c = 0; c < kMaxColors; ++c) {
    if ((s.balls[c] >> bit) & 1) return c;
  }
  return -1;
}

LineMatches Rules::Matches(const Position& s) const {
  LineMatches result;
  const int length = options_.min_line;
  for (int c = 0; c < options_.colors; ++c) {
    const Bits color = s.balls[c];
    if (PopCount(color) < length) continue;
    for (int d = 0; d < kNumLineDirections; ++d) {
      // ends: cells whose length - 1 predecessors along d share the color.
      Bits ends = color;
      for (int i = 1; i < length && ends != 0; ++i) {
        ends = geometry_.Forward(ends, d) & color;
      }
      if (ends == 0) continue;
      Bits line = ends;
      for (int i = 1; i < length; ++i) {
        ends = geometry_.Backward(ends, d);
        line |= ends;
      }
      // Maximal runs along one direction are disjoint: their lengths sum
      // to the cells they cover.
      result.score += PopCount(line);
      result.cells |= line;
    }
  }
  result.removed = PopCount(result.cells);
  return result;
}

LineMatches Rules::MoveMatches(const Position& s, int source_bit,
                               int target_bit) const {
  const int color = ColorAt(s, source_bit);
  const Bits mine = (s.balls[color] & ~Bit(source_bit)) | Bit(target_bit);
  LineMatches result;
  for (int d = 0; d < kNumLineDirections; ++d) {
    Bits run = Bit(target_bit);
    int length = 1;
    for (Bits x = geometry_.Forward(Bit(target_bit), d) & mine; x != 0;
         x = geometry_.Forward(x, d) & mine) {
      run |= x;
      ++length;
    }
    for (Bits x = geometry_.Backward(Bit(target_bit), d) & mine; x != 0;
         x = geometry_.Backward(x, d) & mine) {
      run |= x;
      ++length;
    }
    if (length >= options_.min_line) {
      result.score += length;
      result.cells |= run;
    }
  }
  result.removed = PopCount(result.cells);
  return result;
}

Bits Rules::Reachable(const Position& s, int source_bit) const {
  const Bits empty = Empty(s);
  return geometry_.Flood(neighbours_[source_bit] & empty, empty);
}

void Rules::LegalMoves(const Position& s, MoveList& moves) const {
  moves.count = 0;
  if (CurrentPlayer(s) < 0) return;
  ForEachSource(s, [&](int source, Bits targets) {
    const int base = cell_of_bit_[source] * cells_;
    ForEachBit(targets, [&](int target) {
      moves.push_back(static_cast<Move>(base + cell_of_bit_[target]));
    });
  });
}

bool Rules::IsLegal(const Position& s, Move m) const {
  const Player player = CurrentPlayer(s);
  if (player == kTerminalPlayer) return false;
  const Bits empty = Empty(s);
  if (player == kChancePlayer) {
    if (s.setup_left > 0) {
      if (m < setup_action_ || m >= spawn_action_) return false;
      const int index = m - setup_action_;
      return index % kMaxColors < options_.colors &&
             ((empty >> bit_of_cell_[index / kMaxColors]) & 1);
    }
    if (s.spawn_left > 0) {
      return m >= spawn_action_ && m < preview_action_ &&
             ((empty >> bit_of_cell_[m - spawn_action_]) & 1);
    }
    return m >= preview_action_ && m < preview_action_ + options_.colors;
  }
  if (m >= setup_action_) return false;
  const int source = SourceBit(m), target = TargetBit(m);
  return !((empty >> source) & 1) && ((Reachable(s, source) >> target) & 1);
}

void Rules::RemoveLinesWithoutScore(Position& s) const {
  const LineMatches matches = Matches(s);
  if (matches.cells == 0) return;
  for (Bits& b : s.balls) b &= ~matches.cells;
}

void Rules::CheckGameOver(Position& s) const {
  const Bits empty = Empty(s);
  const bool can_move = (geometry_.Dilate(empty) & Occupied(s)) != 0;
  if (s.turns >= static_cast<uint32_t>(options_.max_turns) || empty == 0 ||
      !can_move)
    s.over = 1;
}

void Rules::Apply(Position& s, Move m) const {
  if (m < setup_action_) {
    const int source = SourceBit(m), target = TargetBit(m);
    const int color = ColorAt(s, source);
    s.balls[color] = (s.balls[color] & ~Bit(source)) | Bit(target);
    const LineMatches matches = Matches(s);
    if (matches.score > 0) {
      for (Bits& b : s.balls) b &= ~matches.cells;
      s.score[s.player] += static_cast<uint32_t>(matches.score);
      CheckGameOver(s);  // the same player moves again, if they can
      return;
    }
    ++s.turns;
    s.player ^= 1;
    if (s.turns >= static_cast<uint32_t>(options_.max_turns)) {
      s.over = 1;
      return;
    }
    s.spawn_left = s.preview_size;
    if (s.spawn_left == 0) s.draws_left = static_cast<uint8_t>(options_.spawn);
  } else if (m < spawn_action_) {
    const int index = m - setup_action_;
    s.balls[index % kMaxColors] |= Bit(bit_of_cell_[index / kMaxColors]);
    if (--s.setup_left == 0) RemoveLinesWithoutScore(s);
  } else if (m < preview_action_) {
    s.balls[s.preview[0]] |= Bit(bit_of_cell_[m - spawn_action_]);
    // Entries past preview_size stay zero (Validate checks it).
    std::copy(s.preview.begin() + 1, s.preview.end(), s.preview.begin());
    s.preview.back() = 0;
    --s.preview_size;
    --s.spawn_left;
    if (s.spawn_left > 0 && Empty(s) == 0) s.spawn_left = 0;  // board full
    if (s.spawn_left == 0) {
      s.preview_size = 0;  // what could not land is dropped
      s.preview.fill(0);
      RemoveLinesWithoutScore(s);
      if (Empty(s) == 0) {
        s.over = 1;  // full board: no preview is drawn
        return;
      }
      s.draws_left = static_cast<uint8_t>(options_.spawn);
    }
  } else {
    s.preview[s.preview_size++] = static_cast<uint8_t>(m - preview_action_);
    --s.draws_left;
  }
  if (CurrentPlayer(s) != kChancePlayer) CheckGameOver(s);
}

template <class List>
void Rules::ListChanceOutcomes(const Position& s, List& outcomes) const {
  outcomes.clear();
  const Bits empty = Empty(s);
  const int num_empty = PopCount(empty);
  // Sized once: a new vector grown by push_back alone would move its
  // outcomes through every doubling (a setup lists hundreds).
  if (s.setup_left > 0) {
    outcomes.reserve(num_empty * options_.colors);
    const double p = 1.0 / (num_empty * options_.colors);
    ForEachBit(empty, [&](int bit) {
      for (int c = 0; c < options_.colors; ++c) {
        outcomes.push_back({SetupAction(bit, c), p});
      }
    });
  } else if (s.spawn_left > 0) {
    outcomes.reserve(num_empty);
    const double p = 1.0 / num_empty;
    ForEachBit(empty, [&](int bit) {
      outcomes.push_back({SpawnAction(bit), p});
    });
  } else if (s.draws_left > 0) {
    outcomes.reserve(options_.colors);
    for (int c = 0; c < options_.colors; ++c) {
      outcomes.push_back({PreviewAction(c), 1.0 / options_.colors});
    }
  }
}

void Rules::ChanceOutcomes(const Position& s, ChanceList& outcomes) const {
  ListChanceOutcomes(s, outcomes);
}

void Rules::ChanceOutcomes(const Position& s,
                           std::vector<ChanceOutcome>& outcomes) const {
  ListChanceOutcomes(s, outcomes);
}

Move Rules::SampleChance(const Position& s, Rng& rng) const {
  if (s.setup_left > 0 || s.spawn_left > 0) {
    const Bits empty = Empty(s);
    const int bit = KthBit(empty, static_cast<int>(rng.Below(PopCount(empty))));
    if (s.spawn_left > 0) return SpawnAction(bit);
    return SetupAction(bit, static_cast<int>(rng.Below(options_.colors)));
  }
  return PreviewAction(static_cast<int>(rng.Below(options_.colors)));
}

std::optional<Move> Rules::SampleMove(const Position& s, Rng& rng) const {
  std::array<std::pair<int, Bits>, kMaxCells> sources;
  int num_sources = 0, total = 0;
  ForEachSource(s, [&](int source, Bits targets) {
    sources[num_sources++] = {source, targets};
    total += PopCount(targets);
  });
  if (total == 0) return std::nullopt;
  int k = static_cast<int>(rng.Below(total));
  for (int i = 0;; ++i) {
    const int n = PopCount(sources[i].second);
    if (k < n) return MakeMove(sources[i].first, KthBit(sources[i].second, k));
    k -= n;
  }
}

double Rules::Return(const Position& s, Player p) const {
  if (!s.over) return 0;
  const int mine = s.score[p], theirs = s.score[1 - p];
  return mine > theirs ? 1.0 : mine < theirs ? -1.0 : 0.0;
}

std::string Rules::ToString(const Position& s) const {
  std::string out = "   ";
  for (int c = 0; c < options_.cols; ++c) {
    out += fmt::format(" {}", static_cast<char>('a' + c));
  }
  out += '\n';
  for (int r = 0; r < options_.rows; ++r) {
    out += fmt::format("{:>2} ", r + 1);
    for (int c = 0; c < options_.cols; ++c) {
      const int color = ColorAt(s, BitIndex(r, c));
      out += ' ';
      out += color < 0 ? '.' : ColorLetter(color);
    }
    out += '\n';
  }
  std::string preview;
  for (int i = 0; i < s.preview_size; ++i) preview += ColorLetter(s.preview[i]);
  out += fmt::format("score {}:{}  turns {}/{}  preview {}  ", s.score[0],
                     s.score[1], s.turns, options_.max_turns,
                     preview.empty() ? "-" : preview);
  out += s.over ? "game over" : fmt::format("player {}", s.player);
  return out;
}

std::string Rules::Serialize(const Position& s) const {
  std::string cells;
  for (int r = 0; r < options_.rows; ++r) {
    if (r > 0) cells += '/';
    for (int c = 0; c < options_.cols; ++c) {
      const int color = ColorAt(s, BitIndex(r, c));
      cells += color < 0 ? '.' : ColorLetter(color);
    }
  }
  std::string preview;
  for (int i = 0; i < s.preview_size; ++i) preview += ColorLetter(s.preview[i]);
  return fmt::format(
      "cells={} preview={} score={},{} turns={} player={} setup={} spawn={} "
      "draws={} over={}",
      cells, preview.empty() ? "-" : preview, s.score[0], s.score[1], s.turns,
      s.player, s.setup_left, s.spawn_left, s.draws_left, s.over);
}

absl::StatusOr<Position> Rules::Deserialize(std::string_view text) const {
  auto error = [](std::string_view what) {
    return absl::InvalidArgumentError(fmt::format(
        "linesboard: {}; expected \"cells=<rows of . or A..H joined by /> "
        "preview=<letters or -> score=A,B turns=T player=0|1 setup=N "
        "spawn=N draws=N over=0|1\"",
        what));
  };
  Position s{};
  // The nine keys, each exactly once.
  constexpr std::string_view kKeys[] = {"cells", "preview", "score",
                                        "turns", "player",  "setup",
                                        "spawn", "draws",   "over"};
  uint32_t seen = 0;
  auto number = [&](std::string_view value, int64_t low, int64_t high,
                    auto& out) -> bool {
    const std::optional<int64_t> v = ParseInt(value);
    if (!v || *v < low || *v > high) return false;
    out = static_cast<std::remove_reference_t<decltype(out)>>(*v);
    return true;
  };
  for (std::string_view word : SplitWords(text)) {
    const size_t eq = word.find('=');
    if (eq == std::string_view::npos)
      return error(fmt::format("'{}' is not key=value", word));
    const std::string_view key = word.substr(0, eq),
                           value = word.substr(eq + 1);
    for (int k = 0; k < 9; ++k) {
      if (key != kKeys[k]) continue;
      if ((seen >> k) & 1) return error(fmt::format("'{}' is repeated", key));
      seen |= 1u << k;
    }
    if (key == "cells") {
      const std::vector<std::string_view> rows = Split(value, '/');
      if (static_cast<int>(rows.size()) != options_.rows)
        return error(fmt::format("cells has {} rows, the board {}", rows.size(),
                                 options_.rows));
      for (int r = 0; r < options_.rows; ++r) {
        if (static_cast<int>(rows[r].size()) != options_.cols)
          return error(fmt::format("row {} has {} cells, the board {}", r + 1,
                                   rows[r].size(), options_.cols));
        for (int c = 0; c < options_.cols; ++c) {
          const char ch = rows[r][c];
          if (ch == '.') continue;
          const int color = ch - 'A';
          if (color < 0 || color >= options_.colors)
            return error(fmt::format("cell '{}' is not . or A..{}", ch,
                                     ColorLetter(options_.colors - 1)));
          s.balls[color] |= Bit(BitIndex(r, c));
        }
      }
    } else if (key == "preview") {
      if (value == "-") continue;
      if (static_cast<int>(value.size()) > options_.spawn)
        return error("preview is longer than spawn");
      for (char ch : value) {
        const int color = ch - 'A';
        if (color < 0 || color >= options_.colors)
          return error(fmt::format("preview color '{}' is not a color", ch));
        s.preview[s.preview_size++] = static_cast<uint8_t>(color);
      }
    } else if (key == "score") {
      const std::vector<std::string_view> parts = Split(value, ',');
      if (parts.size() != 2 || !number(parts[0], 0, MaxScore(), s.score[0]) ||
          !number(parts[1], 0, MaxScore(), s.score[1]))
        return error(fmt::format("score is not two numbers 0..{}", MaxScore()));
    } else if (key == "turns") {
      if (!number(value, 0, options_.max_turns, s.turns))
        return error("turns is out of range");
    } else if (key == "player") {
      if (!number(value, 0, 1, s.player)) return error("player is not 0 or 1");
    } else if (key == "setup") {
      if (!number(value, 0, options_.initial_balls, s.setup_left))
        return error("setup is out of range");
    } else if (key == "spawn") {
      if (!number(value, 0, kMaxSpawn, s.spawn_left))
        return error("spawn is out of range");
    } else if (key == "draws") {
      if (!number(value, 0, options_.spawn, s.draws_left))
        return error("draws is out of range");
    } else if (key == "over") {
      if (!number(value, 0, 1, s.over)) return error("over is not 0 or 1");
    } else {
      return error(fmt::format("unknown key '{}'", key));
    }
  }
  if (seen != (1u << 9) - 1) return error("a field is missing");
  GAMEAI_RETURN_IF_ERROR(Validate(s));
  return s;
}

absl::Status Rules::Validate(const Position& s) const {
  auto error = [](std::string_view what) {
    return absl::InvalidArgumentError(
        fmt::format("linesboard: invalid state: {}", what));
  };
  Bits all = 0;
  for (int c = 0; c < kMaxColors; ++c) {
    if (s.balls[c] & all) return error("a cell holds two balls");
    if (s.balls[c] != 0 && c >= options_.colors)
      return error(
          fmt::format("a ball has color {} of {}", c, options_.colors));
    all |= s.balls[c];
  }
  if (all & ~geometry_.cells()) return error("a ball lies off the board");
  if (s.preview_size > options_.spawn)
    return error("the preview is longer than spawn");
  for (int i = 0; i < kMaxSpawn; ++i) {
    if (i < s.preview_size ? s.preview[i] >= options_.colors
                           : s.preview[i] != 0)
      return error("a preview color is out of range");
  }
  if (s.player > 1 || s.over > 1) return error("player or over is not 0 or 1");
  if (s.turns > static_cast<uint32_t>(options_.max_turns))
    return error("turns exceeds max_turns");
  if (s.score[0] > MaxScore() || s.score[1] > MaxScore())
    return error("a score exceeds what the balls can make");
  if (s.setup_left > options_.initial_balls)
    return error("more setup balls due than initial_balls");
  if (s.draws_left > options_.spawn) return error("draws exceeds spawn");
  // One chance phase at a time: setup (before any turn), then spawning
  // the whole preview, then drawing it full again.
  if (s.setup_left > 0 && (s.spawn_left > 0 || s.preview_size > 0 ||
                           s.draws_left != options_.spawn || s.turns > 0 ||
                           s.score[0] + s.score[1] > 0))
    return error("setup balls are due after the setup");
  // No line vanishes before the setup ends: the balls placed and those due
  // make initial_balls (so the due ones have empty cells to land on).
  if (s.setup_left > 0 &&
      PopCount(all) + s.setup_left != options_.initial_balls)
    return error(
        "the balls on the board and the setup balls due are not "
        "initial_balls");
  if (s.spawn_left > 0 && (s.spawn_left != s.preview_size || s.draws_left > 0))
    return error("the balls to spawn are not the whole preview");
  if (s.draws_left > 0 && s.spawn_left == 0 &&
      s.preview_size + s.draws_left != options_.spawn)
    return error("the preview and the draws due do not make spawn colors");
  const bool chance_due =
      s.setup_left > 0 || s.spawn_left > 0 || s.draws_left > 0;
  if (s.over) {
    if (chance_due) return error("chance steps are due after the game ended");
    return absl::OkStatus();
  }
  if (s.turns >= static_cast<uint32_t>(options_.max_turns))
    return error("max_turns turns are played but the game has not ended");
  const Bits empty = Empty(s);
  if (empty == 0) return error("the board is full but the game has not ended");
  // Lines vanish as soon as the balls have landed; the fast move
  // evaluation (MoveMatches) relies on none standing at a player's turn.
  if (s.setup_left == 0 && s.spawn_left == 0 && Matches(s).score > 0)
    return error("a line stands on the board after the balls landed");
  if (!chance_due) {
    if (s.preview_size != options_.spawn)
      return error("a player moves with a preview shorter than spawn");
    if ((geometry_.Dilate(empty) & all) == 0)
      return error("no ball can move but the game has not ended");
  }
  return CheckPlayable(*this, s);
}

std::string Rules::MoveToString(const Position& s, Move m) const {
  if (m < setup_action_) {
    return fmt::format("{}-{}", CellName(SourceBit(m)), CellName(TargetBit(m)));
  }
  if (m < spawn_action_) {
    const int index = m - setup_action_;
    return fmt::format("setup {}@{}", ColorLetter(index % kMaxColors),
                       CellName(bit_of_cell_[index / kMaxColors]));
  }
  if (m < preview_action_) {
    return fmt::format("spawn {}@{}", ColorLetter(s.preview[0]),
                       CellName(bit_of_cell_[m - spawn_action_]));
  }
  return fmt::format("preview {}", ColorLetter(m - preview_action_));
}

std::optional<Move> Rules::ParseMove(const Position& s,
                                     std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() == 1) {
    if (words[0].size() < 5) return std::nullopt;
    const size_t dash = words[0].find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    const int source = ParseCellName(options_, words[0].substr(0, dash));
    const int target = ParseCellName(options_, words[0].substr(dash + 1));
    if (source < 0 || target < 0) return std::nullopt;
    return MakeMove(source, target);
  }
  if (words.size() != 2) return std::nullopt;
  const std::string_view what = words[1];
  const int color = what.empty() ? -1 : what[0] - 'A';
  if (color < 0 || color >= options_.colors) return std::nullopt;
  if (words[0] == "preview" && what.size() == 1) return PreviewAction(color);
  if (what.size() < 3 || what[1] != '@') return std::nullopt;
  const int bit = ParseCellName(options_, what.substr(2));
  if (bit < 0) return std::nullopt;
  if (words[0] == "setup") return SetupAction(bit, color);
  if (words[0] == "spawn" && s.preview_size > 0 && s.preview[0] == color) {
    return SpawnAction(bit);
  }
  return std::nullopt;
}

}  // namespace gameai::linesboard
