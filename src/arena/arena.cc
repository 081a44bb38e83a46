#include "gameai/arena/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <map>
#include <memory>
#include <new>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "arena_totals.h"
#include "fmt/format.h"
#include "gameai/base/memory.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/spec.h"
#include "platform/threads.h"

namespace gameai {
namespace {

using arena_internal::AddGroupDifferences;
using arena_internal::GroupScores;
using arena_internal::kTrackedHistories;
using arena_internal::PairedTotals;
using arena_internal::SeriesPart;
using arena_internal::SeriesTotals;
using arena_internal::SpecTotals;

// kOpeningStream: tells the openings' generator apart from the games'.
constexpr uint64_t kOpeningStream = 0x6f70656e696e67;
// kChanceStream: the keyed chance events' generators (State::ChanceKey).
constexpr uint64_t kChanceStream = 0x6368616e6365;

// HistoryHash: FNV-1a over every (player, action) of a game, so that two
// games with the same moves (and chance outcomes) hash alike.
uint64_t HistoryHash(const std::vector<State::HistoryItem>& history) {
  uint64_t h = 0xcbf29ce484222325;
  auto mix = [&h](uint64_t x) {
    for (int byte = 0; byte < 8; ++byte, x >>= 8) {
      h = (h ^ (x & 0xff)) * 0x100000001b3;
    }
  };
  for (const State::HistoryItem& item : history) {
    mix(static_cast<uint64_t>(item.player));
    mix(static_cast<uint64_t>(item.action));
  }
  return h;
}

// Seating: slot j of the table holds spec slot_spec[j]; in rotation r, seat s
// is taken by slot (s + r) % seats. A solitaire game seats slot r.
struct Seating {
  std::vector<int> slot_spec;  // index into the distinct specs
  int rotations = 1;
  bool solitaire = false;

  int SlotOfSeat(int rotation, Player seat) const {
    if (solitaire) return rotation;
    const int seats = static_cast<int>(slot_spec.size());
    return (seat + rotation) % seats;
  }
};

struct GameRecord {
  std::vector<int> slot_of_seat;
  std::vector<double> returns;
  std::vector<double> scores;
  std::vector<int> illegal_per_seat;
  std::vector<std::vector<double>> tallies;  // per seat
  // Per seat, with MatchOptions::time_moves.
  std::vector<int64_t> moves;
  std::vector<double> move_seconds, max_move_seconds;
  uint64_t history_hash = 0;  // HistoryHash of the game
};

struct Series {
  int64_t first_game = 0;
  int64_t end_game = 0;
};

class MatchRunner {
 public:
  MatchRunner(const MatchOptions& options, std::shared_ptr<const Game> game,
              Seating seating, std::vector<std::string> specs)
      : options_(options),
        game_(std::move(game)),
        seating_(std::move(seating)),
        specs_(std::move(specs)) {}

  absl::StatusOr<std::vector<std::unique_ptr<Agent>>> MakeAgents() const {
    std::vector<std::unique_ptr<Agent>> agents;
    for (size_t slot = 0; slot < seating_.slot_spec.size(); ++slot) {
      const std::string& spec = specs_[seating_.slot_spec[slot]];
      std::unique_ptr<Agent> agent;
      if (options_.make_agent) {
        GAMEAI_ASSIGN_OR_RETURN(
            agent, options_.make_agent(static_cast<int>(slot), spec));
      }
      if (agent == nullptr) {
        GAMEAI_ASSIGN_OR_RETURN(agent, MakeAgent(spec));
      }
      agents.push_back(std::move(agent));
    }
    return agents;
  }

  absl::StatusOr<std::unique_ptr<Agent>> MakeAgent(
      const std::string& text) const {
    GAMEAI_ASSIGN_OR_RETURN(const Spec spec, ParseSpec(text));
    for (const AgentEntry& entry : options_.custom_agents) {
      if (entry.name != spec.name) continue;
      GAMEAI_ASSIGN_OR_RETURN(
          const Params params,
          ResolveParams(spec, entry.params,
                        fmt::format("agent '{}'", spec.name)));
      return gameai::MakeAgent(entry, *game_, params, text);
    }
    return LoadAgent(*game_, text);
  }

  // RunSeries: plays games [first, end) with one set of agent instances,
  // adding each game to `totals` as it ends. An allocation that fails or
  // an exception (an agent's or the game's bug) ends the series with
  // totals.status set.
  void RunSeries(const Series& series,
                 std::vector<std::unique_ptr<Agent>>& agents,
                 SeriesTotals& totals) {
    int64_t g = series.first_game;
    try {
      for (; g < series.end_game; ++g) {
        const GameRecord record = PlayOne(g, agents, totals.illegal);
        AddGame(record, g, totals);
        {
          absl::MutexLock lock(&mutex_);
          ++done_;
          if (options_.on_progress) options_.on_progress(done_, total_);
        }
        if (options_.cancelled && options_.cancelled()) {
          totals.status = absl::CancelledError(
              fmt::format("the match was stopped after game {}", g));
          return;
        }
      }
    } catch (const std::bad_alloc&) {
      totals.status = absl::ResourceExhaustedError(kOutOfMemoryMessage);
    } catch (const std::exception& e) {
      totals.status = absl::InternalError(fmt::format(
          "game {}: an agent or the game threw an exception: {}", g, e.what()));
    }
  }

  // Sized: empty totals with an entry for every spec and rotation, so that
  // an empty series merges like any other.
  SeriesTotals Sized() const {
    SeriesTotals totals;
    totals.specs.resize(specs_.size());
    totals.paired.resize(specs_.size());
    totals.repeats.first.resize(seating_.rotations);
    totals.repeats.count.resize(seating_.rotations);
    return totals;
  }

  void set_total(int64_t total) { total_ = total; }

 private:
  // AddGame: one finished game into the totals of the specs seated.
  void AddGame(const GameRecord& g, int64_t index, SeriesTotals& totals) const {
    const int rotation = static_cast<int>(index % seating_.rotations);
    if (!totals.repeats.first[rotation]) {
      totals.repeats.first[rotation] = g.history_hash;
    }
    absl::flat_hash_map<uint64_t, int64_t>& count =
        totals.repeats.count[rotation];
    if (auto it = count.find(g.history_hash); it != count.end()) {
      ++it->second;
    } else if (count.size() < kTrackedHistories) {
      count.emplace(g.history_hash, 1);
    }
    if (seating_.solitaire) {
      GroupScores& group = totals.open_groups[index / seating_.rotations];
      group.emplace_back(seating_.slot_spec[g.slot_of_seat[0]], g.scores[0]);
      if (static_cast<int>(group.size()) == seating_.rotations) {
        AddGroupDifferences(group, totals.paired);
        totals.open_groups.erase(index / seating_.rotations);
      }
    }
    const double best = *std::max_element(g.returns.begin(), g.returns.end());
    const auto sharing = std::count(g.returns.begin(), g.returns.end(), best);
    for (size_t seat = 0; seat < g.slot_of_seat.size(); ++seat) {
      SpecTotals& r = totals.specs[seating_.slot_spec[g.slot_of_seat[seat]]];
      ++r.games;
      r.scores.Add(g.scores[seat]);
      r.score_squares.Add(g.scores[seat] * g.scores[seat]);
      r.returns.Add(g.returns[seat]);
      r.illegal_actions += g.illegal_per_seat[seat];
      r.moves += g.moves[seat];
      r.move_seconds += g.move_seconds[seat];
      r.max_move_seconds =
          std::max(r.max_move_seconds, g.max_move_seconds[seat]);
      const std::vector<double>& tallies = g.tallies[seat];
      if (r.tallies.size() < tallies.size()) r.tallies.resize(tallies.size());
      for (size_t k = 0; k < tallies.size(); ++k) r.tallies[k].Add(tallies[k]);
      if (seating_.solitaire) continue;
      if (g.returns[seat] < best) {
        ++r.losses;
      } else {
        r.first_places.Add(1.0 / static_cast<double>(sharing));
        ++(sharing == 1 ? r.wins : r.draws);
      }
    }
    if (options_.log_games) {
      GameLogEntry entry;
      for (int slot : g.slot_of_seat) {
        entry.agent_of_seat.push_back(seating_.slot_spec[slot]);
      }
      entry.scores = g.scores;
      entry.returns = g.returns;
      totals.game_log.push_back(std::move(entry));
    }
  }

  GameRecord PlayOne(int64_t index, std::vector<std::unique_ptr<Agent>>& agents,
                     std::vector<IllegalAction>& illegal) {
    const int players = game_->NumPlayers();
    // Solitaire (or paired seeds): the games of a rotation group share the
    // chance stream.
    const bool paired = seating_.solitaire || options_.paired_seeds;
    const uint64_t game_seed =
        DeriveSeed(options_.seed, paired ? index / seating_.rotations : index);
    Rng referee(game_seed);
    const int rotation = static_cast<int>(index % seating_.rotations);
    GameRecord record;
    record.illegal_per_seat.assign(players, 0);
    record.moves.assign(players, 0);
    record.move_seconds.assign(players, 0);
    record.max_move_seconds.assign(players, 0);
    std::vector<Agent*> seated(players);
    std::vector<std::string> table;
    for (Player p = 0; p < players; ++p) {
      const int slot = seating_.SlotOfSeat(rotation, p);
      record.slot_of_seat.push_back(slot);
      seated[p] = agents[slot].get();
      table.push_back(specs_[seating_.slot_spec[slot]]);
    }
    for (Player p = 0; p < players; ++p) {
      seated[p]->set_table(table);
      // Made for game_ (MakeAgents), p in range: cannot fail.
      (void)seated[p]->StartGame(*game_, p, DeriveSeed(game_seed, 1 + p));
    }
    std::unique_ptr<State> state = game_->NewInitialState();
    int opening_plies = options_.random_opening;
    // One opening per rotation group: every seat order plays it.
    Rng opening(DeriveSeed(
        DeriveSeed(options_.seed, index / seating_.rotations), kOpeningStream));
    while (!state->IsTerminal()) {
      const Player current = state->CurrentPlayer();
      if (current >= 0 && opening_plies > 0) {
        --opening_plies;
        const std::vector<Action> legal = state->LegalActions();
        (void)state->ApplyAction(legal[opening.Below(legal.size())]);
      } else if (current == kChancePlayer) {
        // Paired: a keyed event rolls the same in every game of the group,
        // whatever was held before.
        const std::optional<uint64_t> key =
            paired ? state->ChanceKey() : std::nullopt;
        Rng keyed(
            DeriveSeed(DeriveSeed(game_seed, kChanceStream), key.value_or(0)));
        const Action outcome =
            SampleChanceOutcome(state->ChanceOutcomes(), key ? keyed : referee);
        (void)state->ApplyAction(outcome);  // one of the listed outcomes
      } else if (current == kSimultaneousPlayer) {
        std::vector<Action> joint(players);
        for (Player p = 0; p < players; ++p) {
          joint[p] =
              AskAgent(index, *state, p, *seated[p], referee, record, illegal);
        }
        (void)state->ApplyJointAction(joint);  // every entry checked legal
      } else {
        const Action action = AskAgent(index, *state, current, *seated[current],
                                       referee, record, illegal);
        (void)state->ApplyAction(action);  // checked legal
      }
      for (Player p = 0; p < players; ++p) {
        // Views of game_: the agents cannot refuse them.
        (void)seated[p]->Inform(*state->ViewFor(p), state->LastEventFor(p));
      }
    }
    record.returns = state->Returns();
    record.scores = state->Scores();
    record.history_hash = HistoryHash(state->History());
    for (Player p = 0; p < players; ++p) {
      record.tallies.push_back(state->Tallies(p));
    }
    for (Player p = 0; p < players; ++p) {
      (void)seated[p]->EndGame(*state->ViewFor(p), record.returns);
    }
    if (options_.on_game_end) {
      options_.on_game_end(
          FinishedGame{.index = index,
                       .state = state.get(),
                       .table = table,
                       .slot_of_seat = record.slot_of_seat,
                       .illegal_per_seat = record.illegal_per_seat});
    }
    return record;
  }

  // AskAgent: the agent's action if legal; otherwise the violation is
  // recorded and a uniformly random legal action is returned instead.
  Action AskAgent(int64_t index, const State& state, Player seat, Agent& agent,
                  Rng& referee, GameRecord& record,
                  std::vector<IllegalAction>& illegal) {
    const std::vector<Action> legal = state.LegalActions(seat);
    const std::unique_ptr<State> view = state.ViewFor(seat);
    // The clock is read only when moves are timed: it is the hot path.
    const auto start = options_.time_moves
                           ? std::chrono::steady_clock::now()
                           : std::chrono::steady_clock::time_point{};
    absl::StatusOr<Action> action = agent.Step(*view);
    if (options_.time_moves) {
      const double seconds = std::chrono::duration<double>(
                                 std::chrono::steady_clock::now() - start)
                                 .count();
      ++record.moves[seat];
      record.move_seconds[seat] += seconds;
      record.max_move_seconds[seat] =
          std::max(record.max_move_seconds[seat], seconds);
    }
    std::string problem;
    if (!action.ok()) {
      problem = fmt::format("agent error: {}", Str(action.status().message()));
    } else if (!std::binary_search(legal.begin(), legal.end(), *action)) {
      problem = "not a legal action";
    } else {
      return *action;
    }
    ++record.illegal_per_seat[seat];
    if (illegal.size() < kKeptIllegalActions) {
      illegal.push_back(IllegalAction{
          .agent = specs_[seating_.slot_spec[record.slot_of_seat[seat]]],
          .game_index = index,
          .seat = seat,
          .state = state.Serialize(),
          .action = action.ok() ? fmt::format("{}", *action) : "none",
          .reason = problem});
    }
    return legal[referee.Below(legal.size())];
  }

  const MatchOptions& options_;
  std::shared_ptr<const Game> game_;
  Seating seating_;
  std::vector<std::string> specs_;
  absl::Mutex mutex_;
  int64_t done_ ABSL_GUARDED_BY(mutex_) = 0;
  int64_t total_ = 0;
};

AgentResult Summarize(const std::string& spec, const SpecTotals& totals,
                      bool solitaire) {
  AgentResult r;
  r.spec = spec;
  r.games = totals.games;
  r.wins = totals.wins;
  r.draws = totals.draws;
  r.losses = totals.losses;
  r.illegal_actions = totals.illegal_actions;
  r.moves = totals.moves;
  r.move_seconds = totals.move_seconds;
  r.max_move_seconds = totals.max_move_seconds;
  r.score_sum = totals.scores.Value();
  r.first_places = totals.first_places.Value();
  for (const ExactSum& t : totals.tallies) r.tallies.push_back(t.Value());
  if (r.games > 0) {
    const double points = r.wins + 0.5 * r.draws;
    r.win_rate = solitaire ? 0 : points / r.games;
    r.win_rate_ci95 =
        solitaire ? Interval{0, 0} : WilsonInterval95(points, r.games);
    r.mean_return = totals.returns.Value() / r.games;
    if (!solitaire) {
      r.first_place_rate_ci95 = WilsonInterval95(r.first_places, r.games);
    }
  }
  std::tie(r.mean_score, r.mean_score_ci95) =
      MeanWithInterval95(r.games, r.score_sum, totals.score_squares.Value());
  return r;
}

// PreparedMatch: what every process of a match derives alike from the
// options before playing.
struct PreparedMatch {
  std::shared_ptr<const Game> game;
  Seating seating;
  std::vector<std::string> specs;  // distinct, in the order given
  int64_t games = 0;               // rounded up to whole rotations
  int64_t series = 1;              // K

  // FirstGame: series j plays games [FirstGame(j), FirstGame(j + 1)).
  int64_t FirstGame(int64_t j) const {
    return static_cast<int64_t>(static_cast<__int128>(games) * j / series);
  }
};

absl::StatusOr<PreparedMatch> Prepare(const MatchOptions& options) {
  if (options.games < 1 || options.games > kMaxMatchGames) {
    return absl::InvalidArgumentError(fmt::format(
        "games={} must be in [1, {}]", options.games, kMaxMatchGames));
  }
  if (options.threads < 1 || options.threads > kMaxMatchThreads) {
    return absl::InvalidArgumentError(fmt::format(
        "threads={} must be in [1, {}]", options.threads, kMaxMatchThreads));
  }
  GAMEAI_RETURN_IF_ERROR(
      platform::CheckThreadCount(options.threads, "threads"));
  if (options.series < 0 || options.series > kMaxMatchSeries) {
    return absl::InvalidArgumentError(
        fmt::format("series={} must be in [1, {}] (0: as many as threads)",
                    options.series, kMaxMatchSeries));
  }
  if (options.random_opening < 0 ||
      options.random_opening > kMaxRandomOpening) {
    return absl::InvalidArgumentError(
        fmt::format("random_opening={} must be in [0, {}]",
                    options.random_opening, kMaxRandomOpening));
  }
  if (options.agents.empty() ||
      options.agents.size() > static_cast<size_t>(kMaxMatchAgents)) {
    return absl::InvalidArgumentError(fmt::format(
        "{} agents given; accepted: 1..{} (one per seat, or any number side "
        "by side in a solitaire game)",
        options.agents.size(), kMaxMatchAgents));
  }
  PreparedMatch match;
  GAMEAI_ASSIGN_OR_RETURN(match.game, LoadGame(options.game));
  const int players = match.game->NumPlayers();
  const int given = static_cast<int>(options.agents.size());
  const bool solitaire = players == 1;
  if (!solitaire && given > players) {
    return absl::InvalidArgumentError(
        fmt::format("game '{}' has {} seats but {} agents were given",
                    options.game, players, given));
  }
  // Distinct specs in the order given; the table's slots cycle the list.
  Seating& seating = match.seating;
  seating.solitaire = solitaire;
  const int slots = solitaire ? given : players;
  for (int j = 0; j < slots; ++j) {
    const std::string& spec = options.agents[j % given];
    auto it = std::find(match.specs.begin(), match.specs.end(), spec);
    if (it == match.specs.end())
      it = match.specs.insert(match.specs.end(), spec);
    seating.slot_spec.push_back(static_cast<int>(it - match.specs.begin()));
  }
  seating.rotations =
      solitaire ? given : (match.specs.size() == 1 ? 1 : players);
  match.games = (options.games + seating.rotations - 1) / seating.rotations *
                seating.rotations;
  match.series = options.series > 0 ? options.series : options.threads;
  return match;
}

// PlaySeriesRange: series [first, end) on up to options.threads threads,
// each thread taking the next series not yet started; the totals are in
// series order whatever thread played them. Errors before any game (an
// agent that cannot be made, a game log that cannot fit) are returned;
// errors during a series are in its totals.
absl::StatusOr<std::vector<SeriesTotals>> PlaySeriesRange(
    const PreparedMatch& match, const MatchOptions& options, int64_t first,
    int64_t end) {
  MatchRunner runner(options, match.game, match.seating, match.specs);
  const int64_t games = match.FirstGame(end) - match.FirstGame(first);
  runner.set_total(games);
  if (options.log_games) {
    // The log is the one record that grows with the games: each entry (its
    // two small blocks with malloc's headers, and room for the vector that
    // gathers the series' logs to double), then its JSON text.
    const int players = match.game->NumPlayers();
    const int64_t per_game = 3 * static_cast<int64_t>(sizeof(GameLogEntry)) +
                             2 * 32 + int64_t{12} * players +
                             GameLogTextBytes(players);
    GAMEAI_RETURN_IF_ERROR(CheckMemory(
        fmt::format("the game log of {} games (with its JSON)", games),
        games * per_game));
  }
  using AgentSet = std::vector<std::unique_ptr<Agent>>;
  // A set for every thread made before the threads start, so that a bad
  // spec, or tables and trees that do not fit side by side (their memory
  // is reserved as they are made), is an error before any game. A later
  // series makes its own once an earlier one has freed its set.
  const int64_t threads = std::min<int64_t>(options.threads, end - first);
  std::vector<AgentSet> ready(threads);
  for (AgentSet& set : ready) {
    GAMEAI_ASSIGN_OR_RETURN(set, runner.MakeAgents());
  }
  absl::Mutex ready_mutex;
  std::vector<SeriesTotals> totals(end - first);
  std::atomic<int64_t> next{first};
  std::atomic<bool> failed{false};  // a series could not start: stop
  auto work = [&] {
    for (int64_t j; !failed.load() && (j = next.fetch_add(1)) < end;) {
      SeriesTotals& series_totals = totals[j - first];
      series_totals = runner.Sized();
      const Series series{.first_game = match.FirstGame(j),
                          .end_game = match.FirstGame(j + 1)};
      if (series.first_game == series.end_game) continue;
      AgentSet agents;
      {
        absl::MutexLock lock(&ready_mutex);
        if (!ready.empty()) {
          agents = std::move(ready.back());
          ready.pop_back();
        }
      }
      if (agents.empty()) {
        absl::StatusOr<AgentSet> made = runner.MakeAgents();
        if (!made.ok()) {
          series_totals.status = made.status();
          failed.store(true);
          continue;
        }
        agents = *std::move(made);
      }
      runner.RunSeries(series, agents, series_totals);
    }
  };
  platform::RunOnThreads(static_cast<int>(threads), [&](int) { work(); });
  return totals;
}

// Merger: the match's result from every series' totals, added one at a
// time in series order (the log and the illegal actions stay in game
// order), so that a merge holds one series' totals at a time.
class Merger {
 public:
  Merger(const PreparedMatch& match, const MatchOptions& options)
      : match_(match),
        options_(options),
        spec_totals_(match.specs.size()),
        paired_(match.specs.size()),
        first_hash_(match.seating.rotations) {
    result_.game = options.game;
    result_.seed = options.seed;
    result_.threads = options.threads;
    result_.series = match.series;
    result_.random_opening = options.random_opening;
    result_.paired_seeds = options.paired_seeds;
    result_.time_moves = options.time_moves;
    result_.num_players = match.game->NumPlayers();
    result_.solitaire = match.seating.solitaire;
    result_.units = match.game->Units();
    result_.tally_names = match.game->TallyNames();
    result_.games = match.games;
  }

  absl::Status Add(SeriesTotals& series) {
    const std::vector<std::string>& specs = match_.specs;
    const Seating& seating = match_.seating;
    std::vector<SpecTotals>& spec_totals = spec_totals_;
    std::vector<PairedTotals>& paired = paired_;
    std::map<int64_t, GroupScores>& open_groups = open_groups_;
    std::vector<std::optional<uint64_t>>& first_hash = first_hash_;
    MatchResult& result = result_;
    GAMEAI_RETURN_IF_ERROR(CheckFits(series));
    for (size_t i = 0; i < specs.size(); ++i) {
      spec_totals[i].Add(series.specs[i]);
      paired[i].Add(series.paired[i]);
    }
    for (auto& [index, scores] : series.open_groups) {
      GroupScores& group = open_groups[index];
      group.insert(group.end(), scores.begin(), scores.end());
      if (static_cast<int>(group.size()) == seating.rotations) {
        AddGroupDifferences(group, paired);
        open_groups.erase(index);
      }
    }
    // Repeats of the match's first game of each seating, in every series.
    for (int r = 0; r < seating.rotations; ++r) {
      if (!first_hash[r]) {
        first_hash[r] = series.repeats.first[r];
        if (first_hash[r]) --result.repeated_games;  // the first itself
      }
      if (!first_hash[r]) continue;
      const auto& count = series.repeats.count[r];
      if (auto it = count.find(*first_hash[r]); it != count.end()) {
        result.repeated_games += it->second;
      }
    }
    for (GameLogEntry& entry : series.game_log) {
      result.game_log.push_back(std::move(entry));
    }
    for (IllegalAction& x : series.illegal) {
      if (result.illegal_actions.size() < kKeptIllegalActions) {
        result.illegal_actions.push_back(std::move(x));
      }
    }
    ++added_;
    return absl::OkStatus();
  }

  int64_t added() const { return added_; }

  MatchResult Finish() {
    const std::vector<std::string>& specs = match_.specs;
    const bool solitaire = match_.seating.solitaire;
    std::vector<SpecTotals>& spec_totals = spec_totals_;
    std::vector<PairedTotals>& paired = paired_;
    const MatchOptions& options = options_;
    MatchResult& result = result_;
    for (size_t i = 0; i < specs.size(); ++i) {
      result.agents.push_back(Summarize(specs[i], spec_totals[i], solitaire));
    }
    if (solitaire) {
      for (size_t i = 1; i < specs.size(); ++i) {
        PairedDifference d{.vs = specs[0], .pairs = paired[i].pairs};
        std::tie(d.mean, d.ci95) = MeanWithInterval95(
            paired[i].pairs, paired[i].sum.Value(), paired[i].squares.Value());
        result.agents[i].paired_difference = d;
      }
    }
    if (result.repeated_games > 0) {
      result.warnings.push_back(fmt::format(
          "{} of {} {} repeat the first {} of their seating move for move (the "
          "agents and the game are deterministic); {} varies them",
          result.repeated_games, result.games, result.units.games,
          result.units.game,
          options.random_opening == 0 ? "--random-opening N (random_opening)"
                                      : "a longer random opening"));
    }
    if (specs.size() > 1) {
      const auto best =
          std::max_element(result.agents.begin(), result.agents.end(),
                           [](const AgentResult& a, const AgentResult& b) {
                             return a.mean_score < b.mean_score;
                           });
      result.winner = best->spec;
    }
    return std::move(result_);
  }

 private:
  // CheckFits: InvalidArgument for totals of another match (a part's bytes
  // from other options), before any index in them is used.
  absl::Status CheckFits(const SeriesTotals& series) const {
    GAMEAI_RETURN_IF_ERROR(series.status);
    const size_t specs = match_.specs.size();
    bool fits = series.specs.size() == specs && series.paired.size() == specs &&
                series.repeats.first.size() == first_hash_.size() &&
                series.repeats.count.size() == first_hash_.size();
    for (const auto& [index, group] : series.open_groups) {
      for (const auto& [spec, score] : group) {
        fits = fits && spec >= 0 && static_cast<size_t>(spec) < specs;
      }
    }
    for (const GameLogEntry& entry : series.game_log) {
      for (int spec : entry.agent_of_seat) {
        fits = fits && spec >= 0 && static_cast<size_t>(spec) < specs;
      }
    }
    if (fits) return absl::OkStatus();
    return absl::InvalidArgumentError(
        "a series' totals do not fit the match (other agents or game)");
  }

  const PreparedMatch& match_;
  const MatchOptions& options_;
  MatchResult result_;
  std::vector<SpecTotals> spec_totals_;
  std::vector<PairedTotals> paired_;
  std::map<int64_t, GroupScores> open_groups_;  // groups split by series
  std::vector<std::optional<uint64_t>> first_hash_;
  int64_t added_ = 0;
};

}  // namespace

absl::StatusOr<int64_t> PlannedGames(const MatchOptions& options) {
  GAMEAI_ASSIGN_OR_RETURN(const PreparedMatch match, Prepare(options));
  return match.games;
}

absl::StatusOr<MatchResult> RunMatch(const MatchOptions& options) {
  GAMEAI_ASSIGN_OR_RETURN(const PreparedMatch match, Prepare(options));
  const auto start = std::chrono::steady_clock::now();
  GAMEAI_ASSIGN_OR_RETURN(std::vector<SeriesTotals> totals,
                          PlaySeriesRange(match, options, 0, match.series));
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  Merger merger(match, options);
  for (SeriesTotals& series : totals) {
    GAMEAI_RETURN_IF_ERROR(merger.Add(series));
  }
  MatchResult result = merger.Finish();
  result.elapsed_seconds = elapsed;
  return result;
}

absl::StatusOr<int64_t> MatchSeriesCount(const MatchOptions& options) {
  GAMEAI_ASSIGN_OR_RETURN(const PreparedMatch match, Prepare(options));
  return match.series;
}

absl::StatusOr<std::string> PlayMatchSeries(const MatchOptions& options,
                                            int64_t first, int64_t end) {
  GAMEAI_ASSIGN_OR_RETURN(const PreparedMatch match, Prepare(options));
  if (first < 0 || end < first || end > match.series) {
    return absl::InvalidArgumentError(
        fmt::format("series [{}, {}) is not within the match's {} series",
                    first, end, match.series));
  }
  SeriesPart part{
      .fingerprint = arena_internal::OptionsFingerprint(options, match.series),
      .first_series = first};
  GAMEAI_ASSIGN_OR_RETURN(part.series,
                          PlaySeriesRange(match, options, first, end));
  for (const SeriesTotals& series : part.series) {
    GAMEAI_RETURN_IF_ERROR(series.status);
  }
  // The result keeps the first kKeptIllegalActions in game order: more
  // from one part could never be shown.
  size_t kept = 0;
  for (SeriesTotals& series : part.series) {
    const size_t room = kKeptIllegalActions - kept;
    if (series.illegal.size() > room) series.illegal.resize(room);
    kept += series.illegal.size();
  }
  return arena_internal::SerializePart(part);
}

absl::StatusOr<MatchResult> MergeMatchSeries(
    const MatchOptions& options, absl::Span<const std::string> parts) {
  GAMEAI_ASSIGN_OR_RETURN(const PreparedMatch match, Prepare(options));
  const uint64_t fingerprint =
      arena_internal::OptionsFingerprint(options, match.series);
  // One part parsed at a time: the merge holds the totals of one part.
  Merger merger(match, options);
  for (const std::string& bytes : parts) {
    GAMEAI_ASSIGN_OR_RETURN(SeriesPart part, arena_internal::ParsePart(bytes));
    if (part.fingerprint != fingerprint) {
      return absl::InvalidArgumentError(
          "a match part was played with other options (game, agents, games, "
          "seed, series, random opening or game log differ)");
    }
    if (part.first_series != merger.added()) {
      return absl::InvalidArgumentError(fmt::format(
          "a match part starts at series {} where series {} was expected",
          part.first_series, merger.added()));
    }
    if (part.first_series + static_cast<int64_t>(part.series.size()) >
        match.series) {
      return absl::InvalidArgumentError(fmt::format(
          "a match part ends past the match's {} series", match.series));
    }
    for (SeriesTotals& series : part.series) {
      GAMEAI_RETURN_IF_ERROR(merger.Add(series));
    }
  }
  if (merger.added() != match.series) {
    return absl::InvalidArgumentError(
        fmt::format("the match parts hold {} of the match's {} series",
                    merger.added(), match.series));
  }
  return merger.Finish();
}

}  // namespace gameai
