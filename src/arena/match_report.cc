// The arena's two output forms: the JSON of docs/cli.md and a readable
// table.
#include <algorithm>
#include <cmath>

#include "base/json_text.h"
#include "fmt/format.h"
#include "gameai/arena/arena.h"

namespace gameai {
namespace {

using Json = nlohmann::ordered_json;

Json IntervalJson(const Interval& interval) {
  return Json::array({interval.low, interval.high});
}

// TallyText: a count as an integer, a fractional sum with two decimals.
std::string TallyText(double value) {
  return value == std::floor(value) ? fmt::format("{:.0f}", value)
                                    : fmt::format("{:.2f}", value);
}

// The log lists the first violations only, so a broken agent cannot flood it.
constexpr size_t kMaxLoggedIllegalActions = 100;

}  // namespace

std::string MatchResultToJson(const MatchResult& result) {
  Json doc = {{"game", result.game},
              {"games", result.games},
              {"seed", result.seed},
              {"threads", result.threads},
              {"series", result.series},
              {"ranks", result.ranks},
              {"random_opening", result.random_opening},
              {"players", result.num_players},
              {"solitaire", result.solitaire}};
  if (!result.units.round.empty()) {
    doc["units"] = {{"game", result.units.game},
                    {"round", result.units.round},
                    {"rounds_per_game", result.units.rounds_per_game},
                    {"rounds", result.games * result.units.rounds_per_game}};
  }
  doc["elapsed_seconds"] = result.elapsed_seconds;
  Json agents = Json::array();
  for (const AgentResult& a : result.agents) {
    // Wins and first places mean nothing in a solitaire game: null there.
    const bool ranked = !result.solitaire;
    auto ranked_or_null = [ranked](Json value) {
      return ranked ? std::move(value) : Json(nullptr);
    };
    Json agent = {
        {"spec", a.spec},
        {"games", a.games},
        {"wins", ranked_or_null(a.wins)},
        {"draws", ranked_or_null(a.draws)},
        {"losses", ranked_or_null(a.losses)},
        {"win_rate", ranked_or_null(a.win_rate)},
        {"win_rate_ci95", ranked_or_null(IntervalJson(a.win_rate_ci95))},
        {"mean_score", a.mean_score},
        {"mean_score_ci95", IntervalJson(a.mean_score_ci95)},
        {"score_sum", a.score_sum},
        {"first_places", ranked_or_null(a.first_places)},
        {"first_place_rate_ci95",
         ranked_or_null(IntervalJson(a.first_place_rate_ci95))}};
    if (result.solitaire) {
      agent["paired_difference"] = nullptr;
      if (a.paired_difference.has_value()) {
        const PairedDifference& d = *a.paired_difference;
        agent["paired_difference"] = {{"vs", d.vs},
                                      {"pairs", d.pairs},
                                      {"mean", d.mean},
                                      {"ci95", IntervalJson(d.ci95)}};
      }
    }
    agent["mean_return"] = a.mean_return;
    agent["illegal_actions"] = a.illegal_actions;
    if (result.time_moves) {
      agent["moves"] = a.moves;
      agent["move_seconds"] = {
          {"mean", a.moves > 0 ? a.move_seconds / a.moves : 0.0},
          {"max", a.max_move_seconds}};
    }
    if (!result.tally_names.empty()) {
      Json tallies = Json::object();
      for (size_t k = 0; k < result.tally_names.size(); ++k) {
        tallies[result.tally_names[k]] =
            k < a.tallies.size() ? a.tallies[k] : 0.0;
      }
      agent["tallies"] = std::move(tallies);
    }
    agents.push_back(std::move(agent));
  }
  doc["agents"] = std::move(agents);
  doc["winner"] = result.winner;
  doc["repeated_games"] = result.repeated_games;
  doc["warnings"] = result.warnings;
  Json illegal = Json::array();
  for (size_t i = 0;
       i < result.illegal_actions.size() && i < kMaxLoggedIllegalActions; ++i) {
    const IllegalAction& x = result.illegal_actions[i];
    illegal.push_back({{"agent", x.agent},
                       {"game_index", x.game_index},
                       {"seat", x.seat},
                       {"state", x.state},
                       {"action", x.action},
                       {"reason", x.reason}});
  }
  // The game log is written game by game, not built as a document: a
  // node per number would take ten times the text's memory (arena.cc
  // counts what this takes before the match).
  std::string text = JsonText(doc);
  text.pop_back();  // the document's closing '}'
  if (!result.game_log.empty()) {
    text.reserve(text.size() +
                 result.game_log.size() * GameLogTextBytes(result.num_players));
    text += ", \"game_log\": [";
    for (size_t i = 0; i < result.game_log.size(); ++i) {
      const GameLogEntry& g = result.game_log[i];
      text += i == 0 ? "{\"agents\": [" : ", {\"agents\": [";
      text += fmt::format("{}", fmt::join(g.agent_of_seat, ", "));
      text += "], \"scores\": [";
      for (size_t k = 0; k < g.scores.size(); ++k) {
        if (k > 0) text += ", ";
        text += std::isfinite(g.scores[k]) ? fmt::format("{}", g.scores[k])
                                           : "null";
      }
      text += "]}";
    }
    text += ']';
  }
  text += ", \"illegal_action_log\": ";
  text += JsonText(illegal);
  text += "}\n";
  return text;
}

std::string MatchResultToTable(const MatchResult& result) {
  const GameUnits& units = result.units;
  std::string count = fmt::format("{} {}", result.games, units.games);
  if (!units.round.empty()) {
    count +=
        fmt::format(" of {} {} ({} {})", units.rounds_per_game, units.rounds,
                    result.games * units.rounds_per_game, units.rounds);
  }
  std::string out = fmt::format(
      "{}: {}, seed {}, {} series, {}{} thread(s), {} random opening plies, "
      "{:.2f} s\n",
      result.game, count, result.seed, result.series,
      result.ranks > 1 ? fmt::format("{} ranks of ", result.ranks) : "",
      result.threads, result.random_opening, result.elapsed_seconds);
  if (result.solitaire) {
    // Solitaire: no ranking; each agent's score against the first agent's
    // on the same chance stream.
    out += fmt::format("{:<36} {:>6} {:>26} {:>10} {:>32} {:>8}\n", "agent",
                       units.games, "mean score [95% CI]", "score sum",
                       "paired diff vs first [95% CI]", "illegal");
    for (const AgentResult& a : result.agents) {
      std::string paired = "-";
      if (a.paired_difference) {
        const PairedDifference& d = *a.paired_difference;
        paired = fmt::format("{:+.2f} [{:+.2f}, {:+.2f}]", d.mean, d.ci95.low,
                             d.ci95.high);
      }
      out += fmt::format(
          "{:<36} {:>6} {:>8.2f} [{:.2f}, {:.2f}] {:>10.0f} {:>32} {:>8}\n",
          a.spec, a.games, a.mean_score, a.mean_score_ci95.low,
          a.mean_score_ci95.high, a.score_sum, paired, a.illegal_actions);
    }
  } else {
    out += fmt::format(
        "{:<36} {:>7} {:>6} {:>6} {:>6} {:>22} {:>26} {:>10} {:>7} {:>8}\n",
        "agent", units.games, "wins", "draws", "losses", "win rate [95% CI]",
        "mean score [95% CI]", "score sum", "firsts", "illegal");
    for (const AgentResult& a : result.agents) {
      out += fmt::format(
          "{:<36} {:>7} {:>6} {:>6} {:>6} {:>6.3f} [{:.3f}, {:.3f}] "
          "{:>8.2f} [{:.2f}, {:.2f}] {:>10.0f} {:>7.1f} {:>8}\n",
          a.spec, a.games, a.wins, a.draws, a.losses, a.win_rate,
          a.win_rate_ci95.low, a.win_rate_ci95.high, a.mean_score,
          a.mean_score_ci95.low, a.mean_score_ci95.high, a.score_sum,
          a.first_places, a.illegal_actions);
    }
  }
  if (!result.tally_names.empty()) {
    // One right-aligned column per tally, as wide as its name or values.
    std::vector<size_t> widths;
    for (size_t k = 0; k < result.tally_names.size(); ++k) {
      size_t width = result.tally_names[k].size();
      for (const AgentResult& a : result.agents) {
        if (k < a.tallies.size()) {
          width = std::max(width, TallyText(a.tallies[k]).size());
        }
      }
      widths.push_back(width);
    }
    std::string title = "tallies";
    if (!units.round.empty()) title += fmt::format(" ({})", units.rounds);
    out += fmt::format("{:<36}", title);
    for (size_t k = 0; k < widths.size(); ++k) {
      out += fmt::format(" {:>{}}", result.tally_names[k], widths[k]);
    }
    out += "\n";
    for (const AgentResult& a : result.agents) {
      out += fmt::format("{:<36}", a.spec);
      for (size_t k = 0; k < widths.size(); ++k) {
        out += fmt::format(" {:>{}}",
                           TallyText(k < a.tallies.size() ? a.tallies[k] : 0.0),
                           widths[k]);
      }
      out += "\n";
    }
  }
  if (!result.winner.empty()) {
    out += fmt::format("winner (highest mean score): {}\n", result.winner);
  }
  for (size_t i = 0;
       i < result.illegal_actions.size() && i < kMaxLoggedIllegalActions; ++i) {
    const IllegalAction& x = result.illegal_actions[i];
    out +=
        fmt::format("illegal: game {} seat {} agent {}: {} ({}) in state {}\n",
                    x.game_index, x.seat, x.agent, x.action, x.reason, x.state);
  }
  return out;
}

}  // namespace gameai
