// The C ABI (include/gameai/c_api.h): thin forwarding to the dynamic
// layer. Every entry point catches everything, so no exception crosses.
#include "gameai/c_api.h"

#include <cstring>
#include <exception>
#include <initializer_list>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/arena/arena.h"
#include "gameai/arena/play_table.h"
#include "gameai/arena/saved_game.h"
#include "gameai/arena/view_json.h"
#include "gameai/base/memory.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/state_solver.h"
#include "gameai/workbench/reports.h"
#include "gameai/workbench/sprt.h"
#include "gameai/workbench/tournament.h"

struct gameai_game {
  std::shared_ptr<const gameai::Game> game;
};
struct gameai_state {
  std::unique_ptr<gameai::State> state;
};
struct gameai_agent {
  std::shared_ptr<const gameai::Game> game;
  std::unique_ptr<gameai::Agent> agent;
};
struct gameai_match_result {
  std::string json;
};
struct gameai_table {
  std::unique_ptr<gameai::PlayTable> table;
  std::vector<std::string> specs;
  nlohmann::json frames = nlohmann::json::array();  // not yet reported
  // reset: the next report starts from the game's start (a new table, an
  // undo or a load).
  bool reset = true;
};
struct gameai_solve_result {
  gameai::StateSolution solution;
  std::string json;
};

namespace {

thread_local std::string last_error;

// Fail: `status` with the message (ErrorText: UTF-8 and bounded, whatever
// the caller's input that it quotes).
gameai_status Fail(gameai_status status, std::string_view message) {
  last_error = gameai::ErrorText(message);
  return status;
}

gameai_status FromStatus(const absl::Status& status) {
  if (status.ok()) return GAMEAI_OK;
  const std::string message = gameai::Str(status.message());
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kOutOfRange:
      return Fail(GAMEAI_INVALID_ARGUMENT, message);
    case absl::StatusCode::kNotFound:
      return Fail(GAMEAI_NOT_FOUND, message);
    case absl::StatusCode::kFailedPrecondition:
      return Fail(GAMEAI_FAILED_PRECONDITION, message);
    case absl::StatusCode::kUnimplemented:
      return Fail(GAMEAI_UNIMPLEMENTED, message);
    case absl::StatusCode::kResourceExhausted:
      return Fail(GAMEAI_OUT_OF_MEMORY, message);
    default:
      return Fail(GAMEAI_INTERNAL, message);
  }
}

gameai_status Null(const char* what) {
  return Fail(GAMEAI_INVALID_ARGUMENT, fmt::format("{} is NULL", what));
}

// OutOfMemory: GAMEAI_OUT_OF_MEMORY with the message, or a short one that
// needs no allocation when even the message does not fit.
gameai_status OutOfMemory() noexcept {
  try {
    last_error = gameai::kOutOfMemoryMessage;
  } catch (...) {
    last_error = "out of memory";  // short strings are not allocated
  }
  return GAMEAI_OUT_OF_MEMORY;
}

// Guard: runs `body`, turning std::bad_alloc into GAMEAI_OUT_OF_MEMORY and
// any other exception into GAMEAI_INTERNAL.
template <class F>
gameai_status Guard(F&& body) {
  try {
    last_error.clear();
    return body();
  } catch (const std::bad_alloc&) {
    return OutOfMemory();
  } catch (const std::exception& e) {
    return Fail(GAMEAI_INTERNAL, fmt::format("internal error: {}", e.what()));
  } catch (...) {
    return Fail(GAMEAI_INTERNAL, "internal error");
  }
}

// Arg: an argument that must not be NULL, with its name in c_api.h.
struct Arg {
  const char* name;
  const void* pointer;
};
#define GAMEAI_ARG(name) \
  Arg { #name, name }

// Call: the skeleton of every entry point: the `required` arguments checked
// in order (the first NULL one named in the error), then `body` under
// Guard, so no exception crosses the ABI.
template <class F>
gameai_status Call(std::initializer_list<Arg> required, F&& body) {
  return Guard([&] {
    for (const Arg& arg : required) {
      if (arg.pointer == nullptr) return Null(arg.name);
    }
    return body();
  });
}

gameai_status CopyString(const std::string& text, char* buffer, size_t capacity,
                         size_t* length) {
  if (length == nullptr) return Null("length");
  *length = text.size() + 1;
  if (capacity < text.size() + 1) {
    return Fail(GAMEAI_BUFFER_TOO_SMALL,
                fmt::format("the text needs {} bytes; the buffer holds {}",
                            text.size() + 1, capacity));
  }
  if (buffer == nullptr) return Null("buffer");
  std::memcpy(buffer, text.c_str(), text.size() + 1);
  return GAMEAI_OK;
}

template <class T>
gameai_status CopyArray(const std::vector<T>& values, T* out, size_t capacity,
                        size_t* count) {
  if (count == nullptr) return Null("count");
  *count = values.size();
  if (capacity < values.size()) {
    return Fail(
        GAMEAI_BUFFER_TOO_SMALL,
        fmt::format("{} values; the buffer holds {}", values.size(), capacity));
  }
  if (out == nullptr && !values.empty()) return Null("buffer");
  std::copy(values.begin(), values.end(), out);
  return GAMEAI_OK;
}

gameai_status CheckSeat(const gameai::State& state, int player,
                        bool chance_allowed) {
  const int players = state.GetGame().NumPlayers();
  if ((player >= 0 && player < players) ||
      (chance_allowed && player == GAMEAI_CHANCE_PLAYER)) {
    return GAMEAI_OK;
  }
  return Fail(GAMEAI_INVALID_ARGUMENT,
              fmt::format("player {} is out of range; accepted: 0..{}{}",
                          player, players - 1,
                          chance_allowed ? " or GAMEAI_CHANCE_PLAYER" : ""));
}

// CheckIndex: `index` names one of `size` entries of a list of `what`.
gameai_status CheckIndex(size_t index, size_t size, const char* what) {
  if (index < size) return GAMEAI_OK;
  return Fail(GAMEAI_INVALID_ARGUMENT,
              size == 0
                  ? fmt::format("index {} is out of range: no {}", index, what)
                  : fmt::format("index {} is out of range; accepted: "
                                "0..{} ({} {})",
                                index, size - 1, size, what));
}

// Strings: `count` C strings (none NULL) as a vector; `what` names the
// array in errors.
absl::StatusOr<std::vector<std::string>> Strings(const char* const* items,
                                                 size_t count,
                                                 const char* what) {
  if (items == nullptr && count > 0) {
    return absl::InvalidArgumentError(fmt::format("{} is NULL", what));
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i) {
    if (items[i] == nullptr) {
      return absl::InvalidArgumentError(fmt::format("{}[{}] is NULL", what, i));
    }
    out.emplace_back(items[i]);
  }
  return out;
}

// GameAgents: the agent entries of `game`'s registry entry (generic first).
absl::StatusOr<std::vector<const gameai::AgentEntry*>> GameAgents(
    const gameai::Game& game) {
  GAMEAI_ASSIGN_OR_RETURN(const gameai::GameEntry* entry,
                          gameai::FindGame(game.Name()));
  return gameai::AgentsFor(*entry);
}

}  // namespace

extern "C" {

int gameai_version(void) { return GAMEAI_C_API_VERSION; }

const char* gameai_last_error(void) { return last_error.c_str(); }

gameai_status gameai_game_load(const char* spec, gameai_game** out) {
  return Call({GAMEAI_ARG(spec), GAMEAI_ARG(out)}, [&] {
    absl::StatusOr<std::shared_ptr<const gameai::Game>> game =
        gameai::LoadGame(spec);
    if (!game.ok()) return FromStatus(game.status());
    *out = new gameai_game{*std::move(game)};
    return GAMEAI_OK;
  });
}

void gameai_game_free(gameai_game* game) { delete game; }

gameai_status gameai_game_num_players(const gameai_game* game, int* out) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(out)}, [&] {
    *out = game->game->NumPlayers();
    return GAMEAI_OK;
  });
}

gameai_status gameai_game_num_distinct_actions(const gameai_game* game,
                                               int64_t* out) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(out)}, [&] {
    *out = game->game->NumDistinctActions();
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_new_initial(const gameai_game* game,
                                       gameai_state** out) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(out)}, [&] {
    *out = new gameai_state{game->game->NewInitialState()};
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_deserialize(const gameai_game* game,
                                       const char* text, gameai_state** out) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(text), GAMEAI_ARG(out)}, [&] {
    absl::StatusOr<std::unique_ptr<gameai::State>> state =
        game->game->DeserializeState(text);
    if (!state.ok()) return FromStatus(state.status());
    *out = new gameai_state{*std::move(state)};
    return GAMEAI_OK;
  });
}

void gameai_state_free(gameai_state* state) { delete state; }

gameai_status gameai_state_clone(const gameai_state* state,
                                 gameai_state** out) {
  return Call({GAMEAI_ARG(state), GAMEAI_ARG(out)}, [&] {
    *out = new gameai_state{state->state->Clone()};
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_current_player(const gameai_state* state, int* out) {
  return Call({GAMEAI_ARG(state), GAMEAI_ARG(out)}, [&] {
    *out = state->state->CurrentPlayer();
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_is_terminal(const gameai_state* state, int* out) {
  return Call({GAMEAI_ARG(state), GAMEAI_ARG(out)}, [&] {
    *out = state->state->IsTerminal() ? 1 : 0;
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_legal_actions(const gameai_state* state, int player,
                                         int64_t* actions, size_t capacity,
                                         size_t* count) {
  return Call({GAMEAI_ARG(state)}, [&] {
    if (gameai_status s = CheckSeat(*state->state, player, true); s) return s;
    const std::vector<gameai::Action> legal =
        state->state->LegalActions(player);
    return CopyArray(legal, actions, capacity, count);
  });
}

gameai_status gameai_state_apply_action(gameai_state* state, int64_t action) {
  return Call({GAMEAI_ARG(state)},
              [&] { return FromStatus(state->state->ApplyAction(action)); });
}

gameai_status gameai_state_apply_joint_action(gameai_state* state,
                                              const int64_t* actions,
                                              size_t count) {
  return Call({GAMEAI_ARG(state)}, [&] {
    if (actions == nullptr && count > 0) return Null("actions");
    // Checked before the array is read: a wrong count is the caller's
    // error to hear about, not a read past its array.
    const int seats = state->state->GetGame().NumPlayers();
    if (count != static_cast<size_t>(seats)) {
      return Fail(GAMEAI_INVALID_ARGUMENT,
                  fmt::format("joint action has {} entries; expected {} (one "
                              "per seat)",
                              count, seats));
    }
    const std::vector<gameai::Action> joint(actions, actions + count);
    return FromStatus(state->state->ApplyJointAction(joint));
  });
}

gameai_status gameai_state_undo(gameai_state* state) {
  return Call({GAMEAI_ARG(state)},
              [&] { return FromStatus(state->state->UndoAction()); });
}

gameai_status gameai_state_chance_outcomes(const gameai_state* state,
                                           int64_t* actions,
                                           double* probabilities,
                                           size_t capacity, size_t* count) {
  return Call({GAMEAI_ARG(state), GAMEAI_ARG(count)}, [&] {
    const std::vector<gameai::ChanceOutcome> outcomes =
        state->state->ChanceOutcomes();
    *count = outcomes.size();
    if (capacity < outcomes.size()) {
      return Fail(GAMEAI_BUFFER_TOO_SMALL,
                  fmt::format("{} outcomes; the buffers hold {}",
                              outcomes.size(), capacity));
    }
    if (!outcomes.empty() && (actions == nullptr || probabilities == nullptr))
      return Null("actions or probabilities");
    for (size_t i = 0; i < outcomes.size(); ++i) {
      actions[i] = outcomes[i].action;
      probabilities[i] = outcomes[i].probability;
    }
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_returns(const gameai_state* state, double* returns,
                                   size_t capacity, size_t* count) {
  return Call({GAMEAI_ARG(state)}, [&] {
    return CopyArray(state->state->Returns(), returns, capacity, count);
  });
}

gameai_status gameai_state_serialize(const gameai_state* state, char* buffer,
                                     size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(state)}, [&] {
    return CopyString(state->state->Serialize(), buffer, capacity, length);
  });
}

gameai_status gameai_state_to_string(const gameai_state* state, char* buffer,
                                     size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(state)}, [&] {
    return CopyString(state->state->ToString(), buffer, capacity, length);
  });
}

gameai_status gameai_state_observation_string(const gameai_state* state,
                                              int player, char* buffer,
                                              size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(state)}, [&] {
    if (gameai_status s = CheckSeat(*state->state, player, false); s) return s;
    return CopyString(state->state->ObservationString(player), buffer, capacity,
                      length);
  });
}

gameai_status gameai_state_observation_tensor(const gameai_state* state,
                                              int player, float* values,
                                              size_t capacity, size_t* count) {
  return Call({GAMEAI_ARG(state)}, [&] {
    if (gameai_status s = CheckSeat(*state->state, player, false); s) return s;
    std::vector<float> tensor(state->state->GetGame().ObservationTensorSize());
    if (gameai_status s = FromStatus(
            state->state->ObservationTensor(player, absl::MakeSpan(tensor)));
        s) {
      return s;
    }
    return CopyArray(tensor, values, capacity, count);
  });
}

gameai_status gameai_state_action_to_string(const gameai_state* state,
                                            int player, int64_t action,
                                            char* buffer, size_t capacity,
                                            size_t* length) {
  return Call({GAMEAI_ARG(state)}, [&] {
    if (gameai_status s = CheckSeat(*state->state, player, true); s) return s;
    const int64_t n = state->state->GetGame().NumDistinctActions();
    if (action < 0 || action >= n) {
      return Fail(GAMEAI_INVALID_ARGUMENT,
                  fmt::format("action {} is out of range; accepted: 0..{}",
                              action, n - 1));
    }
    return CopyString(state->state->ActionToString(player, action), buffer,
                      capacity, length);
  });
}

gameai_status gameai_state_string_to_action(const gameai_state* state,
                                            int player, const char* text,
                                            int64_t* action) {
  return Call({GAMEAI_ARG(state), GAMEAI_ARG(text), GAMEAI_ARG(action)}, [&] {
    if (gameai_status s = CheckSeat(*state->state, player, true); s) return s;
    absl::StatusOr<gameai::Action> a =
        state->state->StringToAction(player, text);
    if (!a.ok()) return FromStatus(a.status());
    *action = *a;
    return GAMEAI_OK;
  });
}

gameai_status gameai_agent_load(const gameai_game* game, const char* spec,
                                gameai_agent** out) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(spec), GAMEAI_ARG(out)}, [&] {
    absl::StatusOr<std::unique_ptr<gameai::Agent>> agent =
        gameai::LoadAgent(*game->game, spec);
    if (!agent.ok()) return FromStatus(agent.status());
    *out = new gameai_agent{game->game, *std::move(agent)};
    return GAMEAI_OK;
  });
}

void gameai_agent_free(gameai_agent* agent) { delete agent; }

gameai_status gameai_agent_start_game(gameai_agent* agent, int seat,
                                      uint64_t seed) {
  return Call({GAMEAI_ARG(agent)}, [&] {
    return FromStatus(agent->agent->StartGame(*agent->game, seat, seed));
  });
}

gameai_status gameai_agent_step(gameai_agent* agent, const gameai_state* state,
                                int64_t* action) {
  return Call({GAMEAI_ARG(agent), GAMEAI_ARG(state), GAMEAI_ARG(action)}, [&] {
    if (agent->agent->seat() < 0) {
      return Fail(GAMEAI_FAILED_PRECONDITION,
                  "the agent has no seat: call gameai_agent_start_game first");
    }
    absl::StatusOr<gameai::Action> a = agent->agent->StepLegal(*state->state);
    if (!a.ok()) return FromStatus(a.status());
    *action = *a;
    return GAMEAI_OK;
  });
}

gameai_status gameai_agent_explain(const gameai_agent* agent, char* buffer,
                                   size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(agent)}, [&] {
    return CopyString(agent->agent->Explain(), buffer, capacity, length);
  });
}

gameai_status gameai_registered_game_count(size_t* count) {
  return Call({GAMEAI_ARG(count)}, [&] {
    gameai::RegisterBuiltinGames();
    *count = gameai::RegisteredGames().size();
    return GAMEAI_OK;
  });
}

gameai_status gameai_registered_game_name(size_t index, char* buffer,
                                          size_t capacity, size_t* length) {
  return Call({}, [&] {
    gameai::RegisterBuiltinGames();
    const std::vector<const gameai::GameEntry*> games =
        gameai::RegisteredGames();
    if (gameai_status s = CheckIndex(index, games.size(), "games"); s) return s;
    return CopyString(games[index]->name, buffer, capacity, length);
  });
}

gameai_status gameai_game_max_game_length(const gameai_game* game, int* out) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(out)}, [&] {
    *out = game->game->MaxGameLength();
    return GAMEAI_OK;
  });
}

gameai_status gameai_game_get_type(const gameai_game* game,
                                   gameai_game_type* out) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(out)}, [&] {
    using Type = gameai::GameType;
    const Type type = game->game->Type();
    *out = gameai_game_type{
        .simultaneous = type.dynamics == Type::Dynamics::kSimultaneous,
        .stochastic = type.chance == Type::Chance::kStochastic,
        .imperfect_information =
            type.information == Type::Information::kImperfect,
        .zero_sum = type.zero_sum};
    return GAMEAI_OK;
  });
}

gameai_status gameai_game_name(const gameai_game* game, char* buffer,
                               size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(game)}, [&] {
    return CopyString(game->game->Name(), buffer, capacity, length);
  });
}

gameai_status gameai_game_spec(const gameai_game* game, char* buffer,
                               size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(game)}, [&] {
    return CopyString(game->game->Spec(), buffer, capacity, length);
  });
}

gameai_status gameai_game_param_count(const gameai_game* game, size_t* count) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(count)}, [&] {
    *count = game->game->GetParams().Entries().size();
    return GAMEAI_OK;
  });
}

gameai_status gameai_game_param_name(const gameai_game* game, size_t index,
                                     char* buffer, size_t capacity,
                                     size_t* length) {
  return Call({GAMEAI_ARG(game)}, [&] {
    const auto& entries = game->game->GetParams().Entries();
    if (gameai_status s = CheckIndex(index, entries.size(), "parameters"); s)
      return s;
    return CopyString(entries[index].first, buffer, capacity, length);
  });
}

gameai_status gameai_game_param_value(const gameai_game* game, size_t index,
                                      char* buffer, size_t capacity,
                                      size_t* length) {
  return Call({GAMEAI_ARG(game)}, [&] {
    const auto& entries = game->game->GetParams().Entries();
    if (gameai_status s = CheckIndex(index, entries.size(), "parameters"); s)
      return s;
    return CopyString(entries[index].second, buffer, capacity, length);
  });
}

gameai_status gameai_game_observation_tensor_shape(const gameai_game* game,
                                                   int* dimensions,
                                                   size_t capacity,
                                                   size_t* count) {
  return Call({GAMEAI_ARG(game)}, [&] {
    return CopyArray(game->game->ObservationTensorShape(), dimensions, capacity,
                     count);
  });
}

gameai_status gameai_game_agent_count(const gameai_game* game, size_t* count) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(count)}, [&] {
    absl::StatusOr<std::vector<const gameai::AgentEntry*>> agents =
        GameAgents(*game->game);
    if (!agents.ok()) return FromStatus(agents.status());
    *count = agents->size();
    return GAMEAI_OK;
  });
}

gameai_status gameai_game_agent_name(const gameai_game* game, size_t index,
                                     char* buffer, size_t capacity,
                                     size_t* length) {
  return Call({GAMEAI_ARG(game)}, [&] {
    absl::StatusOr<std::vector<const gameai::AgentEntry*>> agents =
        GameAgents(*game->game);
    if (!agents.ok()) return FromStatus(agents.status());
    if (gameai_status s = CheckIndex(index, agents->size(), "agents"); s)
      return s;
    return CopyString((*agents)[index]->name, buffer, capacity, length);
  });
}

gameai_status gameai_state_sample_chance(const gameai_state* state,
                                         uint64_t seed, int64_t* action) {
  return Call({GAMEAI_ARG(state), GAMEAI_ARG(action)}, [&] {
    if (!state->state->IsChanceNode()) {
      return Fail(GAMEAI_FAILED_PRECONDITION,
                  fmt::format("not a chance node (player {} acts): no "
                              "outcome to sample",
                              state->state->CurrentPlayer()));
    }
    gameai::Rng rng(seed);
    *action = gameai::SampleChanceOutcome(state->state->ChanceOutcomes(), rng);
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_scores(const gameai_state* state, double* scores,
                                  size_t capacity, size_t* count) {
  return Call({GAMEAI_ARG(state)}, [&] {
    return CopyArray(state->state->Scores(), scores, capacity, count);
  });
}

gameai_status gameai_state_hint(const gameai_state* state,
                                const char* agent_spec, int64_t* action,
                                char* explanation, size_t capacity,
                                size_t* length) {
  return Call({GAMEAI_ARG(state), GAMEAI_ARG(action), GAMEAI_ARG(length)}, [&] {
    const std::string spec = agent_spec != nullptr
                                 ? std::string(agent_spec)
                                 : gameai::HintAgent(state->state->GetGame());
    std::string text;
    absl::StatusOr<gameai::Action> hint =
        gameai::Hint(*state->state, spec, &text);
    if (!hint.ok()) return FromStatus(hint.status());
    if (gameai_status s = CopyString(text, explanation, capacity, length); s)
      return s;
    *action = *hint;
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_solve(const gameai_state* state, const char* options,
                                 gameai_solve_result** out) {
  return Call({GAMEAI_ARG(state), GAMEAI_ARG(out)}, [&] {
    absl::StatusOr<gameai::StateSolution> solution =
        gameai::SolveState(*state->state, options != nullptr ? options : "");
    if (!solution.ok()) return FromStatus(solution.status());
    std::string json = gameai::StateSolutionToJson(*state->state, *solution);
    *out = new gameai_solve_result{*std::move(solution), std::move(json)};
    return GAMEAI_OK;
  });
}

void gameai_solve_result_free(gameai_solve_result* result) { delete result; }

gameai_status gameai_solve_result_status(const gameai_solve_result* result,
                                         int* status) {
  return Call({GAMEAI_ARG(result), GAMEAI_ARG(status)}, [&] {
    const std::string& s = result->solution.status;
    *status = s == "bounded"    ? GAMEAI_SOLVE_BOUNDED
              : s == "terminal" ? GAMEAI_SOLVE_TERMINAL
                                : GAMEAI_SOLVE_SOLVED;
    return GAMEAI_OK;
  });
}

gameai_status gameai_solve_result_value(const gameai_solve_result* result,
                                        double* value) {
  return Call({GAMEAI_ARG(result), GAMEAI_ARG(value)}, [&] {
    const gameai::StateSolution& s = result->solution;
    if (s.status == "bounded") {
      return Fail(GAMEAI_FAILED_PRECONDITION,
                  fmt::format("not solved within the budget: the value lies "
                              "in [{}, {}]",
                              s.value_lower, s.value_upper));
    }
    *value = s.value;
    return GAMEAI_OK;
  });
}

gameai_status gameai_solve_result_bounds(const gameai_solve_result* result,
                                         double* lower, double* upper) {
  return Call({GAMEAI_ARG(result), GAMEAI_ARG(lower), GAMEAI_ARG(upper)}, [&] {
    *lower = result->solution.value_lower;
    *upper = result->solution.value_upper;
    return GAMEAI_OK;
  });
}

gameai_status gameai_solve_result_best_action(const gameai_solve_result* result,
                                              int64_t* action) {
  return Call({GAMEAI_ARG(result), GAMEAI_ARG(action)}, [&] {
    const gameai::StateSolution& s = result->solution;
    if (!s.best_action) {
      return Fail(GAMEAI_FAILED_PRECONDITION,
                  fmt::format("no best action: the solution is {}{}", s.status,
                              s.status == "solved" ? " at a chance node" : ""));
    }
    *action = *s.best_action;
    return GAMEAI_OK;
  });
}

gameai_status gameai_solve_result_nodes(const gameai_solve_result* result,
                                        int64_t* nodes) {
  return Call({GAMEAI_ARG(result), GAMEAI_ARG(nodes)}, [&] {
    *nodes = result->solution.nodes;
    return GAMEAI_OK;
  });
}

gameai_status gameai_solve_result_json(const gameai_solve_result* result,
                                       char* buffer, size_t capacity,
                                       size_t* length) {
  return Call({GAMEAI_ARG(result)}, [&] {
    return CopyString(result->json, buffer, capacity, length);
  });
}

gameai_status gameai_position_value(const gameai_game* game,
                                    const char* position, const char* options,
                                    double* value) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(position), GAMEAI_ARG(value)}, [&] {
    absl::StatusOr<std::vector<gameai::SolveField>> fields =
        gameai::PositionValue(*game->game, position,
                              options != nullptr ? options : "");
    if (!fields.ok()) return FromStatus(fields.status());
    *value = std::get<double>(fields->front().value);
    return GAMEAI_OK;
  });
}

gameai_status gameai_yacht_scorecard_value(const gameai_game* game,
                                           const char* scorecard,
                                           const char* options, double* value) {
  return Call({}, [&] {
    if (game != nullptr && game->game->Name() != "yacht") {
      return FromStatus(absl::InvalidArgumentError(
          fmt::format("game '{}' is not a yacht game (gameai_position_value "
                      "takes every game with a position text)",
                      game->game->Name())));
    }
    if (scorecard == nullptr) return Null("scorecard");
    return gameai_position_value(game, scorecard, options, value);
  });
}

gameai_status gameai_match(const char* game_spec,
                           const char* const* agent_specs, size_t num_agents,
                           int64_t games, uint64_t seed,
                           gameai_match_result** out) {
  return gameai_match_random_opening(game_spec, agent_specs, num_agents, games,
                                     seed, 0, out);
}

gameai_status gameai_match_random_opening(const char* game_spec,
                                          const char* const* agent_specs,
                                          size_t num_agents, int64_t games,
                                          uint64_t seed, int random_opening,
                                          gameai_match_result** out) {
  return Call({GAMEAI_ARG(game_spec)}, [&] {
    if (agent_specs == nullptr && num_agents > 0) return Null("agent_specs");
    if (out == nullptr) return Null("out");
    // The count is checked before the array is read: a wrong one is the
    // caller's error to hear about, not a read past its array.
    absl::StatusOr<std::shared_ptr<const gameai::Game>> game =
        gameai::LoadGame(game_spec);
    if (!game.ok()) return FromStatus(game.status());
    const int seats = (*game)->NumPlayers();
    const size_t most = seats == 1 ? gameai::kMaxMatchAgents : seats;
    if (num_agents < 1 || num_agents > most) {
      return Fail(GAMEAI_INVALID_ARGUMENT,
                  fmt::format("{} agents given; game '{}' takes 1..{}",
                              num_agents, game_spec, most));
    }
    gameai::MatchOptions options;
    options.game = game_spec;
    options.games = games;
    options.seed = seed;
    options.random_opening = random_opening;
    absl::StatusOr<std::vector<std::string>> specs =
        Strings(agent_specs, num_agents, "agent_specs");
    if (!specs.ok()) return FromStatus(specs.status());
    options.agents = *std::move(specs);
    absl::StatusOr<gameai::MatchResult> result = gameai::RunMatch(options);
    if (!result.ok()) return FromStatus(result.status());
    *out = new gameai_match_result{gameai::MatchResultToJson(*result)};
    return GAMEAI_OK;
  });
}

gameai_status gameai_tournament(const char* game_spec,
                                const char* const* agent_specs,
                                size_t num_agents, const char* options_json,
                                gameai_match_result** out) {
  return Call({GAMEAI_ARG(game_spec)}, [&] {
    if (agent_specs == nullptr && num_agents > 0) return Null("agent_specs");
    if (out == nullptr) return Null("out");
    if (num_agents < 2 || num_agents > gameai::kMaxMatchAgents) {
      return Fail(GAMEAI_INVALID_ARGUMENT,
                  fmt::format("{} agents given; a tournament takes 2..{}",
                              num_agents, gameai::kMaxMatchAgents));
    }
    gameai::TournamentOptions options;
    options.game = game_spec;
    absl::StatusOr<std::vector<std::string>> specs =
        Strings(agent_specs, num_agents, "agent_specs");
    if (!specs.ok()) return FromStatus(specs.status());
    options.agents = *std::move(specs);
    if (absl::Status applied = gameai::ApplyTournamentOptionsJson(
            options_json == nullptr ? "" : options_json, options);
        !applied.ok()) {
      return FromStatus(applied);
    }
    options.command = "gameai_tournament()";
    absl::StatusOr<gameai::TournamentResult> result =
        gameai::RunTournament(options);
    if (!result.ok()) return FromStatus(result.status());
    *out = new gameai_match_result{gameai::TournamentResultToJson(*result)};
    return GAMEAI_OK;
  });
}

gameai_status gameai_sprt(const char* game_spec, const char* new_agent,
                          const char* base_agent, const char* options_json,
                          gameai_match_result** out) {
  return Call(
      {GAMEAI_ARG(game_spec), GAMEAI_ARG(new_agent), GAMEAI_ARG(base_agent),
       GAMEAI_ARG(options_json)},
      [&] {
        if (out == nullptr) return Null("out");
        gameai::SprtOptions options;
        options.game = game_spec;
        options.new_agent = new_agent;
        options.base_agent = base_agent;
        if (absl::Status applied =
                gameai::ApplySprtOptionsJson(options_json, options);
            !applied.ok()) {
          return FromStatus(applied);
        }
        options.command = "gameai_sprt()";
        absl::StatusOr<gameai::SprtResult> result = gameai::RunSprt(options);
        if (!result.ok()) return FromStatus(result.status());
        *out = new gameai_match_result{gameai::SprtResultToJson(*result)};
        return GAMEAI_OK;
      });
}

gameai_status gameai_report_html(const char* report_json, char* buffer,
                                 size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(report_json)}, [&] {
    absl::StatusOr<std::string> page = gameai::ReportHtml(report_json);
    if (!page.ok()) return FromStatus(page.status());
    return CopyString(*page, buffer, capacity, length);
  });
}

void gameai_match_result_free(gameai_match_result* result) { delete result; }

gameai_status gameai_match_result_json(const gameai_match_result* result,
                                       char* buffer, size_t capacity,
                                       size_t* length) {
  return Call({GAMEAI_ARG(result)}, [&] {
    return CopyString(result->json, buffer, capacity, length);
  });
}

gameai_status gameai_state_load_saved(const char* text, gameai_state** out) {
  return Call({GAMEAI_ARG(text), GAMEAI_ARG(out)}, [&] {
    absl::StatusOr<std::unique_ptr<gameai::State>> state =
        gameai::LoadGameText(text);
    if (!state.ok()) return FromStatus(state.status());
    *out = new gameai_state{*std::move(state)};
    return GAMEAI_OK;
  });
}

gameai_status gameai_state_saved_text(const gameai_state* state, char* buffer,
                                      size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(state)}, [&] {
    return CopyString(gameai::SaveGameText(*state->state), buffer, capacity,
                      length);
  });
}

gameai_status gameai_state_replay_json(const gameai_state* state, int seat,
                                       const char* const* names,
                                       size_t num_names, char* buffer,
                                       size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(state)}, [&] {
    absl::StatusOr<std::vector<std::string>> name_list =
        Strings(names, num_names, "names");
    if (!name_list.ok()) return FromStatus(name_list.status());
    absl::StatusOr<nlohmann::json> replay =
        gameai::ReplayToJson(*state->state, seat, *std::move(name_list));
    if (!replay.ok()) return FromStatus(replay.status());
    return CopyString(replay->dump(), buffer, capacity, length);
  });
}

gameai_status gameai_table_new(const gameai_game* game,
                               const char* const* seat_specs, size_t num_seats,
                               uint64_t seed, gameai_table** out) {
  return Call({GAMEAI_ARG(game), GAMEAI_ARG(out)}, [&] {
    // The count is checked before the array is read.
    const size_t seats = game->game->NumPlayers();
    if (num_seats != seats) {
      return Fail(GAMEAI_INVALID_ARGUMENT,
                  fmt::format("{} seat specs given; game '{}' has {} seats "
                              "(an agent spec or \"human\" each)",
                              num_seats, game->game->Name(), seats));
    }
    absl::StatusOr<std::vector<std::string>> specs =
        Strings(seat_specs, num_seats, "seat_specs");
    if (!specs.ok()) return FromStatus(specs.status());
    absl::StatusOr<std::unique_ptr<gameai::PlayTable>> table =
        gameai::PlayTable::FromSpecs(game->game, *specs, seed);
    if (!table.ok()) return FromStatus(table.status());
    auto* t = new gameai_table{*std::move(table), *std::move(specs)};
    t->table->set_transition_listener(
        [t](const gameai::PlayTable::Transition& tr) {
          t->frames.push_back(gameai::FrameToJson(
              t->table->screen(), *tr.before, *tr.after, tr.event,
              t->table->viewer(), t->table->names(), tr.reasons));
        });
    *out = t;
    return GAMEAI_OK;
  });
}

void gameai_table_free(gameai_table* table) { delete table; }

gameai_status gameai_table_advance(gameai_table* table) {
  return Call({GAMEAI_ARG(table)},
              [&] { return FromStatus(table->table->Advance()); });
}

gameai_status gameai_table_move(gameai_table* table, int player,
                                int64_t action) {
  return Call({GAMEAI_ARG(table)}, [&] {
    if (gameai_status s = CheckSeat(table->table->state(), player, false); s) {
      return s;
    }
    return FromStatus(table->table->Move(player, action));
  });
}

gameai_status gameai_table_undo(gameai_table* table) {
  return Call({GAMEAI_ARG(table)}, [&] {
    if (absl::Status s = table->table->Undo(); !s.ok()) return FromStatus(s);
    table->reset = true;
    return GAMEAI_OK;
  });
}

gameai_status gameai_table_hint(gameai_table* table, int player,
                                const char* agent_spec, int64_t* action,
                                char* explanation, size_t capacity,
                                size_t* length) {
  return Call({GAMEAI_ARG(table), GAMEAI_ARG(action), GAMEAI_ARG(length)}, [&] {
    if (gameai_status s = CheckSeat(table->table->state(), player, false); s) {
      return s;
    }
    std::string raw;
    absl::StatusOr<gameai::Action> hint = table->table->Hint(
        player, agent_spec != nullptr ? agent_spec : "", &raw);
    if (!hint.ok()) return FromStatus(hint.status());
    if (gameai_status s = CopyString(table->table->screen().Explain(raw),
                                     explanation, capacity, length);
        s) {
      return s;
    }
    *action = *hint;
    return GAMEAI_OK;
  });
}

gameai_status gameai_table_save(const gameai_table* table, char* buffer,
                                size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(table)}, [&] {
    absl::StatusOr<std::string> text = table->table->SaveText();
    if (!text.ok()) return FromStatus(text.status());
    return CopyString(*text, buffer, capacity, length);
  });
}

gameai_status gameai_table_load(gameai_table* table, const char* text) {
  return Call({GAMEAI_ARG(table), GAMEAI_ARG(text)}, [&] {
    if (absl::Status s = table->table->Load(text); !s.ok()) {
      return FromStatus(s);
    }
    table->reset = true;
    return GAMEAI_OK;
  });
}

gameai_status gameai_table_report_json(gameai_table* table, char* buffer,
                                       size_t capacity, size_t* length) {
  return Call({GAMEAI_ARG(table), GAMEAI_ARG(length)}, [&] {
    const gameai::PlayTable& t = *table->table;
    const gameai::Player viewer = t.viewer();
    const std::vector<gameai::Player> people = t.PeopleToMove();
    nlohmann::json report;
    report["viewer"] =
        viewer >= 0 ? nlohmann::json(viewer) : nlohmann::json(nullptr);
    report["names"] = t.names();
    report["seats"] = table->specs;
    report["people_to_move"] = people;
    const std::unique_ptr<gameai::State> view = t.ViewerView();
    report["view"] = gameai::ViewToJson(*view, viewer);
    const bool viewer_moves =
        std::find(people.begin(), people.end(), viewer) != people.end();
    report["legal_actions"] = viewer_moves
                                  ? gameai::LegalActionsToJson(*view, viewer)
                                  : nlohmann::json::array();
    report["reset"] = table->reset;
    if (table->reset) {
      // Every frame from the start: the game changed under the reports.
      absl::StatusOr<nlohmann::json> replay =
          gameai::ReplayToJson(t.state(), viewer, t.names());
      if (!replay.ok()) return FromStatus(replay.status());
      report["initial"] = (*replay)["initial"];
      report["frames"] = (*replay)["frames"];
    } else {
      report["frames"] = table->frames;
    }
    report["history_length"] = t.state().History().size();
    report["terminal"] = t.state().IsTerminal();
    report["intro"] = t.screen().Intro(*view, t.names());
    if (t.state().IsTerminal())
      report["end"] = t.screen().End(*view, t.names());
    const gameai_status s = CopyString(report.dump(), buffer, capacity, length);
    if (s == GAMEAI_OK) {
      table->frames = nlohmann::json::array();
      table->reset = false;
    }
    return s;
  });
}

gameai_status gameai_game_play_levels_json(const gameai_game* game,
                                           char* buffer, size_t capacity,
                                           size_t* length) {
  return Call({GAMEAI_ARG(game)}, [&] {
    nlohmann::json levels = nlohmann::json::array();
    for (const gameai::Level& l : gameai::ScreenFor(*game->game)->Levels()) {
      levels.push_back({{"name", l.name}, {"agent", l.agent}});
    }
    const nlohmann::json out = {{"levels", levels},
                                {"hint_agent", gameai::HintAgent(*game->game)}};
    return CopyString(out.dump(), buffer, capacity, length);
  });
}

}  // extern "C"
