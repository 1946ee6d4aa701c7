"""A computer partner for Domino Euchre, seeing only ``view(seat)`` and ``legal_actions(seat)``.

Acceptance: the hand is valued in expected tricks under the trump on offer (bowers near a trick each, other trumps
by rank and length, plain doubles by the players who may trump them), counting the turn-up for a dealer who takes
it up (and for a partner dealer, against an opposing one); the player accepts when that value says the makers
take three tricks often enough to be worth the risk of a euchre, and goes Alone when a march is likely. The
dealer discards its least useful plain tile, preferring one that leaves a void. Play: the makers pull trumps with
their top trumps, anyone leads sure winners (declaring the suit they top) before low tiles, a player never
overtakes a partner who is winning safely, beats an opponent as cheaply as it can, and otherwise throws its least
useful tile, keeping bowers and trumps.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.actions import Action, Call, Choose, Pass, Play
from engine.ai.base import HeuristicPlayer
from engine.game import Game
from engine.games.euchre import EuchreSuits, left_bower, right_bower
from engine.tiles import Tile, double_set
from engine.tricks import trick_winner
from engine.views import TrickView, seat_and_hand, seat_and_tile, trick_view

# The hand value at which a player accepts, per number of players: where the makers (heuristic players throughout)
# make their contract about 62% of the time, the break-even of +1 against the opponents' +2 (measured on 2000
# forced acceptances per table size by benchmarks/trick_ai_strength_2.py --calibrate).
NEED = {2: 2.3, 3: 2.55, 4: 1.75}
ALONE = 3.4  # a lone hand from here marches about 60% of the time and is almost never euchred


@dataclass
class Seen:
    """What one seat knows, read from its view."""

    seat: int
    seats: int
    hand: list[Tile]
    sides: list[list[int]]
    dealer: int
    trump: int | None
    turnup: Tile | None
    turnup_taken: bool
    turnup_stays: bool
    maker: int | None = None
    led: str | None = None
    plays: list[tuple[int, Tile]] = field(default_factory=list)
    out_of_play: list[Tile] = field(default_factory=list)
    sitting_out: list[int] = field(default_factory=list)

    @staticmethod
    def read(view: TrickView) -> Seen:
        """The seat's knowledge from its view."""
        turnup = view.get("turnup")
        seat, hand = seat_and_hand(view)
        seen = Seen(seat=seat, seats=int(view["seats"]), hand=[Tile.parse(x) for x in hand],
                    sides=[list(s) for s in view["sides"]], dealer=int(view["dealer"] or 0), trump=view.get("trump"),
                    turnup=Tile.parse(turnup) if turnup else None, turnup_taken=bool(view.get("turnup_taken")),
                    turnup_stays=bool(view.get("turnup_stays")))
        contract = view.get("contract")
        if contract:
            seen.maker = int(contract["seat"])
        trick = view.get("trick")
        if trick:
            seen.led = trick["led_suit"]
            seen.plays = [(s, Tile.parse(x)) for s, x in map(seat_and_tile, trick["plays"])]
        gone = [*view.get("played", []), *view.get("turnups_rejected", []), *view.get("discarded", [])]
        seen.out_of_play = [Tile.parse(x) for x in gone]
        if seen.turnup is not None and not seen.turnup_taken and seen.maker is not None:
            seen.out_of_play.append(seen.turnup)  # left face up on the table: out of play
        seen.sitting_out = list(view.get("sitting_out", []))
        return seen

    @property
    def rule(self) -> EuchreSuits:
        """The suits under the trump on offer or chosen."""
        return EuchreSuits(trump=str(self.trump), declare=True)

    def partner(self, seat: int) -> bool:
        """True when ``seat`` plays on this seat's side."""
        return any(seat in side and self.seat in side for side in self.sides)

    def unseen(self) -> Counter[Tile]:
        """Tiles that may still be in another active hand."""
        left = Counter(double_set(6))
        left.subtract(self.hand)
        left.subtract(self.out_of_play)
        left.subtract(tile for _, tile in self.plays)
        return +left

    def still_to_play(self) -> int:
        """How many seats play to this trick after this one."""
        return self.seats - len(self.sitting_out) - len(self.plays) - 1


# ----- valuing a hand ---------------------------------------------------------------------------------------------
def tile_value(tile: Tile, trump: int, seats: int, trumps_held: int) -> float:
    """The tricks ``tile`` may be expected to take with ``trump`` trumps: a bower nearly one, other trumps by rank
    (more when the trumps are long), a plain double by how few players may trump it."""
    if tile == right_bower(trump):
        return 1.0
    if tile == left_bower(trump):
        return 0.85
    if tile.has(trump):
        return 0.3 + 0.07 * tile.other(trump) + 0.12 * max(trumps_held - 2, 0)
    if tile.is_double:
        return {2: 0.75, 3: 0.6}.get(seats, 0.45)
    return 0.1 if tile.high == 6 else 0.03


def hand_value(hand: list[Tile], trump: int, seats: int) -> float:
    """The tricks a hand may expect to take with ``trump`` trumps."""
    rule = EuchreSuits(trump=str(trump))
    held = sum(1 for x in hand if rule.is_trump(x))
    return sum(tile_value(x, trump, seats, held) for x in hand)


def discard_choice(hand: list[Tile], trump: int, seats: int) -> Tile:
    """The least useful tile: a plain tile (trumps are kept) of low value, best one that leaves a void."""
    rule = EuchreSuits(trump=str(trump))
    held = sum(1 for x in hand if rule.is_trump(x))
    numbers = Counter(n for x in hand if not rule.is_trump(x) for n in {x.high, x.low})

    def cost(tile: Tile) -> tuple[bool, float, float]:
        voids = sum(1 for n in {tile.high, tile.low} if numbers[n] == 1)
        return (rule.is_trump(tile), tile_value(tile, trump, seats, held), -voids + 0.01 * tile.pips)

    return min(hand, key=cost)


# ----- the player ----------------------------------------------------------------------------------------------------
class EuchrePlayer(HeuristicPlayer):
    """A heuristic partner for Domino Euchre."""

    def decide(self, game: Game, seat: int, legal: list[Action]) -> Action:
        view = trick_view(game.view(seat))
        seen = Seen.read(view)
        if view["phase"] == "accept":
            return self.accept(seen, legal)
        if view["phase"] == "discard":
            assert seen.trump is not None
            return Choose((discard_choice(seen.hand, seen.trump, seen.seats),))
        return play(seen, [a for a in legal if isinstance(a, Play)])

    def accept(self, seen: Seen, legal: list[Action]) -> Action:
        """Accept from a hand worth the risk (``NEED``); Alone with a very strong hand (``ALONE``)."""
        value = accept_value(seen)
        if Call("alone") in legal and value >= ALONE:
            return Call("alone")
        return Call("accept") if value >= NEED[seen.seats] else Pass()


def accept_value(seen: Seen) -> float:
    """The hand's value under the trump on offer: with the turn-up (less the discard) for the dealer who takes it
    up; at four players, part of the turn-up for a partner dealer, less part of it for an opposing one."""
    assert seen.trump is not None and seen.turnup is not None
    trump, seats = seen.trump, seen.seats
    takes_up = not seen.turnup_stays
    if takes_up and seen.seat == seen.dealer:
        grown = [*seen.hand, seen.turnup]
        grown.remove(discard_choice(grown, trump, seats))
        return hand_value(grown, trump, seats)
    value = hand_value(seen.hand, trump, seats)
    if takes_up and seats == 4:
        turnup = tile_value(seen.turnup, trump, seats, 2)
        value += 0.7 * turnup if seen.partner(seen.dealer) else -0.5 * turnup
    return value


def strength(rule: EuchreSuits, tile: Tile, led: str | None) -> tuple[int, int]:
    """How strongly ``tile`` plays: trumps, then the led suit, then anything, each by rank."""
    if rule.is_trump(tile):
        return (2, rule.rank(tile, str(rule.trump)))
    if led is not None and rule.follows(tile, led):
        return (1, rule.rank(tile, led))
    return (0, tile.pips)


def keep_value(rule: EuchreSuits, tile: Tile) -> float:
    """How much a tile is worth keeping (throw the lowest first)."""
    if rule.is_trump(tile):
        return 20.0 + rule.rank(tile, str(rule.trump))
    return (8.0 if tile.is_double else 0.0) + 0.3 * tile.pips


def beats(rule: EuchreSuits, plays: list[Tile], suit: str, tile: Tile) -> bool:
    """True when ``tile`` added to ``plays`` (led as ``suit``) would be winning."""
    tiles = [*plays, tile]
    return trick_winner(tiles, suit, rule) == len(tiles) - 1


def is_boss(seen: Seen, tile: Tile, suit: str, plays: list[Tile], unseen: Counter[Tile]) -> bool:
    """True when no tile still out could beat ``tile`` in this trick (voids aside)."""
    return all(not beats(seen.rule, [*plays, tile], suit, other) for other in unseen)


def play(seen: Seen, plays: list[Play]) -> Play:
    """The tile (and declared suit) to play now."""
    if not seen.plays:
        return lead(seen, plays)
    tile = follow(seen, [p.tile for p in plays])
    return next(p for p in plays if p.tile == tile)


def lead(seen: Seen, plays: list[Play]) -> Play:
    """Makers pull trumps with top trumps; anyone leads a sure winner; else a low tile in a long suit."""
    rule, unseen = seen.rule, seen.unseen()
    trump = str(seen.trump)
    trumps_out = any(rule.is_trump(x) for x in unseen)
    ours = seen.maker is not None and seen.partner(seen.maker)
    mine = [p for p in plays if rule.is_trump(p.tile)]
    bosses = [p for p in plays if is_boss(seen, p.tile, rule.suit_of_lead(p.tile, p.suit), [], unseen)]
    if trumps_out and ours and mine:
        top = [p for p in bosses if rule.is_trump(p.tile)]
        if top or (seen.seat == seen.maker and len(mine) >= 2):
            return max(top or mine, key=lambda p: strength(rule, p.tile, trump))
    plain_bosses = [p for p in bosses if not rule.is_trump(p.tile)]
    if plain_bosses:
        return max(plain_bosses, key=lambda p: p.tile.pips)
    if bosses and not trumps_out:
        return bosses[0]
    plain = [p for p in plays if not rule.is_trump(p.tile)] or plays
    low = min(keep_value(rule, p.tile) for p in plain)
    cheapest = [p for p in plain if keep_value(rule, p.tile) == low]
    return max(cheapest, key=lambda p: sum(1 for x in unseen if rule.follows(x, rule.suit_of_lead(p.tile, p.suit))))


def follow(seen: Seen, tiles: list[Tile]) -> Tile:
    """Leave a partner who wins safely; beat an opponent as cheaply as possible; else throw the least useful."""
    rule, unseen = seen.rule, seen.unseen()
    assert seen.led is not None
    played = [x for _, x in seen.plays]
    best = trick_winner(played, seen.led, rule)
    last = seen.still_to_play() == 0
    winners = [x for x in tiles if beats(rule, played, seen.led, x)]
    losers = [x for x in tiles if x not in winners]
    if seen.partner(seen.plays[best][0]):
        safe = last or is_boss(seen, played[best], seen.led, played[:best], unseen)
        sure = [] if safe else [x for x in winners if is_boss(seen, x, seen.led, played, unseen)]
        if sure:
            return min(sure, key=lambda x: strength(rule, x, seen.led))
        return min(losers or tiles, key=lambda x: keep_value(rule, x))
    if winners:
        sure = winners if last else [x for x in winners if is_boss(seen, x, seen.led, played, unseen)]
        return min(sure or winners, key=lambda x: strength(rule, x, seen.led))
    return min(losers or tiles, key=lambda x: keep_value(rule, x))


PLAYER = EuchrePlayer
