// The arena's two output forms: the JSON of docs/cli.md and a readable
// table.
#include <algorithm>
#include <cmath>

#include "fmt/format.h"
#include "gameai/core/arena.h"
#include "gameai/core/json_writer.h"

namespace gameai {
namespace {

void WriteInterval(JsonWriter& w, const Interval& interval) {
  w.BeginArray();
  w.Double(interval.low);
  w.Double(interval.high);
  w.EndArray();
}

// WriteOrNull: write() when the field means something here, else null
// (wins in a solitaire game).
template <class Write>
void WriteOrNull(JsonWriter& w, bool present, Write write) {
  if (present) {
    write();
  } else {
    w.Null();
  }
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
  JsonWriter w;
  w.BeginObject();
  w.Key("game");
  w.String(result.game);
  w.Key("games");
  w.Int(result.games);
  w.Key("seed");
  w.Uint(result.seed);
  w.Key("threads");
  w.Int(result.threads);
  w.Key("series");
  w.Int(result.series);
  w.Key("ranks");
  w.Int(result.ranks);
  w.Key("random_opening");
  w.Int(result.random_opening);
  w.Key("players");
  w.Int(result.num_players);
  w.Key("solitaire");
  w.Bool(result.solitaire);
  if (!result.units.round.empty()) {
    w.Key("units");
    w.BeginObject();
    w.Key("game");
    w.String(result.units.game);
    w.Key("round");
    w.String(result.units.round);
    w.Key("rounds_per_game");
    w.Int(result.units.rounds_per_game);
    w.Key("rounds");
    w.Int(result.games * result.units.rounds_per_game);
    w.EndObject();
  }
  w.Key("elapsed_seconds");
  w.Double(result.elapsed_seconds);
  w.Key("agents");
  w.BeginArray();
  for (const AgentResult& a : result.agents) {
    w.BeginObject();
    w.Key("spec");
    w.String(a.spec);
    w.Key("games");
    w.Int(a.games);
    const bool ranked = !result.solitaire;
    w.Key("wins");
    WriteOrNull(w, ranked, [&] { w.Int(a.wins); });
    w.Key("draws");
    WriteOrNull(w, ranked, [&] { w.Int(a.draws); });
    w.Key("losses");
    WriteOrNull(w, ranked, [&] { w.Int(a.losses); });
    w.Key("win_rate");
    WriteOrNull(w, ranked, [&] { w.Double(a.win_rate); });
    w.Key("win_rate_ci95");
    WriteOrNull(w, ranked, [&] { WriteInterval(w, a.win_rate_ci95); });
    w.Key("mean_score");
    w.Double(a.mean_score);
    w.Key("mean_score_ci95");
    WriteInterval(w, a.mean_score_ci95);
    w.Key("score_sum");
    w.Double(a.score_sum);
    w.Key("first_places");
    WriteOrNull(w, ranked, [&] { w.Double(a.first_places); });
    w.Key("first_place_rate_ci95");
    WriteOrNull(w, ranked, [&] { WriteInterval(w, a.first_place_rate_ci95); });
    if (result.solitaire) {
      w.Key("paired_difference");
      WriteOrNull(w, a.paired_difference.has_value(), [&] {
        const PairedDifference& d = *a.paired_difference;
        w.BeginObject();
        w.Key("vs");
        w.String(d.vs);
        w.Key("pairs");
        w.Int(d.pairs);
        w.Key("mean");
        w.Double(d.mean);
        w.Key("ci95");
        WriteInterval(w, d.ci95);
        w.EndObject();
      });
    }
    w.Key("mean_return");
    w.Double(a.mean_return);
    w.Key("illegal_actions");
    w.Int(a.illegal_actions);
    if (!result.tally_names.empty()) {
      w.Key("tallies");
      w.BeginObject();
      for (size_t k = 0; k < result.tally_names.size(); ++k) {
        w.Key(result.tally_names[k]);
        w.Double(k < a.tallies.size() ? a.tallies[k] : 0.0);
      }
      w.EndObject();
    }
    w.EndObject();
  }
  w.EndArray();
  w.Key("winner");
  w.String(result.winner);
  w.Key("repeated_games");
  w.Int(result.repeated_games);
  w.Key("warnings");
  w.BeginArray();
  for (const std::string& warning : result.warnings) w.String(warning);
  w.EndArray();
  if (!result.game_log.empty()) {
    w.Key("game_log");
    w.BeginArray();
    for (const GameLogEntry& g : result.game_log) {
      w.BeginObject();
      w.Key("agents");
      w.BeginArray();
      for (int a : g.agent_of_seat) w.Int(a);
      w.EndArray();
      w.Key("scores");
      w.BeginArray();
      for (double s : g.scores) w.Double(s);
      w.EndArray();
      w.EndObject();
    }
    w.EndArray();
  }
  w.Key("illegal_action_log");
  w.BeginArray();
  for (size_t i = 0;
       i < result.illegal_actions.size() && i < kMaxLoggedIllegalActions; ++i) {
    const IllegalAction& x = result.illegal_actions[i];
    w.BeginObject();
    w.Key("agent");
    w.String(x.agent);
    w.Key("game_index");
    w.Int(x.game_index);
    w.Key("seat");
    w.Int(x.seat);
    w.Key("state");
    w.String(x.state);
    w.Key("action");
    w.String(x.action);
    w.Key("reason");
    w.String(x.reason);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return w.Take() + "\n";
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
