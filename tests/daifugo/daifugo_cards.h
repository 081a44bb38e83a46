// Helpers for Daifugo tests: hands and melds from their names.
#ifndef GAMEAI_TESTS_DAIFUGO_CARDS_H_
#define GAMEAI_TESTS_DAIFUGO_CARDS_H_

#include <string>

#include "gameai/base/random.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/daifugo/melds.h"
#include "gtest/gtest.h"

namespace gameai::daifugo::testing {

// Hand: the cards named, e.g. "S3 HT JK".
inline Cards Hand(const std::string& text) {
  Cards cards = 0;
  EXPECT_TRUE(ParseCards(text, cards)) << text;
  return cards;
}

// MeldIn: the meld of `hand` whose MeldText is `text`.
inline Meld MeldIn(Cards hand, const std::string& text) {
  for (const Meld& m : AllMelds(hand)) {
    if (MeldText(m) == text) return m;
  }
  ADD_FAILURE() << "no meld " << text << " in " << CardsText(hand);
  return {};
}

// MeldOf: the meld made of exactly the cards it names, e.g. "DT CT".
inline Meld MeldOf(const std::string& text) { return MeldIn(Hand(text), text); }

// PlayRandomly: random moves (and chance) until `until` holds or the match
// is over.
template <class Until>
void PlayRandomly(const Rules& rules, Position& s, Rng& rng, Until until) {
  MoveList moves;
  while (!until(s) && s.phase != Phase::kOver) {
    if (rules.CurrentPlayer(s) == kChancePlayer) {
      rules.Apply(s, rules.SampleChance(s, rng));
    } else {
      rules.LegalMoves(s, moves);
      rules.Apply(s, moves[static_cast<int>(rng.Below(moves.size()))]);
    }
  }
}

}  // namespace gameai::daifugo::testing

#endif  // GAMEAI_TESTS_DAIFUGO_CARDS_H_
