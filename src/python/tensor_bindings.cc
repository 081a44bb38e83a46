// The pyspiel-shaped part of the Python module: numpy tensors, the legal
// mask, rewards, chance sampling, game types, and states that pickle and
// deep-copy (by their game's spec and serialized text).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "int_argument.h"
#include "object_guards.h"
#include "python_bindings.h"

namespace py = pybind11;

namespace gameai::python {
namespace {

// Seat: `player`, or the seat to act when None; a ValueError naming the
// accepted seats otherwise.
Player Seat(const State& s, const py::object& player, const char* call) {
  const int n = s.GetGame().NumPlayers();
  if (player.is_none()) {
    const Player current = s.CurrentPlayer();
    if (current >= 0) return current;
    throw py::value_error(fmt::format(
        "{}: no seat acts here (current player {}); pass player=0..{}", call,
        current, n - 1));
  }
  return IntArgument<Player>(player, fmt::format("{}: player", call), 0, n - 1);
}

py::array_t<float> Tensor(const State& s, Player p, bool information) {
  const Game& game = s.GetGame();
  const std::vector<int> shape = information
                                     ? game.InformationStateTensorShape()
                                     : game.ObservationTensorShape();
  std::vector<py::ssize_t> dims(shape.begin(), shape.end());
  if (dims.empty()) dims.push_back(0);
  py::array_t<float> out(dims);
  const absl::Span<float> span(out.mutable_data(), out.size());
  Check(information ? s.InformationStateTensor(p, span)
                    : s.ObservationTensor(p, span));
  return out;
}

const char* Name(GameType::Dynamics d) {
  return d == GameType::Dynamics::kSequential ? "sequential" : "simultaneous";
}
const char* Name(GameType::Chance c) {
  return c == GameType::Chance::kDeterministic ? "deterministic" : "stochastic";
}
const char* Name(GameType::Information i) {
  return i == GameType::Information::kPerfect ? "perfect" : "imperfect";
}
const char* Name(GameType::Utility u) {
  switch (u) {
    case GameType::Utility::kZeroSum:
      return "zero_sum";
    case GameType::Utility::kConstantSum:
      return "constant_sum";
    default:
      return "general_sum";
  }
}

// Unpickler: the package's function (python/gameai/__init__.py) that reads
// a pickled object back; a Python function pickles by its name, where a
// function of this extension would not.
py::object Unpickler(const char* name) {
  return py::module_::import("gameai").attr(name);
}

}  // namespace

void BindTensors(py::module_& m, py::class_<State>& state,
                 py::class_<PyGame>& game) {
  py::class_<GameType> type(m, "GameType",
                            "What kind of game it is (Game.get_type()).");
  py::enum_<GameType::Dynamics>(type, "Dynamics")
      .value("SEQUENTIAL", GameType::Dynamics::kSequential)
      .value("SIMULTANEOUS", GameType::Dynamics::kSimultaneous);
  py::enum_<GameType::Chance>(type, "ChanceMode")
      .value("DETERMINISTIC", GameType::Chance::kDeterministic)
      .value("STOCHASTIC", GameType::Chance::kStochastic);
  py::enum_<GameType::Information>(type, "Information")
      .value("PERFECT_INFORMATION", GameType::Information::kPerfect)
      .value("IMPERFECT_INFORMATION", GameType::Information::kImperfect);
  py::enum_<GameType::Utility>(type, "Utility")
      .value("ZERO_SUM", GameType::Utility::kZeroSum)
      .value("CONSTANT_SUM", GameType::Utility::kConstantSum)
      .value("GENERAL_SUM", GameType::Utility::kGeneralSum);
  type.def_readonly("dynamics", &GameType::dynamics)
      .def_readonly("chance_mode", &GameType::chance)
      .def_readonly("information", &GameType::information)
      .def_readonly("utility", &GameType::utility)
      .def("__repr__", [](const GameType& t) {
        return fmt::format(
            "<gameai.GameType dynamics={} chance_mode={} information={} "
            "utility={}>",
            Name(t.dynamics), Name(t.chance), Name(t.information),
            Name(t.utility));
      });
  NoBareNew(type, "Game.get_type()");
  NotPicklable(type, "pickle its Game and call get_type()");

  game.def(
          "get_type", [](const PyGame& g) { return g.game->Type(); },
          "Dynamics, chance mode, information and utility of the game.")
      .def(
          "observation_tensor_shape",
          [](const PyGame& g) { return g.game->ObservationTensorShape(); },
          "The shape of State.observation_tensor (the game's page lays it "
          "out).")
      .def("observation_tensor_size",
           [](const PyGame& g) { return g.game->ObservationTensorSize(); })
      .def(
          "information_state_tensor_shape",
          [](const PyGame& g) { return g.game->InformationStateTensorShape(); },
          "The shape of State.information_state_tensor; [] for games of "
          "perfect information.")
      .def("information_state_tensor_size",
           [](const PyGame& g) { return g.game->InformationStateTensorSize(); })
      // Pickled as its spec, at every protocol (0 and 1 included).
      .def("__reduce__", [](const PyGame& g) {
        return py::make_tuple(Unpickler("_game_from_pickle"),
                              py::make_tuple(g.game->Spec()));
      });

  state
      .def(
          "observation_tensor",
          [](const State& s, py::object player) {
            return Tensor(s, Seat(s, player, "observation_tensor"), false);
          },
          py::arg("player") = py::none(),
          "What `player` (default: the seat to act) sees, as a float32 "
          "array of Game.observation_tensor_shape(); never another seat's "
          "hidden cards.")
      .def(
          "information_state_tensor",
          [](const State& s, py::object player) {
            return Tensor(s, Seat(s, player, "information_state_tensor"), true);
          },
          py::arg("player") = py::none(),
          "For hidden-information games: what `player` knows, as a float32 "
          "array; NotImplementedError for games of perfect information.")
      .def(
          "legal_actions_mask",
          [](const State& s, py::object player) {
            // A chance node's mask is its outcomes', the end's all zero;
            // at a simultaneous node the seat must be named (Seat).
            const Player p = player.is_none() && !s.IsSimultaneousNode()
                                 ? s.CurrentPlayer()
                                 : Seat(s, player, "legal_actions_mask");
            py::array_t<uint8_t> out(s.GetGame().NumDistinctActions());
            Check(s.LegalActionsMask(
                p, absl::Span<uint8_t>(out.mutable_data(), out.size())));
            return out;
          },
          py::arg("player") = py::none(),
          "A uint8 array of num_distinct_actions(): 1 where legal_actions() "
          "has the action.")
      .def("rewards", &State::Rewards,
           "What each seat got with the last transition: returns() at the "
           "end, zeros before (every game pays at its end).")
      .def(
          "sample_chance_outcome",
          [](const State& s, py::object rng) {
            const std::vector<ChanceOutcome> outcomes = s.ChanceOutcomes();
            if (outcomes.empty()) {
              throw py::value_error(
                  "sample_chance_outcome: not a chance node (current player " +
                  std::to_string(s.CurrentPlayer()) + ")");
            }
            if (PyIndex_Check(rng.ptr())) {  // a seed: int, numpy integer
              Rng own(SeedArgument(rng, "sample_chance_outcome: seed"));
              return SampleChanceOutcome(outcomes, own);
            }
            if (!py::hasattr(rng, "random")) {
              throw py::type_error(
                  "sample_chance_outcome: pass a seed (int) or a random "
                  "generator with random() (random.Random, "
                  "numpy.random.Generator)");
            }
            const py::object drawn = rng.attr("random")();
            if (!PyFloat_Check(drawn.ptr()) && !PyLong_Check(drawn.ptr())) {
              throw py::type_error(
                  "sample_chance_outcome: rng.random() must return a float "
                  "in [0, 1); got " +
                  Repr(drawn));
            }
            double u = drawn.cast<double>();
            if (!(u >= 0.0 && u < 1.0)) {  // NaN too
              throw py::value_error(
                  "sample_chance_outcome: rng.random() must return a float "
                  "in [0, 1); got " +
                  Repr(drawn));
            }
            for (const ChanceOutcome& o : outcomes) {
              if (u < o.probability) return o.action;
              u -= o.probability;
            }
            return outcomes.back().action;
          },
          py::arg("rng"),
          "An outcome of this chance node drawn by its probability, from a "
          "seed or a generator's random(); the state is not changed.")
      .def("__copy__", [](const State& s) { return s.Clone(); })
      .def(
          "__deepcopy__", [](const State& s, py::dict) { return s.Clone(); },
          py::arg("memo"), "An independent copy, history included.")
      // Pickled as its game's spec and serialized text (the history is not
      // kept), at every protocol; a seat's view (what an agent is handed)
      // with that seat, to be read back as a view.
      .def("__reduce__", [](const State& s) {
        const Game& game = s.GetGame();
        const std::string text = s.Serialize();
        if (game.DeserializeState(text).ok()) {
          return py::make_tuple(Unpickler("_state_from_pickle"),
                                py::make_tuple(game.Spec(), text));
        }
        for (Player seat = 0; seat < game.NumPlayers(); ++seat) {
          if (game.DeserializeView(text, seat).ok()) {
            return py::make_tuple(Unpickler("_state_from_pickle"),
                                  py::make_tuple(game.Spec(), text, seat));
          }
        }
        throw py::type_error(
            "cannot pickle this gameai.State: its text is neither a state "
            "nor a seat's view");
      });
}

}  // namespace gameai::python
