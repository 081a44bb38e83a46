// Game::DeserializeView refuses text that is no view of the seat named:
// the conformance test reads back every view of random games; these are
// the refusals, each with a message naming what is wrong.
#include <map>
#include <string>

#include "gameai/base/random.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"
#include "toy_games.h"

namespace gameai {
namespace {

// DaifugoInPlay: a five-player Daifugo state in the play of a deal.
std::unique_ptr<State> DaifugoInPlay() {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("daifugo");
  EXPECT_TRUE(game.ok());
  std::unique_ptr<State> s = (*game)->NewInitialState();
  Rng rng(5);
  while (s->Serialize().find("phase=play") == std::string::npos ||
         s->CurrentPlayer() == 0) {
    const std::vector<Action> legal = s->LegalActions();
    EXPECT_TRUE(s->ApplyAction(legal[rng.Below(legal.size())]).ok());
  }
  return s;
}

// WithField: `text` with the value of key= replaced.
std::string WithField(const std::string& text, const std::string& key,
                      const std::string& value) {
  std::string out;
  for (std::string_view word : SplitWords(text)) {
    if (!out.empty()) out += ' ';
    out += word.substr(0, key.size() + 1) == key + "=" ? key + "=" + value
                                                       : std::string(word);
  }
  return out;
}

std::string FieldOf(const std::string& text, const std::string& key) {
  for (std::string_view word : SplitWords(text)) {
    if (word.substr(0, key.size() + 1) == key + "=") {
      return std::string(word.substr(key.size() + 1));
    }
  }
  return "";
}

std::string ErrorOf(const Game& game, const std::string& text, Player viewer) {
  absl::StatusOr<std::unique_ptr<State>> view =
      game.DeserializeView(text, viewer);
  EXPECT_FALSE(view.ok()) << text;
  return view.ok() ? "" : std::string(view.status().message());
}

void ExpectMentions(const std::string& message, const std::string& part) {
  EXPECT_NE(message.find(part), std::string::npos)
      << "'" << message << "' does not mention '" << part << "'";
}

TEST(DeserializeView, ReadsADaifugoViewBack) {
  const std::unique_ptr<State> s = DaifugoInPlay();
  const std::string text = s->ViewFor(2)->Serialize();
  absl::StatusOr<std::unique_ptr<State>> view =
      s->GetGame().DeserializeView(text, 2);
  ASSERT_TRUE(view.ok()) << view.status();
  EXPECT_EQ((*view)->Serialize(), text);
  EXPECT_EQ((*view)->LegalActions(2), s->ViewFor(2)->LegalActions(2));
  // DeserializeState still refuses it: a view is no state to play on.
  EXPECT_FALSE(s->GetGame().DeserializeState(text).ok());
}

TEST(DeserializeView, ReadsBackTheGiveBackOfASeatOutsideTheExchange) {
  // The 3rd of five exchanges no cards: its view blanks what the others
  // received, which DeserializeView must fill for Validate.
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("daifugo");
  ASSERT_TRUE(game.ok());
  std::unique_ptr<State> s = (*game)->NewInitialState();
  Rng rng(7);
  while (s->Serialize().find("phase=give_back") == std::string::npos) {
    ASSERT_FALSE(s->IsTerminal());
    const std::vector<Action> legal = s->LegalActions();
    ASSERT_TRUE(s->ApplyAction(legal[rng.Below(legal.size())]).ok());
  }
  const std::string last = FieldOf(s->Serialize(), "last_place");
  const std::vector<std::string_view> places = Split(last, ',');
  Player third = -1;
  for (size_t p = 0; p < places.size(); ++p) {
    if (places[p] == "3") third = static_cast<Player>(p);
  }
  ASSERT_GE(third, 0) << last;
  const std::string text = s->ViewFor(third)->Serialize();
  ASSERT_EQ(FieldOf(text, "received"), "-,-,-,-,-") << text;
  absl::StatusOr<std::unique_ptr<State>> view =
      (*game)->DeserializeView(text, third);
  ASSERT_TRUE(view.ok()) << view.status() << "\n" << text;
  EXPECT_EQ((*view)->Serialize(), text);
}

TEST(DeserializeView, RefusesAnotherSeatsView) {
  const std::unique_ptr<State> s = DaifugoInPlay();
  ExpectMentions(ErrorOf(s->GetGame(), s->ViewFor(1)->Serialize(), 2),
                 "hidden=");
}

TEST(DeserializeView, RefusesTheFullState) {
  const std::unique_ptr<State> s = DaifugoInPlay();
  ExpectMentions(ErrorOf(s->GetGame(), s->Serialize(), 0),
                 "must hide every hand but the viewer's");
}

TEST(DeserializeView, RefusesAViewShowingAnotherHand) {
  const std::unique_ptr<State> s = DaifugoInPlay();
  const std::string view = s->ViewFor(0)->Serialize();
  // The view's hands with seat 1's real one in place of its blank.
  const std::string hands = FieldOf(s->Serialize(), "hands");
  const std::string mine = FieldOf(view, "hands");
  const std::vector<std::string_view> real = Split(hands, ',');
  const std::vector<std::string_view> own = Split(mine, ',');
  std::string mixed;
  for (size_t p = 0; p < own.size(); ++p) {
    if (p > 0) mixed += ',';
    mixed += std::string(p == 1 ? real[p] : own[p]);
  }
  ExpectMentions(ErrorOf(s->GetGame(), WithField(view, "hands", mixed), 0),
                 "player 1's hand is hidden but shows cards");
}

TEST(DeserializeView, RefusesCountsNoDealFills) {
  const std::unique_ptr<State> s = DaifugoInPlay();
  const std::string view = s->ViewFor(0)->Serialize();
  const std::string count_field = FieldOf(view, "count");
  const std::vector<std::string_view> counts = Split(count_field, ',');
  const std::string own(counts[0]);
  // Every other hand claims 20 cards: more than are unseen.
  const std::string too_many = own + ",20,20,20,20";
  ExpectMentions(ErrorOf(s->GetGame(), WithField(view, "count", too_many), 0),
                 "only");
  // The viewer's own count disagrees with its hand.
  std::string wrong_own = std::to_string(std::stoi(own) + 1);
  for (size_t p = 1; p < counts.size(); ++p) {
    wrong_own += ',';
    wrong_own += counts[p];
  }
  ExpectMentions(ErrorOf(s->GetGame(), WithField(view, "count", wrong_own), 0),
                 "count= gives the viewer");
  // Every other hand empty in the play of a deal: the cards they would
  // hold are nowhere, which no valid state shows.
  std::string none_hidden = own + ",0,0,0,0";
  ExpectMentions(
      ErrorOf(s->GetGame(), WithField(view, "count", none_hidden), 0),
      "no valid state shows it");
}

TEST(DeserializeView, RefusesAViewerWhoIsNoSeat) {
  const std::unique_ptr<State> s = DaifugoInPlay();
  const std::string view = s->ViewFor(0)->Serialize();
  ExpectMentions(ErrorOf(s->GetGame(), view, -1), "not a seat");
  ExpectMentions(ErrorOf(s->GetGame(), view, 5), "not a seat (0..4)");
}

TEST(DeserializeView, RefusesGarbageInEveryGame) {
  toy::RegisterToyGames();
  for (const GameEntry* entry : RegisteredGames()) {
    absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(entry->name);
    ASSERT_TRUE(game.ok());
    for (const char* bad : {"", "garbage", "0 0 0 0 0 0 0 0 0 0"}) {
      EXPECT_FALSE((*game)->DeserializeView(bad, 0).ok())
          << entry->name << ": " << bad;
    }
    const std::string start = (*game)->NewInitialState()->Serialize();
    SCOPED_TRACE(entry->name);
    ExpectMentions(ErrorOf(**game, start, (*game)->NumPlayers()), "not a seat");
  }
}

TEST(DeserializeView, RefusesASecretDuelStateShowingTheOtherCard) {
  toy::RegisterToyGames();
  std::unique_ptr<State> s = (*LoadGame("secret_duel"))->NewInitialState();
  ASSERT_TRUE(s->ApplyAction(2 + 1).ok());
  ASSERT_TRUE(s->ApplyAction(2 + 0).ok());
  ExpectMentions(ErrorOf(s->GetGame(), s->Serialize(), 0),
                 "shows what seat 0 may not see");
  EXPECT_TRUE(s->GetGame().DeserializeView(s->ViewFor(0)->Serialize(), 0).ok());
}

}  // namespace
}  // namespace gameai
