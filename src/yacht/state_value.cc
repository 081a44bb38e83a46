// Yacht's state values (`gameai solve yacht --state`, SolveState) and
// scorecard lookups, from the optimal table.
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/str_split.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/state_solver.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/yacht/optimal.h"

namespace gameai::yacht {
namespace {

constexpr char kValueMeaning[] =
    "the points the player to move still expects (this turn's included) "
    "under the optimal solitaire strategy";

absl::StatusOr<uint16_t> ParseOpen(std::string_view word) {
  if (std::optional<int64_t> mask = ParseInt(word)) {
    if (*mask < 0 || *mask >= (1 << kNumCategories)) {
      return absl::InvalidArgumentError(fmt::format(
          "scorecard: OPEN {} is out of range; accepted: a mask 0..8191 (bit "
          "c: category c open) or category names joined by commas",
          word));
    }
    return static_cast<uint16_t>(*mask);
  }
  if (word == "-") return uint16_t{0};
  uint16_t open = 0;
  for (absl::string_view piece :
       absl::StrSplit(absl::string_view(word.data(), word.size()), ',')) {
    const std::string_view name(piece.data(), piece.size());
    int found = -1;
    for (int c = 0; c < kNumCategories; ++c) {
      if (CategoryName(c) == name) found = c;
    }
    if (found < 0) {
      std::vector<std::string_view> names;
      for (int c = 0; c < kNumCategories; ++c) names.push_back(CategoryName(c));
      return absl::InvalidArgumentError(fmt::format(
          "scorecard: '{}' in OPEN is no category; accepted: {} (or a mask "
          "0..8191, or - for none)",
          name, fmt::join(names, ", ")));
    }
    open = static_cast<uint16_t>(open | (1 << found));
  }
  return open;
}

}  // namespace

absl::StatusOr<Scorecard> ParseScorecard(std::string_view text) {
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() != 4) {
    return absl::InvalidArgumentError(fmt::format(
        "scorecard: expected 4 fields 'OPEN TOTAL UPPER YACHT50' (one "
        "player's numbers of the state text), got {} in '{}'",
        words.size(), text));
  }
  GAMEAI_ASSIGN_OR_RETURN(uint16_t open, ParseOpen(words[0]));
  constexpr const char* kNames[] = {"OPEN", "TOTAL", "UPPER", "YACHT50"};
  constexpr int kMax[] = {0, kMaxTotal, 105, 1};
  int v[4] = {};
  for (int i = 1; i < 4; ++i) {
    const std::optional<int64_t> x = ParseInt(words[i]);
    if (!x || *x < 0 || *x > kMax[i]) {
      return absl::InvalidArgumentError(
          fmt::format("scorecard: {} '{}' is not a number in [0, {}]",
                      kNames[i], words[i], kMax[i]));
    }
    v[i] = static_cast<int>(*x);
  }
  const int bonus = v[2] >= kUpperBonusThreshold ? kUpperBonus : 0;
  if (v[1] < v[2] + bonus) {
    return absl::InvalidArgumentError(
        fmt::format("scorecard: TOTAL {} is below the upper total {}{}", v[1],
                    v[2], bonus ? " and its bonus 35" : ""));
  }
  return Scorecard{open, static_cast<uint16_t>(v[1]),
                   static_cast<uint8_t>(v[2]), static_cast<uint8_t>(v[3])};
}

absl::StatusOr<double> LookupScorecard(const Game& game,
                                       std::string_view scorecard,
                                       std::string_view solver_options) {
  const auto* kernel_game = dynamic_cast<const KernelGame<Rules>*>(&game);
  if (kernel_game == nullptr) {
    return absl::InvalidArgumentError(fmt::format(
        "scorecard lookups are Yacht's; {} is not a yacht game", game.Spec()));
  }
  GAMEAI_ASSIGN_OR_RETURN(Scorecard card, ParseScorecard(scorecard));
  absl::StatusOr<const GameEntry*> entry = SolverEntry(game);
  if (!entry.ok()) return entry.status();
  absl::StatusOr<Params> params = ResolveSolverOptions(**entry, solver_options);
  if (!params.ok()) return params.status();
  absl::StatusOr<std::shared_ptr<const OptimalTable>> table =
      OptimalTable::Shared(kernel_game->rules().options(),
                           params->GetString("cache"),
                           static_cast<int>(params->GetInt("threads")));
  if (!table.ok()) return table.status();
  return (*table)->Lookup(card);
}

absl::StatusOr<StateSolution> SolveYachtState(const gameai::State& state,
                                              const Params& solver_params) {
  const auto* kernel = dynamic_cast<const KernelState<Rules>*>(&state);
  if (kernel == nullptr) {
    return absl::InvalidArgumentError(fmt::format(
        "not a yacht state: a state of {}", state.GetGame().Spec()));
  }
  const Rules& rules = kernel->rules();
  const Position& s = kernel->position();
  StateSolution out;
  out.value_meaning = kValueMeaning;
  if (s.phase == kOver) {
    out.status = "terminal";
    for (int p = 0; p < rules.NumPlayers(); ++p) {
      out.details.push_back(
          {fmt::format("final_score_player_{}", p), int64_t{s.cards[p].total}});
    }
    return out;
  }
  GAMEAI_ASSIGN_OR_RETURN(
      std::shared_ptr<const OptimalTable> table,
      OptimalTable::Shared(rules.options(), solver_params.GetString("cache"),
                           static_cast<int>(solver_params.GetInt("threads"))));
  const Scorecard& card = s.cards[s.player];
  if (absl::StatusOr<double> start = table->Lookup(card); !start.ok()) {
    return absl::InvalidArgumentError(
        fmt::format("yacht state: player {}'s {}", s.player,
                    Str(start.status().message())));
  }
  auto plan = std::make_unique<OptimalTable::TurnPlan>();
  table->PlanTurn(card, *plan);
  out.status = "solved";
  if (s.phase == kRoll) {
    out.value = plan->keep[s.rolls_left][s.dice];
  } else {
    const int first5 = DiceTables::Get().FirstOfSize(kNumDice);
    out.value = plan->level[s.rolls_left][s.dice - first5];
    // The options as `optimal` weighs them: scoring first, a hold only
    // when strictly better (no pointless roll).
    double best_value = -1;
    for (int c = 0; c < kNumCategories; ++c) {
      const double value = table->CategoryValue(card, c, s.dice);
      if (value < 0) continue;
      const Move move = static_cast<Move>(kFirstScoreAction + c);
      out.action_values.push_back(
          {rules.ToAction(move), rules.MoveToString(s, move), value});
      if (value > best_value) {
        best_value = value;
        out.best_action = rules.ToAction(move);
      }
    }
    if (s.rolls_left > 0) {
      for (uint16_t keep : DiceTables::Get().SubMultisets(s.dice)) {
        if (keep == s.dice) continue;  // keeping all five: scoring does that
        const double value = plan->keep[s.rolls_left - 1][keep];
        const Move move = static_cast<Move>(Rules::CanonicalHold(s.dice, keep));
        out.action_values.push_back(
            {rules.ToAction(move), rules.MoveToString(s, move), value});
        if (value > best_value) {
          best_value = value;
          out.best_action = rules.ToAction(move);
        }
      }
    }
    out.best_action_text = rules.MoveToString(
        s, rules.ToMove(out.best_action.value_or(kFirstScoreAction)));
  }
  out.value_lower = out.value_upper = out.value;
  out.details = {
      {"player", int64_t{s.player}},
      {"expected_final_score", card.total + out.value},
      {"turn_start_value", plan->keep[2][0]},
  };
  return out;
}

}  // namespace gameai::yacht
