// Python objects as agents of gameai.match: a C++ Agent that calls the
// object's step(state) (and its optional hooks) with the GIL held, handing
// it a copy of the seat's view, which is all the arena gives any agent.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/spec.h"
#include "match_interrupt.h"
#include "python_bindings.h"

namespace py = pybind11;

namespace gameai::python {
namespace {

class PythonAgent final : public Agent {
 public:
  PythonAgent(py::object object, std::string name,
              std::shared_ptr<MatchInterrupt> interrupt)
      : object_(std::move(object)),
        name_(std::move(name)),
        interrupt_(std::move(interrupt)) {}
  ~PythonAgent() override {
    py::gil_scoped_acquire gil;
    object_ = py::object();
  }

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    // Interrupted: Python is not called again; the match stops after this
    // game (the referee finishes it) and raises the interrupt.
    if (interrupt_->interrupted()) return Interrupted();
    py::gil_scoped_acquire gil;
    if (!pending_.ok()) return std::exchange(pending_, absl::OkStatus());
    try {
      py::object action = object_.attr("step")(py::cast(view.Clone()));
      return action.cast<Action>();
    } catch (py::error_already_set& e) {
      if (interrupt_->Keep(e)) return Interrupted();
      return Failure("step", e.what());
    } catch (const py::cast_error& e) {
      return absl::InvalidArgumentError(fmt::format(
          "python agent {}: step returned no integer action", name_));
    }
  }

  void OnStartGame(const Game&, uint64_t seed) override {
    Call("on_game_start", [&] { return py::make_tuple(seat(), seed); });
  }
  void OnInform(const State& view, const Event& event) override {
    Call("inform", [&] {
      return py::make_tuple(py::cast(view.Clone()), event.actor, event.actions);
    });
  }
  void OnEndGame(const State& view, absl::Span<const double> returns) override {
    Call("on_game_end", [&] {
      return py::make_tuple(
          py::cast(view.Clone()),
          std::vector<double>(returns.begin(), returns.end()));
    });
  }

 private:
  absl::Status Interrupted() const {
    return absl::CancelledError(
        fmt::format("python agent {}: interrupted", name_));
  }

  absl::Status Failure(std::string_view call, std::string_view what) {
    return absl::InternalError(
        fmt::format("python agent {}: {} raised {}", name_, call, what));
  }

  // Call: an optional hook; its exception is kept and returned by the
  // next step (the hooks return nothing to the arena), so the match fails
  // with it.
  template <class Args>
  void Call(const char* hook, Args args) {
    if (interrupt_->interrupted()) return;
    py::gil_scoped_acquire gil;
    if (!py::hasattr(object_, hook)) return;
    try {
      object_.attr(hook)(*args());
    } catch (py::error_already_set& e) {
      if (!interrupt_->Keep(e) && pending_.ok()) {
        pending_ = Failure(hook, e.what());
      }
    }
  }

  py::object object_;
  std::string name_;
  std::shared_ptr<MatchInterrupt> interrupt_;
  absl::Status pending_;
};

}  // namespace

std::vector<AgentEntry> PythonAgentEntries(
    py::list agents, std::vector<std::string>& specs,
    const std::shared_ptr<MatchInterrupt>& interrupt) {
  std::vector<AgentEntry> entries;
  for (size_t i = 0; i < agents.size(); ++i) {
    py::object agent = agents[i];
    if (py::isinstance<py::str>(agent)) {
      specs.push_back(agent.cast<std::string>());
      continue;
    }
    if (!py::hasattr(agent, "step")) {
      throw py::type_error(fmt::format(
          "agents[{}]: neither an agent spec (str) nor an object with a "
          "step(state) method",
          i));
    }
    const std::string name = fmt::format("python{}", i);
    specs.push_back(name);
    AgentEntry entry;
    entry.name = name;
    entry.help = "a Python object's step(state)";
    // The arena makes agents with the GIL released: take it to copy the
    // reference.
    // The entry may also die without the GIL (with the match's options).
    std::shared_ptr<py::object> object(new py::object(agent),
                                       [](py::object* o) {
                                         py::gil_scoped_acquire gil;
                                         delete o;
                                       });
    entry.make = [object, name, interrupt](
                     const Game&,
                     const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
      py::gil_scoped_acquire gil;
      return std::make_unique<PythonAgent>(*object, name, interrupt);
    };
    entries.push_back(std::move(entry));
  }
  // A spec naming a seated object's entry would play that object.
  for (size_t i = 0; i < agents.size(); ++i) {
    if (!py::isinstance<py::str>(agents[i])) continue;
    const absl::StatusOr<Spec> spec = ParseSpec(specs[i]);
    for (const AgentEntry& entry : entries) {
      if (spec.ok() && spec->name == entry.name) {
        throw py::value_error(fmt::format(
            "agents[{}]: '{}' names the Python object at agents[{}] (a "
            "Python object plays as 'python<i>', its place in the list); "
            "pass the object itself, or a registered agent's spec",
            i, specs[i], entry.name.substr(std::string_view("python").size())));
      }
    }
  }
  return entries;
}

}  // namespace gameai::python
