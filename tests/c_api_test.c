/* The C API from C: a full Mancala game between two agents, a MiniRisk
 * round of joint bids, and every kind of bad input (each must be an error
 * with a message, never a crash, and must leave the state unchanged). */
#include "gameai/c_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static int failures = 0;

#define CHECK(cond)                                                           \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__, \
              __LINE__, #cond, gameai_last_error());                          \
      ++failures;                                                             \
    }                                                                         \
  } while (0)

#define CHECK_OK(call) CHECK((call) == GAMEAI_OK)

static void serialize(const gameai_state* state, char* buffer, size_t size) {
  size_t length = 0;
  CHECK_OK(gameai_state_serialize(state, buffer, size, &length));
}

static void full_mancala_game(void) {
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("mancala(pits=6,seeds=4)", &game));
  int players = 0;
  CHECK_OK(gameai_game_num_players(game, &players));
  CHECK(players == 2);
  gameai_agent* agents[2] = {NULL, NULL};
  CHECK_OK(gameai_agent_load(game, "greedy", &agents[0]));
  CHECK_OK(gameai_agent_load(game, "mcts(simulations=50,seed=1)", &agents[1]));
  for (int seat = 0; seat < 2; ++seat) {
    CHECK_OK(gameai_agent_start_game(agents[seat], seat, 42));
  }
  gameai_state* state = NULL;
  CHECK_OK(gameai_state_new_initial(game, &state));
  int terminal = 0, moves = 0;
  for (;;) {
    CHECK_OK(gameai_state_is_terminal(state, &terminal));
    if (terminal) break;
    int player = -9;
    CHECK_OK(gameai_state_current_player(state, &player));
    CHECK(player == 0 || player == 1);
    int64_t action = -1;
    CHECK_OK(gameai_agent_step(agents[player], state, &action));
    int64_t legal[16];
    size_t count = 0;
    CHECK_OK(gameai_state_legal_actions(state, player, legal, 16, &count));
    int found = 0;
    for (size_t i = 0; i < count; ++i) found |= legal[i] == action;
    CHECK(found);
    CHECK_OK(gameai_state_apply_action(state, action));
    CHECK(++moves < 1000);
  }
  double returns[2];
  size_t count = 0;
  CHECK_OK(gameai_state_returns(state, returns, 2, &count));
  CHECK(count == 2);
  CHECK(returns[0] + returns[1] == 0.0);
  char text[4096];
  size_t length = 0;
  CHECK_OK(gameai_state_to_string(state, text, sizeof text, &length));
  CHECK(length == strlen(text) + 1);
  CHECK_OK(gameai_agent_explain(agents[1], text, sizeof text, &length));
  CHECK(strstr(text, "mcts") != NULL);
  /* Round trip and clone. */
  char serialized[1024];
  serialize(state, serialized, sizeof serialized);
  gameai_state* parsed = NULL;
  CHECK_OK(gameai_state_deserialize(game, serialized, &parsed));
  gameai_state* copy = NULL;
  CHECK_OK(gameai_state_clone(parsed, &copy));
  char again[1024];
  serialize(copy, again, sizeof again);
  CHECK(strcmp(serialized, again) == 0);
  /* A finished game takes no action and can be undone. */
  CHECK(gameai_state_apply_action(state, 0) == GAMEAI_FAILED_PRECONDITION);
  CHECK_OK(gameai_state_undo(state));
  gameai_state_free(copy);
  gameai_state_free(parsed);
  gameai_state_free(state);
  gameai_agent_free(agents[0]);
  gameai_agent_free(agents[1]);
  gameai_game_free(game);
  printf("mancala: %d moves, returns %.0f %.0f\n", moves, returns[0],
         returns[1]);
}

static void simultaneous_and_chance(void) {
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("minirisk(players=3)", &game));
  gameai_state* state = NULL;
  CHECK_OK(gameai_state_new_initial(game, &state));
  int player = 0;
  CHECK_OK(gameai_state_current_player(state, &player));
  CHECK(player == GAMEAI_CHANCE_PLAYER);
  int64_t outcomes[32];
  double probabilities[32];
  size_t count = 0;
  CHECK(gameai_state_chance_outcomes(state, outcomes, probabilities, 0,
                                     &count) == GAMEAI_BUFFER_TOO_SMALL);
  CHECK(count == 15);
  CHECK_OK(
      gameai_state_chance_outcomes(state, outcomes, probabilities, 32, &count));
  double total = 0;
  for (size_t i = 0; i < count; ++i) total += probabilities[i];
  CHECK(total > 0.999999 && total < 1.000001);
  CHECK_OK(gameai_state_apply_action(state, outcomes[14]));
  CHECK_OK(gameai_state_current_player(state, &player));
  CHECK(player == GAMEAI_SIMULTANEOUS_PLAYER);
  int64_t bids[3] = {14, 14, 13}; /* cards 15, 15, 14 */
  CHECK(gameai_state_apply_action(state, 14) != GAMEAI_OK);
  CHECK(gameai_state_apply_joint_action(state, bids, 2) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK_OK(gameai_state_apply_joint_action(state, bids, 3));
  double returns[3];
  CHECK_OK(gameai_state_returns(state, returns, 3, &count));
  int64_t action = -1;
  CHECK_OK(gameai_state_string_to_action(state, GAMEAI_CHANCE_PLAYER, "prize 3",
                                         &action));
  gameai_state_free(state);
  gameai_game_free(game);
}

static void bad_input(void) {
  gameai_game* game = NULL;
  CHECK(gameai_game_load("no_such_game", &game) != GAMEAI_OK);
  CHECK(game == NULL);
  CHECK(strlen(gameai_last_error()) > 0);
  CHECK(strstr(gameai_last_error(), "mancala") != NULL); /* names choices */
  CHECK(gameai_game_load("mancala(pits=99)", &game) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_game_load(NULL, &game) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_game_load("mancala", NULL) == GAMEAI_INVALID_ARGUMENT);
  CHECK_OK(gameai_game_load("mancala", &game));
  CHECK(gameai_version() == GAMEAI_C_API_VERSION);

  gameai_state* state = NULL;
  CHECK_OK(gameai_state_new_initial(game, &state));
  char before[1024], after[1024];
  serialize(state, before, sizeof before);
  /* Illegal and out-of-range actions: an error, the state unchanged. */
  CHECK(gameai_state_apply_action(state, 99) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_apply_action(state, -5) == GAMEAI_INVALID_ARGUMENT);
  serialize(state, after, sizeof after);
  CHECK(strcmp(before, after) == 0);
  /* NULL handles. */
  int out = 0;
  CHECK(gameai_state_current_player(NULL, &out) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_current_player(state, NULL) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_apply_action(NULL, 0) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_game_num_players(NULL, &out) == GAMEAI_INVALID_ARGUMENT);
  int64_t action = 0;
  CHECK(gameai_agent_step(NULL, state, &action) == GAMEAI_INVALID_ARGUMENT);
  gameai_state_free(NULL);
  gameai_game_free(NULL);
  gameai_agent_free(NULL);
  /* Out-of-range players, too small buffers. */
  int64_t legal[2];
  size_t count = 0;
  CHECK(gameai_state_legal_actions(state, 7, legal, 2, &count) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_legal_actions(state, 0, legal, 2, &count) ==
        GAMEAI_BUFFER_TOO_SMALL);
  CHECK(count == 6);
  char small[4];
  size_t length = 0;
  CHECK(gameai_state_serialize(state, small, sizeof small, &length) ==
        GAMEAI_BUFFER_TOO_SMALL);
  CHECK(length == strlen(before) + 1);
  CHECK(gameai_state_action_to_string(state, 0, 1000, small, 4, &length) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_observation_string(state, -1, small, 4, &length) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_string_to_action(state, 0, "pit 99", &action) ==
        GAMEAI_INVALID_ARGUMENT);
  /* Malformed serialized states. */
  gameai_state* parsed = NULL;
  CHECK(gameai_state_deserialize(game, "garbage", &parsed) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_deserialize(game, "0 1 2 3", &parsed) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(parsed == NULL);
  /* Agents: unknown, unfit for the game, not seated, a wrong seat. */
  gameai_agent* agent = NULL;
  CHECK(gameai_agent_load(game, "no_such_agent", &agent) != GAMEAI_OK);
  CHECK(gameai_agent_load(game, "mcts(simulations=-3)", &agent) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK_OK(gameai_agent_load(game, "random", &agent));
  CHECK(gameai_agent_step(agent, state, &action) == GAMEAI_FAILED_PRECONDITION);
  CHECK(gameai_agent_start_game(agent, 2, 1) == GAMEAI_INVALID_ARGUMENT);
  CHECK_OK(gameai_agent_start_game(agent, 1, 1));
  CHECK(gameai_agent_step(agent, state, &action) !=
        GAMEAI_OK); /* not seat 1's turn */
  gameai_game* other = NULL;
  CHECK_OK(gameai_game_load("yacht", &other));
  gameai_state* other_state = NULL;
  CHECK_OK(gameai_state_new_initial(other, &other_state));
  CHECK(gameai_agent_step(agent, other_state, &action) ==
        GAMEAI_INVALID_ARGUMENT);
  gameai_state_free(other_state);
  gameai_game_free(other);
  gameai_agent_free(agent);
  gameai_state_free(state);
  gameai_game_free(game);
}

/* Memory: a table beyond the process's limit is GAMEAI_OUT_OF_MEMORY with
 * a message, not an abort. RLIMIT_AS cannot be lowered under ASan (it
 * reserves terabytes of address space), so that build skips this. */
static void out_of_memory(void) {
#if defined(__SANITIZE_ADDRESS__)
  printf("out of memory checks skipped: an ASan build\n");
#else
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("mancala", &game));
  struct rlimit old;
  CHECK(getrlimit(RLIMIT_AS, &old) == 0);
  struct rlimit limit = old;
  limit.rlim_cur = (rlim_t)3 << 30;
  CHECK(setrlimit(RLIMIT_AS, &limit) == 0);
  gameai_agent* agent = NULL;
  CHECK(gameai_agent_load(game, "alphabeta(tt=28)", &agent) ==
        GAMEAI_OUT_OF_MEMORY);
  CHECK(agent == NULL);
  CHECK(strstr(gameai_last_error(), "tt=28") != NULL);
  CHECK(gameai_agent_load(game, "mcts(max_nodes=2147483648)", &agent) ==
        GAMEAI_OUT_OF_MEMORY);
  CHECK(strstr(gameai_last_error(), "max_nodes=2147483648") != NULL);
  CHECK(setrlimit(RLIMIT_AS, &old) == 0);
  gameai_game_free(game);
#endif
}

/* An agent made for one game spec refuses a state of the same game with
 * other parameters (a learner sized for two players read an eight-player
 * state out of bounds), naming both specs, and still plays its own. */
static void agent_refuses_other_parameters(void) {
  gameai_game* two = NULL;
  gameai_game* eight = NULL;
  CHECK_OK(gameai_game_load("minirisk(players=2)", &two));
  CHECK_OK(gameai_game_load("minirisk(players=8)", &eight));
  gameai_state* own_state = NULL;
  gameai_state* other_state = NULL;
  CHECK_OK(gameai_state_new_initial(two, &own_state));
  CHECK_OK(gameai_state_new_initial(eight, &other_state));
  /* Past the prize draw: the bids are simultaneous. */
  int64_t outcomes[32];
  double probabilities[32];
  size_t count = 0;
  CHECK_OK(gameai_state_chance_outcomes(own_state, outcomes, probabilities, 32,
                                        &count));
  CHECK_OK(gameai_state_apply_action(own_state, outcomes[0]));
  const char* specs[] = {"rl", "planner(rollouts=5)", "mcts(simulations=5)"};
  for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); ++i) {
    gameai_agent* agent = NULL;
    CHECK_OK(gameai_agent_load(two, specs[i], &agent));
    CHECK_OK(gameai_agent_start_game(agent, 1, 3));
    int64_t action = -1;
    CHECK(gameai_agent_step(agent, other_state, &action) ==
          GAMEAI_INVALID_ARGUMENT);
    CHECK(strstr(gameai_last_error(), "minirisk(players=8)") != NULL);
    CHECK(strstr(gameai_last_error(), "minirisk(players=2)") != NULL);
    CHECK(action == -1);
    CHECK_OK(gameai_agent_step(agent, own_state, &action));
    CHECK(action >= 0);
    gameai_agent_free(agent);
  }
  gameai_state_free(other_state);
  gameai_state_free(own_state);
  gameai_game_free(eight);
  gameai_game_free(two);
}

int main(void) {
  full_mancala_game();
  simultaneous_and_chance();
  bad_input();
  out_of_memory();
  agent_refuses_other_parameters();
  if (failures > 0) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("c api: all checks passed\n");
  return 0;
}
