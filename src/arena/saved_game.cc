#include "gameai/arena/saved_game.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"

namespace gameai {
namespace {

constexpr std::string_view kHeader = "gameai-save 1";

absl::Status LineError(int line, std::string_view problem) {
  return absl::InvalidArgumentError(
      fmt::format("saved game, line {}: {}", line, problem));
}

// Field: the rest of `line` after "key ", or nullopt.
std::optional<std::string_view> Field(std::string_view line,
                                      std::string_view key) {
  line = Trim(line);
  if (line.substr(0, key.size()) != key) return std::nullopt;
  if (line.size() == key.size()) return std::string_view();
  if (line[key.size()] != ' ') return std::nullopt;
  return Trim(line.substr(key.size() + 1));
}

}  // namespace

std::string SaveGameText(const State& state) {
  std::unique_ptr<State> start = state.Clone();
  while (start->UndoAction().ok()) {
  }
  std::string actions;
  const std::vector<State::HistoryItem>& history = state.History();
  for (size_t i = 0; i < history.size(); ++i) {
    const bool joins_previous = history[i].joint && i > 0 &&
                                history[i - 1].joint && history[i].player > 0;
    if (i > 0) actions += joins_previous ? "/" : " ";
    actions += std::to_string(history[i].action);
  }
  return fmt::format("{}\ngame {}\nstart {}\nactions {}\n", kHeader,
                     state.GetGame().Spec(), start->Serialize(), actions);
}

absl::StatusOr<std::unique_ptr<State>> LoadGameText(std::string_view text) {
  const std::vector<std::string_view> lines = Split(text, '\n');
  if (lines.size() < 4 || Trim(lines[0]) != kHeader) {
    return LineError(1, fmt::format("expected '{}' then lines 'game', 'start' "
                                    "and 'actions'",
                                    kHeader));
  }
  const std::optional<std::string_view> spec = Field(lines[1], "game");
  if (!spec) return LineError(2, "expected 'game SPEC'");
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(*spec);
  if (!game.ok()) return LineError(2, Str(game.status().message()));
  const std::optional<std::string_view> start = Field(lines[2], "start");
  if (!start) return LineError(3, "expected 'start POSITION'");
  absl::StatusOr<std::unique_ptr<State>> state =
      (*game)->DeserializeState(*start);
  if (!state.ok()) return LineError(3, Str(state.status().message()));
  const std::optional<std::string_view> actions = Field(lines[3], "actions");
  if (!actions) return LineError(4, "expected 'actions A B ...'");
  int index = 0;
  for (std::string_view word : SplitWords(*actions)) {
    ++index;
    std::vector<Action> joint;
    for (std::string_view part : Split(word, '/')) {
      const std::optional<int64_t> action = ParseInt(part);
      if (!action) {
        return LineError(
            4, fmt::format("action {} '{}' is not a number", index, part));
      }
      joint.push_back(*action);
    }
    const absl::Status applied = joint.size() == 1
                                     ? (*state)->ApplyAction(joint[0])
                                     : (*state)->ApplyJointAction(joint);
    if (!applied.ok()) {
      return LineError(4, fmt::format("action {} '{}': {}", index, word,
                                      Str(applied.message())));
    }
  }
  for (size_t i = 4; i < lines.size(); ++i) {
    if (!Trim(lines[i]).empty()) {
      return LineError(static_cast<int>(i) + 1,
                       "unexpected text after 'actions'");
    }
  }
  return std::move(*state);
}

absl::StatusOr<Action> Hint(const State& state, std::string_view agent_spec,
                            std::string* explanation) {
  const Player player = state.CurrentPlayer();
  if (player < 0) {
    return absl::FailedPreconditionError(
        "no player is to move: no hint to give");
  }
  GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<Agent> agent,
                          LoadAgent(state.GetGame(), agent_spec));
  GAMEAI_RETURN_IF_ERROR(agent->StartGame(state.GetGame(), player, 0));
  GAMEAI_ASSIGN_OR_RETURN(const Action action, agent->StepLegal(state));
  if (explanation != nullptr) *explanation = agent->Explain();
  return action;
}

std::string HintAgent(const Game& game) {
  absl::StatusOr<const GameEntry*> entry = FindGame(game.Name());
  if (!entry.ok() || (*entry)->hint_agent.empty()) return "mcts";
  return (*entry)->hint_agent;
}

}  // namespace gameai
