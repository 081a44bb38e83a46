// The Python module `gameai`: thin bindings of the dynamic layer with the
// snake_case names researchers know from other game libraries.
//
//   import gameai
//   game = gameai.load_game("mancala(pits=6,seeds=4)")
//   state = game.new_initial_state()
//   while not state.is_terminal():
//       state.apply_action(state.legal_actions()[0])
//   print(state.returns())
//
// Errors from the library raise ValueError (bad specs, actions, text),
// MemoryError (a table or tree beyond its budget or the machine, or an
// allocation that failed) or RuntimeError (anything else) with the
// library's message; the state is unchanged.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <new>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/arena/arena.h"
#include "gameai/base/memory.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/state_solver.h"
#include "int_argument.h"
#include "match_interrupt.h"
#include "object_guards.h"
#include "python_bindings.h"

namespace py = pybind11;

namespace gameai::python {

[[noreturn]] void Raise(const absl::Status& status) {
  // Python takes the message as a UTF-8 C string: a NUL or a stray byte the
  // user's text brought in is shown escaped (an undecodable message would
  // be dropped), and a huge input is not quoted whole.
  const std::string message = ErrorText(Str(status.message()));
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kOutOfRange:
      throw py::value_error(message);
    case absl::StatusCode::kResourceExhausted:
      PyErr_SetString(PyExc_MemoryError, message.c_str());
      throw py::error_already_set();
    case absl::StatusCode::kUnimplemented:
      PyErr_SetString(PyExc_NotImplementedError, message.c_str());
      throw py::error_already_set();
    default:
      throw std::runtime_error(message);
  }
}

void Check(const absl::Status& status) {
  if (!status.ok()) Raise(status);
}

namespace {

struct PyAgent {
  std::shared_ptr<const Game> game;
  std::unique_ptr<Agent> agent;
  bool busy = false;  // a call runs (step releases the GIL): OneCallAtATime
};

// CheckOneSeatEach: ValueError unless every Python agent object in
// `agents` sits at one seat of `game`'s table: an object given twice, or
// cycled to fill a table longer than the list, would be told each seat's
// on_game_start in turn and play them all as the last.
void CheckOneSeatEach(const std::string& game, const py::list& agents) {
  const int seats = Value(LoadGame(game))->NumPlayers();
  for (size_t i = 0; i < agents.size(); ++i) {
    if (py::isinstance<py::str>(agents[i])) continue;
    for (size_t j = 0; j < i; ++j) {
      if (agents[j].is(agents[i])) {
        throw py::value_error(fmt::format(
            "agents[{}] and agents[{}] are the same Python object: one "
            "object plays one seat; give each seat its own",
            j, i));
      }
    }
    if (seats > 1 && agents.size() < static_cast<size_t>(seats)) {
      throw py::value_error(fmt::format(
          "agents[{}] is a Python object, and {} agents for the {} seats of "
          "{} would seat it again (the list is cycled); give one entry per "
          "seat, each Python object once",
          i, agents.size(), seats, game));
    }
  }
}

// SeatOrCurrent: `player`, or the player to act when None (at a
// simultaneous node, where every seat acts, a ValueError asking for the
// seat: `call` names the method).
Player SeatOrCurrent(const State& state, py::object player, const char* call) {
  const int n = state.GetGame().NumPlayers();
  if (player.is_none() && state.IsSimultaneousNode()) {
    throw py::value_error(fmt::format(
        "{}: every seat acts at once here, each with its own actions; pass "
        "player=0..{}",
        call, n - 1));
  }
  if (player.is_none()) return state.CurrentPlayer();
  return static_cast<Player>(IntArgumentIn(
      player, "player", kChancePlayer, n - 1,
      fmt::format("0..{} or -1 (chance), or None (the player to act)", n - 1)));
}

}  // namespace

PYBIND11_MODULE(_gameai, m) {
  m.doc() =
      "gameai: game rules and game-playing agents. load_game(spec) is the "
      "entry point; registered_games() lists the games.";
  // An allocation that fails anywhere below is a MemoryError that says why.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const std::bad_alloc&) {
      PyErr_SetString(PyExc_MemoryError, kOutOfMemoryMessage);
    }
  });
  m.attr("CHANCE_PLAYER") = kChancePlayer;
  m.attr("SIMULTANEOUS_PLAYER") = kSimultaneousPlayer;
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;

  py::class_<State> state_class(m, "State", "One position of a game.");
  state_class
      .def("current_player", &State::CurrentPlayer,
           "The seat to move, or CHANCE_PLAYER / SIMULTANEOUS_PLAYER / "
           "TERMINAL_PLAYER.")
      .def("is_terminal", &State::IsTerminal)
      .def("is_chance_node", &State::IsChanceNode)
      .def("is_simultaneous_node", &State::IsSimultaneousNode)
      .def(
          "legal_actions",
          [](const State& s, py::object player) {
            return s.LegalActions(SeatOrCurrent(s, player, "legal_actions"));
          },
          py::arg("player") = py::none(),
          "Legal actions, ascending: of `player`, or of whoever acts now "
          "(chance: the outcomes; [] at the end). At a simultaneous node "
          "pass the seat (ValueError without one).")
      .def(
          "chance_outcomes",
          [](const State& s) {
            std::vector<std::pair<Action, double>> out;
            for (const ChanceOutcome& o : s.ChanceOutcomes()) {
              out.emplace_back(o.action, o.probability);
            }
            return out;
          },
          "[(action, probability), ...] at a chance node, else [].")
      .def(
          "apply_action",
          [](State& s, py::handle action) {
            Check(s.ApplyAction(IntArgumentIn(
                action, "action", 0, s.GetGame().NumDistinctActions() - 1)));
          },
          py::arg("action"),
          "Plays the action of the player (or chance) to move; ValueError "
          "if it is illegal (the state is unchanged).")
      .def(
          "apply_joint_action",
          [](State& s, py::handle actions) {
            Check(s.ApplyJointAction(ActionsArgument(
                actions, "actions", s.GetGame().NumDistinctActions())));
          },
          py::arg("actions"), "At a simultaneous node: one action per seat.")
      .def(
          "undo_action", [](State& s) { Check(s.UndoAction()); },
          "Takes back the last action (or joint action).")
      .def("returns", &State::Returns, "One return per seat (0 until the end).")
      .def("scores", &State::Scores, "Each seat's score in the game's terms.")
      .def(
          "history",
          [](const State& s) {
            std::vector<std::pair<Player, Action>> out;
            for (const State::HistoryItem& h : s.History()) {
              out.emplace_back(h.player, h.action);
            }
            return out;
          },
          "[(player, action), ...] from the start.")
      .def("clone", &State::Clone, "An independent copy.")
      .def("serialize", &State::Serialize)
      .def(
          "observation_string",
          [](const State& s, py::handle player) {
            return s.ObservationString(IntArgument<Player>(
                player, "player", 0, s.GetGame().NumPlayers() - 1));
          },
          py::arg("player"), "What `player` may see.")
      .def(
          "action_to_string",
          [](const State& s, py::handle action, py::object player) {
            const Action a = IntArgumentIn(
                action, "action", 0, s.GetGame().NumDistinctActions() - 1);
            return s.ActionToString(
                SeatOrCurrent(s, player, "action_to_string"), a);
          },
          py::arg("action"), py::arg("player") = py::none())
      .def(
          "string_to_action",
          [](const State& s, const std::string& text, py::object player) {
            return Value(s.StringToAction(
                SeatOrCurrent(s, player, "string_to_action"), text));
          },
          py::arg("text"), py::arg("player") = py::none())
      .def("__str__", &State::ToString)
      .def("__repr__", [](const State& s) {
        return "<gameai.State " + s.GetGame().Spec() + ": " + s.Serialize() +
               ">";
      });

  py::class_<PyGame> game_class(m, "Game", "A game with its parameters.");
  game_class.def("name", [](const PyGame& g) { return g.game->Name(); })
      .def("spec", [](const PyGame& g) { return g.game->Spec(); })
      .def("num_players", [](const PyGame& g) { return g.game->NumPlayers(); })
      .def("num_distinct_actions",
           [](const PyGame& g) { return g.game->NumDistinctActions(); })
      .def("max_game_length",
           [](const PyGame& g) { return g.game->MaxGameLength(); })
      .def(
          "new_initial_state",
          [](const PyGame& g) { return g.game->NewInitialState(); },
          "The start of a game (often a chance node: the deal or roll).")
      .def(
          "deserialize_state",
          [](const PyGame& g, const std::string& text) {
            return Value(g.game->DeserializeState(text));
          },
          py::arg("text"),
          "The inverse of State.serialize(); ValueError "
          "for text that is not a valid state.")
      .def(
          "deserialize_view",
          [](const PyGame& g, const std::string& text, py::handle viewer) {
            return Value(g.game->DeserializeView(
                text, IntArgument<Player>(viewer, "viewer", 0,
                                          g.game->NumPlayers() - 1)));
          },
          py::arg("text"), py::arg("viewer"),
          "The inverse of serialize() of a seat's view (the state an agent "
          "of seat `viewer` is handed: other hands hidden); ValueError for "
          "text that is no view of that seat.")
      .def("__repr__", [](const PyGame& g) {
        return "<gameai.Game " + g.game->Spec() + ">";
      });

  BindTensors(m, state_class, game_class);
  BindVectorEnv(m);
  BindWorkbench(m);
  NoBareNew(state_class,
            "Game.new_initial_state(), Game.deserialize_state(), clone() or "
            "pickle");
  NoBareNew(game_class, "gameai.load_game(spec) or pickle");

  py::class_<PyAgent> agent_class(m, "Agent",
                                  "A player: registered bots by spec.");
  NoBareNew(agent_class, "gameai.load_agent(game, spec)");
  NotPicklable(agent_class,
               "an agent holds its search and what it learned; pickle its "
               "game and spec and load_agent again");
  agent_class
      .def(
          "start_game",
          [](PyAgent& a, py::handle seat, py::handle seed) {
            const OneCallAtATime one(a.busy, "this gameai.Agent");
            Check(a.agent->StartGame(
                *a.game,
                IntArgument<Player>(seat, "seat", 0, a.game->NumPlayers() - 1),
                SeedArgument(seed, "seed")));
          },
          py::arg("seat"), py::arg("seed") = 0,
          "Seats the agent for a new game.")
      .def(
          "step",
          [](PyAgent& a, const State& state) {
            const OneCallAtATime one(a.busy, "this gameai.Agent");
            if (a.agent->seat() < 0) {
              throw std::runtime_error("call start_game(seat) first");
            }
            // The seat's view (all it may see, and its legal actions),
            // taken with the GIL: another thread may change `state` while
            // the search runs without it.
            const std::unique_ptr<State> view = state.ViewFor(a.agent->seat());
            return Value(
                RunInterruptible([&] { return a.agent->StepLegal(*view); }));
          },
          py::arg("state"),
          "The agent's action where its seat acts (it sees only its view); "
          "ValueError for a state of another game spec than the agent's, "
          "RuntimeError where its seat has nothing to do. One call at a "
          "time per agent: a second thread calling in gets RuntimeError.")
      .def("explain",
           [](PyAgent& a) {
             const OneCallAtATime one(a.busy, "this gameai.Agent");
             return a.agent->Explain();
           })
      .def(
          "has_memory", [](const PyAgent& a) { return a.agent->HasMemory(); },
          "True when what it learns in one game changes its play in the "
          "next (it then plays a series, not independent games).");

  m.def(
      "load_game",
      [](const std::string& spec) { return PyGame{Value(LoadGame(spec))}; },
      py::arg("spec"),
      "A game by spec string, 'name(key=value,...)'; ValueError "
      "naming the accepted games and parameters otherwise.");
  m.def(
      "load_agent",
      [](const PyGame& game, const std::string& spec) {
        return PyAgent{game.game, Value(LoadAgent(*game.game, spec))};
      },
      py::arg("game"), py::arg("spec"),
      "An agent by spec string, e.g. 'mcts(simulations=500)'.");
  m.def(
      "registered_games",
      [] {
        RegisterBuiltinGames();
        std::vector<std::string> names;
        for (const GameEntry* e : RegisteredGames()) names.push_back(e->name);
        return names;
      },
      "The names of every registered game.");
  m.def(
      "match",
      [](const std::string& game, py::object agents_arg, py::handle games_arg,
         py::handle seed_arg, py::handle threads_arg,
         py::handle random_opening_arg, py::handle series_arg) {
        const int64_t games =
            IntArgumentIn(games_arg, "games", 1, kMaxMatchGames);
        const uint64_t seed = SeedArgument(seed_arg, "seed");
        const int threads =
            IntArgument<int>(threads_arg, "threads", 1, kMaxMatchThreads);
        const int random_opening =
            IntArgument<int>(random_opening_arg, "random_opening", 0);
        const int64_t series =
            IntArgumentIn(series_arg, "series", 0, kMaxMatchSeries);
        if (py::isinstance<py::str>(agents_arg) ||
            !py::isinstance<py::sequence>(agents_arg)) {
          throw py::type_error(
              "match: agents must be a list (or other sequence) of agent "
              "specs and Python agent objects; got " +
              Repr(agents_arg));
        }
        const py::list agents(agents_arg);
        std::vector<std::string> specs;
        const auto interrupt = std::make_shared<MatchInterrupt>();
        std::vector<AgentEntry> custom =
            PythonAgentEntries(agents, specs, interrupt);
        if (!custom.empty()) CheckOneSeatEach(game, agents);
        if (!custom.empty() && threads != 1) {
          throw py::value_error(
              "threads=" + std::to_string(threads) +
              ": a Python agent plays, and Python runs one thread at a "
              "time; accepted with Python agents: threads=1");
        }
        absl::StatusOr<MatchResult> result;
        {
          // Python agents take the GIL back for each call into Python.
          py::gil_scoped_release release;
          result = RunMatch({.game = game,
                             .agents = specs,
                             .games = games,
                             .seed = seed,
                             .threads = threads,
                             .series = series,
                             .random_opening = random_opening,
                             .custom_agents = std::move(custom),
                             .cancelled = [&] { return interrupt->Poll(); }});
        }
        interrupt->RaiseIfInterrupted();  // Ctrl-C: KeyboardInterrupt
        const std::string json = MatchResultToJson(Value(std::move(result)));
        return py::module_::import("json").attr("loads")(json);
      },
      py::arg("game"), py::arg("agents"), py::arg("games") = 100,
      py::arg("seed") = 1, py::arg("threads") = 1,
      py::arg("random_opening") = 0, py::arg("series") = 0,
      "Plays a match (seats rotating) and returns the result of "
      "`gameai match --json` as a dict. `agents`: agent specs and Python "
      "objects with a step(state) method (optional on_game_start(seat, "
      "seed), inform(state, actor, actions), on_game_end(state, returns)); "
      "a Python object is seated as 'python<i>' (its place in the list) "
      "and sees only its seat's view. With Python agents threads must be "
      "1. series=K splits the games into K series with their own agent "
      "instances (0: as many as threads); the result depends on the seed "
      "and K only.");

  // ---- exact solvers: gameai.solve(state), gameai.position_value(...) ----
  {
    // SolverOptions: `solver` ("k=v,...") and keyword options (nodes=1000)
    // as the one option text of `gameai solve --solver`.
    auto solver_options = [](const std::string& solver,
                             const py::kwargs& kwargs) {
      std::string text = solver;
      for (const auto& [key, value] : kwargs) {
        std::string v;
        // numpy.bool_ is no int subclass (its __index__ is deprecated).
        const bool numpy_bool =
            std::string_view(Py_TYPE(value.ptr())->tp_name) == "numpy.bool_";
        if (py::isinstance<py::bool_>(value) || numpy_bool) {
          v = PyObject_IsTrue(value.ptr()) ? "true" : "false";
        } else if (PyIndex_Check(value.ptr())) {  // int, numpy integers
          const auto index =
              py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
          if (!index) throw py::error_already_set();
          v = py::str(index);
        } else if (PyNumber_Check(value.ptr()) &&
                   !PyComplex_Check(value.ptr())) {  // float, numpy floats
          const auto real =
              py::reinterpret_steal<py::object>(PyNumber_Float(value.ptr()));
          if (!real) throw py::error_already_set();
          v = py::repr(real).cast<std::string>();
        } else if (py::isinstance<py::str>(value)) {
          v = value.cast<std::string>();
        } else {
          throw py::type_error("solver option " + key.cast<std::string>() +
                               ": expected a bool, int, float or str, got " +
                               Repr(value));
        }
        if (!text.empty()) text += ",";
        text += key.cast<std::string>() + "=" + v;
      }
      return text;
    };
    m.def(
        "solve",
        [solver_options](const State& state, const std::string& solver,
                         const py::kwargs& kwargs) {
          const std::string options = solver_options(solver, kwargs);
          // Solved without the GIL on a copy: another thread may change
          // `state` meanwhile.
          const std::unique_ptr<State> own = state.Clone();
          absl::StatusOr<StateSolution> solution =
              RunInterruptible([&] { return SolveState(*own, options); });
          const std::string json =
              StateSolutionToJson(state, Value(std::move(solution)));
          return py::module_::import("json").attr("loads")(json);
        },
        py::arg("state"), py::arg("solver") = "",
        "The exact value of `state` by its game's solver, as `gameai solve "
        "GAME --state TEXT --json` gives it: a dict with status ('solved', "
        "'bounded' when the budget ran out, 'terminal'), value (None when "
        "bounded), value_lower, value_upper, value_meaning, best_action "
        "(None when none), best_action_text, nodes, action_values and the "
        "solver's figures; value_meaning says what the value is (full double "
        "precision). Options as keywords or `solver='k=v,...'`, those of "
        "the game's solver (`gameai solve --help` lists them). ValueError "
        "for a game "
        "without a solver (naming those with one), bad options or a state "
        "the solver has no value for; MemoryError beyond mem_mb.");
    m.def(
        "position_value",
        [solver_options](py::object game, const std::string& position,
                         const std::string& solver, const py::kwargs& kwargs) {
          std::shared_ptr<const Game> g;
          if (py::isinstance<py::str>(game)) {
            g = Value(LoadGame(game.cast<std::string>()));
          } else if (py::isinstance<PyGame>(game)) {
            g = game.cast<const PyGame&>().game;
          } else {
            throw py::type_error(
                "position_value: game must be a gameai.Game or a spec str; "
                "got " +
                Repr(game));
          }
          const std::string options = solver_options(solver, kwargs);
          absl::StatusOr<std::vector<SolveField>> fields;
          {
            py::gil_scoped_release release;
            fields = PositionValue(*g, position, options);
          }
          return std::get<double>(Value(std::move(fields)).front().value);
        },
        py::arg("game"), py::arg("position"), py::arg("solver") = "",
        "The exact value of a position in the game's own short text, under "
        "the rules of `game` (a Game or a spec), as `gameai solve GAME "
        "--position` gives it (`gameai solve --help` lists the games with "
        "one and their texts). ValueError for a game without one (naming "
        "those with one), bad text or a position no game reaches (saying "
        "why).");
  }
}

}  // namespace gameai::python
