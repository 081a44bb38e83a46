// gameai.VectorEnv: n games stepped in C++ per call (core/vector_env.h),
// writing into numpy arrays made once, so a step allocates nothing.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/vector_env.h"
#include "int_argument.h"
#include "match_interrupt.h"
#include "object_guards.h"
#include "python_bindings.h"

namespace py = pybind11;

namespace gameai::python {
namespace {

class PyVectorEnv {
 public:
  PyVectorEnv(const std::string& spec, py::handle n_arg, py::handle seed,
              py::object opponents, py::handle player) {
    game_ = Value(LoadGame(spec));
    const int n = IntArgument<int>(n_arg, "VectorEnv: n", 1, kMaxVectorEnvs);
    VectorEnvOptions options{
        .num_envs = n,
        .seed = SeedArgument(seed, "VectorEnv: seed"),
        .player = IntArgument<Player>(player, "VectorEnv: player", 0,
                                      game_->NumPlayers() - 1)};
    if (!opponents.is_none()) {
      if (!py::isinstance<py::str>(opponents)) {
        throw py::type_error(
            "VectorEnv: opponents must be an agent spec (str) or None; got " +
            Repr(opponents));
      }
      options.opponents = opponents.cast<std::string>();
      if (options.opponents.empty()) {
        throw py::value_error(
            "VectorEnv: opponents is an empty spec; give an agent spec, or "
            "None for no opponents");
      }
    }
    env_ = Value(NewVectorEnv(game_, std::move(options)));
    observations_ = py::array_t<float>(
        {static_cast<py::ssize_t>(n),
         static_cast<py::ssize_t>(game_->ObservationTensorSize())});
    legal_mask_ = py::array_t<uint8_t>(
        {static_cast<py::ssize_t>(n),
         static_cast<py::ssize_t>(game_->NumDistinctActions())});
    rewards_ =
        py::array_t<float>({static_cast<py::ssize_t>(n),
                            static_cast<py::ssize_t>(game_->NumPlayers())});
    done_ = py::array_t<bool>(n);
    current_player_ = py::array_t<int32_t>(n);
    buffers_ = {
        .observations = {observations_.mutable_data(),
                         static_cast<size_t>(observations_.size())},
        .legal_mask = {legal_mask_.mutable_data(),
                       static_cast<size_t>(legal_mask_.size())},
        .rewards = {rewards_.mutable_data(),
                    static_cast<size_t>(rewards_.size())},
        .done = {reinterpret_cast<uint8_t*>(done_.mutable_data()),
                 static_cast<size_t>(done_.size())},
        .current_player = {current_player_.mutable_data(),
                           static_cast<size_t>(current_player_.size())},
    };
  }

  py::tuple Reset() {
    const OneCallAtATime one(busy_, "this gameai.VectorEnv");
    Check(RunInterruptible([&] { return env_->Reset(buffers_); }));
    reset_ = true;
    return py::make_tuple(observations_, legal_mask_, current_player_);
  }

  py::tuple Step(py::object given) {
    const OneCallAtATime one(busy_, "this gameai.VectorEnv");
    if (!reset_) throw std::runtime_error("VectorEnv.step: call reset() first");
    // Integers only: a float action would be cut to an integer silently.
    const py::array array = py::array::ensure(given);
    if (!array ||
        (array.dtype().kind() != 'i' && array.dtype().kind() != 'u')) {
      throw py::type_error(
          "VectorEnv.step: actions must be integers, one per game; got " +
          (array ? "an array of dtype " +
                       py::str(array.dtype()).cast<std::string>()
                 : Repr(given)));
    }
    // An unsigned value past int64 would wrap to a negative action.
    if (array.dtype().kind() == 'u' && array.dtype().itemsize() == 8) {
      const auto wide =
          py::array_t<uint64_t, py::array::c_style>::ensure(array);
      for (py::ssize_t i = 0; i < wide.size(); ++i) {
        if (wide.data()[i] > static_cast<uint64_t>(INT64_MAX)) {
          throw py::value_error(
              "VectorEnv.step: actions[" + std::to_string(i) + "]=" +
              std::to_string(wide.data()[i]) + " is no action; accepted: 0.." +
              std::to_string(game_->NumDistinctActions() - 1));
        }
      }
    }
    const auto actions =
        py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(
            array);
    if (actions.ndim() != 1 || actions.size() != env_->num_envs()) {
      throw py::value_error(
          "VectorEnv.step: actions must be one integer per game: shape (" +
          std::to_string(env_->num_envs()) + ",)");
    }
    // Copied with the GIL held: another thread may write the caller's
    // array while the step runs without it (into a buffer kept from step
    // to step, so that a step allocates nothing).
    actions_.assign(actions.data(), actions.data() + actions.size());
    Check(RunInterruptible([&] { return env_->Step(actions_, buffers_); }));
    return py::make_tuple(observations_, legal_mask_, rewards_, done_,
                          current_player_);
  }

  PyGame game() const { return PyGame{game_}; }
  int num_envs() const { return env_->num_envs(); }

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<VectorEnv> env_;
  py::array_t<float> observations_;
  py::array_t<uint8_t> legal_mask_;
  py::array_t<float> rewards_;
  py::array_t<bool> done_;
  py::array_t<int32_t> current_player_;
  VectorEnvBuffers buffers_;
  std::vector<int64_t> actions_;  // this step's, copied from the caller
  bool reset_ = false;
  bool busy_ = false;  // a call runs without the GIL: OneCallAtATime
};

}  // namespace

void BindVectorEnv(py::module_& m) {
  py::class_<PyVectorEnv> cls(
      m, "VectorEnv",
      "n games of one spec stepped in C++ per call. Chance is sampled "
      "inside; a finished game restarts at once (done[i] set, its returns "
      "in rewards[i]). The arrays returned are the env's own buffers, "
      "overwritten by the next call: copy what you keep. With opponents "
      "(an agent spec) that agent plays every seat but `player`. One call "
      "at a time per env: a second thread calling in gets RuntimeError.");
  // Made whole by __new__ (a __new__ without __init__ would leave pybind
  // an env of uninitialized memory); the __init__ that Python calls after
  // it finds the object made and does nothing.
  cls.def_static(
         "__new__",
         [](py::handle, const std::string& spec, py::handle n, py::handle seed,
            py::object opponents, py::handle player) {
           return std::make_unique<PyVectorEnv>(spec, n, seed,
                                                std::move(opponents), player);
         },
         py::arg("cls"), py::arg("spec"), py::arg("n"), py::arg("seed") = 0,
         py::arg("opponents") = py::none(), py::arg("player") = 0)
      .def(
          "__init__", [](py::handle, py::args, py::kwargs) {},
          "The env is made by __new__.");
  NotPicklable(cls,
               "it steps games in C++; pickle its spec and options and make "
               "it again");
  cls.def("reset", &PyVectorEnv::Reset,
          "Starts every game: (observations [n, obs], legal_mask [n, "
          "actions] uint8, current_player [n] int32).")
      .def("step", &PyVectorEnv::Step, py::arg("actions"),
           "One action per game for its current player: (observations, "
           "legal_mask, rewards [n, players] float32, done [n] bool, "
           "current_player). ValueError for an illegal action (naming the "
           "game and the legal ones; no game moves).")
      .def_property_readonly("game", &PyVectorEnv::game)
      .def_property_readonly("num_envs", &PyVectorEnv::num_envs);
}

}  // namespace gameai::python
