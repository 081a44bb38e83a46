// Fuzz target c_api_calls: the bytes are a program of C API calls over a
// few handle slots (games, states, agents), with NULL handles and outputs,
// buffers of every size and handles of other games. The API's promises
// are checked as it runs: sizes reported match what was written, strings
// are NUL terminated, a failed call leaves the state unchanged, an action
// an agent returns applies.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "gameai/c_api.h"

namespace {

using gameai::fuzz::Bytes;
using gameai::fuzz::Fail;

constexpr int kSlots = 4;

struct Handles {
  std::array<gameai_game*, kSlots> games{};
  std::array<gameai_state*, kSlots> states{};
  std::array<gameai_agent*, kSlots> agents{};
  ~Handles() {
    for (auto* a : agents) gameai_agent_free(a);
    for (auto* s : states) gameai_state_free(s);
    for (auto* g : games) gameai_game_free(g);
  }
};

std::string Serialized(const gameai_state* state) {
  size_t length = 0;
  if (gameai_state_serialize(state, nullptr, 0, &length) !=
      GAMEAI_BUFFER_TOO_SMALL)
    return "";
  std::string text(length, '\0');
  if (gameai_state_serialize(state, text.data(), length, &length) != GAMEAI_OK)
    Fail("serialize with the size it asked for", "");
  return text;
}

// CheckText: a string output of `capacity` bytes after `status`.
void CheckText(gameai_status status, const std::vector<char>& buffer,
               size_t capacity, size_t length) {
  if (status == GAMEAI_OK) {
    if (length == 0 || length > capacity || buffer[length - 1] != '\0' ||
        std::strlen(buffer.data()) != length - 1)
      Fail("a string output is not NUL terminated at its length",
           std::string(buffer.data(), std::min(capacity, length)) +
               " length " + std::to_string(length) + " capacity " +
               std::to_string(capacity));
  } else if (status == GAMEAI_BUFFER_TOO_SMALL && length <= capacity) {
    Fail("buffer too small but the length fits", "");
  }
}

const char* const kAgentSpecs[] = {"random", "mcts(simulations=3)",
                                   "mcts(simulations=1,seed=9)", "greedy",
                                   "heuristic", "fixed", "no_such_agent",
                                   "random(seed="};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes in(data, size);
  Handles h;
  const auto& games = gameai::fuzz::Games();
  for (int op = 0; op < 64 && !in.empty(); ++op) {
    const uint8_t code = in.Byte();
    const int slot = in.Byte() % (kSlots + 1);  // kSlots: a NULL handle
    gameai_game* game = slot < kSlots ? h.games[slot] : nullptr;
    gameai_state* state = slot < kSlots ? h.states[slot] : nullptr;
    gameai_agent* agent = slot < kSlots ? h.agents[slot] : nullptr;
    const size_t capacity = in.Byte() % 70;
    const bool null_out = in.Byte() % 8 == 0;
    std::vector<char> text(capacity + 1, 'x');
    std::vector<int64_t> actions(capacity + 1, -7);
    std::vector<double> numbers(capacity + 1, -7);
    size_t count = 12345;
    switch (code % 20) {
      case 0: {  // load a game: a known spec or the next input line
        std::string spec = in.Byte() % 4 == 0
                               ? in.Line()
                               : games[in.Byte() % games.size()]->Spec();
        if (slot == kSlots) break;
        gameai_game* loaded = nullptr;
        if (gameai_game_load(null_out ? nullptr : spec.c_str(), &loaded) ==
            GAMEAI_OK) {
          gameai_game_free(h.games[slot]);
          h.games[slot] = loaded;
        }
        break;
      }
      case 1:
        if (slot < kSlots) {
          gameai_game_free(h.games[slot]);
          h.games[slot] = nullptr;
        }
        break;
      case 2: {
        int players = 0;
        int64_t n = 0;
        (void)gameai_game_num_players(game, null_out ? nullptr : &players);
        (void)gameai_game_num_distinct_actions(game, null_out ? nullptr : &n);
        break;
      }
      case 3:
      case 4: {  // a new state: initial or from the next input line
        gameai_state* made = nullptr;
        const std::string line = code % 20 == 4 ? in.Line() : "";
        const gameai_status status =
            code % 20 == 3
                ? gameai_state_new_initial(game, null_out ? nullptr : &made)
                : gameai_state_deserialize(game, line.c_str(), &made);
        if (status == GAMEAI_OK && slot < kSlots) {
          gameai_state_free(h.states[slot]);
          h.states[slot] = made;
        } else {
          gameai_state_free(made);
        }
        break;
      }
      case 5:
        if (slot < kSlots) {
          gameai_state_free(h.states[slot]);
          h.states[slot] = nullptr;
        }
        break;
      case 6: {
        gameai_state* copy = nullptr;
        if (gameai_state_clone(state, &copy) == GAMEAI_OK) {
          const int to = in.Byte() % kSlots;
          gameai_state_free(h.states[to]);
          h.states[to] = copy;
        }
        break;
      }
      case 7: {
        int player = 0, terminal = 0;
        (void)gameai_state_current_player(state, null_out ? nullptr : &player);
        (void)gameai_state_is_terminal(state, null_out ? nullptr : &terminal);
        break;
      }
      case 8: {
        const int player = static_cast<int>(in.Byte() % 12) - 3;
        const gameai_status status = gameai_state_legal_actions(
            state, player, capacity ? actions.data() : nullptr, capacity,
            null_out ? nullptr : &count);
        if (status == GAMEAI_OK && count > capacity)
          Fail("legal actions: more than the capacity", "");
        break;
      }
      case 9:
      case 10: {  // apply: a listed action or any number; joint actions
        int player = 0;
        size_t n = 0;
        std::vector<int64_t> legal(4096);
        if (gameai_state_current_player(state, &player) != GAMEAI_OK) break;
        const int asked = player == GAMEAI_SIMULTANEOUS_PLAYER ? 0 : player;
        if (gameai_state_legal_actions(state, asked, legal.data(), legal.size(),
                                       &n) != GAMEAI_OK)
          n = 0;
        int64_t action = n > 0 && in.Byte() % 4 != 0
                             ? legal[in.Word() % n]
                             : static_cast<int64_t>(in.Word());
        const std::string before = Serialized(state);
        gameai_status status;
        if (code % 20 == 9) {
          status = gameai_state_apply_action(state, action);
        } else {
          std::vector<int64_t> joint(in.Byte() % 9, action);
          status = gameai_state_apply_joint_action(
              state, null_out ? nullptr : joint.data(), joint.size());
        }
        if (status != GAMEAI_OK && Serialized(state) != before)
          Fail("a failed apply changed the state", before);
        break;
      }
      case 11:
        (void)gameai_state_undo(state);
        break;
      case 12: {
        const gameai_status status = gameai_state_chance_outcomes(
            state, null_out ? nullptr : actions.data(), numbers.data(),
            capacity, &count);
        if (status == GAMEAI_OK) {
          double total = 0;
          for (size_t i = 0; i < count; ++i) total += numbers[i];
          if (count > 0 && !(total > 1 - 1e-9 && total < 1 + 1e-9))
            Fail("chance outcomes do not sum to 1", Serialized(state));
        }
        (void)gameai_state_returns(state, numbers.data(), capacity,
                                   null_out ? nullptr : &count);
        break;
      }
      case 13:
      case 14: {  // string outputs into buffers of every size
        const int player = static_cast<int>(in.Byte() % 12) - 3;
        const int64_t action = static_cast<int64_t>(in.Word() % 3000);
        char* buffer = capacity ? text.data() : nullptr;
        size_t length = 0;
        gameai_status status;
        switch (in.Byte() % 4) {
          case 0:
            status = gameai_state_serialize(state, buffer, capacity, &length);
            break;
          case 1:
            status = gameai_state_to_string(state, buffer, capacity, &length);
            break;
          case 2:
            status = gameai_state_observation_string(state, player, buffer,
                                                     capacity, &length);
            break;
          default:
            status = gameai_state_action_to_string(state, player, action,
                                                   buffer, capacity, &length);
        }
        if (!null_out) CheckText(status, text, capacity, length);
        break;
      }
      case 15: {
        const int player = static_cast<int>(in.Byte() % 12) - 3;
        const std::string line = in.Line();
        int64_t action = 0;
        (void)gameai_state_string_to_action(state, player,
                                            null_out ? nullptr : line.c_str(),
                                            &action);
        break;
      }
      case 16: {
        gameai_agent* made = nullptr;
        const char* spec = kAgentSpecs[in.Byte() % std::size(kAgentSpecs)];
        if (gameai_agent_load(game, spec, null_out ? nullptr : &made) ==
                GAMEAI_OK &&
            slot < kSlots) {
          gameai_agent_free(h.agents[slot]);
          h.agents[slot] = made;
        } else {
          gameai_agent_free(made);
        }
        break;
      }
      case 17:
        if (slot < kSlots) {
          gameai_agent_free(h.agents[slot]);
          h.agents[slot] = nullptr;
        }
        break;
      case 18:
        (void)gameai_agent_start_game(agent, static_cast<int>(in.Byte() % 10) - 2,
                                      in.Word());
        break;
      case 19: {  // step with any state (maybe of another game), then apply
        gameai_state* on = h.states[in.Byte() % kSlots];
        int64_t action = 0;
        int player = 0;
        if (gameai_agent_step(agent, on, null_out ? nullptr : &action) ==
                GAMEAI_OK &&
            gameai_state_current_player(on, &player) == GAMEAI_OK &&
            player >= 0 && gameai_state_apply_action(on, action) != GAMEAI_OK)
          Fail("an agent's action does not apply", gameai_last_error());
        size_t length = 0;
        const gameai_status explained = gameai_agent_explain(
            agent, capacity ? text.data() : nullptr, capacity, &length);
        CheckText(explained, text, capacity, length);
        break;
      }
    }
    (void)std::strlen(gameai_last_error());
  }
  return 0;
}
