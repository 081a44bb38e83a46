// Reading a player's view back from its text (Rules::DeserializeView): a
// view is valid when some state Validate accepts redacts to it, so the
// hidden hands are filled in (Determinize), the exchange's blanked cards
// too, and the result is validated and redacted again.
#include <bit>

#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/daifugo/daifugo.h"

namespace gameai::daifugo {

absl::StatusOr<Position> Rules::DeserializeView(std::string_view text,
                                             Player viewer) const {
  const int n = options_.players;
  auto error = [viewer](std::string_view what) {
    return absl::InvalidArgumentError(
        fmt::format("daifugo: not a view of seat {}: {}", viewer, what));
  };
  if (viewer < 0 || viewer >= n) {
    return absl::InvalidArgumentError(
        fmt::format("daifugo: viewer {} is not a seat (0..{})", viewer, n - 1));
  }
  GAMEAI_ASSIGN_OR_RETURN(Position parsed, Parse(text));
  const Position& view = parsed;
  const uint8_t others = static_cast<uint8_t>(((1 << n) - 1) & ~(1 << viewer));
  if (view.hidden != others) {
    return error(fmt::format(
        "hidden={} must hide every hand but the viewer's (hidden={})",
        view.hidden, others));
  }
  const Cards mine = view.deal.hands[viewer];
  if (view.count[viewer] != std::popcount(mine)) {
    return error(fmt::format("count= gives the viewer {} cards, its hand {}",
                             view.count[viewer], std::popcount(mine)));
  }
  const int partner = Partner(view, viewer);
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    if (view.deal.hands[q] != 0) {
      return error(
          fmt::format("player {}'s hand is hidden but shows cards", q));
    }
    if (q != partner && view.received[q] != 0) {
      return error(fmt::format(
          "it shows the cards player {} received, which seat {} does not see",
          q, viewer));
    }
  }
  // The hidden hands' sizes must fit the cards the viewer has not seen
  // (as Determinize deals them: the cards it knows of first).
  Cards pool = kFullDeck & ~view.deal.played & ~mine;
  int need = 0;
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    const Cards known = view.received[q] & pool;
    pool &= ~known;
    if (std::popcount(known) > view.count[q]) {
      return error(fmt::format(
          "player {} holds {} cards (count=) but received {} the viewer saw", q,
          view.count[q], std::popcount(known)));
    }
    need += view.count[q] - std::popcount(known);
  }
  if (need > std::popcount(pool)) {
    return error(fmt::format(
        "count= hides {} cards in the other hands; only {} are unseen", need,
        std::popcount(pool)));
  }
  Rng rng(viewer);  // any filling serves: Validate reads the hidden hands'
                    // sizes, not their cards
  Position full = Determinize(view, viewer, rng);
  if (full.phase == Phase::kGiveBack) {
    // Redact blanks the exchange of the others; Validate counts the cards
    // received, so any cards do.
    for (int q = 0; q < n; ++q) {
      if (q == viewer || q == partner) continue;
      Cards got = 0;
      for (Cards from = kFullDeck;
           std::popcount(got) < ReceivedInGiveBack(full, q); from &= from - 1) {
        got |= from & (~from + 1);
      }
      full.received[q] = got;
    }
  }
  if (absl::Status valid = Validate(full); !valid.ok()) {
    return error(
        fmt::format("no valid state shows it: {}", Str(valid.message())));
  }
  if (Serialize(Redact(full, viewer)) != Serialize(view)) {
    return error("it differs from what Redact shows that seat");
  }
  return view;
}

}  // namespace gameai::daifugo
