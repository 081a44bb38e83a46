// The pieces of the Python module `gameai` (the extension gameai._gameai)
// shared by its source files.
#ifndef GAMEAI_PYTHON_PYTHON_BINDINGS_H_
#define GAMEAI_PYTHON_PYTHON_BINDINGS_H_

#include <pybind11/pybind11.h>

#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gameai/arena/arena.h"
#include "gameai/dynamic/game.h"

namespace gameai::python {

class MatchInterrupt;

// Raise: the Python exception for a library error: ValueError (bad input),
// MemoryError, NotImplementedError (a tensor a game does not have),
// RuntimeError (anything else), with the library's message.
[[noreturn]] void Raise(const absl::Status& status);
void Check(const absl::Status& status);
template <class T>
T Value(absl::StatusOr<T> value) {
  if (!value.ok()) Raise(value.status());
  return *std::move(value);
}

// PyGame: a game kept alive by every state, agent and env made from it.
struct PyGame {
  std::shared_ptr<const Game> game;
};

// BindTensors: State's numpy methods, GameType and Game's shapes
// (tensor_bindings.cc).
void BindTensors(pybind11::module_& m, pybind11::class_<State>& state,
                 pybind11::class_<PyGame>& game);
// BindVectorEnv: gameai.VectorEnv (vector_env_binding.cc).
void BindVectorEnv(pybind11::module_& m);
// BindWorkbench: gameai.tournament and gameai.sprt (workbench_binding.cc).
void BindWorkbench(pybind11::module_& m);
// PythonAgentEntries: a custom agent per Python object in `agents` (named
// "python0", "python1", ... in their place of the list, which becomes a
// list of specs), for MatchOptions::custom_agents (python_agent.cc). A
// KeyboardInterrupt or SystemExit an agent raises goes to `interrupt`.
std::vector<AgentEntry> PythonAgentEntries(
    pybind11::list agents, std::vector<std::string>& specs,
    const std::shared_ptr<MatchInterrupt>& interrupt);

}  // namespace gameai::python

#endif  // GAMEAI_PYTHON_PYTHON_BINDINGS_H_
