#include "gameai/core/arena.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <map>
#include <new>
#include <optional>
#include <thread>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "fmt/format.h"
#include "gameai/core/memory.h"
#include "gameai/core/random.h"
#include "gameai/core/registry.h"
#include "gameai/core/spec.h"
#include "gameai/core/status_macros.h"
#include "gameai/core/text.h"

namespace gameai {
namespace {

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
  uint64_t history_hash = 0;                 // HistoryHash of the game
};

struct Series {
  int64_t first_game = 0;
  int64_t end_game = 0;
};

// SpecTotals: one spec's results so far, summed exactly (ExactSum), so
// that series added together give the same totals for any split.
struct SpecTotals {
  int64_t games = 0, wins = 0, draws = 0, losses = 0, illegal_actions = 0;
  ExactSum scores, score_squares, returns, first_places;
  std::vector<ExactSum> tallies;

  void Add(const SpecTotals& other) {
    games += other.games;
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    illegal_actions += other.illegal_actions;
    scores.Add(other.scores);
    score_squares.Add(other.score_squares);
    returns.Add(other.returns);
    first_places.Add(other.first_places);
    if (tallies.size() < other.tallies.size()) {
      tallies.resize(other.tallies.size());
    }
    for (size_t k = 0; k < other.tallies.size(); ++k) {
      tallies[k].Add(other.tallies[k]);
    }
  }
};

// PairedTotals: the differences (a solitaire spec's mean score minus spec
// 0's) over the rotation groups, one per group, summed exactly.
struct PairedTotals {
  int64_t pairs = 0;
  ExactSum sum, squares;

  void Add(const PairedTotals& other) {
    pairs += other.pairs;
    sum.Add(other.sum);
    squares.Add(other.squares);
  }
};

// GroupScores: the (spec, score) of each game of one solitaire rotation
// group seen so far (the agents of a group play the same chance).
using GroupScores = std::vector<std::pair<int, double>>;

// AddGroupDifferences: a complete group's difference of each spec against
// spec 0 into `paired` (one entry per spec; entry 0 unused).
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

// RepeatTotals: per rotation (seating), the series' first game's history
// hash and how many of its games had each history, for the first
// kTrackedHistories distinct histories (a series of random games keeps a
// bounded map; repeats of a history seen later go uncounted).
constexpr size_t kTrackedHistories = 1024;
struct RepeatTotals {
  std::vector<std::optional<uint64_t>> first;
  std::vector<absl::flat_hash_map<uint64_t, int64_t>> count;
};

// SeriesTotals: what a series keeps of its games: the totals per spec, the
// game log when asked for, and its first illegal actions. Nothing grows
// with the number of games unless the game log is asked for (a solitaire
// match's open groups are at most two per series: its first and last).
struct SeriesTotals {
  std::vector<SpecTotals> specs;
  std::vector<PairedTotals> paired;
  std::map<int64_t, GroupScores> open_groups;  // by group index
  RepeatTotals repeats;
  std::vector<GameLogEntry> game_log;
  std::vector<IllegalAction> illegal;  // the series' first kKeptIllegalActions
  absl::Status status;                 // an allocation that failed
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
  // adding each game to `totals` as it ends. An allocation that fails
  // ends the series with totals.status set.
  void RunSeries(const Series& series,
                 std::vector<std::unique_ptr<Agent>>& agents,
                 SeriesTotals& totals) {
    try {
      totals.specs.resize(specs_.size());
      totals.paired.resize(specs_.size());
      totals.repeats.first.resize(seating_.rotations);
      totals.repeats.count.resize(seating_.rotations);
      for (int64_t g = series.first_game; g < series.end_game; ++g) {
        const GameRecord record = PlayOne(g, agents, totals.illegal);
        AddGame(record, g, totals);
        absl::MutexLock lock(&mutex_);
        ++done_;
        if (options_.on_progress) options_.on_progress(done_, total_);
      }
    } catch (const std::bad_alloc&) {
      totals.status = absl::ResourceExhaustedError(kOutOfMemoryMessage);
    }
  }

  void set_total(int64_t total) { total_ = total; }

 private:
  // AddGame: one finished game into the totals of the specs seated.
  void AddGame(const GameRecord& g, int64_t index,
               SeriesTotals& totals) const {
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
      totals.game_log.push_back(std::move(entry));
    }
  }

  GameRecord PlayOne(int64_t index, std::vector<std::unique_ptr<Agent>>& agents,
                     std::vector<IllegalAction>& illegal) {
    const int players = game_->NumPlayers();
    // Solitaire: the agents of a rotation group share the chance stream.
    const uint64_t game_seed = DeriveSeed(
        options_.seed, seating_.solitaire ? index / seating_.rotations : index);
    Rng referee(game_seed);
    const int rotation = static_cast<int>(index % seating_.rotations);
    GameRecord record;
    record.illegal_per_seat.assign(players, 0);
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
        // Solitaire: a keyed event rolls the same for every agent of the
        // group, whatever each held before.
        const std::optional<uint64_t> key =
            seating_.solitaire ? state->ChanceKey() : std::nullopt;
        Rng keyed(
            DeriveSeed(DeriveSeed(game_seed, kChanceStream), key.value_or(0)));
        const Action outcome = SampleChanceOutcome(state->ChanceOutcomes(),
                                                   key ? keyed : referee);
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
      options_.on_game_end(FinishedGame{.index = index,
                                        .state = state.get(),
                                        .table = table,
                                        .slot_of_seat = record.slot_of_seat,
                                        .illegal_per_seat =
                                            record.illegal_per_seat});
    }
    return record;
  }

  // AskAgent: the agent's action if legal; otherwise the violation is
  // recorded and a uniformly random legal action is returned instead.
  Action AskAgent(int64_t index, const State& state, Player seat, Agent& agent,
                  Rng& referee, GameRecord& record,
                  std::vector<IllegalAction>& illegal) {
    const std::vector<Action> legal = state.LegalActions(seat);
    absl::StatusOr<Action> action = agent.Step(*state.ViewFor(seat));
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

}  // namespace

absl::StatusOr<MatchResult> RunMatch(const MatchOptions& options) {
  if (options.games < 1) {
    return absl::InvalidArgumentError(
        fmt::format("games={} must be at least 1", options.games));
  }
  if (options.threads < 1 || options.threads > 256) {
    return absl::InvalidArgumentError(
        fmt::format("threads={} must be in [1, 256]", options.threads));
  }
  if (options.random_opening < 0) {
    return absl::InvalidArgumentError(fmt::format(
        "random_opening={} must be at least 0", options.random_opening));
  }
  if (options.agents.empty()) {
    return absl::InvalidArgumentError("no agents given");
  }
  GAMEAI_ASSIGN_OR_RETURN(std::shared_ptr<const Game> game,
                          LoadGame(options.game));
  const int players = game->NumPlayers();
  const int given = static_cast<int>(options.agents.size());
  const bool solitaire = players == 1;
  if (!solitaire && given > players) {
    return absl::InvalidArgumentError(
        fmt::format("game '{}' has {} seats but {} agents were given",
                    options.game, players, given));
  }
  // Distinct specs in the order given; the table's slots cycle the list.
  std::vector<std::string> specs;
  Seating seating;
  seating.solitaire = solitaire;
  const int slots = solitaire ? given : players;
  for (int j = 0; j < slots; ++j) {
    const std::string& spec = options.agents[j % given];
    auto it = std::find(specs.begin(), specs.end(), spec);
    if (it == specs.end()) it = specs.insert(specs.end(), spec);
    seating.slot_spec.push_back(static_cast<int>(it - specs.begin()));
  }
  seating.rotations = solitaire ? given : (specs.size() == 1 ? 1 : players);

  MatchResult result;
  result.game = options.game;
  result.seed = options.seed;
  result.threads = options.threads;
  result.random_opening = options.random_opening;
  result.num_players = players;
  result.solitaire = solitaire;
  result.units = game->Units();
  result.tally_names = game->TallyNames();
  result.games = (options.games + seating.rotations - 1) / seating.rotations *
                 seating.rotations;

  MatchRunner runner(options, game, seating, specs);
  runner.set_total(result.games);
  const int threads =
      static_cast<int>(std::min<int64_t>(options.threads, result.games));
  std::vector<std::vector<std::unique_ptr<Agent>>> agents(threads);
  for (auto& series_agents : agents) {
    GAMEAI_ASSIGN_OR_RETURN(series_agents, runner.MakeAgents());
  }
  if (options.log_games) {
    // The log is the one record that grows with the games.
    const int64_t per_game = static_cast<int64_t>(
        sizeof(GameLogEntry) + 64 + players * (sizeof(int) + sizeof(double)));
    GAMEAI_RETURN_IF_ERROR(
        CheckMemory(fmt::format("the game log of {} games", result.games),
                    result.games * per_game));
  }
  std::vector<SeriesTotals> totals(threads);
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    const Series series{.first_game = result.games * t / threads,
                        .end_game = result.games * (t + 1) / threads};
    workers.emplace_back(
        [&, series, t] { runner.RunSeries(series, agents[t], totals[t]); });
  }
  for (std::thread& w : workers) w.join();
  result.elapsed_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  // Series in game order: the log and the illegal actions stay in order.
  std::vector<SpecTotals> spec_totals(specs.size());
  std::vector<PairedTotals> paired(specs.size());
  std::map<int64_t, GroupScores> open_groups;  // groups split by series
  std::vector<std::optional<uint64_t>> first_hash(seating.rotations);
  for (SeriesTotals& series : totals) {
    GAMEAI_RETURN_IF_ERROR(series.status);
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
  }
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
  return result;
}

}  // namespace gameai
