#include "gameai/arena/play_table.h"

#include <algorithm>
#include <utility>

#include "fmt/format.h"
#include "gameai/arena/saved_game.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"

namespace gameai {

absl::StatusOr<std::unique_ptr<PlayTable>> PlayTable::Create(
    std::shared_ptr<const Game> game,
    std::vector<std::unique_ptr<Agent>> agents, std::vector<std::string> names,
    uint64_t seed) {
  if (game == nullptr) return absl::InvalidArgumentError("no game");
  if (static_cast<int>(agents.size()) != game->NumPlayers() ||
      names.size() != agents.size()) {
    return absl::InvalidArgumentError(fmt::format(
        "game '{}' has {} seats: give one agent (or a person) and one name "
        "per seat, not {} and {}",
        game->Name(), game->NumPlayers(), agents.size(), names.size()));
  }
  std::unique_ptr<PlayTable> table(new PlayTable(
      std::move(game), std::move(agents), std::move(names), seed));
  for (Player p = 0; p < table->NumSeats(); ++p) {
    if (table->agents_[p]) {
      GAMEAI_RETURN_IF_ERROR(table->agents_[p]->StartGame(
          *table->game_, p, DeriveSeed(seed, p + 1)));
    }
  }
  return table;
}

absl::StatusOr<std::unique_ptr<PlayTable>> PlayTable::FromSpecs(
    std::shared_ptr<const Game> game, const std::vector<std::string>& specs,
    uint64_t seed, std::vector<std::string> names) {
  if (game == nullptr) return absl::InvalidArgumentError("no game");
  if (static_cast<int>(specs.size()) != game->NumPlayers()) {
    return absl::InvalidArgumentError(fmt::format(
        "game '{}' has {} seats: give one agent (or human) per seat, not {}",
        game->Name(), game->NumPlayers(), specs.size()));
  }
  GAMEAI_RETURN_IF_ERROR(CheckPlayPeople(specs, *game));
  std::vector<std::unique_ptr<Agent>> agents;
  for (const std::string& spec : specs) {
    if (spec == "human") {
      agents.push_back(nullptr);
      continue;
    }
    GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<Agent> agent,
                            LoadAgent(*game, spec));
    agent->set_table(specs);
    agents.push_back(std::move(agent));
  }
  if (names.empty()) names = DefaultPlayNames(specs);
  return Create(std::move(game), std::move(agents), std::move(names), seed);
}

PlayTable::PlayTable(std::shared_ptr<const Game> game,
                     std::vector<std::unique_ptr<Agent>> agents,
                     std::vector<std::string> names, uint64_t seed)
    : game_(std::move(game)),
      agents_(std::move(agents)),
      names_(std::move(names)),
      seed_(seed),
      screen_(ScreenFor(*game_)),
      rng_(DeriveSeed(seed, 0)),
      state_(game_->NewInitialState()),
      pending_(agents_.size(), 0),
      chosen_(agents_.size(), false) {
  for (Player p = 0; p < NumSeats(); ++p) {
    if (!agents_[p]) {
      viewer_ = p;
      break;
    }
  }
}

std::vector<Player> PlayTable::PeopleToMove() const {
  std::vector<Player> people;
  const Player p = state_->CurrentPlayer();
  if (p == kSimultaneousPlayer) {
    for (Player q = 0; q < NumSeats(); ++q) {
      if (IsHuman(q) && !chosen_[q]) people.push_back(q);
    }
  } else if (IsHuman(p)) {
    people.push_back(p);
  }
  return people;
}

void PlayTable::StartAgents() {
  for (Player p = 0; p < NumSeats(); ++p) {
    if (agents_[p]) {
      // Started once in Create with the same game and seed: cannot refuse.
      (void)agents_[p]->StartGame(*game_, p, DeriveSeed(seed_, p + 1));
    }
  }
}

void PlayTable::InformAgents(const State& state) {
  for (Player p = 0; p < NumSeats(); ++p) {
    if (agents_[p]) {
      (void)agents_[p]->Inform(*state.ViewFor(p), state.LastEventFor(p));
    }
  }
}

// ResyncAgents: after undo or load the bots start the game again and are
// told every transition up to the current state, as they saw them.
void PlayTable::ResyncAgents() {
  StartAgents();
  std::unique_ptr<State> replay = game_->NewInitialState();
  const std::vector<State::HistoryItem>& history = state_->History();
  for (size_t i = 0; i < history.size();) {
    if (history[i].joint) {
      std::vector<Action> joint;
      for (Player p = 0; p < NumSeats(); ++p) {
        joint.push_back(history[i + p].action);
      }
      (void)replay->ApplyJointAction(joint);
      i += joint.size();
    } else {
      (void)replay->ApplyAction(history[i].action);
      ++i;
    }
    InformAgents(*replay);
  }
}

absl::StatusOr<Action> PlayTable::BotStep(Player p) {
  if (on_thinking_) on_thinking_(p, true);
  absl::StatusOr<Action> action = agents_[p]->StepLegal(*state_);
  if (on_thinking_) on_thinking_(p, false);
  if (!action.ok()) {
    return absl::InternalError(fmt::format("{} failed: {}", names_[p],
                                           Str(action.status().message())));
  }
  return action;
}

// Apply: one legal transition; tells the listener what the viewer saw of it
// (with the explanations of `bots`) and the bots.
absl::Status PlayTable::Apply(const std::function<absl::Status()>& apply,
                              const std::vector<Player>& bots) {
  Transition t;
  t.before = ViewerView();
  GAMEAI_RETURN_IF_ERROR(apply());
  std::fill(chosen_.begin(), chosen_.end(), false);
  t.after = ViewerView();
  t.event = state_->LastEventFor(viewer_);
  t.happened = screen_->Happened(*t.before, *t.after, t.event, viewer_, names_);
  t.reasons.assign(agents_.size(), "");
  if (screen_->ShowsBotReasons()) {
    for (Player p : bots) t.reasons[p] = agents_[p]->Explain();
  }
  InformAgents(*state_);
  if (on_transition_) on_transition_(t);
  return absl::OkStatus();
}

absl::Status PlayTable::PlayChance() {
  const std::vector<ChanceOutcome> outcomes = state_->ChanceOutcomes();
  if (outcomes.empty()) {
    return absl::InternalError(
        fmt::format("a chance node without outcomes: {}", state_->Serialize()));
  }
  Action chosen = outcomes.back().action;
  // After an undo the same chance outcomes come again; an outcome no
  // longer possible ends that replay.
  const bool replay =
      !redo_chance_.empty() &&
      std::any_of(outcomes.begin(), outcomes.end(), [&](const auto& o) {
        return o.action == redo_chance_.back();
      });
  if (replay) {
    chosen = redo_chance_.back();
    redo_chance_.pop_back();
  } else {
    redo_chance_.clear();
    double u = rng_.Uniform();
    for (const ChanceOutcome& o : outcomes) {
      if (u < o.probability) {
        chosen = o.action;
        break;
      }
      u -= o.probability;
    }
  }
  return Apply([&] { return state_->ApplyAction(chosen); }, {});
}

// PlaySimultaneousBots: the bots choose, each from its own view (no choice
// of the people is in the state before the joint action), and the round is
// played.
absl::Status PlayTable::PlaySimultaneousBots() {
  std::vector<Action> joint = pending_;
  std::vector<Player> bots;
  for (Player p = 0; p < NumSeats(); ++p) {
    if (IsHuman(p)) continue;
    GAMEAI_ASSIGN_OR_RETURN(joint[p], BotStep(p));
    bots.push_back(p);
  }
  return Apply([&] { return state_->ApplyJointAction(joint); }, bots);
}

absl::Status PlayTable::Advance() {
  if (state_->IsTerminal()) {
    return absl::FailedPreconditionError("the game is over");
  }
  if (!PeopleToMove().empty()) {
    return absl::FailedPreconditionError(
        fmt::format("{} to move", names_[PeopleToMove().front()]));
  }
  const Player p = state_->CurrentPlayer();
  if (p == kChancePlayer) return PlayChance();
  if (p == kSimultaneousPlayer) return PlaySimultaneousBots();
  GAMEAI_ASSIGN_OR_RETURN(const Action action, BotStep(p));
  return Apply([&] { return state_->ApplyAction(action); }, {p});
}

absl::Status PlayTable::Move(Player player, Action action) {
  const std::vector<Player> people = PeopleToMove();
  if (std::find(people.begin(), people.end(), player) == people.end()) {
    return absl::FailedPreconditionError(
        state_->IsTerminal() ? std::string("the game is over")
                             : fmt::format("seat {} is not to move", player));
  }
  const std::vector<Action> legal = state_->LegalActions(player);
  if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
    std::vector<std::string> names;
    for (Action a : legal) {
      names.push_back(
          fmt::format("{} ({})", a, state_->ActionToString(player, a)));
    }
    return absl::InvalidArgumentError(
        fmt::format("action {} is not legal here; legal: {}", action,
                    fmt::join(names, ", ")));
  }
  if (state_->CurrentPlayer() != kSimultaneousPlayer) {
    return Apply([&] { return state_->ApplyAction(action); }, {});
  }
  pending_[player] = action;
  chosen_[player] = true;
  if (!PeopleToMove().empty()) return absl::OkStatus();
  return PlaySimultaneousBots();
}

// TakeBack: `back` with its last transition undone, the chance outcome it
// was (if any) pushed on `chance` and `person` set when a person moved in
// it; or, `back` unchanged, why it may not be.
std::string PlayTable::TakeBack(State& back, std::vector<Action>& chance,
                                bool& person) const {
  const State::HistoryItem last = back.History().back();
  person = false;
  if (last.joint) {
    bool program = false;
    for (Player p = 0; p < NumSeats(); ++p) {
      person |= IsHuman(p);
      program |= !IsHuman(p);
    }
    if (program) {
      return "it would take back a round of simultaneous moves whose "
             "choices you have seen";
    }
  } else {
    person = IsHuman(last.player);
    if (back.LastEventFor(viewer_).actions.empty()) {
      return "it would go back past cards dealt or passed out of your sight";
    }
  }
  if (last.player == kChancePlayer) chance.push_back(last.action);
  if (absl::Status s = back.UndoAction(); !s.ok()) return Str(s.message());
  return "";
}

absl::Status PlayTable::Undo() {
  std::unique_ptr<State> back = state_->Clone();
  std::vector<Action> chance;
  while (!back->History().empty()) {
    bool person = false;
    if (std::string why = TakeBack(*back, chance, person); !why.empty()) {
      return absl::FailedPreconditionError("undo refused: " + why);
    }
    if (person) {
      state_ = std::move(back);
      redo_chance_ = std::move(chance);  // back(): the earliest
      std::fill(chosen_.begin(), chosen_.end(), false);
      ResyncAgents();
      return absl::OkStatus();
    }
  }
  return absl::FailedPreconditionError("nothing to undo");
}

absl::StatusOr<Action> PlayTable::Hint(Player player,
                                       std::string_view agent_spec,
                                       std::string* explanation) {
  const std::vector<Player> people = PeopleToMove();
  if (std::find(people.begin(), people.end(), player) == people.end()) {
    return absl::FailedPreconditionError(
        fmt::format("no hint: seat {} is not to move", player));
  }
  const std::string spec =
      agent_spec.empty() ? HintAgent(*game_) : std::string(agent_spec);
  // Kept between hints: a strong agent may take long to make.
  if (!hint_agent_ || spec != hint_spec_) {
    GAMEAI_ASSIGN_OR_RETURN(hint_agent_, LoadAgent(*game_, spec));
    hint_spec_ = spec;
  }
  GAMEAI_RETURN_IF_ERROR(
      hint_agent_->StartGame(*game_, player, DeriveSeed(seed_, 1000)));
  // The seat's view only: a hint knows no more than the seat does.
  GAMEAI_ASSIGN_OR_RETURN(const Action action,
                          hint_agent_->Step(*state_->ViewFor(player)));
  const std::vector<Action> legal = state_->LegalActions(player);
  if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
    return absl::InternalError(fmt::format(
        "{} suggested action {}, which is not legal here", spec, action));
  }
  if (explanation != nullptr) *explanation = hint_agent_->Explain();
  return action;
}

// HidesSomething: the full state holds what the viewer may not see.
bool PlayTable::HidesSomething() const {
  return ViewerView()->Serialize() != state_->Serialize();
}

absl::StatusOr<std::string> PlayTable::SaveText() const {
  if (HidesSomething()) {
    return absl::FailedPreconditionError(
        "save refused: the file would hold the hidden cards of the other "
        "players");
  }
  return SaveGameText(*state_);
}

// IsEarlierPoint: `loaded` is this game at an earlier point (not another
// game, nor a later point of this one).
bool PlayTable::IsEarlierPoint(const State& loaded) const {
  const std::vector<State::HistoryItem>& now = state_->History();
  const std::vector<State::HistoryItem>& then = loaded.History();
  if (then.size() > now.size()) return false;
  for (size_t i = 0; i < then.size(); ++i) {
    if (then[i].action != now[i].action || then[i].player != now[i].player) {
      return false;
    }
  }
  std::unique_ptr<State> back = state_->Clone();
  while (back->History().size() > then.size()) {
    if (!back->UndoAction().ok()) return false;
  }
  return back->Serialize() == loaded.Serialize();
}

absl::Status PlayTable::Load(std::string_view text) {
  GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<State> loaded, LoadGameText(text));
  if (loaded->GetGame().Spec() != game_->Spec()) {
    return absl::InvalidArgumentError(fmt::format(
        "it holds {}, this is {}", loaded->GetGame().Spec(), game_->Spec()));
  }
  // This game at an earlier point: what undo refuses, load refuses too, and
  // the chance outcomes come again as after an undo (loading is no way to
  // see the bots' sealed bids and bid again, nor to re-roll).
  std::vector<Action> chance;
  if (IsEarlierPoint(*loaded)) {
    std::unique_ptr<State> back = state_->Clone();
    while (back->History().size() > loaded->History().size()) {
      bool person = false;
      if (std::string why = TakeBack(*back, chance, person); !why.empty()) {
        return absl::FailedPreconditionError(fmt::format(
            "it holds this game {} moves back, and {}",
            state_->History().size() - loaded->History().size(), why));
      }
    }
  }
  state_ = std::move(loaded);
  redo_chance_ = std::move(chance);
  std::fill(chosen_.begin(), chosen_.end(), false);
  ResyncAgents();
  return absl::OkStatus();
}

void PlayTable::EndGame() {
  const std::vector<double> returns = state_->Returns();
  for (Player p = 0; p < NumSeats(); ++p) {
    if (agents_[p]) (void)agents_[p]->EndGame(*state_->ViewFor(p), returns);
  }
}

std::vector<std::string> DefaultPlayNames(
    const std::vector<std::string>& specs) {
  const int humans = static_cast<int>(
      std::count(specs.begin(), specs.end(), std::string("human")));
  std::vector<std::string> names;
  for (size_t i = 0; i < specs.size(); ++i) {
    const bool shared = std::count(specs.begin(), specs.end(), specs[i]) > 1;
    if (specs[i] == "human") {
      names.push_back(humans == 1 ? "You" : fmt::format("Player {}", i + 1));
    } else {
      names.push_back(shared ? fmt::format("{} {}", specs[i], i + 1)
                             : specs[i]);
    }
  }
  return names;
}

absl::Status CheckPlayPeople(const std::vector<std::string>& specs,
                             const Game& game) {
  const GameType type = game.Type();
  const bool hidden = type.information == GameType::Information::kImperfect ||
                      type.dynamics == GameType::Dynamics::kSimultaneous;
  if (hidden && std::count(specs.begin(), specs.end(), "human") > 1) {
    return absl::InvalidArgumentError(fmt::format(
        "game '{}' has hidden cards or moves: one human seat per screen",
        game.Name()));
  }
  return absl::OkStatus();
}

}  // namespace gameai
