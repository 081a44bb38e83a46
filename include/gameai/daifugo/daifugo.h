// gameai/daifugo/daifugo.h: the kernel of game `daifugo`: a match of
// `games` Daifugo games (deals) with the card exchange between them
// (rules in docs/daifugo.md; one deal's play is deal.h).
//
// One kernel game is one match, because the exchange ties each deal to the
// places of the one before. Its phases, per deal:
//   seating (every `shuffle_every` games, first at game 0): chance seats a
//     player at each table position in turn; turns go around the table;
//   first seat (when nobody is 大富豪: game 0 and after each reset of the
//     places every `reset_every` games): chance picks who is dealt first;
//   dealing: chance deals the 53 cards one at a time around the table from
//     the 大富豪 (or the first seat); each card is seen by its receiver only;
//   exchange (when there are places): the forced transfers happen at once
//     (大貧民's 2 strongest to 大富豪, 貧民's strongest to 富豪), then 大富豪
//     gives back 2 cards and 富豪 1, one card per action (the agents'
//     choice); seen by the two players of each transfer only;
//   play: deal.h's turns, from the holder of ♦3.
// Place points per deal: players + 1 - place (5, 4, 3, 2, 1 for five).
// Score: a player's mean place points per deal so far; Return (at the end):
// the score minus the mean score of the table.
//
// Actions: 0 pass; 1..2604 melds by MeldIndex id; then kGiveAction + card
// (0..52) give a card back; kDealAction + card: chance deals the card;
// kSeatAction + player: chance seats the player; kFirstAction + player:
// chance picks the first player dealt.
#ifndef GAMEAI_DAIFUGO_DAIFUGO_H_
#define GAMEAI_DAIFUGO_DAIFUGO_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/base/random.h"
#include "gameai/base/types.h"
#include "gameai/daifugo/deal.h"
#include "gameai/daifugo/melds.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/move_list.h"

namespace gameai::daifugo {

inline constexpr int kMeldActions = 2606;  // MeldIndex ids, 0: pass
inline constexpr int kGiveAction = kMeldActions;
inline constexpr int kDealAction = kGiveAction + 53;
inline constexpr int kSeatAction = kDealAction + 53;
inline constexpr int kFirstAction = kSeatAction + kMaxPlayers;
inline constexpr int kNumActions = kFirstAction + kMaxPlayers;

struct Options {
  int players = 5;
  int games = 10;  // deals in the match
  bool eight_cut = true;
  bool revolution = true;
  bool lock = true;
  int reset_every = 100;  // places forgotten (no exchange) every N games
  int shuffle_every = 3;  // seats shuffled every N games; 0: never after 0
  // uecda: the rules exactly as the UECda server (tndhms) plays them
  // (README "Daifugo on the UECda server"): five players and every special
  // rule on (other values are an error), reset_every >= 2, and
  // shuffle_every=1 never shuffles (the server's `n % 1 == 1` never holds).
  bool uecda = false;
};

enum class Phase : uint8_t {
  kSeating,
  kFirstSeat,
  kDealing,
  kGiveBack,
  kPlay,
  kOver
};

// Position: fixed size, no pointers. A view for one player (Redact) blanks the
// other hands (their sizes stay in `count`) and the exchanges the viewer
// took no part in.
struct Position {
  Deal deal;                                  // hands, field, places, seating
  std::array<Cards, kMaxPlayers> received{};  // cards got in this exchange
  std::array<uint8_t, kMaxPlayers> count{};   // cards held (views only)
  std::array<uint8_t, kMaxPlayers> last_place{};  // the last deal's; 0: none
  std::array<uint8_t, kMaxPlayers> table{};       // player at each position
  // place_count[p][k]: deals player p finished in place k + 1.
  std::array<std::array<uint16_t, kMaxPlayers>, kMaxPlayers> place_count{};
  std::array<uint32_t, kMaxPlayers> points{};  // place points so far
  uint16_t games_done = 0;
  Phase phase = Phase::kSeating;
  uint8_t seated = 0;         // table positions filled while seating
  uint8_t dealing_to = 0;     // who gets the next card
  uint8_t giver = 0;          // who gives back now (kGiveBack)
  uint8_t give_left = 0;      // cards `giver` still gives
  uint8_t hidden = 0;         // bit p: p's hand is blanked (a view)
  bool exchange_due = false;  // this deal follows one with places
};

using Move = uint16_t;
// Move lists: every meld of a hand plus the pass; a giver's 20 cards.
using MoveList = FixedMoveList<Move, kMaxMelds + 1>;

class Rules {
 public:
  using Position = daifugo::Position;
  using Move = daifugo::Move;
  using MoveList = daifugo::MoveList;
  using ChanceList = std::vector<KernelChanceOutcome<Move>>;

  static absl::StatusOr<Rules> Create(const Options& options);
  const Options& options() const { return options_; }
  const DealRules& deal_rules() const { return deal_rules_; }

  GameType Type() const;
  int NumPlayers() const { return options_.players; }
  Action NumDistinctActions() const { return kNumActions; }
  int MaxGameLength() const;
  Position InitialPosition() const;
  Player CurrentPlayer(const Position& s) const;
  void LegalMoves(const Position& s, MoveList& moves) const;
  bool IsLegal(const Position& s, Move m) const;
  void Apply(Position& s, Move m) const;
  void ChanceOutcomes(const Position& s, ChanceList& outcomes) const;
  void ChanceOutcomes(const Position& s,
                      std::vector<ChanceOutcome>& outcomes) const;
  Move SampleChance(const Position& s, Rng& rng) const;
  double Return(const Position& s, Player p) const;
  double Score(const Position& s, Player p) const;
  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }
  std::string ToString(const Position& s) const;
  std::string Serialize(const Position& s) const;
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  // DeserializeView: the inverse of Serialize(Redact(s, viewer)) for a
  // seat `viewer` and a state s that Validate accepts: the viewer's hand
  // shown, every other hand hidden with its size in count=, the exchange
  // shown only where the viewer took part, and hidden cards that some
  // valid deal fills (daifugo_view_text.cc). Else an InvalidArgument error
  // naming the problem.
  absl::StatusOr<Position> DeserializeView(std::string_view text,
                                        Player viewer) const;
  // Validate: what play keeps: no view (hidden hands), every card in
  // exactly one place once dealt and nowhere before, hands dealt one at a
  // time around the table, places, points and place counts that agree,
  // the table a permutation that next= follows, the exchange's transfers
  // in order, the field's cards played and its lock its suits, players out
  // exactly when their hands are empty; then CheckPlayable.
  absl::Status Validate(const Position& s) const;
  std::string ObservationString(const Position& s, Player p) const;
  std::string MoveToString(const Position& s, Move m) const;
  std::optional<Move> ParseMove(const Position& s, std::string_view text) const;

  // Tensors for learners (docs/daifugo.md, daifugo_tensor.cc).
  std::vector<int> ObservationTensorShape() const;
  void ObservationTensor(const Position& s, Player p, absl::Span<float> out) const;
  std::vector<int> InformationStateTensorShape() const;
  void InformationStateTensor(const Position& s, Player p,
                              absl::Span<float> out) const;

  // Hidden information. Redact for a `viewer` that is no seat (chance, a
  // spectator) hides every hand.
  Position Redact(const Position& s, Player viewer) const;
  bool MoveVisibleTo(const Position& before, Player actor, Move m,
                     Player observer) const;
  // MoveSeenBy: bit p set when seat p sees m (MoveVisibleTo for each seat).
  uint32_t MoveSeenBy(const Position& before, Player actor, Move m) const;
  // Determinize: a full state consistent with the view of `viewer`: the
  // hidden hands dealt at random from the cards the viewer has not seen,
  // each of its size, and holding the cards the viewer gave that player in
  // the exchange (unless played since). REQUIRES a view (or a full state).
  Position Determinize(const Position& view, Player viewer, Rng& rng) const;

  // Horizon of searches: the end of the current deal, valued by its place
  // points (each player's points minus the table's mean).
  bool HorizonReached(const Position& s) const;
  double HorizonReturn(const Position& s, Player p) const;

  // Tallies: the deals player p finished in each place ("place_1", ...).
  std::vector<std::string> TallyNames() const;
  std::vector<double> Tallies(const Position& s, Player p) const;
  // Units: one game is a "match" of `games` "deal"s.
  GameUnits Units() const;

  // CardCount: the cards player p holds (also in a view).
  static int CardCount(const Position& s, Player p);
  // PlacePoints: the points of finishing in `place`.
  int PlacePoints(int place) const { return options_.players + 1 - place; }
  // Partner: whom p exchanges cards with before this deal, or -1.
  int Partner(const Position& s, Player p) const;

  static Move PlayMove(const Meld& meld) {
    return static_cast<Move>(MeldIndex::Get().IdOf(meld));
  }
  static Move GiveMove(int card) {
    return static_cast<Move>(kGiveAction + card);
  }

 private:
  explicit Rules(const Options& options);
  // ListChanceOutcomes: for both ChanceOutcomes ({move or action, p}).
  template <class List>
  void ListChanceOutcomes(const Position& s, List& outcomes) const;
  void StartNextDeal(Position& s) const;
  void AfterDealing(Position& s) const;
  void NextGiver(Position& s) const;
  void EndDeal(Position& s) const;
  int PlayerWithPlace(const Position& s, int place) const;
  // Parse: the state Serialize wrote, read field by field and not
  // validated (Deserialize and DeserializeView check it their ways).
  absl::StatusOr<Position> Parse(std::string_view text) const;
  // ReceivedInGiveBack: how many cards p holds received in the exchange
  // while the give-back of `s` is in progress.
  int ReceivedInGiveBack(const Position& s, Player p) const;

  Options options_;
  DealRules deal_rules_;
};

// The capabilities this kernel has (gameai/kernel/kernel.h): a slip in
// one of their signatures fails here instead of turning it off.
static_assert(Kernel<Rules>);
static_assert(ChanceKernel<Rules>);
static_assert(HasActionChanceOutcomes<Rules>);
static_assert(HasFastIsLegal<Rules>);
static_assert(HasParseMove<Rules>);
static_assert(HiddenInformationKernel<Rules>);
static_assert(HasDeserializeView<Rules>);
static_assert(HasDeterminize<Rules>);
static_assert(HasSearchHorizon<Rules>);
static_assert(HasTallies<Rules>);
static_assert(HasValidate<Rules>);
static_assert(HasUnits<Rules>);
static_assert(HasObservationTensor<Rules>);
static_assert(HasInformationStateTensor<Rules>);

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_DAIFUGO_H_
