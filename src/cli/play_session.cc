#include "play_session.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/play_screen.h"
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
      : config_(std::move(config)), in_(in), table_(*config_.table) {
    if (!config_.debug_log.empty()) {
      // "x": a new file only; an existing one is never overwritten.
      errno = 0;
      debug_ = std::fopen(config_.debug_log.c_str(), "wx");
      debug_error_ = errno;
    }
    table_.set_transition_listener(
        [this](const PlayTable::Transition& t) { Shown(t); });
    table_.set_thinking_listener([this](Player p, bool started) {
      if (!started) {
        notice_.reset();
        return;
      }
      notice_.emplace([this](const std::string& t) { Print(t); },
                      fmt::format("{} is thinking…\n", Names()[p]));
    });
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
    Print(Screen().Intro(*table_.ViewerView(), Names()));
    Print(fmt::format("commands: {}\n\n", kCommands));
    while (!table_.state().IsTerminal()) {
      const std::vector<Player> people = table_.PeopleToMove();
      if (people.empty()) {
        if (absl::Status s = table_.Advance(); !s.ok()) {
          fmt::print(stderr, "gameai: {}\n", ErrorText(Str(s.message())));
          return 1;
        }
        continue;
      }
      Action action = 0;
      const Asked asked = AskHuman(people.front(), action);
      if (asked == Asked::kQuit) return 0;
      if (asked == Asked::kMove) {
        if (absl::Status s = table_.Move(people.front(), action); !s.ok()) {
          fmt::print(stderr, "gameai: {}\n", ErrorText(Str(s.message())));
          return 1;
        }
      }
    }
    Print(Screen().End(*table_.ViewerView(), Names()));
    table_.EndGame();
    return 0;
  }

 private:
  enum class Asked { kMove, kChanged, kQuit };

  const PlayScreen& Screen() const { return table_.screen(); }
  const std::vector<std::string>& Names() const { return table_.names(); }

  // Print: everything the player sees goes through here (also from the
  // thinking notice's thread); shown_ counts the bytes for the debug log.
  void Print(std::string_view text) {
    std::lock_guard<std::mutex> lock(print_mutex_);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    shown_ += text.size();
  }

  // Shown: one transition as the viewer saw it, and the bots' reasons.
  void Shown(const PlayTable::Transition& t) {
    if (debug_ != nullptr) {
      std::lock_guard<std::mutex> lock(print_mutex_);
      fmt::print(debug_, "--- shown {}\n{}\n", shown_,
                 table_.state().ToString());
      std::fflush(debug_);
    }
    Print(t.happened);
    for (Player p = 0; p < static_cast<Player>(t.reasons.size()); ++p) {
      if (t.reasons[p].empty()) continue;
      const std::string text =
          config_.verbose ? t.reasons[p] : Screen().Explain(t.reasons[p]);
      if (!text.empty()) Print(fmt::format("  {}: {}\n", Names()[p], text));
    }
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
    std::unique_ptr<State> view = table_.state().ViewFor(p);
    std::vector<Choice> choices = Screen().Choices(*view, p);
    Print(Screen().Board(*view, p, Names()));
    Print(ChoicesText(choices));
    while (true) {
      Print(fmt::format("{}> ", Names()[p]));
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
        Print(Screen().Board(*view, p, Names()));
        Print(ChoicesText(choices));
      } else if (command == "moves") {
        Print(Screen().Moves(*view, p));
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
                          : Screen().Parse(*view, p, line);
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
    return fmt::format("{}, or a command ({})\n", Screen().Usage(view, p),
                       kCommands);
  }

  void GiveHint(Player p, const State& view,
                const std::vector<Choice>& choices) {
    std::string raw;
    absl::StatusOr<Action> action;
    {
      ThinkingNotice notice([this](const std::string& t) { Print(t); },
                            "thinking…\n");
      action = table_.Hint(p, config_.hint_agent, &raw);
    }
    if (!action.ok()) {
      Print(fmt::format("no hint: {}\n", Str(action.status().message())));
      return;
    }
    std::string label = view.ActionToString(p, *action);
    for (const Choice& c : choices) {
      if (c.action == *action) label = fmt::format("{}) {}", c.key, c.label);
    }
    const std::string why = config_.verbose ? raw : Screen().Explain(raw);
    Print(fmt::format("hint ({}): {}{}\n", config_.hint_agent, label,
                      why.empty() ? "" : fmt::format(" — {}", why)));
  }

  bool Undo() {
    if (absl::Status s = table_.Undo(); !s.ok()) {
      Print(fmt::format("{}\n", Str(s.message())));
      return false;
    }
    Print("undone: your last move is taken back\n");
    return true;
  }

  void Save(const std::string& path) {
    const absl::StatusOr<std::string> text = table_.SaveText();
    if (!text.ok()) {
      Print(fmt::format("{}\n", Str(text.status().message())));
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
    const bool ok =
        std::fwrite(text->data(), 1, text->size(), file) == text->size();
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
    if (absl::Status s = table_.Load(*text); !s.ok()) {
      Print(fmt::format("not loaded: {}: {}\n", path, Str(s.message())));
      return false;
    }
    Print(fmt::format("loaded {} ({} moves)\n", path,
                      table_.state().History().size()));
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
  PlayTable& table_;
  std::optional<ThinkingNotice> notice_;  // while a bot thinks
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
