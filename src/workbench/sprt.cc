// RunSprt (sprt.h): batches of units played side by side, looked at unit
// by unit in order until the ratio leaves its bounds.
#include "gameai/workbench/sprt.h"

#include <chrono>
#include <cmath>
#include <optional>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/dynamic/registry.h"
#include "play_matches.h"

namespace gameai {
namespace {

using workbench_internal::PlayMatches;

absl::Status CheckOptions(const SprtOptions& o) {
  if (!(o.elo0 < o.elo1) || std::abs(o.elo0) > 1000 ||
      std::abs(o.elo1) > 1000) {
    return absl::InvalidArgumentError(fmt::format(
        "elo0={} and elo1={}: accepted elo0 < elo1, both within [-1000, 1000]",
        o.elo0, o.elo1));
  }
  for (auto [name, value] : {std::pair{"alpha", o.alpha}, {"beta", o.beta}}) {
    if (!(value > 0 && value < 0.5)) {
      return absl::InvalidArgumentError(
          fmt::format("{}={} must be in (0, 0.5)", name, value));
    }
  }
  if (o.max_games < 1 || o.max_games > kMaxSprtGames) {
    return absl::InvalidArgumentError(fmt::format(
        "max_games={} must be in [1, {}]", o.max_games, kMaxSprtGames));
  }
  if (o.threads < 1 || o.threads > kMaxMatchThreads) {
    return absl::InvalidArgumentError(fmt::format(
        "threads={} must be in [1, {}]", o.threads, kMaxMatchThreads));
  }
  if (o.new_agent == o.base_agent) {
    // One spec twice is one agent to the arena; an agent against itself
    // is a fine test of the test, as a second spec (seed=2, ...).
    return absl::InvalidArgumentError(fmt::format(
        "the new and base agents are both '{}'; give the base a spec of its "
        "own (e.g. '{}' against '{}(seed=2)', or the same agent under another "
        "parameter)",
        o.new_agent, o.new_agent, o.new_agent));
  }
  return absl::OkStatus();
}

// Unit: one unit's score for the new agent, and its games' counts.
struct Unit {
  double score = 0;
  int64_t wins = 0, draws = 0, losses = 0;
};

// Units: a batch's units in order. `games_per_unit` games each (2: a pair,
// scored by the new agent's points; solitaire: the two agents on the same
// dice, by score), or every game its own unit (more players: the new
// agent's mean return over its seats against the base's).
std::vector<Unit> Units(const MatchResult& match, int players,
                        int games_per_unit) {
  std::vector<Unit> units;
  const std::vector<GameLogEntry>& log = match.game_log;
  auto game_points = [&](const GameLogEntry& g) {
    double sum[2] = {0, 0};
    int seats[2] = {0, 0};
    for (size_t seat = 0; seat < g.agent_of_seat.size(); ++seat) {
      sum[g.agent_of_seat[seat]] += g.returns[seat];
      ++seats[g.agent_of_seat[seat]];
    }
    const double mine = sum[0] / seats[0], theirs = sum[1] / seats[1];
    return mine > theirs ? 1.0 : mine < theirs ? 0.0 : 0.5;
  };
  auto count = [](Unit& u, double points) {
    ++(points == 1 ? u.wins : points == 0 ? u.losses : u.draws);
  };
  if (players == 1) {
    for (size_t g = 0; g + 1 < log.size(); g += 2) {
      const double a = log[g].agent_of_seat[0] == 0 ? log[g].scores[0]
                                                    : log[g + 1].scores[0];
      const double b = log[g].agent_of_seat[0] == 0 ? log[g + 1].scores[0]
                                                    : log[g].scores[0];
      Unit u{.score = a > b ? 1.0 : a < b ? 0.0 : 0.5};
      count(u, u.score);
      units.push_back(u);
    }
    return units;
  }
  for (size_t g = 0; g + games_per_unit <= log.size(); g += games_per_unit) {
    Unit u;
    for (int i = 0; i < games_per_unit; ++i) {
      const double points = game_points(log[g + i]);
      u.score += points / games_per_unit;
      count(u, points);
    }
    units.push_back(u);
  }
  return units;
}

}  // namespace

absl::StatusOr<SprtResult> RunSprt(const SprtOptions& options) {
  GAMEAI_RETURN_IF_ERROR(CheckOptions(options));
  GAMEAI_ASSIGN_OR_RETURN(std::shared_ptr<const Game> game,
                          LoadGame(options.game));
  const int players = game->NumPlayers();
  SprtResult result;
  result.options = options;
  result.options.cancelled = nullptr;
  result.options.on_progress = nullptr;
  const bool pentanomial = players == 2;
  result.model = pentanomial ? "pentanomial" : "trinomial";
  result.games_per_unit = players <= 2 ? 2 : 1;
  result.counts =
      pentanomial ? SprtCounts::Pentanomial() : SprtCounts::Trinomial();
  result.bounds = SprtLlrBounds(options.alpha, options.beta);
  MatchOptions batch;
  batch.game = options.game;
  batch.agents = {options.new_agent, options.base_agent};
  // A batch: kSprtUnitsPerBatch seat rotations.
  batch.games = 1;
  GAMEAI_ASSIGN_OR_RETURN(const int64_t rotation, PlannedGames(batch));
  batch.games = rotation * kSprtUnitsPerBatch;
  batch.random_opening = options.random_opening;
  batch.custom_agents = options.custom_agents;
  batch.log_games = true;
  batch.paired_seeds = true;
  batch.time_moves = true;
  batch.cancelled = options.cancelled;
  result.agents.resize(2);
  result.agents[0].spec = options.new_agent;
  result.agents[1].spec = options.base_agent;
  const auto start = std::chrono::steady_clock::now();
  for (int64_t next = 0;
       result.decision == SprtDecision::kNone &&
       result.games + result.games_per_unit <= options.max_games;) {
    // A wave of batches side by side, then their units in order.
    std::vector<std::optional<MatchResult>> wave(options.threads);
    const absl::Status played = PlayMatches(
        next, next + options.threads, options.threads,
        [&](int64_t b) {
          MatchOptions m = batch;
          m.seed = DeriveSeed(options.seed, static_cast<uint64_t>(b));
          return m;
        },
        [&](int64_t b, MatchResult match) {
          wave[b - next].emplace(std::move(match));
          return absl::OkStatus();
        });
    if (absl::IsCancelled(played)) {
      return absl::CancelledError(
          fmt::format("the SPRT was stopped after {} games, without a decision",
                      result.games));
    }
    GAMEAI_RETURN_IF_ERROR(played);
    next += options.threads;
    for (std::optional<MatchResult>& match : wave) {
      for (int side = 0; side < 2; ++side) {
        AgentResult& row = result.agents[side];
        row.moves += match->agents[side].moves;
        row.move_seconds += match->agents[side].move_seconds;
        row.max_move_seconds = std::max(row.max_move_seconds,
                                        match->agents[side].max_move_seconds);
        row.illegal_actions += match->agents[side].illegal_actions;
      }
      for (const Unit& u : Units(*match, players, result.games_per_unit)) {
        if (result.decision != SprtDecision::kNone ||
            result.games + result.games_per_unit > options.max_games) {
          break;
        }
        result.counts.Add(u.score);
        result.games += result.games_per_unit;
        AgentResult& mine = result.agents[0];
        AgentResult& theirs = result.agents[1];
        mine.wins += u.wins, mine.draws += u.draws, mine.losses += u.losses;
        theirs.wins += u.losses, theirs.draws += u.draws,
            theirs.losses += u.wins;
        result.llr = SprtLlr(result.counts, options.elo0, options.elo1);
        if (result.path.size() < kMaxSprtPath) {
          result.path.push_back({result.games, result.llr});
        }
        if (result.llr >= result.bounds.upper)
          result.decision = SprtDecision::kH1;
        if (result.llr <= result.bounds.lower)
          result.decision = SprtDecision::kH0;
      }
    }
    if (options.on_progress) options.on_progress(result.games);
  }
  for (AgentResult& row : result.agents) {
    row.games = row.wins + row.draws + row.losses;
    if (row.games > 0) {
      const double points = row.wins + 0.5 * row.draws;
      row.win_rate = points / row.games;
      row.win_rate_ci95 = WilsonInterval95(points, row.games);
    }
  }
  result.elo = SprtEloEstimate(result.counts);
  result.elapsed_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return result;
}

}  // namespace gameai
