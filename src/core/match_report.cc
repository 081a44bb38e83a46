// The arena's two output forms: the JSON of cli.md and a readable table.
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
  w.Key("random_opening");
  w.Int(result.random_opening);
  w.Key("players");
  w.Int(result.num_players);
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
    w.Key("wins");
    w.Int(a.wins);
    w.Key("draws");
    w.Int(a.draws);
    w.Key("losses");
    w.Int(a.losses);
    w.Key("win_rate");
    w.Double(a.win_rate);
    w.Key("win_rate_ci95");
    WriteInterval(w, a.win_rate_ci95);
    w.Key("mean_score");
    w.Double(a.mean_score);
    w.Key("mean_score_ci95");
    WriteInterval(w, a.mean_score_ci95);
    w.Key("score_sum");
    w.Double(a.score_sum);
    w.Key("first_places");
    w.Double(a.first_places);
    w.Key("first_place_rate_ci95");
    WriteInterval(w, a.first_place_rate_ci95);
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
  std::string out = fmt::format(
      "{}: {} games, seed {}, {} thread(s), {} random opening plies, {:.2f} "
      "s\n",
      result.game, result.games, result.seed, result.threads,
      result.random_opening, result.elapsed_seconds);
  out += fmt::format(
      "{:<36} {:>6} {:>6} {:>6} {:>6} {:>22} {:>26} {:>10} {:>7} {:>8}\n",
      "agent", "games", "wins", "draws", "losses", "win rate [95% CI]",
      "mean score [95% CI]", "score sum", "firsts", "illegal");
  for (const AgentResult& a : result.agents) {
    out += fmt::format(
        "{:<36} {:>6} {:>6} {:>6} {:>6} {:>6.3f} [{:.3f}, {:.3f}] "
        "{:>8.2f} [{:.2f}, {:.2f}] {:>10.0f} {:>7.1f} {:>8}\n",
        a.spec, a.games, a.wins, a.draws, a.losses, a.win_rate,
        a.win_rate_ci95.low, a.win_rate_ci95.high, a.mean_score,
        a.mean_score_ci95.low, a.mean_score_ci95.high, a.score_sum,
        a.first_places, a.illegal_actions);
  }
  if (!result.tally_names.empty()) {
    out += fmt::format("{:<36} {}\n", "tallies",
                       fmt::join(result.tally_names, " "));
    for (const AgentResult& a : result.agents) {
      out += fmt::format("{:<36} {}\n", a.spec, fmt::join(a.tallies, " "));
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
