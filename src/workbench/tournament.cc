#include "gameai/workbench/tournament.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/dynamic/registry.h"
#include "play_matches.h"

namespace gameai {
namespace {

using workbench_internal::PlayMatches;

// Subsets: every `size`-subset of `pool`, in lexicographic order.
void Subsets(const std::vector<int>& pool, int size, std::vector<int>& chosen,
             size_t from, std::vector<std::vector<int>>& out, int64_t limit) {
  if (static_cast<int64_t>(out.size()) > limit) return;
  if (static_cast<int>(chosen.size()) == size) {
    out.push_back(chosen);
    return;
  }
  for (size_t i = from; i < pool.size(); ++i) {
    chosen.push_back(pool[i]);
    Subsets(pool, size, chosen, i + 1, out, limit);
    chosen.pop_back();
  }
}

// TableSummary: what the tournament keeps of one table's games: the
// rating model's terms, and per agent of the table its score shares, at
// the checkpoints too, and its counts.
struct TableSummary {
  explicit TableSummary(int agents) : model(agents) {}
  RatingModel model;
  // Per seat of the table's first game (its slot), the sum of its agent's
  // score shares, also at each checkpoint.
  std::vector<double> shares;
  std::vector<std::vector<double>> checkpoint;  // per slot, per point
  std::vector<Pairwise> pairwise;
  std::vector<AgentResult> rows;  // per agent of the table
  int64_t repeated_games = 0;
};

// Checkpoints: the game indices (of every table) after which the score
// curves are drawn: at most kScorePointsPerAgent, the last game included.
std::vector<int64_t> Checkpoints(int64_t games) {
  const int64_t points = std::min<int64_t>(kScorePointsPerAgent, games);
  std::vector<int64_t> at;
  for (int64_t j = 1; j <= points; ++j) at.push_back(games * j / points - 1);
  return at;
}

// Summarize: one table's match, its game log read from the table's agents'
// side (`table`: their indices; the match lists them in that order).
absl::StatusOr<TableSummary> Summarize(const MatchResult& match,
                                       const std::vector<int>& table,
                                       int agents, bool solitaire,
                                       const std::vector<int64_t>& at) {
  TableSummary s(agents);
  s.shares.assign(table.size(), 0);
  s.checkpoint.assign(table.size(), std::vector<double>(at.size(), 0));
  auto slot_of = [&table](int agent) {
    return static_cast<size_t>(std::find(table.begin(), table.end(), agent) -
                               table.begin());
  };
  s.repeated_games = match.repeated_games;
  for (const AgentResult& row : match.agents) s.rows.push_back(row);
  // Every two agents of the table: who finished ahead of whom.
  for (size_t i = 0; i < table.size(); ++i) {
    for (size_t j = i + 1; j < table.size(); ++j) {
      s.pairwise.push_back({.a = std::min(table[i], table[j]),
                            .b = std::max(table[i], table[j])});
    }
  }
  // Per game, each seated agent and what ranks it: its return, then its
  // score (MiniRisk's returns only say who won; the scores order the rest).
  using Rank = std::pair<double, double>;
  std::vector<std::pair<int, Rank>> seated;
  size_t next_point = 0;
  auto add_game = [&](int64_t game) -> absl::Status {
    // Shares: the others it finished ahead of, ties half.
    const size_t k = seated.size();
    for (const auto& [agent, value] : seated) {
      double ahead = 0;
      for (const auto& [other, other_value] : seated) {
        if (value > other_value) ahead += 1;
        if (value == other_value) ahead += 0.5;
      }
      ahead -= 0.5;  // itself
      s.shares[slot_of(agent)] += ahead / static_cast<double>(k - 1);
    }
    for (Pairwise& p : s.pairwise) {
      Rank a_value, b_value;
      for (const auto& [agent, value] : seated) {
        if (agent == p.a) a_value = value;
        if (agent == p.b) b_value = value;
      }
      ++(a_value > b_value ? p.wins : a_value < b_value ? p.losses : p.draws);
    }
    std::vector<std::pair<int, Rank>> sorted = seated;
    std::stable_sort(
        sorted.begin(), sorted.end(),
        [](const auto& x, const auto& y) { return x.second > y.second; });
    FinishingOrder order;
    for (size_t i = 0; i < sorted.size(); ++i) {
      if (i == 0 || sorted[i].second != sorted[i - 1].second)
        order.emplace_back();
      order.back().push_back(sorted[i].first);
    }
    GAMEAI_RETURN_IF_ERROR(s.model.Add(order));
    while (next_point < at.size() && at[next_point] == game) {
      for (size_t slot = 0; slot < table.size(); ++slot) {
        s.checkpoint[slot][next_point] = s.shares[slot];
      }
      ++next_point;
    }
    return absl::OkStatus();
  };
  const std::vector<GameLogEntry>& log = match.game_log;
  if (solitaire) {
    // A rotation group: the table's agents on the same dice, by score.
    const size_t group = table.size();
    for (size_t g = 0; g + group <= log.size(); g += group) {
      seated.clear();
      for (size_t i = g; i < g + group; ++i) {
        seated.emplace_back(table[log[i].agent_of_seat[0]],
                            Rank{log[i].scores[0], 0});
      }
      GAMEAI_RETURN_IF_ERROR(add_game(static_cast<int64_t>(g / group)));
    }
    return s;
  }
  for (size_t g = 0; g < log.size(); ++g) {
    seated.clear();
    for (size_t seat = 0; seat < log[g].agent_of_seat.size(); ++seat) {
      seated.emplace_back(table[log[g].agent_of_seat[seat]],
                          Rank{log[g].returns[seat], log[g].scores[seat]});
    }
    GAMEAI_RETURN_IF_ERROR(add_game(static_cast<int64_t>(g)));
  }
  return s;
}

absl::Status CheckOptions(const TournamentOptions& options) {
  if (options.agents.size() < 2 ||
      options.agents.size() > static_cast<size_t>(kMaxMatchAgents)) {
    return absl::InvalidArgumentError(fmt::format(
        "{} agents given; a tournament takes 2..{} distinct agent specs",
        options.agents.size(), kMaxMatchAgents));
  }
  for (size_t i = 0; i < options.agents.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (options.agents[i] == options.agents[j]) {
        return absl::InvalidArgumentError(fmt::format(
            "agent '{}' is listed twice; a tournament's agents are distinct "
            "specs (give another parameter, e.g. seed=2, to rate a second "
            "copy)",
            options.agents[i]));
      }
    }
  }
  if (options.games_per_pairing < 1 ||
      options.games_per_pairing > kMaxGamesPerPairing) {
    return absl::InvalidArgumentError(
        fmt::format("games_per_pairing={} must be in [1, {}]",
                    options.games_per_pairing, kMaxGamesPerPairing));
  }
  if (options.threads < 1 || options.threads > kMaxMatchThreads) {
    return absl::InvalidArgumentError(fmt::format(
        "threads={} must be in [1, {}]", options.threads, kMaxMatchThreads));
  }
  if (!options.anchor.empty() &&
      std::find(options.agents.begin(), options.agents.end(), options.anchor) ==
          options.agents.end()) {
    return absl::InvalidArgumentError(
        fmt::format("anchor '{}' is not one of the agents ({})", options.anchor,
                    fmt::join(options.agents, ", ")));
  }
  return absl::OkStatus();
}

// Assemble: the result's agents, pairwise counts, ratings and warnings
// from the tables' summaries, added in table order (the same sums for any
// threads).
absl::Status Assemble(const std::vector<std::optional<TableSummary>>& summaries,
                      int64_t rounds, const std::vector<int64_t>& at,
                      TournamentResult& result) {
  const TournamentOptions& options = result.options;
  const int n = static_cast<int>(options.agents.size());
  const int64_t tables = static_cast<int64_t>(result.tables.size());
  RatingModel model(n);
  result.agents.resize(n);
  std::vector<std::vector<double>> curve(n, std::vector<double>(at.size(), 0));
  std::vector<int64_t> tables_of(n, 0);
  std::map<std::pair<int, int>, Pairwise> pairwise;
  int64_t repeated = 0;
  for (int64_t t = 0; t < tables; ++t) {
    const TableSummary& s = *summaries[t];
    model.Merge(s.model);
    repeated += s.repeated_games;
    const std::vector<int>& table = result.tables[t];
    for (size_t slot = 0; slot < table.size(); ++slot) {
      const int agent = table[slot];
      TournamentAgent& a = result.agents[agent];
      const AgentResult& row = s.rows[slot];
      ++tables_of[agent];
      a.score += s.shares[slot];
      a.illegal_actions += row.illegal_actions;
      a.moves += row.moves;
      a.move_seconds += row.move_seconds;
      a.max_move_seconds = std::max(a.max_move_seconds, row.max_move_seconds);
      for (size_t j = 0; j < at.size(); ++j)
        curve[agent][j] += s.checkpoint[slot][j];
    }
    for (const Pairwise& p : s.pairwise) {
      Pairwise& sum =
          pairwise.try_emplace({p.a, p.b}, Pairwise{p.a, p.b}).first->second;
      sum.wins += p.wins;
      sum.draws += p.draws;
      sum.losses += p.losses;
    }
  }
  // In the order given: by first agent, then second.
  for (const auto& [pair, p] : pairwise) result.pairwise.push_back(p);
  for (int i = 0; i < n; ++i) {
    TournamentAgent& a = result.agents[i];
    a.spec = options.agents[i];
    a.games = tables_of[i] * rounds;
    a.score_ci95 = WilsonInterval95(a.score, static_cast<double>(a.games));
    a.score = a.games > 0 ? a.score / static_cast<double>(a.games) : 0;
    for (size_t j = 0; j < at.size(); ++j) {
      const int64_t games = tables_of[i] * (at[j] + 1);
      a.progress.push_back(
          {.games = games,
           .score = curve[i][j] / static_cast<double>(games),
           .ci95 = WilsonInterval95(curve[i][j], static_cast<double>(games))});
    }
  }
  result.anchor = options.anchor;
  if (result.anchor.empty()) {
    const bool has_random =
        std::find(options.agents.begin(), options.agents.end(), "random") !=
        options.agents.end();
    result.anchor = has_random ? "random" : options.agents[0];
  }
  const int anchor_index = static_cast<int>(
      std::find(options.agents.begin(), options.agents.end(), result.anchor) -
      options.agents.begin());
  GAMEAI_ASSIGN_OR_RETURN(result.ratings, FitRatings(model, anchor_index));
  for (int i = 0; i < n; ++i) {
    result.agents[i].elo = result.ratings.elo[i];
    result.agents[i].elo_ci95 = result.ratings.ci95[i];
    result.ranking.push_back(i);
  }
  std::stable_sort(result.ranking.begin(), result.ranking.end(),
                   [&](int x, int y) {
                     return result.ratings.elo[x] > result.ratings.elo[y];
                   });
  // A rating order that a head-to-head score contradicts is worth a look.
  for (const Pairwise& p : result.pairwise) {
    const double games = static_cast<double>(p.wins + p.draws + p.losses);
    const double score = (p.wins + 0.5 * p.draws) / games;
    const double diff = result.ratings.elo[p.a] - result.ratings.elo[p.b];
    if ((diff > 0 && score < 0.5) || (diff < 0 && score > 0.5)) {
      result.warnings.push_back(fmt::format(
          "'{}' is rated {:+.0f} against '{}' but scored {:.1f}% against it "
          "head to head (the ratings weigh every opponent)",
          options.agents[p.a], diff, options.agents[p.b], 100 * score));
    }
  }
  if (repeated > 0) {
    result.warnings.push_back(fmt::format(
        "{} of {} games repeat the first game of their table and seating "
        "move for move (deterministic agents); {} varies them",
        repeated, result.games,
        options.random_opening == 0 ? "--random-opening N"
                                    : "a longer random opening"));
  }
  return absl::OkStatus();
}

}  // namespace

const char* TournamentFormatName(TournamentFormat format) {
  return format == TournamentFormat::kGauntlet ? "gauntlet" : "round-robin";
}

absl::StatusOr<TournamentFormat> ParseTournamentFormat(
    const std::string& text) {
  if (text == "round-robin") return TournamentFormat::kRoundRobin;
  if (text == "gauntlet") return TournamentFormat::kGauntlet;
  return absl::InvalidArgumentError(fmt::format(
      "format '{}' is unknown; accepted: round-robin, gauntlet", text));
}

absl::StatusOr<std::vector<std::vector<int>>> TournamentTables(
    TournamentFormat format, int agents, int seats) {
  const int size = std::max(seats, 2);  // a solitaire table pairs agents
  if (agents < size) {
    return absl::InvalidArgumentError(fmt::format(
        "{} agents given; a tournament of a {}-player game needs at least {} "
        "(its tables seat distinct agents; `gameai match` cycles fewer)",
        agents, seats, size));
  }
  std::vector<std::vector<int>> tables;
  std::vector<int> chosen;
  if (format == TournamentFormat::kRoundRobin) {
    std::vector<int> pool(agents);
    for (int i = 0; i < agents; ++i) pool[i] = i;
    Subsets(pool, size, chosen, 0, tables, kMaxTournamentTables);
  } else {
    std::vector<int> others;
    for (int i = 1; i < agents; ++i) others.push_back(i);
    chosen.push_back(0);
    Subsets(others, size, chosen, 0, tables, kMaxTournamentTables);
  }
  if (static_cast<int64_t>(tables.size()) > kMaxTournamentTables) {
    return absl::InvalidArgumentError(fmt::format(
        "{} agents at {}-seat tables make more than {} tables; give fewer "
        "agents or use a gauntlet",
        agents, size, kMaxTournamentTables));
  }
  return tables;
}

// TournamentPlan's state: the result being built and each table's
// summary as it comes.
struct TournamentPlan::State {
  TournamentResult result;
  bool solitaire = false;
  std::vector<int64_t> at;  // the score curves' checkpoints
  std::vector<std::optional<TableSummary>> summaries;
};

TournamentPlan::TournamentPlan(std::unique_ptr<State> state)
    : state_(std::move(state)) {}
TournamentPlan::TournamentPlan(TournamentPlan&&) noexcept = default;
TournamentPlan& TournamentPlan::operator=(TournamentPlan&&) noexcept = default;
TournamentPlan::~TournamentPlan() = default;

absl::StatusOr<TournamentPlan> TournamentPlan::Create(
    const TournamentOptions& options) {
  GAMEAI_RETURN_IF_ERROR(CheckOptions(options));
  GAMEAI_ASSIGN_OR_RETURN(std::shared_ptr<const Game> game,
                          LoadGame(options.game));
  const int n = static_cast<int>(options.agents.size());
  const int players = game->NumPlayers();
  // Every spec is checked now, not when its last table comes up.
  for (const std::string& spec : options.agents) {
    const bool custom = std::any_of(
        options.custom_agents.begin(), options.custom_agents.end(),
        [&](const AgentEntry& e) { return spec.rfind(e.name, 0) == 0; });
    if (!custom) GAMEAI_RETURN_IF_ERROR(LoadAgent(*game, spec).status());
  }
  auto state = std::make_unique<State>();
  state->solitaire = players == 1;
  TournamentResult& result = state->result;
  result.options = options;
  result.options.cancelled = nullptr;
  result.options.on_progress = nullptr;
  result.num_players = players;
  result.model = players <= 2 ? "bradley-terry" : "plackett-luce";
  GAMEAI_ASSIGN_OR_RETURN(result.tables,
                          TournamentTables(options.format, n, players));
  const int64_t tables = static_cast<int64_t>(result.tables.size());
  // Every table plays the same games, rounded up to whole rotations.
  MatchOptions first;
  first.game = options.game;
  for (int agent : result.tables[0])
    first.agents.push_back(options.agents[agent]);
  first.games = options.games_per_pairing;
  GAMEAI_ASSIGN_OR_RETURN(result.games_per_table, PlannedGames(first));
  if (result.games_per_table > kMaxTournamentGames / tables) {
    return absl::InvalidArgumentError(fmt::format(
        "{} tables of {} games are more than {} games; give fewer games per "
        "pairing or fewer agents",
        tables, result.games_per_table, kMaxTournamentGames));
  }
  result.games = tables * result.games_per_table;
  result.rounds_per_table =
      state->solitaire ? result.games_per_table / 2 : result.games_per_table;
  state->at = Checkpoints(result.rounds_per_table);
  state->summaries.resize(tables);
  return TournamentPlan(std::move(state));
}

int64_t TournamentPlan::tables() const {
  return static_cast<int64_t>(state_->result.tables.size());
}

int64_t TournamentPlan::games() const { return state_->result.games; }

MatchOptions TournamentPlan::TableMatch(int64_t t) const {
  const TournamentOptions& options = state_->result.options;
  MatchOptions m;
  m.game = options.game;
  for (int agent : state_->result.tables[t]) {
    m.agents.push_back(options.agents[agent]);
  }
  m.games = options.games_per_pairing;
  m.seed = DeriveSeed(options.seed, static_cast<uint64_t>(t));
  m.random_opening = options.random_opening;
  m.custom_agents = options.custom_agents;
  m.series = 1;
  m.threads = 1;
  m.log_games = true;
  m.paired_seeds = true;
  m.time_moves = true;
  return m;
}

absl::Status TournamentPlan::AddTable(int64_t t, const MatchResult& match) {
  if (t < 0 || t >= tables() || state_->summaries[t].has_value()) {
    return absl::InvalidArgumentError(fmt::format(
        "table {} is not a table of this tournament still to be added", t));
  }
  TournamentResult& result = state_->result;
  GAMEAI_ASSIGN_OR_RETURN(
      TableSummary summary,
      Summarize(match, result.tables[t],
                static_cast<int>(result.options.agents.size()),
                state_->solitaire, state_->at));
  state_->summaries[t].emplace(std::move(summary));
  return absl::OkStatus();
}

absl::StatusOr<TournamentResult> TournamentPlan::Finish(
    double elapsed_seconds) {
  for (int64_t t = 0; t < tables(); ++t) {
    if (!state_->summaries[t]) {
      return absl::FailedPreconditionError(
          fmt::format("table {} of the tournament was not played", t));
    }
  }
  TournamentResult& result = state_->result;
  result.elapsed_seconds = elapsed_seconds;
  GAMEAI_RETURN_IF_ERROR(
      Assemble(state_->summaries, result.rounds_per_table, state_->at, result));
  return std::move(result);
}

absl::StatusOr<TournamentResult> RunTournament(
    const TournamentOptions& options) {
  GAMEAI_ASSIGN_OR_RETURN(TournamentPlan plan, TournamentPlan::Create(options));
  absl::Mutex progress_mutex;
  int64_t games_done = 0;
  const auto start = std::chrono::steady_clock::now();
  const absl::Status played = PlayMatches(
      0, plan.tables(), options.threads,
      [&](int64_t t) {
        MatchOptions m = plan.TableMatch(t);
        m.cancelled = options.cancelled;
        m.on_progress = [&](int64_t, int64_t) {
          absl::MutexLock lock(&progress_mutex);
          ++games_done;
          if (options.on_progress)
            options.on_progress(games_done, plan.games());
        };
        return m;
      },
      [&](int64_t t, MatchResult match) { return plan.AddTable(t, match); });
  if (absl::IsCancelled(played)) {
    absl::MutexLock lock(&progress_mutex);
    return absl::CancelledError(
        fmt::format("the tournament was stopped after {} of its {} games",
                    games_done, plan.games()));
  }
  GAMEAI_RETURN_IF_ERROR(played);
  return plan.Finish(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count());
}

absl::StatusOr<TournamentResult> TournamentOfMatch(const MatchResult& match) {
  const int seats = match.num_players;
  const int n = static_cast<int>(match.agents.size());
  if (match.game_log.empty() || !match.time_moves) {
    return absl::FailedPreconditionError(
        "a match report needs the match played with its game log and move "
        "times");
  }
  if (n < 2 || (seats > 1 && n != seats)) {
    return absl::FailedPreconditionError(fmt::format(
        "a match report rates one agent per seat: {} distinct agents at {} "
        "seats (list {} different specs)",
        n, seats, seats));
  }
  TournamentResult result;
  result.options.game = match.game;
  for (const AgentResult& a : match.agents)
    result.options.agents.push_back(a.spec);
  result.options.games_per_pairing = match.games;
  result.options.seed = match.seed;
  result.options.threads = match.threads;
  result.options.random_opening = match.random_opening;
  result.num_players = seats;
  result.model = n == 2 ? "bradley-terry" : "plackett-luce";
  std::vector<int> table(n);
  for (int i = 0; i < n; ++i) table[i] = i;
  result.tables = {table};
  result.games_per_table = match.games;
  result.games = match.games;
  const bool solitaire = seats == 1;
  const int64_t rounds = solitaire ? match.games / n : match.games;
  result.rounds_per_table = rounds;
  const std::vector<int64_t> at = Checkpoints(rounds);
  std::vector<std::optional<TableSummary>> summaries(1);
  GAMEAI_ASSIGN_OR_RETURN(TableSummary summary,
                          Summarize(match, table, n, solitaire, at));
  summaries[0].emplace(std::move(summary));
  GAMEAI_RETURN_IF_ERROR(Assemble(summaries, rounds, at, result));
  result.elapsed_seconds = match.elapsed_seconds;
  return result;
}

}  // namespace gameai
