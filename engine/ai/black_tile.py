"""A computer player for Eleven Point Black Tile, seeing only ``view(seat)`` and ``legal_actions(seat)``.

The pass sheds the dangerous tiles: 0-0 (4 points, and the top of the blanks), the high threes and the tiles that
top their suits. The first leader passes the lead when every lead it has is likely to win. Leads pick the tile and
suit least likely to take the trick, weighed by the counters that could fall on it; a double may be led as the
doubles suit to dump it low (0-0 is the lowest double). Following, a player ducks under the winning tile with its
highest tile (a counter first), and when void it discards 0-0, then threes, then high tiles. It takes tricks only
when forced (then with its highest non-counter when last to play), unless it is shooting the moon (it holds every
counter taken so far, at least 7, with strong tiles left), or another player threatens to shoot it and a counter
can be taken to stop them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.actions import Action, Choose, Pass, Play
from engine.ai.base import HeuristicPlayer
from engine.game import Game
from engine.games.black_tile import black_tile_suits, counter_points, counters
from engine.tiles import Tile, double_set
from engine.tricks import NumberSuits, trick_winner
from engine.views import TrickView, seat_and_hand, seat_and_tile, trick_view

RULE: NumberSuits = black_tile_suits()
MOON_START = 7  # counters a player must hold alone before trying (or fearing) a moon


@dataclass
class Seen:
    """What one seat knows, read from its view."""

    seat: int
    seats: int
    hand: list[Tile]
    taken: list[int]
    led: str | None = None
    plays: list[tuple[int, Tile]] = field(default_factory=list)
    played: list[Tile] = field(default_factory=list)

    @staticmethod
    def read(view: TrickView) -> Seen:
        """The seat's knowledge from its view."""
        seat, hand = seat_and_hand(view)
        seen = Seen(seat=seat, seats=int(view["seats"]), hand=[Tile.parse(x) for x in hand],
                    taken=[int(x) for x in view["points_taken"]])
        trick = view.get("trick")
        if trick:
            seen.led = trick["led_suit"]
            seen.plays = [(s, Tile.parse(x)) for s, x in map(seat_and_tile, trick["plays"])]
        seen.played = [Tile.parse(x) for x in view.get("played", [])]
        return seen

    def unseen(self) -> Counter[Tile]:
        """Tiles in other hands (or dead)."""
        left = Counter(double_set(6))
        left.subtract(self.hand)
        left.subtract(self.played)
        left.subtract(tile for _, tile in self.plays)
        return +left

    def still_to_play(self) -> int:
        """How many seats play to this trick after this one."""
        return self.seats - len(self.plays) - 1

    def moon_shooter(self) -> int | None:
        """The seat that has taken every counter so far, at least ``MOON_START`` of them, if any."""
        total = sum(self.taken)
        if total < MOON_START:
            return None
        return next((s for s, points in enumerate(self.taken) if points == total), None)


# ----- the pass ----------------------------------------------------------------------------------------------------
def danger(tile: Tile) -> float:
    """How risky a tile is to hold: 0-0 most, then threes by height, then tiles that top their suits."""
    if tile == Tile.of(0, 0):
        return 20.0
    if tile.has(3):
        return 4.0 + tile.other(3) + (4.0 if tile.is_double else 0.0)
    return (5.0 if tile.is_double else 0.0) + 0.6 * tile.high + 0.2 * tile.low


def pass_choice(hand: list[Tile]) -> tuple[Tile, ...]:
    """The three most dangerous tiles."""
    return tuple(sorted(hand, key=danger, reverse=True)[:3])


# ----- play ----------------------------------------------------------------------------------------------------------
def beats(plays: list[Tile], suit: str, tile: Tile) -> bool:
    """True when ``tile`` added to ``plays`` (led as ``suit``) would be winning."""
    tiles = [*plays, tile]
    return trick_winner(tiles, suit, RULE) == len(tiles) - 1


def win_chance(seen: Seen, tile: Tile, suit: str, unseen: Counter[Tile]) -> float:
    """A rough chance that ``tile`` led as ``suit`` takes the trick: each higher tile still out may overtake it."""
    higher = sum(1 for other in unseen if RULE.follows(other, suit) and beats([tile], suit, other))
    if higher == 0:
        return 1.0
    followers = sum(1 for other in unseen if RULE.follows(other, suit))
    return (1.0 - higher / max(followers, 1)) ** max(seen.seats - 1, 1) * 0.8


def lead_cost(seen: Seen, action: Play, unseen: Counter[Tile]) -> float:
    """Expected counters taken by leading ``action``, with a little for the height of the tile."""
    suit = RULE.suit_of_lead(action.tile, action.suit)
    points_out = counters(unseen)
    expected = counter_points(action.tile) + points_out * (seen.seats - 1) / max(sum(unseen.values()), 1) * 1.5
    return win_chance(seen, action.tile, suit, unseen) * expected + 0.01 * action.tile.pips


def lead(seen: Seen, plays: list[Play], may_pass: bool) -> Action:
    """The cheapest lead, or (the first leader, when every lead is risky) passing the lead."""
    unseen = seen.unseen()
    if shooting(seen):
        return max(plays, key=lambda p: (win_chance(seen, p.tile, RULE.suit_of_lead(p.tile, p.suit), unseen),
                                         counter_points(p.tile)))
    costs = [(lead_cost(seen, p, unseen), i) for i, p in enumerate(plays)]
    cost, best = min(costs)
    if may_pass and cost > 1.0:
        return Pass()
    return plays[best]


def shooting(seen: Seen) -> bool:
    """True when this seat is going for the moon."""
    return seen.moon_shooter() == seen.seat


def discard(tiles: list[Tile]) -> Tile:
    """Void in the led suit: throw the most dangerous tile."""
    return max(tiles, key=danger)


def follow(seen: Seen, tiles: list[Tile]) -> Tile:
    """Duck under the winner (a counter first), discard danger when void, win only when forced or for the moon."""
    assert seen.led is not None
    played = [x for _, x in seen.plays]
    suit = seen.led
    winners = [x for x in tiles if beats(played, suit, x)]
    ducks = [x for x in tiles if x not in winners]
    at_stake = counters(played)
    shooter = seen.moon_shooter()
    if shooting(seen) and winners:
        return max(winners, key=lambda x: (RULE.rank(x, suit) if RULE.follows(x, suit) else -1, counter_points(x)))
    if shooter is not None and shooter != seen.seat and winners and (at_stake or any(map(counter_points, winners))):
        return max(winners, key=lambda x: (counter_points(x), RULE.rank(x, suit) if RULE.follows(x, suit) else -1))
    if not any(RULE.follows(x, suit) for x in tiles):
        return discard(tiles)
    if ducks:
        return max(ducks, key=lambda x: (counter_points(x), RULE.rank(x, suit) if RULE.follows(x, suit) else -1))
    clean = [x for x in winners if not counter_points(x)] or winners
    if seen.still_to_play() == 0:
        return max(clean, key=lambda x: RULE.rank(x, suit))
    return min(clean, key=lambda x: RULE.rank(x, suit))


class BlackTilePlayer(HeuristicPlayer):
    """A heuristic player for Eleven Point Black Tile."""

    def decide(self, game: Game, seat: int, legal: list[Action]) -> Action:
        view = trick_view(game.view(seat))
        seen = Seen.read(view)
        if view["phase"] == "pass":
            choice = Choose(pass_choice(seen.hand))
            return choice if choice in legal else self.rng.choice(legal)
        plays = [a for a in legal if isinstance(a, Play)]
        if not seen.plays:
            return lead(seen, plays, Pass() in legal)
        tile = follow(seen, [p.tile for p in plays])
        return next(p for p in plays if p.tile == tile)


PLAYER = BlackTilePlayer
