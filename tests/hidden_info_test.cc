// Hidden information through the adapter (the test game secret_duel):
// views hold only what their seat may see, private deals are hidden
// events, and agents in a match never receive the other seat's card.
#include "gameai/arena/arena.h"
#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"
#include "toy_games.h"

namespace gameai {
namespace {

std::unique_ptr<State> Dealt(int card0, int card1) {
  toy::RegisterToyGames();
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("secret_duel");
  EXPECT_TRUE(game.ok());
  std::unique_ptr<State> s = (*game)->NewInitialState();
  EXPECT_TRUE(s->ApplyAction(2 + card0).ok());
  EXPECT_TRUE(s->ApplyAction(2 + card1).ok());
  return s;
}

TEST(HiddenInformation, StatesDifferingOnlyInAnotherHandLookTheSame) {
  const std::unique_ptr<State> a = Dealt(0, 2), b = Dealt(1, 2);
  EXPECT_NE(a->Serialize(), b->Serialize());
  // Seat 1 holds the 2 in both: its view and observation are equal.
  EXPECT_EQ(a->ViewFor(1)->Serialize(), b->ViewFor(1)->Serialize());
  EXPECT_EQ(a->ObservationString(1), b->ObservationString(1));
  EXPECT_EQ(a->ViewFor(1)->ObservationString(1), a->ObservationString(1));
  // Seat 0 sees its own card, which differs.
  EXPECT_NE(a->ViewFor(0)->Serialize(), b->ViewFor(0)->Serialize());
  EXPECT_EQ(a->ViewFor(0)->ToString(), "cards 0 ? stake 0");
}

TEST(HiddenInformation, PrivateDealsAreHiddenEvents) {
  toy::RegisterToyGames();
  std::unique_ptr<State> s = (*LoadGame("secret_duel"))->NewInitialState();
  ASSERT_TRUE(s->ApplyAction(2 + 1).ok());  // to seat 0
  EXPECT_EQ(s->LastEventFor(0).actions, std::vector<Action>{3});
  EXPECT_TRUE(s->LastEventFor(1).actions.empty());
  EXPECT_EQ(s->LastEventFor(1).actor, kChancePlayer);
  ASSERT_TRUE(s->ApplyAction(2 + 0).ok());  // to seat 1
  EXPECT_TRUE(s->LastEventFor(0).actions.empty());
  EXPECT_EQ(s->LastEventFor(1).actions, std::vector<Action>{2});
  ASSERT_TRUE(s->ApplyAction(1).ok());  // a public raise
  EXPECT_EQ(s->LastEventFor(1).actions, std::vector<Action>{1});
}

// Peek: records the views and events it receives.
class Peek final : public Agent {
 public:
  explicit Peek(std::vector<std::string>* seen) : seen_(seen) {}

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    seen_->push_back(view.Serialize());
    return view.LegalActions(seat()).front();
  }

  void OnInform(const State& view, const Event& event) override {
    seen_->push_back(view.Serialize());
    for (Action a : event.actions) seen_->push_back(std::to_string(a));
  }

 private:
  std::vector<std::string>* seen_;
};

TEST(HiddenInformation, AgentsInAMatchNeverSeeTheOtherCard) {
  toy::RegisterToyGames();
  std::vector<std::string> seen;
  MatchOptions options{.game = "secret_duel",
                       .agents = {"peek", "random"},
                       .games = 40,
                       .seed = 3};
  options.custom_agents.push_back(
      {.name = "peek",
       .make = [&seen](const Game&, const Params&)
           -> absl::StatusOr<std::unique_ptr<Agent>> {
         return std::make_unique<Peek>(&seen);
       }});
  ASSERT_TRUE(RunMatch(options).ok());
  ASSERT_FALSE(seen.empty());
  int views_with_both_cards = 0;
  for (const std::string& text : seen) {
    // A view while the game runs: "c0 c1 stake folded 0". Both cards known
    // (0..2) only once the game is over.
    if (text.size() == 9 && text.back() == '0' && text[0] <= '2' &&
        text[2] <= '2') {
      ++views_with_both_cards;
    }
  }
  EXPECT_EQ(views_with_both_cards, 0);
}

}  // namespace
}  // namespace gameai
