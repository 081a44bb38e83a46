// `gameai play GAME --agents human,LEVEL [--seed S] [--hint SPEC]`: a game
// in the terminal. A human seat reads moves and commands from standard
// input; bad input gets a message and the prompt again.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "args.h"
#include "fmt/format.h"
#include "gameai/core/random.h"
#include "gameai/core/registry.h"
#include "gameai/core/saved_game.h"
#include "gameai/core/spec.h"
#include "gameai/core/text.h"

namespace gameai::cli {
namespace {

constexpr char kCommands[] =
    "commands: a move as shown in the legal list, undo, hint, save FILE, "
    "load FILE, quit, help";

struct Seat {
  std::string spec;
  std::unique_ptr<Agent> agent;  // nullptr: a human at the terminal
};

std::string LegalList(const State& state, Player p) {
  std::vector<std::string> names;
  for (Action a : state.LegalActions(p))
    names.push_back(state.ActionToString(p, a));
  return fmt::format("{}", fmt::join(names, " "));
}

void Inform(std::vector<Seat>& seats, const State& state) {
  for (Player p = 0; p < static_cast<Player>(seats.size()); ++p) {
    if (seats[p].agent)
      seats[p].agent->Inform(*state.ViewFor(p), state.LastEventFor(p));
  }
}

// UndoToHuman: takes back moves until one human move is undone, so the same
// human is to move again. False when there is nothing to undo.
bool UndoToHuman(State& state, const std::vector<Seat>& seats) {
  while (!state.History().empty()) {
    const Player mover = state.History().back().player;
    if (!state.UndoAction().ok()) return false;
    if (mover >= 0 && !seats[mover].agent) return true;
  }
  return false;
}

class Session {
 public:
  Session(std::shared_ptr<const Game> game, std::vector<Seat> seats,
          std::string hint_spec, uint64_t seed)
      : game_(std::move(game)),
        seats_(std::move(seats)),
        hint_spec_(std::move(hint_spec)),
        rng_(seed),
        state_(game_->NewInitialState()) {
    for (Player p = 0; p < static_cast<Player>(seats_.size()); ++p) {
      if (seats_[p].agent)
        seats_[p].agent->StartGame(*game_, p, DeriveSeed(seed, p + 1));
    }
  }

  int Run() {
    fmt::print("{}\n{}\n\n", game_->Spec(), kCommands);
    while (!state_->IsTerminal()) {
      const Player p = state_->CurrentPlayer();
      if (p == kChancePlayer) {
        PlayChance();
      } else if (p == kSimultaneousPlayer) {
        fmt::print("simultaneous moves are not supported by `play` yet\n");
        return kExitFailure;
      } else if (seats_[p].agent) {
        if (!PlayAgent(p)) return kExitFailure;
      } else {
        const std::optional<bool> go_on = PlayHuman(p);
        if (!go_on) return 0;  // quit or end of input
      }
    }
    fmt::print("{}", state_->ToString());
    const std::vector<double> scores = state_->Scores();
    const std::vector<double> returns = state_->Returns();
    for (Player p = 0; p < static_cast<Player>(seats_.size()); ++p) {
      fmt::print("player {} ({}): score {}, return {}\n", p, seats_[p].spec,
                 scores[p], returns[p]);
    }
    return 0;
  }

 private:
  void PlayChance() {
    const Action chosen = SampleChanceOutcome(state_->ChanceOutcomes(), rng_);
    fmt::print("chance: {}\n", state_->ActionToString(kChancePlayer, chosen));
    (void)state_->ApplyAction(chosen);
    Inform(seats_, *state_);
  }

  bool PlayAgent(Player p) {
    Agent& agent = *seats_[p].agent;
    absl::StatusOr<Action> action = agent.Step(*state_->ViewFor(p));
    const std::string text =
        action.ok() ? state_->ActionToString(p, *action) : std::string();
    const absl::Status applied =
        action.ok() ? state_->ApplyAction(*action) : action.status();
    if (!applied.ok()) {
      fmt::print(stderr, "gameai: agent '{}' failed: {}\n", seats_[p].spec,
                 Str(applied.message()));
      return false;
    }
    fmt::print("player {} ({}) plays {}\n", p, seats_[p].spec, text);
    if (const std::string why = agent.Explain(); !why.empty()) {
      fmt::print("  {}\n", why);
    }
    Inform(seats_, *state_);
    return true;
  }

  // PlayHuman: nullopt to stop (quit / end of input), else continue.
  std::optional<bool> PlayHuman(Player p) {
    fmt::print("\n{}legal: {}\nplayer {}> ", state_->ToString(),
               LegalList(*state_, p), p);
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) {
      fmt::print("\nend of input: leaving the game\n");
      return std::nullopt;
    }
    const std::string_view input = Trim(line);
    const std::vector<std::string_view> words = SplitWords(input);
    const std::string_view command = words.empty() ? "" : words[0];
    if (command == "quit") return std::nullopt;
    if (command == "help" || command.empty()) {
      fmt::print("{}\n", kCommands);
    } else if (command == "undo") {
      fmt::print("{}\n",
                 UndoToHuman(*state_, seats_) ? "undone" : "nothing to undo");
    } else if (command == "hint") {
      absl::StatusOr<Action> hint = Hint(*state_, hint_spec_);
      if (hint.ok()) {
        fmt::print("hint ({}): {}\n", hint_spec_,
                   state_->ActionToString(p, *hint));
      } else {
        fmt::print("no hint: {}\n", Str(hint.status().message()));
      }
    } else if (command == "save" || command == "load") {
      if (words.size() != 2) {
        fmt::print("usage: {} FILE\n", command);
      } else if (command == "save") {
        Save(std::string(words[1]));
      } else {
        Load(std::string(words[1]));
      }
    } else {
      absl::StatusOr<Action> action = state_->StringToAction(p, input);
      if (!action.ok()) {
        fmt::print("{}\n", Str(action.status().message()));
      } else {
        (void)state_->ApplyAction(*action);  // legal: StringToAction checked
        Inform(seats_, *state_);
      }
    }
    return true;
  }

  void Save(const std::string& path) {
    std::ofstream out(path);
    out << SaveGameText(*state_);
    fmt::print("{} {}\n", out.good() ? "saved to" : "could not write", path);
  }

  void Load(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
      fmt::print("could not read {}\n", path);
      return;
    }
    std::stringstream text;
    text << in.rdbuf();
    absl::StatusOr<std::unique_ptr<State>> loaded = LoadGameText(text.str());
    if (!loaded.ok()) {
      fmt::print("not loaded: {}\n", Str(loaded.status().message()));
    } else if ((*loaded)->GetGame().Spec() != game_->Spec()) {
      fmt::print("not loaded: the file holds {}, this is {}\n",
                 (*loaded)->GetGame().Spec(), game_->Spec());
    } else {
      state_ = std::move(*loaded);
      fmt::print("loaded {} ({} moves)\n", path, state_->History().size());
    }
  }

  std::shared_ptr<const Game> game_;
  std::vector<Seat> seats_;
  std::string hint_spec_;
  Rng rng_;
  std::unique_ptr<State> state_;
};

}  // namespace

int RunPlay(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args = ParseArgs(argv, {"agents", "seed", "hint"}, {});
  if (!args.ok()) return Fail(args.status());
  if (args->positional.size() != 1 || !args->values.count("agents")) {
    return Fail(absl::InvalidArgumentError(
        "usage: gameai play GAME --agents human,AGENT[,...] [--seed S] [--hint "
        "AGENT]"));
  }
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame(args->positional[0]);
  if (!game.ok()) return Fail(game.status());
  absl::StatusOr<std::vector<std::string>> specs =
      SplitTopLevel(args->values["agents"]);
  if (!specs.ok()) return Fail(specs.status());
  if (static_cast<int>(specs->size()) != (*game)->NumPlayers()) {
    return Fail(absl::InvalidArgumentError(fmt::format(
        "game '{}' has {} seats: give one agent (or human) per seat",
        (*game)->Name(), (*game)->NumPlayers())));
  }
  absl::StatusOr<int64_t> seed = args->Int("seed", 1, 0, int64_t{1} << 62);
  if (!seed.ok()) return Fail(seed.status());
  std::vector<Seat> seats;
  for (const std::string& spec : *specs) {
    Seat seat{.spec = spec, .agent = nullptr};
    if (spec != "human") {
      absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(**game, spec);
      if (!agent.ok()) return Fail(agent.status());
      seat.agent = std::move(*agent);
    }
    seats.push_back(std::move(seat));
  }
  std::string hint =
      args->values.count("hint") ? args->values["hint"] : HintAgent(**game);
  if (absl::StatusOr<std::unique_ptr<Agent>> check = LoadAgent(**game, hint);
      !check.ok()) {
    return Fail(check.status());
  }
  Session session(*game, std::move(seats), std::move(hint),
                  static_cast<uint64_t>(*seed));
  return session.Run();
}

}  // namespace gameai::cli
