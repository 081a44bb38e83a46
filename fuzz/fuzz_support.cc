#include "fuzz_support.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"

namespace gameai::fuzz {

std::string Bytes::Line() {
  std::string out;
  while (at_ < size_ && data_[at_] != '\n')
    out += static_cast<char>(data_[at_++]);
  if (at_ < size_) ++at_;
  return out;
}

void Fail(std::string_view what, std::string_view detail) {
  std::fprintf(stderr, "fuzz check failed: %.*s\n%.*s\n",
               static_cast<int>(what.size()), what.data(),
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

const std::vector<std::shared_ptr<const Game>>& Games() {
  static const auto* games = [] {
    // Appending keeps existing corpus files valid; do not reorder.
    const char* const kSpecs[] = {
        "mancala",
        "mancala(pits=3,seeds=2,empty_capture=true)",
        "yacht",
        "yacht(players=3,yahtzee_bonus=true)",
        "linesboard",
        "linesboard(rows=3,cols=3,colors=2,initial_balls=3,spawn=1)",
        "minirisk",
        "minirisk(players=2)",
        "daifugo",
        "daifugo(players=3,games=4,reset_every=2,shuffle_every=0)",
        ("linesboard(rows=4,cols=5,colors=3,initial_balls=6,spawn=2,"
         "min_line=3,max_turns=30)"),
        "daifugo(players=7,games=2,shuffle_every=1)",
    };
    auto* out = new std::vector<std::shared_ptr<const Game>>;
    RegisterBuiltinGames();
    for (const char* spec : kSpecs) {
      // A build of some games (GAMEAI_GAMES) fuzzes those it has.
      const std::string_view name =
          std::string_view(spec).substr(0, std::string_view(spec).find('('));
      if (!FindGame(name).ok()) continue;
      absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(spec);
      if (!game.ok()) Fail("LoadGame", Str(game.status().message()));
      out->push_back(*game);
    }
    for (const GameEntry* entry : RegisteredGames()) {
      if (std::none_of(out->begin(), out->end(),
                       [&](const auto& g) { return g->Name() == entry->name; }))
        Fail("a registered game is not fuzzed", entry->name);
    }
    return out;
  }();
  return *games;
}

const Game& PickGame(Bytes& in) {
  const auto& games = Games();
  return *games[in.Byte() % games.size()];
}

void CheckState(const Game& game, const State& state) {
  const std::string text = state.Serialize();
  if (absl::Status valid = state.Validate(); !valid.ok())
    Fail(Str(valid.message()), text);
  absl::StatusOr<std::unique_ptr<State>> back = game.DeserializeState(text);
  if (!back.ok()) Fail(Str(back.status().message()), text);
  if ((*back)->Serialize() != text) Fail("Serialize does not round-trip", text);
  (void)state.ToString();
  const Player player = state.CurrentPlayer();
  if (player == kTerminalPlayer) return;
  if (player == kSimultaneousPlayer) {
    for (Player p = 0; p < game.NumPlayers(); ++p) {
      if (state.LegalActions(p).empty()) Fail("a seat has no action", text);
    }
    return;
  }
  const std::vector<Action> legal = state.LegalActions();
  if (legal.empty()) Fail("no legal action at a non-terminal node", text);
  if (!std::is_sorted(legal.begin(), legal.end()) || legal.front() < 0 ||
      legal.back() >= game.NumDistinctActions())
    Fail("legal actions unsorted or out of range", text);
  if (player == kChancePlayer) {
    double total = 0;
    for (const ChanceOutcome& o : state.ChanceOutcomes()) {
      if (!(o.probability > 0))
        Fail("a chance outcome without probability", text);
      total += o.probability;
    }
    if (!(std::abs(total - 1) < 1e-9)) Fail("chance does not sum to 1", text);
  } else {
    (void)state.ObservationString(player);
    (void)state.ViewFor(player)->Serialize();
  }
}

void PlayRandomly(const Game& game, State& state, Rng& rng, int steps,
                  bool check_each) {
  for (int i = 0; i < steps && !state.IsTerminal(); ++i) {
    absl::Status applied;
    if (state.IsSimultaneousNode()) {
      std::vector<Action> joint;
      for (Player p = 0; p < game.NumPlayers(); ++p) {
        const std::vector<Action> legal = state.LegalActions(p);
        joint.push_back(legal[rng.Below(legal.size())]);
      }
      applied = state.ApplyJointAction(joint);
    } else {
      const std::vector<Action> legal = state.LegalActions();
      applied = state.ApplyAction(legal[rng.Below(legal.size())]);
    }
    if (!applied.ok())
      Fail(Str(applied.message()), "a listed action was rejected");
    if (check_each) CheckState(game, state);
  }
}

}  // namespace gameai::fuzz
