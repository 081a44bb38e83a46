/* The C API from C: a full Mancala game between two agents, a MiniRisk
 * round of joint bids, and every kind of bad input (each must be an error
 * with a message, never a crash, and must leave the state unchanged); the
 * registry, game descriptions, scores, chance sampling, hints, matches and
 * the exact solvers with their own bad input. */
#include "gameai/c_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(_WIN32)
#include <windows.h>
#else
#include <sys/resource.h>
#endif

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

/* has_games: whether every game of the comma-separated `names` is in this
 * build (a build of some games, -DGAMEAI_GAMES, runs the sections it can). */
static int has_games(const char* names) {
  size_t count = 0;
  if (gameai_registered_game_count(&count) != GAMEAI_OK) return 0;
  char wanted[128];
  snprintf(wanted, sizeof wanted, "%s", names);
  for (char* want = strtok(wanted, ","); want; want = strtok(NULL, ",")) {
    int found = 0;
    for (size_t i = 0; i < count && !found; ++i) {
      char name[64];
      size_t length = 0;
      if (gameai_registered_game_name(i, name, sizeof name, &length) ==
          GAMEAI_OK) {
        found = strcmp(name, want) == 0;
      }
    }
    if (!found) return 0;
  }
  return 1;
}

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
  /* A count past the array is refused before the array is read (it was
   * read whole: a crash, or an allocation of 8 TiB). */
  CHECK(gameai_state_apply_joint_action(state, bids, (size_t)1 << 40) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "expected 3 (one per seat)") != NULL);
  CHECK(gameai_state_apply_joint_action(state, bids, SIZE_MAX) ==
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
 * a message, not an abort. The limit is RLIMIT_AS on POSIX systems and a
 * job object's limit on committed memory on Windows. RLIMIT_AS cannot be
 * lowered under ASan (it reserves terabytes of address space), nor under
 * qemu-user (the emulator's own reservations count against it): those
 * builds skip this. */
#if defined(_WIN32)
static HANDLE memory_job = NULL;
/* Whether the job keeps a memory limit it was given: wine accepts one but
 * neither keeps nor enforces it. */
static int job_keeps_limits(void) {
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION kept;
  memset(&kept, 0, sizeof kept);
  CHECK(QueryInformationJobObject(memory_job, JobObjectExtendedLimitInformation,
                                  &kept, sizeof kept, NULL));
  return (kept.BasicLimitInformation.LimitFlags &
          JOB_OBJECT_LIMIT_PROCESS_MEMORY) != 0;
}
static void limit_memory(size_t bytes) {
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limit;
  memset(&limit, 0, sizeof limit);
  if (memory_job == NULL) {
    memory_job = CreateJobObjectW(NULL, NULL);
    CHECK(memory_job != NULL);
    CHECK(AssignProcessToJobObject(memory_job, GetCurrentProcess()));
  }
  if (bytes > 0) {
    limit.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_PROCESS_MEMORY;
    limit.ProcessMemoryLimit = bytes;
  }
  CHECK(SetInformationJobObject(memory_job, JobObjectExtendedLimitInformation,
                                &limit, sizeof limit));
}
#elif !defined(__SANITIZE_ADDRESS__)
static struct rlimit memory_before;
static void limit_memory(size_t bytes) {
  if (bytes > 0) {
    CHECK(getrlimit(RLIMIT_AS, &memory_before) == 0);
    struct rlimit limit = memory_before;
    limit.rlim_cur = (rlim_t)bytes;
    CHECK(setrlimit(RLIMIT_AS, &limit) == 0);
  } else {
    CHECK(setrlimit(RLIMIT_AS, &memory_before) == 0);
  }
}
#endif

static void out_of_memory(void) {
#if defined(__SANITIZE_ADDRESS__)
  printf("out of memory checks skipped: an ASan build\n");
#else
  if (getenv("GAMEAI_TEST_EMULATOR") != NULL &&
      strstr(getenv("GAMEAI_TEST_EMULATOR"), "qemu") != NULL) {
    printf("out of memory checks skipped: under qemu-user\n");
    return;
  }
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("mancala", &game));
  limit_memory((size_t)3 << 30);
#if defined(_WIN32)
  if (!job_keeps_limits()) {
    printf(
        "out of memory checks skipped: this system (wine) does not keep "
        "a job object's memory limit\n");
    gameai_game_free(game);
    return;
  }
#endif
  gameai_agent* agent = NULL;
  CHECK(gameai_agent_load(game, "alphabeta(tt=28)", &agent) ==
        GAMEAI_OUT_OF_MEMORY);
  CHECK(agent == NULL);
  CHECK(strstr(gameai_last_error(), "tt=28") != NULL);
  CHECK(gameai_agent_load(game, "mcts(max_nodes=2147483648)", &agent) ==
        GAMEAI_OUT_OF_MEMORY);
  CHECK(strstr(gameai_last_error(), "max_nodes=2147483648") != NULL);
  limit_memory(0);
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

/* The text a string call writes, after asking for its length first. */
#define CHECK_TEXT(call_with_buffer, expected)                              \
  do {                                                                      \
    char text_[256];                                                        \
    size_t length_ = 0;                                                     \
    CHECK(call_with_buffer(text_, 0, &length_) == GAMEAI_BUFFER_TOO_SMALL); \
    CHECK(length_ == strlen(expected) + 1);                                 \
    CHECK_OK(call_with_buffer(text_, sizeof text_, &length_));              \
    CHECK(strcmp(text_, expected) == 0);                                    \
  } while (0)

static void registry_and_game_description(void) {
  size_t count = 0;
  CHECK_OK(gameai_registered_game_count(&count));
  /* The built-in games first, in src/games.txt's order (a build of some
   * games keeps that order); a build may add games after them. */
  CHECK(count >= 1);
  char name[64];
  size_t length = 0;
#define GAME_NAME_0(b, c, l) gameai_registered_game_name(0, b, c, l)
  CHECK_TEXT(GAME_NAME_0, "mancala");
  if (has_games("mancala,yacht,linesboard,minirisk,daifugo")) {
    CHECK(count >= 5);
    CHECK_OK(gameai_registered_game_name(4, name, sizeof name, &length));
    CHECK(strcmp(name, "daifugo") == 0);
  }
  CHECK(gameai_registered_game_name(count, name, sizeof name, &length) ==
        GAMEAI_INVALID_ARGUMENT);
  char range[32];
  snprintf(range, sizeof range, "0..%zu", count - 1);
  CHECK(strstr(gameai_last_error(), range) != NULL);
  CHECK(gameai_registered_game_count(NULL) == GAMEAI_INVALID_ARGUMENT);

  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("mancala(seeds=3)", &game));
#define GAME_NAME(b, c, l) gameai_game_name(game, b, c, l)
#define GAME_SPEC(b, c, l) gameai_game_spec(game, b, c, l)
#define PARAM_NAME_1(b, c, l) gameai_game_param_name(game, 1, b, c, l)
#define PARAM_VALUE_1(b, c, l) gameai_game_param_value(game, 1, b, c, l)
#define PARAM_VALUE_3(b, c, l) gameai_game_param_value(game, 3, b, c, l)
  CHECK_TEXT(GAME_NAME, "mancala");
  CHECK_TEXT(GAME_SPEC,
             "mancala(pits=6,seeds=3,first_player=0,empty_capture=false)");
  CHECK_OK(gameai_game_param_count(game, &count));
  CHECK(count == 4);
  CHECK_TEXT(PARAM_NAME_1, "seeds");
  CHECK_TEXT(PARAM_VALUE_1, "3");
  CHECK_TEXT(PARAM_VALUE_3, "false");
  CHECK(gameai_game_param_name(game, 4, name, sizeof name, &length) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_game_param_value(game, 4, name, sizeof name, &length) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_game_param_count(NULL, &count) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_game_spec(NULL, name, sizeof name, &length) ==
        GAMEAI_INVALID_ARGUMENT);

  gameai_game_type type = {9, 9, 9, 9};
  CHECK_OK(gameai_game_get_type(game, &type));
  CHECK(type.simultaneous == 0 && type.stochastic == 0 &&
        type.imperfect_information == 0 && type.zero_sum == 1);
  CHECK(gameai_game_get_type(game, NULL) == GAMEAI_INVALID_ARGUMENT);
  int max_length = 0;
  CHECK_OK(gameai_game_max_game_length(game, &max_length));
  CHECK(max_length > 0);
  CHECK(gameai_game_max_game_length(NULL, &max_length) ==
        GAMEAI_INVALID_ARGUMENT);

  /* The agents listed are the ones gameai_agent_load accepts. */
  CHECK_OK(gameai_game_agent_count(game, &count));
  CHECK(count >= 4);
  int has_strongest = 0;
  for (size_t i = 0; i < count; ++i) {
    CHECK_OK(gameai_game_agent_name(game, i, name, sizeof name, &length));
    has_strongest |= strcmp(name, "strongest") == 0;
    gameai_agent* agent = NULL;
    CHECK_OK(gameai_agent_load(game, name, &agent));
    gameai_agent_free(agent);
  }
  CHECK(has_strongest);
  CHECK(gameai_game_agent_name(game, count, name, sizeof name, &length) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_game_agent_count(game, NULL) == GAMEAI_INVALID_ARGUMENT);
  gameai_game_free(game);

  if (has_games("minirisk")) {
    CHECK_OK(gameai_game_load("minirisk(players=3)", &game));
    CHECK_OK(gameai_game_get_type(game, &type));
    CHECK(type.simultaneous == 1 && type.stochastic == 1 && type.zero_sum == 0);
    gameai_game_free(game);
  }
}

static void scores_and_chance_sampling(void) {
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("yacht", &game));
  gameai_state* state = NULL;
  CHECK_OK(gameai_state_new_initial(game, &state));
  double scores[2] = {-1, -1};
  size_t count = 0;
  CHECK(gameai_state_scores(state, scores, 1, &count) ==
        GAMEAI_BUFFER_TOO_SMALL);
  CHECK(count == 2 && scores[0] == -1);
  CHECK_OK(gameai_state_scores(state, scores, 2, &count));
  CHECK(scores[0] == 0 && scores[1] == 0);
  CHECK(gameai_state_scores(NULL, scores, 2, &count) ==
        GAMEAI_INVALID_ARGUMENT);

  /* The same seed gives the same outcome, one of those listed; the state
   * is not changed by sampling. */
  char before[1024], after[1024];
  serialize(state, before, sizeof before);
  int64_t outcomes[512];
  double probabilities[512];
  CHECK_OK(gameai_state_chance_outcomes(state, outcomes, probabilities, 512,
                                        &count));
  int64_t first = -1, again = -2, other = -1;
  CHECK_OK(gameai_state_sample_chance(state, 7, &first));
  CHECK_OK(gameai_state_sample_chance(state, 7, &again));
  CHECK(first == again);
  int listed = 0, differs = 0;
  for (uint64_t seed = 0; seed < 50; ++seed) {
    CHECK_OK(gameai_state_sample_chance(state, seed, &other));
    differs |= other != first;
    for (size_t i = 0; i < count; ++i) listed += outcomes[i] == other;
  }
  CHECK(listed == 50);
  CHECK(differs);
  serialize(state, after, sizeof after);
  CHECK(strcmp(before, after) == 0);
  CHECK(gameai_state_sample_chance(NULL, 7, &first) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_sample_chance(state, 7, NULL) == GAMEAI_INVALID_ARGUMENT);

  /* After the roll a player acts: nothing to sample; the score shows. */
  CHECK_OK(gameai_state_apply_action(state, first));
  int player = -9;
  CHECK_OK(gameai_state_current_player(state, &player));
  CHECK(player == 0);
  CHECK(gameai_state_sample_chance(state, 7, &other) ==
        GAMEAI_FAILED_PRECONDITION);
  CHECK(strstr(gameai_last_error(), "chance") != NULL);
  gameai_state_free(state);
  gameai_game_free(game);

  CHECK_OK(gameai_game_load("mancala", &game));
  CHECK_OK(gameai_state_new_initial(game, &state));
  CHECK_OK(gameai_state_apply_action(state, 2)); /* pit 3: last seed in store */
  CHECK_OK(gameai_state_scores(state, scores, 2, &count));
  CHECK(scores[0] == 1 && scores[1] == 0);
  gameai_state_free(state);
  gameai_game_free(game);
}

static void hints(void) {
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("mancala", &game));
  gameai_state* state = NULL;
  CHECK_OK(gameai_state_new_initial(game, &state));
  char before[1024], after[1024];
  serialize(state, before, sizeof before);
  /* NULL: the game's strongest agent, whose explanation names its pit. */
  int64_t action = -1;
  char explanation[1024];
  size_t length = 0;
  CHECK(gameai_state_hint(state, NULL, &action, explanation, 0, &length) ==
        GAMEAI_BUFFER_TOO_SMALL);
  CHECK(action == -1 && length > 1);
  CHECK_OK(gameai_state_hint(state, NULL, &action, explanation,
                             sizeof explanation, &length));
  CHECK(length == strlen(explanation) + 1);
  int64_t legal[6];
  size_t count = 0;
  CHECK_OK(gameai_state_legal_actions(state, 0, legal, 6, &count));
  CHECK(action >= 0 && action < 6);
  char pit[16];
  snprintf(pit, sizeof pit, "pit %d", (int)action + 1);
  CHECK(strstr(explanation, "strongest") != NULL);
  CHECK(strstr(explanation, pit) != NULL);
  serialize(state, after, sizeof after);
  CHECK(strcmp(before, after) == 0);
  /* A named agent; an agent without explanations gives "". */
  CHECK_OK(gameai_state_hint(state, "greedy", &action, explanation,
                             sizeof explanation, &length));
  CHECK_OK(gameai_state_hint(state, "random", &action, explanation,
                             sizeof explanation, &length));
  CHECK(strcmp(explanation, "") == 0 && length == 1);
  /* Bad input. */
  CHECK(gameai_state_hint(state, "no_such_agent", &action, explanation,
                          sizeof explanation, &length) == GAMEAI_NOT_FOUND);
  CHECK(strstr(gameai_last_error(), "strongest") != NULL);
  CHECK(gameai_state_hint(NULL, NULL, &action, explanation, sizeof explanation,
                          &length) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_hint(state, NULL, NULL, explanation, sizeof explanation,
                          &length) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_hint(state, NULL, &action, explanation, sizeof explanation,
                          NULL) == GAMEAI_INVALID_ARGUMENT);
  gameai_state_free(state);
  gameai_game_free(game);
  /* Nobody to move at a chance node. */
  CHECK_OK(gameai_game_load("yacht", &game));
  CHECK_OK(gameai_state_new_initial(game, &state));
  CHECK(gameai_state_hint(state, NULL, &action, explanation, sizeof explanation,
                          &length) == GAMEAI_FAILED_PRECONDITION);
  gameai_state_free(state);
  gameai_game_free(game);
}

/* report: the table's report JSON into `buffer` (NUL-terminated). */
static void report(gameai_table* table, char* buffer, size_t size) {
  size_t length = 0;
  CHECK_OK(gameai_table_report_json(table, buffer, size, &length));
}

/* A play table: a person against a bot in Kalah, played, undone, saved,
 * loaded; a Daifugo table never reports another seat's hand and refuses to
 * save; MiniRisk refuses to undo a round of sealed bids. */
static void play_tables(void) {
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("mancala", &game));
  const char* seats[] = {"human", "greedy"};
  gameai_table* table = NULL;
  CHECK_OK(gameai_table_new(game, seats, 2, 7, &table));
  static char text[1 << 20];
  report(table, text, sizeof text);
  CHECK(strstr(text, "\"reset\":true") != NULL);
  CHECK(strstr(text, "\"people_to_move\":[0]") != NULL);
  CHECK(strstr(text, "\"pits\":[[4,4,4,4,4,4],[4,4,4,4,4,4]]") != NULL);
  /* The person's move; the bot's then waits for advance. */
  CHECK(gameai_table_move(table, 0, 9) == GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "legal") != NULL);
  CHECK(gameai_table_move(table, 1, 0) == GAMEAI_FAILED_PRECONDITION);
  CHECK(gameai_table_advance(table) == GAMEAI_FAILED_PRECONDITION);
  CHECK_OK(gameai_table_move(table, 0, 3));
  while (gameai_table_advance(table) == GAMEAI_OK) {
  }
  report(table, text, sizeof text);
  CHECK(strstr(text, "\"reset\":false") != NULL);
  CHECK(strstr(text, "\"frames\":[{") != NULL);
  size_t length = 0;
  static char saved[1 << 16];
  CHECK_OK(gameai_table_save(table, saved, sizeof saved, &length));
  CHECK(strncmp(saved, "gameai-save 1\n", 14) == 0);
  CHECK_OK(gameai_table_undo(table));
  report(table, text, sizeof text);
  CHECK(strstr(text, "\"history_length\":0") != NULL);
  CHECK(gameai_table_undo(table) == GAMEAI_FAILED_PRECONDITION);
  CHECK(strstr(gameai_last_error(), "nothing to undo") != NULL);
  CHECK_OK(gameai_table_load(table, saved));
  CHECK(gameai_table_load(table, "gameai-save 1\ngame yacht\n") != GAMEAI_OK);
  /* A hint for the person; none for the bot's seat. */
  int64_t action = -1;
  char why[512];
  CHECK_OK(
      gameai_table_hint(table, 0, NULL, &action, why, sizeof why, &length));
  CHECK(action >= 0 && action < 6);
  CHECK(gameai_table_hint(table, 1, NULL, &action, why, sizeof why, &length) ==
        GAMEAI_FAILED_PRECONDITION);
  /* The saved game read back, replayed as seat 1 saw it. */
  gameai_state* state = NULL;
  CHECK_OK(gameai_state_load_saved(saved, &state));
  CHECK_OK(
      gameai_state_replay_json(state, 1, NULL, 0, text, sizeof text, &length));
  CHECK(strstr(text, "\"frames\":[{\"event\"") != NULL);
  CHECK(gameai_state_replay_json(state, GAMEAI_EVERY_SEAT, NULL, 0, text,
                                 sizeof text,
                                 &length) == GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "over") != NULL);
  CHECK(gameai_state_replay_json(state, 2, NULL, 0, text, sizeof text,
                                 &length) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_load_saved("gameai-save 9\n", &state) ==
        GAMEAI_INVALID_ARGUMENT);
  gameai_state_free(state);
  gameai_table_free(table);
  /* Bad seats. */
  CHECK(gameai_table_new(game, seats, 1, 7, &table) == GAMEAI_INVALID_ARGUMENT);
  const char* bad[] = {"human", "no_such_agent"};
  CHECK(gameai_table_new(game, bad, 2, 7, &table) == GAMEAI_NOT_FOUND);
  CHECK(gameai_table_new(game, NULL, 2, 7, &table) == GAMEAI_INVALID_ARGUMENT);
  gameai_game_free(game);

  /* Daifugo: the report holds the viewer's hand only. */
  CHECK_OK(gameai_game_load("daifugo(players=3,games=2)", &game));
  const char* cards[] = {"human", "random", "random"};
  CHECK_OK(gameai_table_new(game, cards, 3, 3, &table));
  while (gameai_table_advance(table) == GAMEAI_OK) {
  }
  report(table, text, sizeof text);
  CHECK(strstr(text, "\"hands\":[[") != NULL); /* seat 0's own */
  CHECK(strstr(text, "],null,null]") != NULL); /* the others' hidden */
  CHECK(gameai_table_save(table, saved, sizeof saved, &length) ==
        GAMEAI_FAILED_PRECONDITION);
  CHECK(strstr(gameai_last_error(), "hidden") != NULL);
  const char* two[] = {"human", "human", "random"};
  gameai_table* refused = NULL;
  CHECK(gameai_table_new(game, two, 3, 3, &refused) == GAMEAI_INVALID_ARGUMENT);
  gameai_table_free(table);
  gameai_game_free(game);

  /* MiniRisk: a round of sealed bids is not taken back. */
  CHECK_OK(gameai_game_load("minirisk(players=2)", &game));
  const char* bids[] = {"human", "fixed"};
  CHECK_OK(gameai_table_new(game, bids, 2, 1, &table));
  while (gameai_table_advance(table) == GAMEAI_OK) {
  }
  CHECK_OK(gameai_table_move(table, 0, 14));
  CHECK(gameai_table_undo(table) == GAMEAI_FAILED_PRECONDITION);
  CHECK(strstr(gameai_last_error(), "simultaneous") != NULL);
  gameai_table_free(table);
  /* Levels. */
  CHECK_OK(gameai_game_play_levels_json(game, text, sizeof text, &length));
  CHECK(strstr(text, "\"levels\":[{\"agent\"") != NULL);
  gameai_game_free(game);
}

/* An agent stepped on a game it did not play from the start: MiniRisk's
 * fixed player, whose card (6 for prize 1) seat 0 has spent, gives a card
 * in hand (it returned the spent one, with GAMEAI_OK). */
static void agent_taking_over_a_game(void) {
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("minirisk(players=2)", &game));
  gameai_state* state = NULL;
  CHECK_OK(gameai_state_new_initial(game, &state));
  CHECK_OK(gameai_state_apply_action(state, 15)); /* prize -5 */
  const int64_t first[2] = {5, 0};                /* seat 0 bids card 6 */
  CHECK_OK(gameai_state_apply_joint_action(state, first, 2));
  CHECK_OK(gameai_state_apply_action(state, 20)); /* prize 1 */
  gameai_agent* agent = NULL;
  CHECK_OK(gameai_agent_load(game, "fixed", &agent));
  CHECK_OK(gameai_agent_start_game(agent, 0, 1));
  int64_t bid = -1;
  CHECK_OK(gameai_agent_step(agent, state, &bid));
  CHECK(bid == 4); /* card 5: the held card nearest to 6 */
  const int64_t joint[2] = {bid, 1};
  CHECK_OK(gameai_state_apply_joint_action(state, joint, 2));
  gameai_agent_free(agent);
  gameai_state_free(state);
  gameai_game_free(game);
}

static void matches(void) {
  const char* agents[2] = {"greedy", "random"};
  gameai_match_result* result = NULL;
  CHECK_OK(gameai_match("mancala", agents, 2, 10, 3, &result));
  char json[16384];
  size_t length = 0;
  CHECK(gameai_match_result_json(result, json, 8, &length) ==
        GAMEAI_BUFFER_TOO_SMALL);
  CHECK(length > 8 && length <= sizeof json);
  CHECK_OK(gameai_match_result_json(result, json, sizeof json, &length));
  CHECK(length == strlen(json) + 1);
  CHECK(strstr(json, "\"games\": 10") != NULL);
  CHECK(strstr(json, "\"greedy\"") != NULL);
  CHECK(strstr(json, "\"random\"") != NULL);
  /* The same seed, the same games (the JSON differs in elapsed time only). */
  gameai_match_result* again = NULL;
  CHECK_OK(gameai_match("mancala", agents, 2, 10, 3, &again));
  char json_again[16384];
  CHECK_OK(
      gameai_match_result_json(again, json_again, sizeof json_again, &length));
  const char* wins = strstr(json, "\"wins\"");
  const char* wins_again = strstr(json_again, "\"wins\"");
  CHECK(wins != NULL && wins_again != NULL &&
        strncmp(wins, wins_again, 40) == 0);
  gameai_match_result_free(again);
  gameai_match_result_free(result);
  gameai_match_result_free(NULL);

  result = NULL;
  CHECK(gameai_match("no_such_game", agents, 2, 10, 3, &result) ==
        GAMEAI_NOT_FOUND);
  CHECK(result == NULL);
  const char* bad[2] = {"greedy", "mcts(simulations=-1)"};
  CHECK(gameai_match("mancala", bad, 2, 10, 3, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "simulations") != NULL);
  CHECK(gameai_match("mancala", agents, 2, 0, 3, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  /* Past the limit: refused, where rounding up to whole rotations wrapped. */
  CHECK(gameai_match("mancala", agents, 2, INT64_MAX, 3, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "games=") != NULL);
  CHECK(result == NULL);
  CHECK(gameai_match("mancala", agents, 0, 10, 3, &result) != GAMEAI_OK);
  /* More agents than seats: refused before agent_specs is read past the
   * seats (it was read to the count given). */
  CHECK(gameai_match("mancala", agents, (size_t)1 << 30, 10, 3, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "takes 1..2") != NULL);
  const char* many[65];
  for (int i = 0; i < 65; ++i) many[i] = "random";
  CHECK(gameai_match("yacht(players=1)", many, 65, 1, 3, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "takes 1..64") != NULL);
  const char* null_spec[2] = {"greedy", NULL};
  CHECK(gameai_match("mancala", null_spec, 2, 10, 3, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "agent_specs[1]") != NULL);
  CHECK(gameai_match(NULL, agents, 2, 10, 3, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_match("mancala", NULL, 2, 10, 3, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_match("mancala", agents, 2, 10, 3, NULL) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(result == NULL);
  CHECK(gameai_match_result_json(NULL, json, sizeof json, &length) ==
        GAMEAI_INVALID_ARGUMENT);

  /* Random openings: within [0, 1000], as `gameai match --random-opening`. */
  CHECK_OK(gameai_match_random_opening("mancala", agents, 2, 4, 3, 6, &result));
  CHECK_OK(gameai_match_result_json(result, json, sizeof json, &length));
  CHECK(strstr(json, "\"random_opening\": 6") != NULL);
  gameai_match_result_free(result);
  result = NULL;
  CHECK(gameai_match_random_opening("mancala", agents, 2, 4, 3, 1001,
                                    &result) == GAMEAI_INVALID_ARGUMENT);
  CHECK(strcmp(gameai_last_error(),
               "random_opening=1001 must be in [0, 1000]") == 0);
  CHECK(gameai_match_random_opening("mancala", agents, 2, 4, 3, -1, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(result == NULL);
}

/* The workbench: a tournament and an SPRT as their JSON, the report page,
 * and bad options named. */
static void workbench(void) {
  const char* agents[3] = {"greedy", "random", "beginner"};
  gameai_match_result* result = NULL;
  static char json[1 << 16];
  size_t length = 0;
  CHECK_OK(gameai_tournament("mancala", agents, 3,
                             "{\"games_per_pairing\": 6, \"seed\": 4, "
                             "\"random_opening\": 2, \"threads\": 2}",
                             &result));
  CHECK_OK(gameai_match_result_json(result, json, sizeof json, &length));
  CHECK(strstr(json, "\"kind\": \"tournament\"") != NULL);
  CHECK(strstr(json, "\"ratings\": [{\"agent\": ") != NULL);
  CHECK(strstr(json, "\"pairwise\": [{\"agents\": [\"greedy\", \"random\"]") !=
        NULL);
  CHECK(strstr(json, "\"anchor\": \"random\"") != NULL);
  static char page[1 << 18];
  CHECK(gameai_report_html(json, page, 16, &length) == GAMEAI_BUFFER_TOO_SMALL);
  CHECK_OK(gameai_report_html(json, page, sizeof page, &length));
  CHECK(strncmp(page, "<!DOCTYPE html>", 15) == 0);
  CHECK(strstr(page, "<svg") != NULL);
  gameai_match_result_free(result);

  result = NULL;
  CHECK_OK(gameai_sprt("mancala", "greedy", "random",
                       "{\"elo0\": 0, \"elo1\": 50}", &result));
  CHECK_OK(gameai_match_result_json(result, json, sizeof json, &length));
  CHECK(strstr(json, "\"decision\": \"H1\"") != NULL);
  CHECK(strstr(json, "\"bounds\": [") != NULL);
  CHECK(strstr(json, "\"elo\": {\"estimate\": ") != NULL);
  gameai_match_result_free(result);

  result = NULL;
  CHECK(gameai_tournament("mancala", agents, 3, "{\"format\": \"swiss\"}",
                          &result) == GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "round-robin, gauntlet") != NULL);
  CHECK(gameai_tournament("mancala", agents, 3, "{\"rounds\": 2}", &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "\"rounds\" is unknown") != NULL);
  CHECK(gameai_tournament("mancala", agents, 3, "{\"seed\": -3}", &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_tournament("mancala", agents, 3, "[", &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_tournament("mancala", agents, 1, NULL, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_tournament("mancala", NULL, 3, NULL, &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_sprt("mancala", "greedy", "random", "{\"elo0\": 0}", &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "elo1") != NULL);
  CHECK(gameai_sprt("mancala", "greedy", "random",
                    "{\"elo0\": 0, \"elo1\": 5, \"alpha\": 1}",
                    &result) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_sprt("mancala", "greedy", NULL, "{}", &result) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_report_html("{\"kind\": 7}", page, sizeof page, &length) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(result == NULL);
}

/* The observation tensor: its shape, a seat's values, the seat checked. */
static void observation_tensor(void) {
  gameai_game* game = NULL;
  gameai_state* state = NULL;
  CHECK_OK(gameai_game_load("mancala", &game));
  CHECK_OK(gameai_state_new_initial(game, &state));
  int dims[4];
  size_t count = 0;
  CHECK(gameai_game_observation_tensor_shape(game, dims, 0, &count) ==
        GAMEAI_BUFFER_TOO_SMALL);
  CHECK(count == 1);
  CHECK_OK(gameai_game_observation_tensor_shape(game, dims, 4, &count));
  CHECK(count == 1 && dims[0] > 0);
  float values[64];
  size_t n = 0;
  CHECK(gameai_state_observation_tensor(state, 0, values, 0, &n) ==
        GAMEAI_BUFFER_TOO_SMALL);
  CHECK(n == (size_t)dims[0] && n <= 64);
  CHECK_OK(gameai_state_observation_tensor(state, 0, values, 64, &n));
  float sum = 0;
  for (size_t i = 0; i < n; ++i) sum += values[i];
  CHECK(sum > 0);
  CHECK(gameai_state_observation_tensor(state, 2, values, 64, &n) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "accepted: 0..1") != NULL);
  CHECK(gameai_state_observation_tensor(NULL, 0, values, 64, &n) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_game_observation_tensor_shape(NULL, dims, 4, &count) ==
        GAMEAI_INVALID_ARGUMENT);
  gameai_state_free(state);
  gameai_game_free(game);
}

/* Solves the text `text` of `spec` with `options`; NULL on failure. */
static gameai_solve_result* solve_text(const char* spec, const char* text,
                                       const char* options) {
  gameai_game* game = NULL;
  gameai_state* state = NULL;
  gameai_solve_result* result = NULL;
  CHECK_OK(gameai_game_load(spec, &game));
  if (text != NULL) {
    CHECK_OK(gameai_state_deserialize(game, text, &state));
  } else {
    CHECK_OK(gameai_state_new_initial(game, &state));
  }
  if (state != NULL) CHECK_OK(gameai_state_solve(state, options, &result));
  gameai_state_free(state);
  gameai_game_free(game);
  return result;
}

/* Kalah: the published 6x2 value (+10, Irving et al., the capture-from-
 * empty rule), the best move keeps it, a node budget gives bounds around
 * the true +8 of 6x4 and no value, a finished game is its stores. */
static void kalah_solver(void) {
  gameai_solve_result* r =
      solve_text("mancala(pits=6,seeds=2,empty_capture=true)", NULL, NULL);
  int status = -1;
  double value = 0, lower = 0, upper = 0;
  int64_t best = -1;
  CHECK_OK(gameai_solve_result_status(r, &status));
  CHECK(status == GAMEAI_SOLVE_SOLVED);
  CHECK_OK(gameai_solve_result_value(r, &value));
  CHECK(value == 10);
  CHECK_OK(gameai_solve_result_best_action(r, &best));
  gameai_solve_result_free(r);

  gameai_game* game = NULL;
  gameai_state* state = NULL;
  CHECK_OK(
      gameai_game_load("mancala(pits=6,seeds=2,empty_capture=true)", &game));
  CHECK_OK(gameai_state_new_initial(game, &state));
  CHECK_OK(gameai_state_apply_action(state, best));
  CHECK_OK(gameai_state_solve(state, "tt=16", &r));
  CHECK_OK(gameai_solve_result_value(r, &value));
  CHECK(value == 10); /* perfect play keeps the margin */
  gameai_solve_result_free(r);
  gameai_state_free(state);
  gameai_game_free(game);

  r = solve_text("mancala", NULL, "nodes=20000,tt=20");
  CHECK_OK(gameai_solve_result_status(r, &status));
  CHECK(status == GAMEAI_SOLVE_BOUNDED);
  CHECK(gameai_solve_result_value(r, &value) == GAMEAI_FAILED_PRECONDITION);
  CHECK(strstr(gameai_last_error(), "not solved within the budget") != NULL);
  CHECK(gameai_solve_result_best_action(r, &best) ==
        GAMEAI_FAILED_PRECONDITION);
  CHECK_OK(gameai_solve_result_bounds(r, &lower, &upper));
  CHECK(lower <= 8 && 8 <= upper && lower < upper);
  int64_t nodes = 0;
  CHECK_OK(gameai_solve_result_nodes(r, &nodes));
  CHECK(nodes > 0 && nodes <= 20000);
  gameai_solve_result_free(r);

  r = solve_text("mancala(pits=4,seeds=2)", "0 0 0 0 0 7 0 0 0 0 9", NULL);
  CHECK_OK(gameai_solve_result_status(r, &status));
  CHECK(status == GAMEAI_SOLVE_TERMINAL);
  CHECK_OK(gameai_solve_result_value(r, &value));
  CHECK(value == -2);
  CHECK(gameai_solve_result_best_action(r, &best) ==
        GAMEAI_FAILED_PRECONDITION);
  char json[8192];
  size_t length = 0;
  CHECK_OK(gameai_solve_result_json(r, json, sizeof json, &length));
  CHECK(strstr(json, "\"status\": \"terminal\"") != NULL);
  gameai_solve_result_free(r);
}

/* Yacht: the start's value is the published optimum (245.87, Glenn 2006)
 * and the scorecard lookup of a blank card, to the last bit; unreachable
 * scorecards and states are errors naming why. */
static void yacht_values(void) {
  gameai_solve_result* r = solve_text("yacht(players=1)", NULL, NULL);
  double value = 0, blank = 0;
  CHECK_OK(gameai_solve_result_value(r, &value));
  CHECK(value > 245.865 && value < 245.875);
  gameai_solve_result_free(r);
  gameai_game* game = NULL;
  CHECK_OK(gameai_game_load("yacht(players=1)", &game));
  CHECK_OK(gameai_yacht_scorecard_value(game, "8191 0 0 0", NULL, &blank));
  CHECK(blank == value);
  CHECK(gameai_yacht_scorecard_value(game, "8189 3 3 0", NULL, &blank) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "upper total 3 cannot come from") != NULL);
  CHECK(gameai_yacht_scorecard_value(game, "8191 0 0", NULL, &blank) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "OPEN TOTAL UPPER YACHT50") != NULL);
  CHECK(gameai_yacht_scorecard_value(game, NULL, NULL, &blank) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_yacht_scorecard_value(game, "8191 100 0 0", NULL, &blank) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "leaves 100 for the filled lower boxes") !=
        NULL);
  /* No state holds such a card: its text is refused. */
  gameai_state* state = NULL;
  CHECK(gameai_state_deserialize(game, "0 1 0 2 0 8189 3 3 0", &state) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "player 0's scorecard: upper total 3") !=
        NULL);
  CHECK(state == NULL);
  gameai_game_free(game);

  /* A decision: the best action's value is the state's. */
  r = solve_text("yacht(players=1)", "0 0 1 2 300 8191 0 0 0", NULL);
  int64_t best = -1;
  CHECK_OK(gameai_solve_result_best_action(r, &best));
  CHECK(best == 28); /* hold 6 6 6 */
  gameai_solve_result_free(r);

  CHECK_OK(gameai_game_load("mancala", &game));
  CHECK(gameai_yacht_scorecard_value(game, "8191 0 0 0", NULL, &blank) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "not a yacht game") != NULL);
  /* The generic call names the games that have a position text. */
  CHECK(gameai_position_value(game, "8191 0 0 0", NULL, &blank) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "games with one: yacht (scorecard)") !=
        NULL);
  gameai_game_free(game);
  CHECK_OK(gameai_game_load("yacht(players=1)", &game));
  CHECK_OK(gameai_position_value(game, "8191 0 0 0", NULL, &blank));
  CHECK(blank == value);
  CHECK(gameai_position_value(game, NULL, NULL, &blank) ==
        GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "position is NULL") != NULL);
  gameai_game_free(game);
}

/* Games without a solver, bad options, NULLs: errors with the choices. */
static void solver_bad_input(void) {
  gameai_game* game = NULL;
  gameai_state* state = NULL;
  gameai_solve_result* r = NULL;
  CHECK_OK(gameai_game_load("linesboard", &game));
  CHECK_OK(gameai_state_new_initial(game, &state));
  CHECK(gameai_state_solve(state, NULL, &r) == GAMEAI_INVALID_ARGUMENT);
  CHECK(r == NULL);
  CHECK(strstr(gameai_last_error(), "games with one: mancala, yacht") != NULL);
  gameai_state_free(state);
  gameai_game_free(game);
  CHECK_OK(gameai_game_load("mancala", &game));
  CHECK_OK(gameai_state_new_initial(game, &state));
  CHECK(gameai_state_solve(state, "nodez=5", &r) == GAMEAI_INVALID_ARGUMENT);
  CHECK(strstr(gameai_last_error(), "nodez") != NULL);
  CHECK(gameai_state_solve(state, NULL, NULL) == GAMEAI_INVALID_ARGUMENT);
  CHECK(gameai_state_solve(NULL, NULL, &r) == GAMEAI_INVALID_ARGUMENT);
  int status = 0;
  CHECK(gameai_solve_result_status(NULL, &status) == GAMEAI_INVALID_ARGUMENT);
  gameai_solve_result_free(NULL);
  gameai_state_free(state);
  gameai_game_free(game);
}

/* RUN: the section when this build has the games it plays, else a line
 * saying it was skipped and why. */
static int sections_run = 0;
#define RUN(section, games)                                                \
  do {                                                                     \
    if (has_games(games)) {                                                \
      section();                                                           \
      ++sections_run;                                                      \
    } else {                                                               \
      printf("skipped %s: this build lacks one of %s\n", #section, games); \
    }                                                                      \
  } while (0)

int main(void) {
  RUN(full_mancala_game, "mancala");
  RUN(simultaneous_and_chance, "minirisk");
  RUN(bad_input, "mancala,yacht");
  RUN(out_of_memory, "mancala");
  RUN(agent_refuses_other_parameters, "minirisk");
  RUN(registry_and_game_description, "mancala");
  RUN(scores_and_chance_sampling, "minirisk,yacht");
  RUN(hints, "mancala,yacht,minirisk");
  RUN(agent_taking_over_a_game, "minirisk");
  RUN(matches, "mancala,yacht");
  RUN(observation_tensor, "mancala");
  RUN(kalah_solver, "mancala");
  RUN(yacht_values, "mancala,yacht");
  RUN(solver_bad_input, "mancala,yacht,linesboard");
  RUN(play_tables, "mancala,daifugo,minirisk");
  RUN(workbench, "mancala");
  /* Every build this test runs in has Mancala: something must have run. */
  CHECK(sections_run > 0);
  if (failures > 0) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("c api: all checks passed\n");
  return 0;
}
