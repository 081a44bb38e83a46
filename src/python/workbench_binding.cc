// gameai.tournament and gameai.sprt: the workbench's results as dicts (the
// JSON of `gameai tournament --json` and `gameai sprt --json`).
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/workbench/reports.h"
#include "gameai/workbench/sprt.h"
#include "gameai/workbench/tournament.h"
#include "int_argument.h"
#include "match_interrupt.h"
#include "python_bindings.h"

namespace py = pybind11;

namespace gameai::python {
namespace {

// Agents: the specs and Python objects of `agents_arg` as specs, with a
// custom entry per Python object (each object once: it plays one seat of
// one table at a time, so threads must be 1).
std::vector<AgentEntry> Agents(
    const char* function, py::handle agents_arg, int threads,
    std::vector<std::string>& specs,
    const std::shared_ptr<MatchInterrupt>& interrupt) {
  if (py::isinstance<py::str>(agents_arg) ||
      !py::isinstance<py::sequence>(agents_arg)) {
    throw py::type_error(fmt::format(
        "{}: agents must be a list (or other sequence) of agent specs and "
        "Python agent objects; got {}",
        function, Repr(agents_arg)));
  }
  const py::list agents(py::reinterpret_borrow<py::object>(agents_arg));
  for (size_t i = 0; i < agents.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (!py::isinstance<py::str>(agents[i]) && agents[j].is(agents[i])) {
        throw py::value_error(fmt::format(
            "{}: agents[{}] and agents[{}] are the same Python object; give "
            "each agent its own",
            function, j, i));
      }
    }
  }
  std::vector<AgentEntry> custom = PythonAgentEntries(agents, specs, interrupt);
  if (!custom.empty() && threads != 1) {
    throw py::value_error(fmt::format(
        "threads={}: a Python agent plays, and Python runs one thread at a "
        "time; accepted with Python agents: threads=1",
        threads));
  }
  return custom;
}

// Html: `html` (None or a path) checked to be free before the games.
std::optional<std::string> Html(py::handle html) {
  if (html.is_none()) return std::nullopt;
  if (!py::isinstance<py::str>(html)) {
    throw py::type_error(
        "html must be None or a path (str) for a new file; got " + Repr(html));
  }
  const std::string path = html.cast<std::string>();
  Check(CheckNewFile(path));
  return path;
}

py::object Finish(const std::string& json,
                  const std::optional<std::string>& html) {
  if (html) {
    const std::string page = Value(ReportHtml(json));
    Check(WriteNewFile(*html, page));
  }
  return py::module_::import("json").attr("loads")(json);
}

}  // namespace

void BindWorkbench(py::module_& m) {
  m.def(
      "tournament",
      [](const std::string& game, py::handle agents_arg, py::handle format_arg,
         py::handle games_arg, py::handle seed_arg, py::handle threads_arg,
         py::handle opening_arg, py::handle anchor_arg, py::handle html_arg) {
        TournamentOptions options;
        options.game = game;
        if (!py::isinstance<py::str>(format_arg)) {
          throw py::type_error(
              "format must be 'round-robin' or 'gauntlet'; got " +
              Repr(format_arg));
        }
        options.format =
            Value(ParseTournamentFormat(format_arg.cast<std::string>()));
        options.games_per_pairing = IntArgumentIn(
            games_arg, "games_per_pairing", 1, kMaxGamesPerPairing);
        options.seed = SeedArgument(seed_arg, "seed");
        options.threads =
            IntArgument<int>(threads_arg, "threads", 1, kMaxMatchThreads);
        options.random_opening = IntArgument<int>(opening_arg, "random_opening",
                                                  0, kMaxRandomOpening);
        if (!anchor_arg.is_none()) {
          if (!py::isinstance<py::str>(anchor_arg)) {
            throw py::type_error("anchor must be None or an agent spec; got " +
                                 Repr(anchor_arg));
          }
          options.anchor = anchor_arg.cast<std::string>();
        }
        const std::optional<std::string> html = Html(html_arg);
        const auto interrupt = std::make_shared<MatchInterrupt>();
        options.custom_agents =
            Agents("tournament", agents_arg, options.threads, options.agents,
                   interrupt);
        options.command = "gameai.tournament(...)";
        options.cancelled = [&] { return interrupt->Poll(); };
        absl::StatusOr<TournamentResult> result;
        {
          py::gil_scoped_release release;
          result = RunTournament(options);
        }
        interrupt->RaiseIfInterrupted();
        return Finish(TournamentResultToJson(Value(std::move(result))), html);
      },
      py::arg("game"), py::arg("agents"), py::arg("format") = "round-robin",
      py::arg("games_per_pairing") = 20, py::arg("seed") = 1,
      py::arg("threads") = 1, py::arg("random_opening") = 0,
      py::arg("anchor") = py::none(), py::arg("html") = py::none(),
      "Plays a round robin or gauntlet between the agents (specs and Python "
      "agent objects, as in match) and returns `gameai tournament --json` as "
      "a dict: 'ratings' best first (agent, elo, ci95, ...), 'pairwise' for "
      "two-player games, 'los', 'progress'. html='FILE' also writes the "
      "report page to a new file.");
  m.def(
      "sprt",
      [](const std::string& game, py::handle agents_arg, py::handle elo0_arg,
         py::handle elo1_arg, py::handle alpha_arg, py::handle beta_arg,
         py::handle max_games_arg, py::handle seed_arg, py::handle threads_arg,
         py::handle opening_arg, py::handle html_arg) {
        SprtOptions options;
        options.game = game;
        options.elo0 = NumberArgument(elo0_arg, "elo0", -1000, 1000);
        options.elo1 = NumberArgument(elo1_arg, "elo1", -1000, 1000);
        options.alpha = NumberArgument(alpha_arg, "alpha", 0, 0.5, true);
        options.beta = NumberArgument(beta_arg, "beta", 0, 0.5, true);
        options.max_games =
            IntArgumentIn(max_games_arg, "max_games", 1, kMaxSprtGames);
        options.seed = SeedArgument(seed_arg, "seed");
        options.threads =
            IntArgument<int>(threads_arg, "threads", 1, kMaxMatchThreads);
        options.random_opening = IntArgument<int>(opening_arg, "random_opening",
                                                  0, kMaxRandomOpening);
        const std::optional<std::string> html = Html(html_arg);
        const auto interrupt = std::make_shared<MatchInterrupt>();
        std::vector<std::string> specs;
        options.custom_agents =
            Agents("sprt", agents_arg, options.threads, specs, interrupt);
        if (specs.size() != 2) {
          throw py::value_error(fmt::format(
              "sprt: {} agents given; accepted: exactly two, [new, base]",
              specs.size()));
        }
        options.new_agent = specs[0];
        options.base_agent = specs[1];
        options.command = "gameai.sprt(...)";
        options.cancelled = [&] { return interrupt->Poll(); };
        absl::StatusOr<SprtResult> result;
        {
          py::gil_scoped_release release;
          result = RunSprt(options);
        }
        interrupt->RaiseIfInterrupted();
        return Finish(SprtResultToJson(Value(std::move(result))), html);
      },
      py::arg("game"), py::arg("agents"), py::arg("elo0"), py::arg("elo1"),
      py::arg("alpha") = 0.05, py::arg("beta") = 0.05,
      py::arg("max_games") = 20000, py::arg("seed") = 1, py::arg("threads") = 1,
      py::arg("random_opening") = 0, py::arg("html") = py::none(),
      "Sequential probability ratio test of agents[0] (new) against "
      "agents[1] (base): H0 elo <= elo0, H1 elo >= elo1. Returns `gameai "
      "sprt --json` as a dict: 'decision' ('H0', 'H1' or 'none'), 'games', "
      "'llr', 'bounds', 'elo' {'estimate', 'ci95'}, ...");
}

}  // namespace gameai::python
