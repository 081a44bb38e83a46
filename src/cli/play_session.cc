#include "play_session.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "fmt/format.h"
#include "gameai/arena/saved_game.h"
#include "gameai/base/random.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"
#include "read_file.h"
#include "thinking_notice.h"

namespace gameai::cli {
namespace {

// kMaxSaveBytes: the longest saved game `load` reads (the spec and one
// number per action: a 10,000-deal Daifugo match is a few MiB).
constexpr size_t kMaxSaveBytes = 64 << 20;

constexpr char kCommands[] =
    "hint, moves, board, undo, save FILE, load FILE, help, quit";

bool Contains(const std::vector<Action>& actions, Action a) {
  return std::find(actions.begin(), actions.end(), a) != actions.end();
}

class Session {
 public:
  Session(PlayConfig config, std::istream& in)
      : config_(std::move(config)),
        in_(in),
        screen_(ScreenFor(*config_.game)),
        rng_(DeriveSeed(config_.seed, 0)),
        state_(config_.game->NewInitialState()) {
    for (Player p = 0; p < NumSeats(); ++p) {
      if (!config_.agents[p]) {
        viewer_ = p;
        break;
      }
    }
    if (!config_.debug_log.empty()) {
      // "x": a new file only; an existing one is never overwritten.
      errno = 0;
      debug_ = std::fopen(config_.debug_log.c_str(), "wx");
      debug_error_ = errno;
    }
  }
  ~Session() {
    if (debug_ != nullptr) std::fclose(debug_);
  }

  int Run() {
    if (!config_.debug_log.empty() && debug_ == nullptr) {
      fmt::print(
          stderr, "gameai: --debug-log: cannot create '{}': {}{}\n",
          ErrorText(config_.debug_log), std::strerror(debug_error_),
          debug_error_ == EEXIST
              ? " (an existing file is never overwritten: name a new one)"
              : "");
      return 1;
    }
    StartAgents();
    Print(screen_->Intro(*state_->ViewFor(viewer_), config_.names));
    Print(fmt::format("commands: {}\n\n", kCommands));
    while (!state_->IsTerminal()) {
      const Player p = state_->CurrentPlayer();
      if (p == kChancePlayer) {
        if (!PlayChance()) return 1;
        continue;
      }
      if (p == kSimultaneousPlayer) {
        const Asked asked = PlaySimultaneous();
        if (asked == Asked::kQuit) return 0;
        if (asked == Asked::kFailed) return 1;
        continue;
      }
      if (config_.agents[p]) {
        if (!PlayAgent(p)) return 1;
        continue;
      }
      Action action = 0;
      const Asked asked = AskHuman(p, action);
      if (asked == Asked::kQuit) return 0;
      if (asked == Asked::kMove) {
        Transition([&] { return state_->ApplyAction(action); });
      }
    }
    Print(screen_->End(*state_->ViewFor(viewer_), config_.names));
    const std::vector<double> returns = state_->Returns();
    for (Player p = 0; p < NumSeats(); ++p) {
      if (config_.agents[p]) {
        // Loaded for this game and seated: EndGame cannot refuse.
        (void)config_.agents[p]->EndGame(*state_->ViewFor(p), returns);
      }
    }
    return 0;
  }

 private:
  enum class Asked { kMove, kChanged, kQuit, kFailed };

  Player NumSeats() const { return static_cast<Player>(config_.agents.size()); }
  bool IsHuman(Player p) const { return p >= 0 && !config_.agents[p]; }

  // Print: everything the player sees goes through here (also from the
  // thinking notice's thread); shown_ counts the bytes for the debug log.
  void Print(std::string_view text) {
    std::lock_guard<std::mutex> lock(print_mutex_);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    shown_ += text.size();
  }

  void LogState() {
    if (debug_ == nullptr) return;
    std::lock_guard<std::mutex> lock(print_mutex_);
    fmt::print(debug_, "--- shown {}\n{}\n", shown_, state_->ToString());
    std::fflush(debug_);
  }

  void StartAgents() {
    for (Player p = 0; p < NumSeats(); ++p) {
      if (config_.agents[p]) {
        (void)config_.agents[p]->StartGame(*config_.game, p,
                                           DeriveSeed(config_.seed, p + 1));
      }
    }
  }

  void InformAgents(const State& state) {
    for (Player p = 0; p < NumSeats(); ++p) {
      if (config_.agents[p]) {
        (void)config_.agents[p]->Inform(*state.ViewFor(p),
                                        state.LastEventFor(p));
      }
    }
  }

  // ResyncAgents: after undo or load the bots start the game again and are
  // told every transition up to the current state, as they saw them.
  void ResyncAgents() {
    StartAgents();
    std::unique_ptr<State> replay = config_.game->NewInitialState();
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

  // Transition: applies one (legal) transition, shows what the viewer saw
  // of it and tells the bots.
  void Transition(const std::function<absl::Status()>& apply) {
    const std::unique_ptr<State> before = state_->ViewFor(viewer_);
    if (!apply().ok()) return;  // callers pass legal actions only
    LogState();
    const std::unique_ptr<State> after = state_->ViewFor(viewer_);
    Print(screen_->Happened(*before, *after, state_->LastEventFor(viewer_),
                            viewer_, config_.names));
    InformAgents(*state_);
  }

  // PlayChance: samples and plays a chance outcome; false (with a message)
  // when the state offers none.
  bool PlayChance() {
    const std::vector<ChanceOutcome> outcomes = state_->ChanceOutcomes();
    if (outcomes.empty()) {
      fmt::print(stderr, "gameai: a chance node without outcomes: {}\n",
                 state_->Serialize());
      return false;
    }
    Action chosen = outcomes.back().action;
    // After an undo the same chance outcomes come again (no rerolling the
    // dice by undoing); an outcome no longer possible ends that replay.
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
    Transition([&] { return state_->ApplyAction(chosen); });
    return true;
  }

  void SayReason(Player p) {
    if (!screen_->ShowsBotReasons()) return;
    const std::string raw = config_.agents[p]->Explain();
    const std::string text = config_.verbose ? raw : screen_->Explain(raw);
    if (!text.empty()) Print(fmt::format("  {}: {}\n", config_.names[p], text));
  }

  absl::StatusOr<Action> AgentStep(Player p) {
    ThinkingNotice notice([this](const std::string& t) { Print(t); },
                          fmt::format("{} is thinking…\n", config_.names[p]));
    return config_.agents[p]->Step(*state_->ViewFor(p));
  }

  bool AgentFailed(Player p, const absl::Status& status) {
    fmt::print(stderr, "gameai: {} failed: {}\n", config_.names[p],
               ErrorText(Str(status.message())));
    return false;
  }

  bool PlayAgent(Player p) {
    const absl::StatusOr<Action> action = AgentStep(p);
    if (!action.ok()) return AgentFailed(p, action.status());
    if (!Contains(state_->LegalActions(p), *action)) {
      return AgentFailed(
          p, absl::InternalError(fmt::format("illegal action {}", *action)));
    }
    Transition([&] { return state_->ApplyAction(*action); });
    SayReason(p);
    return true;
  }

  // PlaySimultaneous: the people choose first, then the bots, each from its
  // own view (no bid is in the state before the joint action); the bids
  // are shown only once all are in.
  Asked PlaySimultaneous() {
    std::vector<Action> joint(NumSeats(), 0);
    for (Player p = 0; p < NumSeats(); ++p) {
      if (!IsHuman(p)) continue;
      const Asked asked = AskHuman(p, joint[p]);
      if (asked != Asked::kMove) return asked;
    }
    for (Player p = 0; p < NumSeats(); ++p) {
      if (IsHuman(p)) continue;
      const absl::StatusOr<Action> action = AgentStep(p);
      if (!action.ok()) {
        AgentFailed(p, action.status());
        return Asked::kFailed;
      }
      if (!Contains(state_->LegalActions(p), *action)) {
        AgentFailed(
            p, absl::InternalError(fmt::format("illegal action {}", *action)));
        return Asked::kFailed;
      }
      joint[p] = *action;
    }
    Transition([&] { return state_->ApplyJointAction(joint); });
    for (Player p = 0; p < NumSeats(); ++p) {
      if (!IsHuman(p)) SayReason(p);
    }
    return Asked::kMove;
  }

  std::string ChoicesText(const std::vector<Choice>& choices) const {
    std::string out;
    for (const Choice& c : choices) {
      out += fmt::format("  {:>2}) {}\n", c.key, c.label);
    }
    return out;
  }

  // AskHuman: shows seat p its board and reads lines until a move
  // (kMove, in `action`), a command that changed the game (kChanged:
  // undo, load) or the end (kQuit).
  Asked AskHuman(Player p, Action& action) {
    std::unique_ptr<State> view = state_->ViewFor(p);
    std::vector<Choice> choices = screen_->Choices(*view, p);
    Print(screen_->Board(*view, p, config_.names));
    Print(ChoicesText(choices));
    while (true) {
      Print(fmt::format("{}> ", config_.names[p]));
      std::string line;
      if (!ReadLine(line)) {
        Print("\nend of input: leaving the game\n");
        return Asked::kQuit;
      }
      if (line.size() > kMaxInputLine) {
        Print(fmt::format(
            "\na line of more than {} bytes is no move: leaving the game\n",
            kMaxInputLine));
        return Asked::kQuit;
      }
      const std::string input = Lower(line);
      const std::vector<std::string_view> words = SplitWords(line);
      const std::string command = words.empty() ? "" : Lower(words[0]);
      if (command == "quit" || command == "exit") return Asked::kQuit;
      if (command == "help" || command == "?") {
        Print(Accepted(*view, p));
      } else if (command == "board") {
        Print(screen_->Board(*view, p, config_.names));
        Print(ChoicesText(choices));
      } else if (command == "moves") {
        Print(screen_->Moves(*view, p));
      } else if (command == "hint" && words.size() == 1) {
        GiveHint(p, *view, choices);
      } else if (command == "undo" && words.size() == 1) {
        if (Undo()) return Asked::kChanged;
      } else if ((command == "save" || command == "load") &&
                 words.size() <= 2) {
        if (words.size() != 2) {
          Print(fmt::format("usage: {} FILE\n", command));
        } else if (command == "save") {
          Save(std::string(words[1]));
        } else if (Load(std::string(words[1]))) {
          return Asked::kChanged;
        }
      } else {
        for (const Choice& c : choices) {
          if (Lower(c.key) == input) {
            action = c.action;
            return Asked::kMove;
          }
        }
        absl::StatusOr<Action> parsed =
            input.empty() ? absl::InvalidArgumentError("nothing entered")
                          : screen_->Parse(*view, p, line);
        if (parsed.ok() && Contains(view->LegalActions(p), *parsed)) {
          action = *parsed;
          return Asked::kMove;
        }
        Print(fmt::format("{}\n{}",
                          parsed.ok()
                              ? std::string("not a legal move here")
                              : ErrorText(Str(parsed.status().message())),
                          Accepted(*view, p)));
      }
    }
  }

  std::string Accepted(const State& view, Player p) const {
    return fmt::format("{}, or a command ({})\n", screen_->Usage(view, p),
                       kCommands);
  }

  void GiveHint(Player p, const State& view,
                const std::vector<Choice>& choices) {
    if (!hint_agent_) {
      absl::StatusOr<std::unique_ptr<Agent>> agent =
          LoadAgent(*config_.game, config_.hint_agent);
      if (!agent.ok()) {
        Print(fmt::format("no hint: {}\n", Str(agent.status().message())));
        return;
      }
      hint_agent_ = *std::move(agent);
    }
    (void)hint_agent_->StartGame(*config_.game, p,
                                 DeriveSeed(config_.seed, 1000));
    absl::StatusOr<Action> action;
    {
      ThinkingNotice notice([this](const std::string& t) { Print(t); },
                            "thinking…\n");
      action = hint_agent_->Step(view);
    }
    if (!action.ok() || !Contains(view.LegalActions(p), *action)) {
      Print(fmt::format("no hint: {}\n",
                        action.ok() ? std::string("an illegal suggestion")
                                    : Str(action.status().message())));
      return;
    }
    std::string label = view.ActionToString(p, *action);
    for (const Choice& c : choices) {
      if (c.action == *action) label = fmt::format("{}) {}", c.key, c.label);
    }
    const std::string raw = hint_agent_->Explain();
    const std::string why = config_.verbose ? raw : screen_->Explain(raw);
    Print(fmt::format("hint ({}): {}{}\n", config_.hint_agent, label,
                      why.empty() ? "" : fmt::format(" — {}", why)));
  }

  // Undo: back to the last move of a person, unless that goes back past
  // something the viewer did not see (a private deal or exchange: it
  // cannot be dealt again, and replaying it would tell what it was), or
  // past a simultaneous move of a program (its choice, made unseen, is
  // known now: choosing again against it would not be a simultaneous move).
  bool Undo() {
    std::unique_ptr<State> back = state_->Clone();
    std::vector<Action> chance;
    while (!back->History().empty()) {
      bool person = false;
      if (std::optional<std::string> why = TakeBack(*back, chance, person)) {
        Print(fmt::format("undo refused: {}\n", *why));
        return false;
      }
      if (person) {
        state_ = std::move(back);
        redo_chance_ = std::move(chance);  // back(): the earliest
        ResyncAgents();
        Print("undone: your last move is taken back\n");
        return true;
      }
    }
    Print("nothing to undo\n");
    return false;
  }

  // TakeBack: `back` with its last transition undone, the chance outcome
  // it was (if any) pushed on `chance` and `person` set when a person
  // moved in it; or, `back` unchanged, why it may not be: a simultaneous
  // round with a program in it (its choice, made unseen, is known now) or
  // something the viewer did not see (a private deal cannot be dealt
  // again, and replaying it would tell what it was).
  std::optional<std::string> TakeBack(State& back, std::vector<Action>& chance,
                                      bool& person) {
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
    return std::nullopt;
  }

  // IsEarlierPoint: `loaded` is this game at an earlier point (not another
  // game, nor a later point of this one).
  bool IsEarlierPoint(const State& loaded) const {
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

  // HidesSomething: the full state holds what the viewer may not see.
  bool HidesSomething() const {
    return state_->ViewFor(viewer_)->Serialize() != state_->Serialize();
  }

  void Save(const std::string& path) {
    if (HidesSomething()) {
      Print(
          "save refused: the file would hold the hidden cards of the other "
          "players\n");
      return;
    }
    std::FILE* file = std::fopen(path.c_str(), "wx");
    if (file == nullptr) {
      const int error = errno;
      Print(error == EEXIST
                ? fmt::format("could not write {}: it exists (a file that "
                              "exists is never overwritten: choose a new "
                              "name)\n",
                              path)
                : fmt::format("could not write {}: {}\n", path,
                              std::strerror(error)));
      return;
    }
    const std::string text = SaveGameText(*state_);
    const bool ok =
        std::fwrite(text.data(), 1, text.size(), file) == text.size();
    const bool closed = std::fclose(file) == 0;
    Print(fmt::format("{} {}\n", ok && closed ? "saved to" : "could not write",
                      path));
  }

  bool Load(const std::string& path) {
    absl::StatusOr<std::string> text = ReadBoundedFile(path, kMaxSaveBytes);
    if (!text.ok()) {
      Print(fmt::format("not loaded: {}\n", Str(text.status().message())));
      return false;
    }
    absl::StatusOr<std::unique_ptr<State>> loaded = LoadGameText(*text);
    if (!loaded.ok()) {
      Print(fmt::format("not loaded: {}\n", Str(loaded.status().message())));
      return false;
    }
    if ((*loaded)->GetGame().Spec() != config_.game->Spec()) {
      Print(fmt::format("not loaded: the file holds {}, this is {}\n",
                        (*loaded)->GetGame().Spec(), config_.game->Spec()));
      return false;
    }
    // This game at an earlier point: what undo refuses, load refuses too,
    // and the chance outcomes come again as after an undo (loading is no
    // way to see the programs' sealed bids and bid again, nor to re-roll).
    std::vector<Action> chance;
    if (IsEarlierPoint(**loaded)) {
      std::unique_ptr<State> back = state_->Clone();
      while (back->History().size() > (*loaded)->History().size()) {
        bool person = false;
        if (std::optional<std::string> why = TakeBack(*back, chance, person)) {
          Print(fmt::format(
              "not loaded: {} holds this game {} moves back, and {}\n", path,
              state_->History().size() - (*loaded)->History().size(), *why));
          return false;
        }
      }
    }
    state_ = *std::move(loaded);
    redo_chance_ = std::move(chance);  // back(): the earliest
    ResyncAgents();
    Print(
        fmt::format("loaded {} ({} moves)\n", path, state_->History().size()));
    return true;
  }

  // kMaxInputLine: the longest input line read (`play </dev/zero` reads
  // no more than this).
  static constexpr size_t kMaxInputLine = 4096;

  // ReadLine: the next input line (without its newline) into `line`, read
  // no further than kMaxInputLine + 1 bytes; false at the end of input.
  bool ReadLine(std::string& line) {
    line.clear();
    int c;
    while ((c = in_.get()) != std::char_traits<char>::eof()) {
      if (c == '\n') return true;
      line += static_cast<char>(c);
      if (line.size() > kMaxInputLine) return true;
    }
    return !line.empty();
  }

  PlayConfig config_;
  std::istream& in_;
  std::unique_ptr<PlayScreen> screen_;
  Rng rng_;
  std::unique_ptr<State> state_;
  // viewer_: the seat whose view is shown (the first person; with no
  // person, a spectator who sees only what is public).
  Player viewer_ = kInvalidPlayer;
  std::unique_ptr<Agent> hint_agent_;
  std::vector<Action> redo_chance_;  // undone chance outcomes, latest first
  std::mutex print_mutex_;
  size_t shown_ = 0;
  std::FILE* debug_ = nullptr;
  int debug_error_ = 0;  // why debug_ could not be created
};

}  // namespace

int RunPlaySession(PlayConfig config, std::istream& in) {
  Session session(std::move(config), in);
  return session.Run();
}

}  // namespace gameai::cli
