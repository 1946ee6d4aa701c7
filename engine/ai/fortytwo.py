"""A computer partner for the 42 family (Four Hand Texas, Seventy-Nine), seeing only ``view(seat)`` and
``legal_actions(seat)``.

Bidding: each possible trump is valued from the hand (trump length, the unbroken run of top trumps, other
doubles, the count held), by weights fitted on self-play (``benchmarks/trick_ai_strength.py --calibrate``); the
player bids the least that wins the auction when its best estimate reaches it, never over a partner by a hair, and
bids the limit only with every trick in hand. Play: the bidding side pulls trumps with its top trumps, anyone leads
sure winners (bosses) before low tiles, a player never overtakes a partner who is winning safely and feeds that
partner count, beats an opponent as cheaply as it can, and otherwise throws its least useful tile (keeping trumps,
doubles and count). In Nel-O the bidder ducks with its highest safe tile and the others try to make it win.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from engine.actions import Action, Bid, Call, Pass, Play
from engine.ai.base import HeuristicPlayer
from engine.fortytwo import FortyTwoGame
from engine.game import Game
from engine.tiles import Tile, double_set
from engine.trickgame import PLAY
from engine.tricks import DOUBLES, IN_NUMBERS, NumberSuits, count_value, trick_winner
from engine.views import TrickView, seat_and_hand, seat_and_tile, trick_view

NEL_O = "nel_o"
# Weights of (1, trumps held, top trumps held in a run, other doubles, count held / 5), per game; see module doc.
WEIGHTS: dict[str, tuple[float, ...]] = {
    "texas42": (6.3, 4.5, 1.9, 2.7, 0.8),
    "seventy_nine": (13.5, 6.0, 2.9, 2.5, 0.8),
}
DEFAULT_WEIGHTS = WEIGHTS["texas42"]
SAFETY = 2.0  # points of margin an estimate must clear before the player bids
DEALER_SLACK = 4.0  # the dealer, last to speak after all passes, bids on this much less


@dataclass
class Table:
    """What one seat knows, read from its view."""

    seat: int
    seats: int
    game: str
    hand: list[Tile]
    sides: list[list[int]]
    copies: int
    total: int
    dealer: int = 0
    trumps: str | None = None
    rule: NumberSuits = field(default_factory=NumberSuits)
    bidder: int | None = None
    bid: int = 0
    high: tuple[int, int] | None = None
    led: str | None = None
    plays: list[tuple[int, Tile]] = field(default_factory=list)
    played: list[Tile] = field(default_factory=list)
    sitting_out: list[int] = field(default_factory=list)

    @staticmethod
    def read(view: TrickView) -> Table:
        """The seat's knowledge from its view (COMMON "trick" conventions)."""
        seats = int(view["seats"])
        seat, hand = seat_and_hand(view)
        table = Table(seat=seat, seats=seats, game=str(view["game"]),
                      hand=[Tile.parse(x) for x in hand], sides=[list(s) for s in view["sides"]],
                      copies=2 if seats == 6 else 1, total=int(view.get("hand_points") or 42),
                      dealer=int(view.get("dealer") or 0))
        contract = view.get("contract")
        if contract:
            table.bidder, table.bid, table.trumps = int(contract["seat"]), int(contract["bid"]), contract["trumps"]
            if table.trumps is not None:
                trump = None if table.trumps in ("none", NEL_O) else table.trumps
                table.rule = NumberSuits(trump, str(contract.get("doubles") or IN_NUMBERS))
        high = view.get("high_bid")
        if high:
            table.high = (int(high[0]), int(high[1]))
        trick = view.get("trick")
        if trick:
            table.led = trick["led_suit"]
            table.plays = [(s, Tile.parse(x)) for s, x in map(seat_and_tile, trick["plays"])]
        table.played = [Tile.parse(x) for x in view.get("played", [])]
        table.sitting_out = list(view.get("sitting_out", []))
        return table

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for."""
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def partner(self, seat: int) -> bool:
        """True when ``seat`` is on this seat's side."""
        return self.side(seat) == self.side(self.seat)

    def unseen(self) -> Counter[Tile]:
        """Tiles this seat has not seen: in other hands or dead."""
        left: Counter[Tile] = Counter({tile: self.copies for tile in double_set(6)})
        left.subtract(self.hand)
        left.subtract(self.played)
        left.subtract(tile for _, tile in self.plays)
        return +left

    def still_to_play(self) -> int:
        """How many seats play to this trick after this one."""
        active = self.seats - len(self.sitting_out)
        return active - len(self.plays) - 1


# ----- valuing a hand -------------------------------------------------------------------------------------------------
def features(hand: list[Tile], trumps: str, copies: int) -> tuple[float, ...]:
    """(1, trumps held, top trumps in an unbroken run, other doubles, count held / 5) for naming ``trumps``."""
    rule = NumberSuits(None if trumps == "none" else trumps)
    held = Counter(hand)
    trump_tiles = [x for x in hand if rule.is_trump(x)]
    run = 0
    if rule.trump is not None:
        order = sorted((x for x in double_set(6) if rule.is_trump(x)), key=lambda x: rule.rank(x, trumps),
                       reverse=True)
        for tile in order:
            run += held[tile]
            if held[tile] < copies:
                break
    doubles = sum(1 for x in hand if x.is_double and not rule.is_trump(x))
    count = sum(count_value(x) for x in hand) / 5
    return (1.0, float(len(trump_tiles)), float(run), float(doubles), count)


def estimate(hand: list[Tile], trumps: str, copies: int, game: str) -> float:
    """The points the bidding side may expect when this hand names ``trumps``."""
    weights = WEIGHTS.get(game, DEFAULT_WEIGHTS)
    return sum(w * f for w, f in zip(weights, features(hand, trumps, copies), strict=True))


def sure_tricks(hand: list[Tile], trumps: str, copies: int) -> int:
    """Tricks this hand takes for certain by leading from the top: all of them when every trump it holds is in the
    top run, that run outnumbers the trumps out, and its other tiles are doubles (with one set: bosses once trumps
    are drawn); else the run of top trumps."""
    rule = NumberSuits(None if trumps == "none" else trumps)
    if rule.trump is None:
        return 0
    run = int(features(hand, trumps, copies)[2])
    held = sum(1 for x in hand if rule.is_trump(x))
    out = sum(1 for x in double_set(6) if rule.is_trump(x)) * copies - held
    others_sure = all(x.is_double for x in hand if not rule.is_trump(x)) and copies == 1
    if run == held and run >= out and (others_sure or run == len(hand)):
        return len(hand)
    return run


# ----- the player ----------------------------------------------------------------------------------------------------
class FortyTwoPlayer(HeuristicPlayer):
    """A heuristic partner for Texas 42 and Seventy-Nine."""

    safety = SAFETY
    dealer_slack = DEALER_SLACK

    def decide(self, game: Game, seat: int, legal: list[Action]) -> Action:
        view = trick_view(game.view(seat))
        table = Table.read(view)
        if view["phase"] == "bid":
            return self.bid(table, legal)
        if view["phase"] == "trump":
            return self.name_trumps(table, legal)
        plays = [a for a in legal if isinstance(a, Play)]
        tile = choose_tile(table, [a.tile for a in plays])
        return next(a for a in plays if a.tile == tile)

    def best_trumps(self, table: Table, options: list[str]) -> tuple[str, float]:
        """The trump option with the highest estimate, and that estimate."""
        rated = [(estimate(table.hand, t, table.copies, table.game), t) for t in options]
        value, trumps = max(rated)
        return trumps, value

    def bid(self, table: Table, legal: list[Action]) -> Action:
        """Bid the least that wins the auction when the hand is worth it; the limit only with every trick."""
        amounts = sorted(a.amount for a in legal if isinstance(a, Bid))
        options = [str(n) for n in range(7)] + ([DOUBLES] if table.game == "texas42" else [])
        trumps, value = self.best_trumps(table, options)
        tricks = len(table.hand)
        if table.high is not None and table.partner(table.high[0]):
            value -= 6  # let a partner's bid stand unless this hand is clearly better
        if table.high is None and table.seat == table.dealer:
            value += self.dealer_slack  # everyone passed: a thin bid beats throwing the hand in
        for amount in amounts:
            if amount >= table.total:
                if amount == table.total and sure_tricks(table.hand, trumps, table.copies) >= tricks:
                    return Bid(amount)
                break
            if value - self.safety >= amount:
                return Bid(amount)
            break
        return Pass() if Pass() in legal else Bid(amounts[0])

    def name_trumps(self, table: Table, legal: list[Action]) -> Action:
        """Name the best trump; Nel-O when offered and the hand is made of low tiles."""
        calls = {a.name: a for a in legal if isinstance(a, Call)}
        options = [name.split(":", 1)[1] for name in calls if name.startswith("trump:")]
        trumps, value = self.best_trumps(table, options)
        if NEL_O in calls and nel_o_hand(table.hand) and value < table.bid:
            return calls[NEL_O]
        return calls[f"trump:{trumps}"]


def nel_o_hand(hand: list[Tile]) -> bool:
    """A hand that can hope to lose every trick: no doubles (each tops its suit) and every tile at the bottom of its
    suit (low end 0 or 1, a 2 at most once)."""
    return all(not x.is_double and x.low <= 2 for x in hand) and sum(x.low == 2 for x in hand) <= 1


# ----- play -----------------------------------------------------------------------------------------------------
def strength(rule: NumberSuits, tile: Tile, led: str | None) -> tuple[int, int]:
    """How strongly ``tile`` plays: trumps, then the led suit, then anything, each by rank."""
    if rule.trump is not None and rule.is_trump(tile):
        return (2, rule.rank(tile, rule.trump))
    if led is not None and rule.follows(tile, led):
        return (1, rule.rank(tile, led))
    return (0, tile.pips)


def keep_value(table: Table, tile: Tile) -> float:
    """How much a tile is worth keeping (low: throw it first)."""
    value = 3.0 * count_value(tile) + (25.0 if table.rule.is_trump(tile) else 0.0)
    value += 6.0 if tile.is_double else 0.0
    return value + 0.3 * tile.pips


def wins_now(table: Table, tile: Tile) -> bool:
    """True when ``tile`` would take the lead of the current trick."""
    tiles = [x for _, x in table.plays] + [tile]
    led = table.led or table.rule.suit_of_lead(tile)
    return trick_winner(tiles, led, table.rule) == len(tiles) - 1


def is_boss(table: Table, tile: Tile, led: str | None, plays: list[Tile], unseen: Counter[Tile]) -> bool:
    """True when no unseen tile could beat ``tile`` in this trick (opponents' voids aside)."""
    suit = led or table.rule.suit_of_lead(tile)
    return all(trick_winner([*plays, tile, other], suit, table.rule) != len(plays) + 1 for other in unseen)


def choose_tile(table: Table, tiles: list[Tile]) -> Tile:
    """The tile to play now."""
    if table.trumps == NEL_O:
        return nel_o_tile(table, tiles)
    if not table.plays:
        return lead_tile(table, tiles)
    return follow_tile(table, tiles)


def lead_tile(table: Table, tiles: list[Tile]) -> Tile:
    """Lead: pull trumps with a top trump when bidding, then sure winners (count first), else a cheap tile."""
    rule, unseen = table.rule, table.unseen()
    trumps_out = rule.trump is not None and any(rule.is_trump(x) for x in unseen)
    mine = [x for x in tiles if rule.is_trump(x)]
    bosses = [x for x in tiles if is_boss(table, x, None, [], unseen)]
    if trumps_out and table.bidder is not None and table.partner(table.bidder):
        top = [x for x in bosses if rule.is_trump(x)]
        if top:
            return max(top, key=lambda x: strength(rule, x, None))
        if mine and table.seat == table.bidder:
            return max(mine, key=lambda x: strength(rule, x, None))
    safe = [x for x in bosses if rule.is_trump(x) or not trumps_out]
    if safe:
        return max(safe, key=lambda x: (count_value(x), x.is_double, x.pips))
    if bosses:
        return max(bosses, key=lambda x: (x.is_double, -count_value(x)))
    return min(tiles, key=lambda x: keep_value(table, x))


def follow_tile(table: Table, tiles: list[Tile]) -> Tile:
    """Follow: feed a partner who wins safely, beat an opponent cheaply, else throw the least useful tile."""
    rule, unseen = table.rule, table.unseen()
    played = [x for _, x in table.plays]
    assert table.led is not None
    leader_index = trick_winner(played, table.led, rule)
    last = table.still_to_play() == 0
    winners = [x for x in tiles if wins_now(table, x)]
    losers = [x for x in tiles if x not in winners]
    if table.partner(table.plays[leader_index][0]):
        safe = last or is_boss(table, played[leader_index], table.led, played[:leader_index], unseen)
        pool = losers or tiles
        if safe:
            return max(pool, key=lambda x: (count_value(x), -keep_value(table, x)))
        return min(pool, key=lambda x: keep_value(table, x))
    if winners:
        sure = winners if last else [x for x in winners if is_boss(table, x, table.led, played, unseen)]
        if sure:
            return max(sure, key=lambda x: (count_value(x), -keep_value(table, x)))
        at_stake = sum(count_value(x) for x in played)
        if at_stake >= 10:
            return max(winners, key=lambda x: strength(rule, x, table.led))
    return min(losers or tiles, key=lambda x: keep_value(table, x))


def nel_o_tile(table: Table, tiles: list[Tile]) -> Tile:
    """Nel-O: the bidder ducks with its highest losing tile; a teammate still playing (``nel_o_one_partner_out``)
    takes the trick off the bidder when it can; the opponents leave the bidder winning."""
    rule = table.rule
    if table.bidder is not None and table.seat != table.bidder and table.partner(table.bidder):
        if table.plays:
            winners = [x for x in tiles if wins_now(table, x)]
            if winners:
                return min(winners, key=lambda x: strength(rule, x, table.led))
        return max(tiles, key=lambda x: strength(rule, x, table.led))
    if table.seat == table.bidder:
        if not table.plays:
            unseen = table.unseen()
            return max(tiles, key=lambda x: sum(n for o, n in unseen.items()
                                                if trick_winner([x, o], rule.suit_of_lead(x), rule) == 1))
        ducks = [x for x in tiles if not wins_now(table, x)]
        if ducks:
            return max(ducks, key=lambda x: strength(rule, x, table.led))
        return min(tiles, key=lambda x: strength(rule, x, table.led))
    bidder_played = any(seat == table.bidder for seat, _ in table.plays)
    if bidder_played:
        ducks = [x for x in tiles if not wins_now(table, x)]
        if ducks:
            return max(ducks, key=lambda x: strength(rule, x, table.led))
    return min(tiles, key=lambda x: strength(rule, x, table.led))


PLAYER = FortyTwoPlayer


# ----- for the search player (engine/ai/search.py) ----------------------------------------------------------------
#: How likely a deal is kept (against one that agrees with the bidding) when the bidder's hand in it would not have
#: bid what it bid, by the heuristic's estimate: a soft constraint, since people (and the dealer's thin bids) bid
#: on less.
UNLIKELY_BID = 0.25


class FastPlayout:
    """A quick playout player for the play of a 42-family hand (a determinized copy), about five times cheaper than
    :class:`FortyTwoPlayer`: it reads the game's own state, and uses only its own hand and the public play. The
    bidding side leads its highest trump while it holds trumps, anyone else a double or its least useful tile; a
    follower feeds count to a partner winning the trick (the last seat, or behind a trump or a double), takes a
    trick from an opponent with its cheapest winner when count is on it or it plays last, and otherwise throws its
    least useful tile. A little noise keeps the playouts varied. Bidding, trumps and Nel-O go to the heuristic."""

    name = "fast42"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fallback: FortyTwoPlayer | None = None

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        trick = getattr(game, "trick", None)
        if not isinstance(game, FortyTwoGame) or game.phase != PLAY or trick is None or game.trumps == NEL_O:
            if self.fallback is None:
                self.fallback = FortyTwoPlayer(self.rng.getrandbits(32))
            return self.fallback.choose(game, seat)
        rule = game.suit_rule()
        noise = self.rng.random
        side = game.side_of(seat)
        by_tile: dict[Tile, Action] = {}
        for action in legal:
            if isinstance(action, Play):
                by_tile.setdefault(action.tile, action)
        tiles = list(by_tile)

        def keep(tile: Tile) -> float:
            value = 3.0 * count_value(tile) + (25.0 if rule.is_trump(tile) else 0.0)
            return value + (6.0 if tile.is_double else 0.0) + 0.3 * tile.pips + 2.0 * noise()

        if not trick.plays:
            if game.bidding_side() == side:
                trumps = [x for x in tiles if rule.is_trump(x)]
                if trumps and rule.trump is not None and noise() < 0.85:
                    trump = rule.trump
                    return by_tile[max(trumps, key=lambda x: rule.rank(x, trump))]
            doubles = [x for x in tiles if x.is_double and not rule.is_trump(x)]
            if doubles and noise() < 0.7:
                return by_tile[max(doubles, key=lambda x: x.high)]
            return by_tile[min(tiles, key=keep)]
        led = trick.led_suit
        assert led is not None
        played = [x for _, x in trick.plays]
        leading = trick_winner(played, led, rule)
        last = len(played) == len(game.active_seats()) - 1
        winners = [x for x in tiles if trick_winner([*played, x], led, rule) == len(played)]
        losers = [x for x in tiles if x not in winners] or tiles
        if game.side_of(trick.plays[leading][0]) == side:
            top = played[leading]
            if last or top.is_double or rule.is_trump(top):
                return by_tile[max(losers, key=lambda x: count_value(x) - 0.1 * keep(x))]
            return by_tile[min(losers, key=keep)]
        if winners and (last or sum(count_value(x) for x in played) > 0 or noise() < 0.5):
            return by_tile[min(winners, key=keep)]
        return by_tile[min(losers, key=keep)]


def bid_weight(world: Game, seat: int) -> float:
    """How well a determinized 42 deal agrees with the bidding, for ``seat`` (a soft constraint on the deals): 1
    when the bidder's hand in it (its tiles now and those it has played this hand) is worth its bid with the trumps
    it named, by the heuristic's estimate; :data:`UNLIKELY_BID` when not. 1 outside the play of a hand, or when
    ``seat`` is the bidder."""
    if not isinstance(world, FortyTwoGame) or world.phase != PLAY or world.high is None or world.trumps is None:
        return 1.0
    bidder, amount = world.high
    if bidder == seat or world.trumps == NEL_O:
        return 1.0
    hand = list(world.hands[bidder])
    for who, action in reversed(world.history):
        if not isinstance(action, Play):  # the trumps named: this hand's play starts after it
            break
        if who == bidder:
            hand.append(action.tile)
    copies = 2 if world.seats == 6 else 1
    value = estimate(hand, world.trumps, copies, world.key)
    if bidder == world.dealer and all(bid is None for who, bid in world.bids if who != bidder):
        value += DEALER_SLACK  # the dealer's thin bid after everyone passed
    return 1.0 if value - SAFETY >= min(amount, world.TOTAL) else UNLIKELY_BID
