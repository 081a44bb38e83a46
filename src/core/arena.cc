#include "gameai/core/arena.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "fmt/format.h"
#include "gameai/core/random.h"
#include "gameai/core/registry.h"
#include "gameai/core/spec.h"
#include "gameai/core/status_macros.h"
#include "gameai/core/text.h"

namespace gameai {
namespace {

// kOpeningStream: tells the openings' generator apart from the games'.
constexpr uint64_t kOpeningStream = 0x6f70656e696e67;

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
    for (int spec : seating_.slot_spec) {
      GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<Agent> agent,
                              MakeAgent(specs_[spec]));
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
      return entry.make(*game_, params);
    }
    return LoadAgent(*game_, text);
  }

  // RunSeries: plays games [first, end) with one set of agent instances.
  void RunSeries(const Series& series,
                 std::vector<std::unique_ptr<Agent>>& agents,
                 std::vector<GameRecord>& records) {
    for (int64_t g = series.first_game; g < series.end_game; ++g) {
      records[g] = PlayOne(g, agents);
      absl::MutexLock lock(&mutex_);
      ++done_;
      if (options_.on_progress) options_.on_progress(done_, total_);
    }
  }

  void set_total(int64_t total) { total_ = total; }
  std::vector<IllegalAction> TakeIllegal() {
    absl::MutexLock lock(&mutex_);
    std::sort(illegal_.begin(), illegal_.end(),
              [](const IllegalAction& a, const IllegalAction& b) {
                return a.game_index < b.game_index;
              });
    return std::move(illegal_);
  }

 private:
  GameRecord PlayOne(int64_t index,
                     std::vector<std::unique_ptr<Agent>>& agents) {
    const int players = game_->NumPlayers();
    const uint64_t game_seed = DeriveSeed(options_.seed, index);
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
      seated[p]->StartGame(*game_, p, DeriveSeed(game_seed, 1 + p));
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
        const Action outcome =
            SampleChanceOutcome(state->ChanceOutcomes(), referee);
        (void)state->ApplyAction(outcome);  // one of the listed outcomes
      } else if (current == kSimultaneousPlayer) {
        std::vector<Action> joint(players);
        for (Player p = 0; p < players; ++p) {
          joint[p] = AskAgent(index, *state, p, *seated[p], referee, record);
        }
        (void)state->ApplyJointAction(joint);  // every entry checked legal
      } else {
        const Action action =
            AskAgent(index, *state, current, *seated[current], referee, record);
        (void)state->ApplyAction(action);  // checked legal
      }
      for (Player p = 0; p < players; ++p) {
        seated[p]->Inform(*state->ViewFor(p), state->LastEventFor(p));
      }
    }
    record.returns = state->Returns();
    record.scores = state->Scores();
    for (Player p = 0; p < players; ++p) {
      record.tallies.push_back(state->Tallies(p));
    }
    for (Player p = 0; p < players; ++p) {
      seated[p]->EndGame(*state->ViewFor(p), record.returns);
    }
    return record;
  }

  // AskAgent: the agent's action if legal; otherwise the violation is
  // recorded and a uniformly random legal action is returned instead.
  Action AskAgent(int64_t index, const State& state, Player seat, Agent& agent,
                  Rng& referee, GameRecord& record) {
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
    {
      absl::MutexLock lock(&mutex_);
      illegal_.push_back(IllegalAction{
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
  std::vector<IllegalAction> illegal_ ABSL_GUARDED_BY(mutex_);
};

AgentResult Summarize(const std::string& spec, int spec_index,
                      const std::vector<GameRecord>& records,
                      const Seating& seating, bool solitaire) {
  AgentResult r;
  r.spec = spec;
  std::vector<double> scores;
  double total_return = 0;
  for (const GameRecord& g : records) {
    const double best = *std::max_element(g.returns.begin(), g.returns.end());
    const auto sharing = std::count(g.returns.begin(), g.returns.end(), best);
    for (size_t seat = 0; seat < g.slot_of_seat.size(); ++seat) {
      if (seating.slot_spec[g.slot_of_seat[seat]] != spec_index) continue;
      ++r.games;
      scores.push_back(g.scores[seat]);
      r.score_sum += g.scores[seat];
      total_return += g.returns[seat];
      r.illegal_actions += g.illegal_per_seat[seat];
      const std::vector<double>& tallies = g.tallies[seat];
      r.tallies.resize(tallies.size());
      for (size_t k = 0; k < tallies.size(); ++k) r.tallies[k] += tallies[k];
      if (solitaire) continue;
      if (g.returns[seat] < best) {
        ++r.losses;
      } else {
        r.first_places += 1.0 / static_cast<double>(sharing);
        ++(sharing == 1 ? r.wins : r.draws);
      }
    }
  }
  if (r.games > 0) {
    const double points = r.wins + 0.5 * r.draws;
    r.win_rate = solitaire ? 0 : points / r.games;
    r.win_rate_ci95 =
        solitaire ? Interval{0, 0} : WilsonInterval95(points, r.games);
    r.mean_return = total_return / r.games;
    if (!solitaire) {
      r.first_place_rate_ci95 = WilsonInterval95(r.first_places, r.games);
    }
  }
  std::tie(r.mean_score, r.mean_score_ci95) = MeanWithInterval95(scores);
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
  std::vector<GameRecord> records(result.games);
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    const Series series{.first_game = result.games * t / threads,
                        .end_game = result.games * (t + 1) / threads};
    workers.emplace_back(
        [&, series, t] { runner.RunSeries(series, agents[t], records); });
  }
  for (std::thread& w : workers) w.join();
  result.elapsed_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  for (int i = 0; i < static_cast<int>(specs.size()); ++i) {
    result.agents.push_back(
        Summarize(specs[i], i, records, seating, solitaire));
  }
  if (specs.size() > 1) {
    const auto best =
        std::max_element(result.agents.begin(), result.agents.end(),
                         [](const AgentResult& a, const AgentResult& b) {
                           return a.mean_score < b.mean_score;
                         });
    result.winner = best->spec;
  }
  if (options.log_games) {
    for (const GameRecord& g : records) {
      GameLogEntry entry;
      for (int slot : g.slot_of_seat) {
        entry.agent_of_seat.push_back(seating.slot_spec[slot]);
      }
      entry.scores = g.scores;
      result.game_log.push_back(std::move(entry));
    }
  }
  result.illegal_actions = runner.TakeIllegal();
  return result;
}

}  // namespace gameai
