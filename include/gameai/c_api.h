/* gameai/c_api.h: the C ABI of gameai, for engines and languages that
 * cannot call C++ (Godot GDExtension, C# P/Invoke, Delphi, Java FFM/JNA).
 *
 * C99. Link the shared library `gameai_c` (libgameai_c.so: self-contained,
 * it needs only libc, libm, libgcc_s and the loader). Every function
 * returns a gameai_status; on anything but GAMEAI_OK, gameai_last_error()
 * gives a message for the calling thread, and the objects passed in are
 * unchanged. No C++ exception crosses this boundary. NULL handles, NULL
 * output pointers and out-of-range arguments are errors, never crashes.
 *
 * Objects are opaque handles created from spec strings (the `gameai games`
 * and `gameai agents` syntax) and freed with their _free function (NULL is
 * accepted). A state keeps its game alive; an agent is bound to the game it
 * was made for.
 *
 * Outputs of variable size go to caller buffers: pass the buffer and its
 * capacity; *count (or *length) receives the size needed. When the buffer
 * is too small the call returns GAMEAI_BUFFER_TOO_SMALL and writes nothing
 * else, so a caller may first ask with capacity 0. Strings are UTF-8, NUL
 * terminated; *length counts the NUL.
 *
 *   gameai_game* game;
 *   if (gameai_game_load("mancala(pits=6,seeds=4)", &game) != GAMEAI_OK)
 *     fprintf(stderr, "%s\n", gameai_last_error());
 */
#ifndef GAMEAI_C_API_H_
#define GAMEAI_C_API_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GAMEAI_C_API_VERSION 6

#if defined(_WIN32)
#define GAMEAI_C_EXPORT __declspec(dllexport)
#else
#define GAMEAI_C_EXPORT __attribute__((visibility("default")))
#endif

typedef enum gameai_status {
  GAMEAI_OK = 0,
  GAMEAI_INVALID_ARGUMENT = 1,    /* bad spec, action, text, NULL, range */
  GAMEAI_NOT_FOUND = 2,           /* unknown game or agent */
  GAMEAI_FAILED_PRECONDITION = 3, /* e.g. an action on a finished game */
  GAMEAI_BUFFER_TOO_SMALL = 4,    /* *count / *length holds the size needed */
  GAMEAI_UNIMPLEMENTED = 5,       /* e.g. an agent that cannot play a game */
  GAMEAI_INTERNAL = 6,
  GAMEAI_OUT_OF_MEMORY = 7 /* a table, tree or database beyond the budget */
} gameai_status;

/* Who acts (gameai_state_current_player): a seat 0..n-1 or one of these. */
#define GAMEAI_CHANCE_PLAYER (-1)
#define GAMEAI_SIMULTANEOUS_PLAYER (-2)
#define GAMEAI_TERMINAL_PLAYER (-3)

typedef struct gameai_game gameai_game;
typedef struct gameai_state gameai_state;
typedef struct gameai_agent gameai_agent;
typedef struct gameai_match_result gameai_match_result;
typedef struct gameai_solve_result gameai_solve_result;
typedef struct gameai_table gameai_table;

/* What an exact solver found (gameai_solve_result_status). */
#define GAMEAI_SOLVE_SOLVED 0   /* the value is exact */
#define GAMEAI_SOLVE_BOUNDED 1  /* the budget ran out: bounds only */
#define GAMEAI_SOLVE_TERMINAL 2 /* a finished game: its final value */

/* What kind of game it is (gameai_game_get_type); each field 0 or 1. */
typedef struct gameai_game_type {
  int simultaneous;          /* players move at once (joint actions) */
  int stochastic;            /* chance nodes (dice, deals) */
  int imperfect_information; /* a seat sees only its view */
  int zero_sum;              /* two players, one's return the other's loss */
} gameai_game_type;

/* GAMEAI_C_API_VERSION of the library actually loaded. */
GAMEAI_C_EXPORT int gameai_version(void);
/* The message of the calling thread's last failed call ("" if none). The
 * pointer stays valid until the thread's next gameai call. */
GAMEAI_C_EXPORT const char* gameai_last_error(void);

/* ---- the registry ---- */
/* The registered games by index 0..count-1, in registration order. */
GAMEAI_C_EXPORT gameai_status gameai_registered_game_count(size_t* count);
GAMEAI_C_EXPORT gameai_status gameai_registered_game_name(size_t index,
                                                          char* buffer,
                                                          size_t capacity,
                                                          size_t* length);

/* ---- games ---- */
GAMEAI_C_EXPORT gameai_status gameai_game_load(const char* spec,
                                               gameai_game** out);
GAMEAI_C_EXPORT void gameai_game_free(gameai_game* game);
GAMEAI_C_EXPORT gameai_status gameai_game_num_players(const gameai_game* game,
                                                      int* out);
GAMEAI_C_EXPORT gameai_status
gameai_game_num_distinct_actions(const gameai_game* game, int64_t* out);
/* An upper bound on the actions (chance and joint ones included) of a game. */
GAMEAI_C_EXPORT gameai_status
gameai_game_max_game_length(const gameai_game* game, int* out);
GAMEAI_C_EXPORT gameai_status gameai_game_get_type(const gameai_game* game,
                                                   gameai_game_type* out);
/* The registry name ("mancala") and the canonical spec with every parameter
 * ("mancala(pits=6,seeds=4,first_player=0,empty_capture=false)"). */
GAMEAI_C_EXPORT gameai_status gameai_game_name(const gameai_game* game,
                                               char* buffer, size_t capacity,
                                               size_t* length);
GAMEAI_C_EXPORT gameai_status gameai_game_spec(const gameai_game* game,
                                               char* buffer, size_t capacity,
                                               size_t* length);
/* The parameters by index 0..count-1 in declaration order: the name and the
 * value in spec form ("6", "false"). */
GAMEAI_C_EXPORT gameai_status gameai_game_param_count(const gameai_game* game,
                                                      size_t* count);
GAMEAI_C_EXPORT gameai_status gameai_game_param_name(const gameai_game* game,
                                                     size_t index, char* buffer,
                                                     size_t capacity,
                                                     size_t* length);
GAMEAI_C_EXPORT gameai_status gameai_game_param_value(const gameai_game* game,
                                                      size_t index,
                                                      char* buffer,
                                                      size_t capacity,
                                                      size_t* length);
/* The dimensions of gameai_state_observation_tensor (*count of them; 0
 * for a game without the tensor). (Version 4.) */
GAMEAI_C_EXPORT gameai_status gameai_game_observation_tensor_shape(
    const gameai_game* game, int* dimensions, size_t capacity, size_t* count);
/* The agents of the game by index 0..count-1 (the generic ones first): the
 * names gameai_agent_load accepts. */
GAMEAI_C_EXPORT gameai_status gameai_game_agent_count(const gameai_game* game,
                                                      size_t* count);
GAMEAI_C_EXPORT gameai_status gameai_game_agent_name(const gameai_game* game,
                                                     size_t index, char* buffer,
                                                     size_t capacity,
                                                     size_t* length);

/* ---- states ---- */
GAMEAI_C_EXPORT gameai_status gameai_state_new_initial(const gameai_game* game,
                                                       gameai_state** out);
GAMEAI_C_EXPORT gameai_status gameai_state_deserialize(const gameai_game* game,
                                                       const char* text,
                                                       gameai_state** out);
GAMEAI_C_EXPORT void gameai_state_free(gameai_state* state);
GAMEAI_C_EXPORT gameai_status gameai_state_clone(const gameai_state* state,
                                                 gameai_state** out);
GAMEAI_C_EXPORT gameai_status
gameai_state_current_player(const gameai_state* state, int* out);
GAMEAI_C_EXPORT gameai_status
gameai_state_is_terminal(const gameai_state* state, int* out);
/* Legal actions of `player` (a seat; or the current player when it is
 * GAMEAI_CHANCE_PLAYER at a chance node), ascending. */
GAMEAI_C_EXPORT gameai_status
gameai_state_legal_actions(const gameai_state* state, int player,
                           int64_t* actions, size_t capacity, size_t* count);
/* Applies the action of the player (or chance) to move; an illegal action
 * is rejected with GAMEAI_INVALID_ARGUMENT and the state is unchanged. */
GAMEAI_C_EXPORT gameai_status gameai_state_apply_action(gameai_state* state,
                                                        int64_t action);
/* At a simultaneous node: one action per seat. */
GAMEAI_C_EXPORT gameai_status gameai_state_apply_joint_action(
    gameai_state* state, const int64_t* actions, size_t count);
GAMEAI_C_EXPORT gameai_status gameai_state_undo(gameai_state* state);
/* Chance outcomes and their probabilities (empty unless a chance node). */
GAMEAI_C_EXPORT gameai_status gameai_state_chance_outcomes(
    const gameai_state* state, int64_t* actions, double* probabilities,
    size_t capacity, size_t* count);
/* A chance outcome drawn by its probability from `seed` alone (the same
 * state and seed give the same outcome); not applied. FAILED_PRECONDITION
 * unless the state is a chance node. */
GAMEAI_C_EXPORT gameai_status gameai_state_sample_chance(
    const gameai_state* state, uint64_t seed, int64_t* action);
/* One return per seat (all 0 before the end). */
GAMEAI_C_EXPORT gameai_status gameai_state_returns(const gameai_state* state,
                                                   double* returns,
                                                   size_t capacity,
                                                   size_t* count);
/* Each seat's score in the game's own terms (Kalah: seeds in store, Yacht:
 * points), at any point of the game. */
GAMEAI_C_EXPORT gameai_status gameai_state_scores(const gameai_state* state,
                                                  double* scores,
                                                  size_t capacity,
                                                  size_t* count);
GAMEAI_C_EXPORT gameai_status gameai_state_serialize(const gameai_state* state,
                                                     char* buffer,
                                                     size_t capacity,
                                                     size_t* length);
GAMEAI_C_EXPORT gameai_status gameai_state_to_string(const gameai_state* state,
                                                     char* buffer,
                                                     size_t capacity,
                                                     size_t* length);
GAMEAI_C_EXPORT gameai_status
gameai_state_observation_string(const gameai_state* state, int player,
                                char* buffer, size_t capacity, size_t* length);
/* What seat `player` sees now as numbers for learners: *count floats, laid
 * out row-major in gameai_game_observation_tensor_shape's dimensions; the
 * same for states that differ only in what the seat cannot see.
 * GAMEAI_UNIMPLEMENTED for a game without such a tensor. (Version 4.) */
GAMEAI_C_EXPORT gameai_status
gameai_state_observation_tensor(const gameai_state* state, int player,
                                float* values, size_t capacity, size_t* count);
GAMEAI_C_EXPORT gameai_status gameai_state_action_to_string(
    const gameai_state* state, int player, int64_t action, char* buffer,
    size_t capacity, size_t* length);
/* The action a text names for `player`, if legal now. */
GAMEAI_C_EXPORT gameai_status gameai_state_string_to_action(
    const gameai_state* state, int player, const char* text, int64_t* action);

/* ---- agents ---- */
GAMEAI_C_EXPORT gameai_status gameai_agent_load(const gameai_game* game,
                                                const char* spec,
                                                gameai_agent** out);
GAMEAI_C_EXPORT void gameai_agent_free(gameai_agent* agent);
/* Seats the agent for a new game; `seed` makes its play reproducible.
 * GAMEAI_INVALID_ARGUMENT for a seat out of range. */
GAMEAI_C_EXPORT gameai_status gameai_agent_start_game(gameai_agent* agent,
                                                      int seat, uint64_t seed);
/* The agent's action in `state`, where its seat acts; it sees only its
 * seat's view of the state. GAMEAI_FAILED_PRECONDITION before
 * gameai_agent_start_game, GAMEAI_INVALID_ARGUMENT for a state of another
 * game spec than the agent's (the message names both). */
GAMEAI_C_EXPORT gameai_status gameai_agent_step(gameai_agent* agent,
                                                const gameai_state* state,
                                                int64_t* action);
/* The agent's explanation of its last step ("" when it has none). */
GAMEAI_C_EXPORT gameai_status gameai_agent_explain(const gameai_agent* agent,
                                                   char* buffer,
                                                   size_t capacity,
                                                   size_t* length);

/* ---- hints ---- */
/* The move `agent_spec` (NULL: the game's strongest agent, as `gameai play`
 * hints) would play for the player to move, seeing only that player's
 * view, and its explanation. A fresh agent with seed 0 searches on every
 * call, so a call repeated after GAMEAI_BUFFER_TOO_SMALL gives the same
 * move (unless the agent has a time budget). FAILED_PRECONDITION when no
 * player is to move (chance, simultaneous or terminal). */
GAMEAI_C_EXPORT gameai_status gameai_state_hint(
    const gameai_state* state, const char* agent_spec, int64_t* action,
    char* explanation, size_t capacity, size_t* length);

/* ---- exact solvers ---- */
/* Solves `state` with its game's exact solver, as `gameai solve GAME
 * --state TEXT` does: Kalah (mancala) by search, the value being player 0's
 * final store minus player 1's under perfect play; Yacht by the optimal
 * table, the value being the points the player to move still expects.
 * `options`: the solver's options as `--solver` takes them, e.g.
 * "nodes=1000000,time_s=5,mem_mb=512" (NULL or "": the defaults). A budget
 * that runs out is no error (GAMEAI_SOLVE_BOUNDED). Errors:
 * GAMEAI_INVALID_ARGUMENT for a game without a solver (the message lists
 * the games with one), bad options, or a state the solver has no value for
 * (the message names what is wrong); GAMEAI_OUT_OF_MEMORY for a table
 * beyond mem_mb or the machine. */
GAMEAI_C_EXPORT gameai_status gameai_state_solve(const gameai_state* state,
                                                 const char* options,
                                                 gameai_solve_result** out);
GAMEAI_C_EXPORT void gameai_solve_result_free(gameai_solve_result* result);
/* GAMEAI_SOLVE_SOLVED, GAMEAI_SOLVE_BOUNDED or GAMEAI_SOLVE_TERMINAL. */
GAMEAI_C_EXPORT gameai_status
gameai_solve_result_status(const gameai_solve_result* result, int* status);
/* The exact value; GAMEAI_FAILED_PRECONDITION when bounded (the message
 * gives the bounds proved). */
GAMEAI_C_EXPORT gameai_status
gameai_solve_result_value(const gameai_solve_result* result, double* value);
/* What was proved: lower == upper == value unless bounded. */
GAMEAI_C_EXPORT gameai_status gameai_solve_result_bounds(
    const gameai_solve_result* result, double* lower, double* upper);
/* The action reaching the value for the player to move;
 * GAMEAI_FAILED_PRECONDITION when there is none (bounded, a finished game,
 * a chance node). */
GAMEAI_C_EXPORT gameai_status gameai_solve_result_best_action(
    const gameai_solve_result* result, int64_t* action);
/* Search nodes (0 for a table lookup). */
GAMEAI_C_EXPORT gameai_status
gameai_solve_result_nodes(const gameai_solve_result* result, int64_t* nodes);
/* Everything, as `gameai solve GAME --state TEXT --json` prints it (the
 * value's meaning, every option's value, the solver's figures); doubles in
 * shortest round-trip form. */
GAMEAI_C_EXPORT gameai_status
gameai_solve_result_json(const gameai_solve_result* result, char* buffer,
                         size_t capacity, size_t* length);
/* The exact value of a position in the game's own short text, where its
 * game has such a text (`gameai solve GAME --position TEXT`; `gameai solve
 * --help` lists them: Yacht's scorecard at a turn's start, whose value is
 * the points still to come). `options` as for gameai_state_solve.
 * GAMEAI_INVALID_ARGUMENT for a game without one (the message lists those
 * with one), bad text, or a position no game reaches (the message says
 * why). */
GAMEAI_C_EXPORT gameai_status gameai_position_value(const gameai_game* game,
                                                    const char* position,
                                                    const char* options,
                                                    double* value);
/* Deprecated: gameai_position_value for Yacht, kept for existing callers;
 * GAMEAI_INVALID_ARGUMENT for a game other than yacht. */
GAMEAI_C_EXPORT gameai_status
gameai_yacht_scorecard_value(const gameai_game* game, const char* scorecard,
                             const char* options, double* value);

/* ---- saved games and replays (version 5) ---- */
/* The game of a saved-game text (`gameai play`'s save FILE: the game spec,
 * the start and every action), with its whole history, so it can be
 * undone move by move. Errors name the line and what is wrong. */
GAMEAI_C_EXPORT gameai_status gameai_state_load_saved(const char* text,
                                                      gameai_state** out);
/* `state` with its history as saved-game text. */
GAMEAI_C_EXPORT gameai_status gameai_state_saved_text(const gameai_state* state,
                                                      char* buffer,
                                                      size_t capacity,
                                                      size_t* length);
/* Every transition of `state`'s history as seat `seat` saw it, as JSON:
 * {"seat", "names", "initial": view, "frames": [{"event", "view"}, ...]},
 * each view as the network protocol's (docs/protocol.md) with the game's
 * "fields", each event with "text", the words `gameai play` shows for it.
 * `seat`: a seat, GAMEAI_SPECTATOR (what is public) or GAMEAI_EVERY_SEAT
 * (everything, only for a finished game).
 * `names`: one per seat, or NULL for "Player 1", ... */
#define GAMEAI_SPECTATOR (-4)
#define GAMEAI_EVERY_SEAT (-5)
GAMEAI_C_EXPORT gameai_status gameai_state_replay_json(
    const gameai_state* state, int seat, const char* const* names,
    size_t num_names, char* buffer, size_t capacity, size_t* length);

/* ---- play tables (version 5) ---- */
/* One game between people and bots under the rules of `gameai play`
 * (docs/cli.md): one agent spec per seat, "human" for a person (one only
 * in a game with hidden cards or moves). The viewer, the first person (or
 * a spectator), is the only seat whose view the table reports. `seed`
 * makes the chance events and the bots' play reproducible. */
GAMEAI_C_EXPORT gameai_status gameai_table_new(const gameai_game* game,
                                               const char* const* seat_specs,
                                               size_t num_seats, uint64_t seed,
                                               gameai_table** out);
GAMEAI_C_EXPORT void gameai_table_free(gameai_table* table);
/* Plays the next chance event or bot move. FAILED_PRECONDITION when a
 * person is to move or the game is over; INTERNAL naming the bot when
 * one fails. */
GAMEAI_C_EXPORT gameai_status gameai_table_advance(gameai_table* table);
/* A person's move. At a simultaneous node it waits for the other people;
 * then the bots choose, each from its own view, and the round is played.
 * INVALID_ARGUMENT for an illegal action (the message lists the legal
 * ones), FAILED_PRECONDITION for a seat that is not to move. */
GAMEAI_C_EXPORT gameai_status gameai_table_move(gameai_table* table, int player,
                                                int64_t action);
/* Back to the viewer's previous move; FAILED_PRECONDITION saying why not
 * (past cards dealt out of sight, past a simultaneous round with a bot in
 * it, nothing to undo). The chance events undone come again. */
GAMEAI_C_EXPORT gameai_status gameai_table_undo(gameai_table* table);
/* The move `agent_spec` (NULL: the game's strongest) would play for
 * `player` from that seat's view, and its explanation. */
GAMEAI_C_EXPORT gameai_status gameai_table_hint(
    gameai_table* table, int player, const char* agent_spec, int64_t* action,
    char* explanation, size_t capacity, size_t* length);
/* The game as saved-game text; FAILED_PRECONDITION where it would hold
 * what the viewer may not see (another seat's cards). */
GAMEAI_C_EXPORT gameai_status gameai_table_save(const gameai_table* table,
                                                char* buffer, size_t capacity,
                                                size_t* length);
/* A saved game of the same game spec: a later point or another game
 * replaces the game; this game at an earlier point is taken back to as
 * undo would be (and refused where undo would be). */
GAMEAI_C_EXPORT gameai_status gameai_table_load(gameai_table* table,
                                                const char* text);
/* What the viewer may know now, as JSON: "viewer", "names", "seats" (the
 * specs), "people_to_move", "view" (the viewer's view, as the network
 * protocol's), "legal_actions" (the viewer's, when it is to move),
 * "frames" (the transitions since the last successful call, as
 * gameai_state_replay_json's), "history_length", "terminal", and the
 * screen's "intro" and (at the end) "end" texts. */
GAMEAI_C_EXPORT gameai_status gameai_table_report_json(gameai_table* table,
                                                       char* buffer,
                                                       size_t capacity,
                                                       size_t* length);
/* The difficulty levels `gameai play --level` offers for `game`, easiest
 * first, as JSON [{"name", "agent"}, ...], with the hint agent:
 * {"levels": [...], "hint_agent": SPEC}. */
GAMEAI_C_EXPORT gameai_status gameai_game_play_levels_json(
    const gameai_game* game, char* buffer, size_t capacity, size_t* length);

/* ---- matches ---- */
/* Plays `games` games of `game_spec` between the agent specs (seats rotate;
 * `games` is rounded up to a multiple of the rotations) from `seed`, on
 * one thread, as `gameai match` does. Errors for a bad spec, an agent count
 * that does not fit the table, games < 1. */
GAMEAI_C_EXPORT gameai_status gameai_match(const char* game_spec,
                                           const char* const* agent_specs,
                                           size_t num_agents, int64_t games,
                                           uint64_t seed,
                                           gameai_match_result** out);
/* gameai_match with the first `random_opening` (0..1000) moves of every
 * game played at random, as `gameai match --random-opening` does.
 * (Version 4.) */
GAMEAI_C_EXPORT gameai_status gameai_match_random_opening(
    const char* game_spec, const char* const* agent_specs, size_t num_agents,
    int64_t games, uint64_t seed, int random_opening,
    gameai_match_result** out);
GAMEAI_C_EXPORT void gameai_match_result_free(gameai_match_result* result);
/* The result as `gameai match --json` prints it. */
GAMEAI_C_EXPORT gameai_status
gameai_match_result_json(const gameai_match_result* result, char* buffer,
                         size_t capacity, size_t* length);

/* ---- the workbench: tournaments, SPRT, reports (version 6) ---- */
/* Plays a tournament between the agent specs (at least two, distinct) and
 * returns `gameai tournament --json` (read it with gameai_match_result_json;
 * free it with gameai_match_result_free). `options_json`: NULL, "" or a
 * JSON object with any of "format" ("round-robin" or "gauntlet"),
 * "games_per_pairing", "seed", "threads", "random_opening", "anchor"
 * (docs/tournaments.md); an unknown key or a value of the wrong type or
 * range is GAMEAI_INVALID_ARGUMENT naming it. */
GAMEAI_C_EXPORT gameai_status gameai_tournament(const char* game_spec,
                                                const char* const* agent_specs,
                                                size_t num_agents,
                                                const char* options_json,
                                                gameai_match_result** out);
/* The SPRT of `new_agent` against `base_agent`, returning `gameai sprt
 * --json`. `options_json`: a JSON object with "elo0" and "elo1" (required),
 * and any of "alpha", "beta", "max_games", "seed", "threads",
 * "random_opening". */
GAMEAI_C_EXPORT gameai_status gameai_sprt(const char* game_spec,
                                          const char* new_agent,
                                          const char* base_agent,
                                          const char* options_json,
                                          gameai_match_result** out);
/* The self-contained HTML page of a tournament or SPRT result's JSON, into
 * `buffer` as gameai_match_result_json copies. */
GAMEAI_C_EXPORT gameai_status gameai_report_html(const char* report_json,
                                                 char* buffer, size_t capacity,
                                                 size_t* length);

#ifdef __cplusplus
}
#endif

#endif /* GAMEAI_C_API_H_ */
