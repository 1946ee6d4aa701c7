"""A general search player: determinized Monte Carlo ("perfect-information Monte Carlo").

To choose for ``seat`` the player deals out many possible worlds consistent with what the seat may know, through the
observation API (:mod:`engine.observation`): the tiles it cannot see are dealt again among the hidden places (the
other hands, the boneyard, dead or face-down tiles), each place keeping its size, every tile the seat knows the
whereabouts of staying put, and no seat given a tile the public play has shown it does not hold. In each world
every legal action is tried and the rest of the round (hand) is played out by fast playout players; an action is
rated by the seat's side's points gained minus the best other side's (turned round where the lowest total wins,
:attr:`Game.lowest_wins`), plus a bonus or penalty if the match ends. The best average wins.

What the bidding says is a soft constraint on those worlds (:func:`deal_weight`: in the 42 family a deal whose bidder
would not have bid is drawn again, and kept only now and then). What the plays say in Block and Draw can be one too,
as an option measured no stronger (:mod:`engine.ai.reading`: a seat that played a light tile where a much heavier
one would have played is unlikely to hold that one).

Layout games (:class:`engine.linegame.LineGame`) and the play of tricks in trick games
(:class:`engine.trickgame.TrickGame`) are searched; bids and other choices before the play, and Bingo, get the
game's own heuristic player. Domino Poker's bets have a search of their own (:mod:`engine.ai.poker_search`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Protocol

from engine.actions import Action, Play
from engine.ai.endgame import DEFAULT_NODES, solvable, solvable_game, solve, solve_position
from engine.ai.players import own_player
from engine.ai.poker_search import choose_bet
from engine.ai.reading import doubles_first_weight, heavy_first_weight, skipped_doubles_out
from engine.ai.sampling import sample_actions
from engine.fortytwo import FortyTwoGame
from engine.game import Game
from engine.linegame import LineGame
from engine.observation import Observation, all_deals, deal, determinize
from engine.tiles import Tile

SEARCHED_FAMILIES = ("line", "trick", "poker")
MAX_PLAYOUT_ACTIONS = 4000
#: The Strong computer player's budget: at most this many samples, and no new sample after this many seconds (so a
#: decision takes the budget plus one sample at most; benchmarks/partnership_strength.py measures it).
STRONG_SAMPLES = 400
STRONG_SECONDS = 0.15
#: The Strong player's ``endgame`` (0: off): the tiles left in the hands at or below which it solves the rest of the
#: round exactly (engine/ai/endgame.py; benchmarks/README.md has the measurements that chose it).
STRONG_ENDGAME = 16
#: The Strong player's ``skip_doubles``: the share of its samples dealt as if each opponent that has always put a
#: double down when it could does not hold the doubles it passed over (engine/ai/reading.py; benchmarks/README.md,
#: issue 30's fifth round, has the measurements that chose it).
STRONG_SKIP_DOUBLES = 1.0
#: What winning the round (hand) adds to a playout's result in a layout game scored at the round's end, where the
#: side that goes out takes every pip left: over 1200 four-hand partnership Draw hands it won 1.4 points more of
#: them (paired, [-0.1, +2.9]) and widened the margin by 4 points a hand (benchmarks/README.md, fourth round).
LAYOUT_HAND_BONUS = 20.0
REDRAWS = 4  # deals drawn again at most, per sample, when one disagrees with the bidding (deal_weight)
MAX_SEARCHED_ACTIONS = 32  # more choices than this (Black Tile's 35 or 84 ways to pass three) go to the heuristic

PlayerFactory = Callable[[int], "PlayoutPlayer"]


class PlayoutPlayer(Protocol):
    """The protocol of a playout player (any :class:`engine.ai.Player`)."""

    def choose(self, game: Game, seat: int) -> Action:
        """One of ``game.legal_actions(seat)``."""
        ...


# ----- playouts ---------------------------------------------------------------------------------------------------
def play_round(world: Game, players: list[PlayoutPlayer]) -> None:
    """Play ``world`` on until the current round (hand) is over or the match ends."""
    start = world.round_no
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if world.is_over or world.round_no != start:
            return
        for seat in world.to_act:
            if seat not in world.to_act:  # settled by an earlier seat's action (a Muggins claim)
                continue
            world.apply(seat, players[seat].choose(world, seat))
            if world.is_over or world.round_no != start:
                return


def outcome(world: Game, before: tuple[int, ...], seat: int, bonus: float, hand_bonus: float = 0.0) -> float:
    """How good the world's result is for ``seat``: its side's gain minus the best other side's (the lowest gain
    counts where the lowest total wins), plus ``bonus`` for winning the match (minus it for losing), and
    ``hand_bonus`` for its side winning the round just played (minus it for another side winning it)."""
    gains = [after - was for after, was in zip(world.score, before, strict=True)]
    side = world.side_of(seat)
    others = [g for s, g in enumerate(gains) if s != side] or [0]
    value = float(min(others) - gains[side] if world.lowest_wins else gains[side] - max(others))
    if world.is_over:
        value += bonus if seat in world.winner else -bonus
    if hand_bonus:
        ended = world.round_outcome
        if ended is not None and ended.sides:
            value += hand_bonus if side in ended.sides else -hand_bonus
    return value


# ----- the player -------------------------------------------------------------------------------------------------
class SearchPlayer:
    """Determinized Monte Carlo: ``samples`` possible deals of the unseen tiles, every legal action played out to
    the end of the round in each, the best average result chosen. At most ``max_seconds`` per decision (once one
    sample is complete); ``max_seconds=None`` makes the choice depend only on the seed. ``playout`` is ``heuristic``
    (the game's own computer player), ``random``, or ``auto``: random for layout games scored only at the end of a
    round (four to six times the samples, and stronger in Block and Draw), the heuristic elsewhere (random bidding
    and in-play scoring make random playouts misleading: benchmarks/search_ai_strength.py); ``heavy`` is a quick
    layout-game policy that mostly sheds heavy tiles and doubles, ``doubles`` one that puts a double down whenever
    one plays. With ``exact``, when few deals agree with what the seat knows, each is taken in turn. ``hand_bonus``
    adds to a playout's result when the seat's side wins the round (by default :data:`LAYOUT_HAND_BONUS` in a layout
    game scored at the round's end, else 0: the match is played to points). ``prior`` gives the game's own player's
    choice that many points a sample ahead (0 by default). ``read_plays`` weighs the deals by what the opponents'
    plays say in Block and Draw (:mod:`engine.ai.reading`; off by default: over 1200 hands it measured no
    stronger); ``read_doubles`` by the doubles the opponents passed over
    (:func:`engine.ai.reading.doubles_first_weight`; off: measured no stronger against ``double``), and
    ``skip_doubles`` (a share of the samples, 0 to 1) deals that share from what the seat knows narrowed by those
    doubles (:func:`engine.ai.reading.skipped_doubles_out`: every such deal honours the reading, where
    ``read_doubles`` only draws a disagreeing deal again a few times). In a 42-family
    game ``auto`` playouts are :class:`engine.ai.fortytwo.FastPlayout`, and in a trick game only the play of tricks
    is searched (bids, trumps and passes are the heuristic's). In a layout game scored at the round's end an obvious
    move (the last tile, or one tile onto equal ends) is made at once. Domino Poker's bets are searched by
    :func:`engine.ai.poker_search.choose_bet`, with the same samples and clock. Other families, and choices among
    more than ``MAX_SEARCHED_ACTIONS`` actions, are left to the game's own heuristic player. With ``endgame`` N
    (0: off), once at most N tiles are left in all the hands of a two-sided layout game with nothing to draw
    (:func:`engine.ai.endgame.solvable`), each sampled world is valued exactly instead of by playouts: the rest of
    the round solved for every legal action at once (:func:`engine.ai.endgame.solve`, at most ``endgame_nodes``
    nodes, else the playouts after all); with ``endgame_playouts`` too, earlier playouts stop at N tiles and solve
    the rest (measured no stronger: off)."""

    name = "search"

    def __init__(self, seed: int = 0, samples: int = 24, max_seconds: float | None = 0.5,
                 playout: str = "auto", exact: bool = True, hand_bonus: float | None = None, prior: float = 0.0,
                 read_plays: bool = False, read_doubles: bool = False, endgame: int = 0,
                 endgame_nodes: int = DEFAULT_NODES, endgame_playouts: bool = False,
                 skip_doubles: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.max_seconds = max_seconds
        self.playout = playout
        self.exact = exact
        self.hand_bonus = hand_bonus
        self.prior = prior
        self.read_plays = read_plays
        self.read_doubles = read_doubles
        self.endgame = endgame
        self.endgame_nodes = endgame_nodes
        self.endgame_playouts = endgame_playouts
        self.skip_doubles = skip_doubles
        self.last_samples = 0

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if game.spec.family == "poker":  # its bets are searched over the hands the opponents' bets make likely
            return choose_bet(self, game, seat, legal)
        if (game.spec.family not in SEARCHED_FAMILIES or len(legal) > MAX_SEARCHED_ACTIONS
                or (game.spec.family == "trick" and not all(isinstance(a, Play) for a in legal))):
            return _own_player(game.key, self.rng.getrandbits(32)).choose(game, seat)
        seen = game.observe(seat)
        obvious = obvious_play(game, seen, legal)
        if obvious is not None:
            return obvious
        totals = self.search(game, seat, legal, seen)
        if self.prior and self.last_samples:  # the game's own player's choice starts ``prior`` points ahead
            hint = _own_player(game.key, self.rng.getrandbits(32)).choose(game, seat)
            totals = [t + (self.prior * self.last_samples if a == hint else 0.0) for t, a in zip(totals, legal,
                                                                                                  strict=True)]
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]

    def search(self, game: Game, seat: int, legal: list[Action], seen: Observation) -> list[float]:
        """The summed results of each legal action over the samples completed within the budget, each sample a
        deal of the unseen tiles that agrees with ``seen`` (what ``seat`` knows). When few deals agree with it
        (late in a hand), each of them is taken in turn instead of drawing deals at random."""
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        bonus = float(seen.target or 100)
        narrowed = self.read_skipped_doubles(game, seat, seen)
        always = narrowed if narrowed is not None and self.skip_doubles >= 1 else None  # every sample narrowed
        exact = all_deals(always if always is not None else seen, self.samples) if self.exact else None
        if exact is not None:
            self.rng.shuffle(exact)
        weigh = deal_weight(game, self.read_plays, self.read_doubles)
        hand_bonus = self.round_bonus(game)

        def draw(number: int) -> tuple[Game, float]:
            dealt = exact[number % len(exact)] if exact else None
            told = seen
            if narrowed is not None and dealt is None and (always is not None or self.rng.random() < self.skip_doubles):
                told = narrowed
            world = determinize(game, seat, self.rng, told, dealt)
            weight = 1.0 if weigh is None else weigh(world, seat)
            if weigh is not None and dealt is None:  # a soft constraint: draw again, keeping an unlikely deal rarely
                for _ in range(REDRAWS):
                    if self.rng.random() < weight:
                        break
                    world = determinize(game, seat, self.rng, seen)
                    weight = weigh(world, seat)
                weight = 1.0
            return world, weight

        exact_values = self.endgame_values(game, seat, legal, bonus, hand_bonus)
        to_endgame = bool(self.endgame and self.endgame_playouts and solvable_game(game))

        def trial(world: Game, action: Action, seed: int) -> float:
            if exact_values is not None:
                values = exact_values(world)
                if values is not None:
                    return values[action_at[id(action)]]
            # the world is not needed after its last action's trial (sample_actions tries them in order)
            played = world if action is legal[-1] else world.clone()
            played.apply(seat, action)
            players = self.players(game, seed)
            if to_endgame and isinstance(played, LineGame):
                exact = self.played_to_endgame(played, seat, players, bonus, hand_bonus, game.score)
                if exact is not None:
                    return exact
            play_round(played, players)
            return outcome(played, game.score, seat, bonus, hand_bonus)

        action_at = {id(action): at for at, action in enumerate(legal)}
        totals, self.last_samples = sample_actions(legal, self.samples, deadline, self.rng, draw, trial)
        return totals

    def read_skipped_doubles(self, game: Game, seat: int, seen: Observation) -> Observation | None:
        """With ``skip_doubles``, ``seen`` narrowed by the doubles the opponents passed over
        (:func:`engine.ai.reading.skipped_doubles_out`), for that share of the samples; None when off, when nothing
        is read, or when no deal agrees with the reading (an opponent that does not put doubles down first)."""
        if not self.skip_doubles:
            return None
        out = skipped_doubles_out(game, seat)
        if out is None:
            return None
        narrowed = seen.narrowed(out)
        try:
            deal(narrowed, random.Random(0))
        except ValueError:
            return None
        return narrowed

    def endgame_values(self, game: Game, seat: int, legal: list[Action], bonus: float, hand_bonus: float,
                       ) -> Callable[[Game], list[float] | None] | None:
        """When ``game`` is an endgame to solve (``endgame`` on, few enough tiles left, :func:`solvable`): a function
        giving a sampled world's exact value of each legal action, or None where the solve ran out of nodes. It
        solves each world once for all the actions (sample_actions asks for them in turn, on the same world) and
        each deal once (late in a round the same few deals come round again and again). None otherwise."""
        if not (self.endgame and sum(len(hand) for hand in game.hand_lists()) <= self.endgame and solvable(game)):
            return None
        before = game.score
        by_deal: dict[tuple[tuple[Tile, ...], ...], list[float] | None] = {}
        last: list[tuple[Game, list[float] | None]] = []

        def values(world: Game) -> list[float] | None:
            if last and last[0][0] is world:
                return last[0][1]
            deal = tuple(tuple(hand) for hand in world.hand_lists())
            if deal in by_deal:
                found = by_deal[deal]
            else:
                found = by_deal[deal] = solve(world, seat, legal, before, bonus, hand_bonus, self.endgame_nodes)
            last[:] = [(world, found)]
            return found

        return values

    def played_to_endgame(self, world: LineGame, seat: int, players: list[PlayoutPlayer], bonus: float,
                          hand_bonus: float, before: tuple[int, ...]) -> float | None:
        """Play ``world`` on until at most ``endgame`` tiles are left in the hands, then solve the rest exactly: its
        value for ``seat``; None when the round ended first, or the world cannot be or was not solved (the caller
        plays the rest out)."""
        start = world.round_no
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if world.is_over or world.round_no != start:
                return None
            if sum(len(hand) for hand in world.hand_lists()) <= self.endgame:
                return solve_position(world, seat, before, bonus, hand_bonus, self.endgame_nodes)
            mover = world.turn
            world.apply(mover, players[mover].choose(world, mover))
        return None

    def round_bonus(self, game: Game) -> float:
        """What winning the round adds to a playout's result in ``game``: ``hand_bonus``, or by default
        :data:`LAYOUT_HAND_BONUS` in a layout game scored at the round's end and 0 elsewhere."""
        if self.hand_bonus is not None:
            return self.hand_bonus
        return LAYOUT_HAND_BONUS if _round_end_scoring(game) else 0.0

    def players(self, game: Game, seed: int) -> list[PlayoutPlayer]:
        """Fresh playout players for every seat (the same seeds for every action tried in one sample)."""
        if self.playout == "heavy" and game.spec.family == "line":
            return [HeavyPlayout(seed + s) for s in range(game.seats)]
        if self.playout == "doubles" and game.spec.family == "line":
            return [DoublesFirstPlayout(seed + s) for s in range(game.seats)]
        if self.playout == "auto" and isinstance(game, FortyTwoGame):
            from engine.ai.fortytwo import FastPlayout

            return [FastPlayout(seed + s) for s in range(game.seats)]
        fast = self.playout == "random" or (self.playout == "auto" and _round_end_scoring(game))
        level = "random" if fast else "best"
        return [_own_player(game.key, seed + s, level) for s in range(game.seats)]


class QuickPlayout:
    """A quick layout-game playout player: a forced move at once, otherwise :meth:`pick`."""

    name = "quick"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        return legal[0] if len(legal) == 1 else self.pick(legal)

    def pick(self, legal: list[Action]) -> Action:
        """One of two or more legal actions."""
        return self.rng.choice(legal)


class HeavyPlayout(QuickPlayout):
    """Mostly sheds a heavy tile or a double, sometimes any tile."""

    name = "heavy"

    def pick(self, legal: list[Action]) -> Action:
        random_ = self.rng.random
        best, value = legal[0], -1.0
        for action in legal:
            rated = 12 * random_()
            if isinstance(action, Play):
                rated += action.tile.pips + (6 if action.tile.is_double else 0)
            if rated > value:
                best, value = action, rated
        return best


class DoublesFirstPlayout(QuickPlayout):
    """A double when one plays (as most players do), else any legal move."""

    name = "doubles"

    def pick(self, legal: list[Action]) -> Action:
        doubles = [a for a in legal if isinstance(a, Play) and a.tile.is_double]
        return self.rng.choice(doubles or legal)


def obvious_play(game: Game, seen: Observation, legal: list[Action]) -> Action | None:
    """In a layout game scored only at the round's end, a play that leaves what the next players face unchanged
    whichever is chosen (one tile, onto ends showing the same number), or one that goes out: no search needed."""
    if not (isinstance(game, LineGame) and _round_end_scoring(game)):
        return None
    plays = [action for action in legal if isinstance(action, Play)]
    if len(plays) != len(legal):
        return None
    if len({play.tile for play in plays}) == 1 and len({play.face for play in plays}) == 1:
        return plays[0]
    if len(seen.hand) == 1:  # the last tile: every play of it goes out
        return plays[0]
    return None


def deal_weight(game: Game, read_plays: bool = False, read_doubles: bool = False,
                ) -> Callable[[Game, int], float] | None:
    """How well a determinized copy of ``game`` agrees with what the bidding or the play said (a soft constraint the
    hard ones of :mod:`engine.observation` cannot state): in the 42 family a bid means trumps
    (:func:`engine.ai.fortytwo.bid_weight`); in the layout games scored at the round's end, with ``read_plays``
    heavy tiles go first (:func:`engine.ai.reading.heavy_first_weight`) and with ``read_doubles`` doubles go down
    when they can (:func:`engine.ai.reading.doubles_first_weight`); None elsewhere."""
    if isinstance(game, FortyTwoGame):
        from engine.ai.fortytwo import bid_weight

        return bid_weight
    weights = [w for w in (heavy_first_weight(game) if read_plays else None,
                           doubles_first_weight(game) if read_doubles else None) if w is not None]
    if len(weights) < 2:
        return weights[0] if weights else None
    first, second = weights
    return lambda world, seat: first(world, seat) * second(world, seat)


def _round_end_scoring(game: Game) -> bool:
    """True for a layout game that scores only at the end of a round (Block, Draw, Matador...)."""
    return game.spec.family == "line" and not game.SCORES_IN_PLAY


def _own_player(key: str, seed: int, level: str = "best") -> PlayoutPlayer:
    return own_player(key, seed, level)

