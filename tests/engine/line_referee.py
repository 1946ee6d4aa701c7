"""An independent referee for the layout games, written from RULES.md alone (sections 1.5, 2 and 3.1-3.7).

It does not call the engine's rule code (no LineOfPlay, no scoring helpers): from the public view, the hands and
the boneyard it works out what the rules allow and what each step must score, then checks the game agrees. Random
matches run under it in ``test_line_referee.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine import new_game
from engine.actions import Action, Draw, Pass, Play
from engine.game import Game
from engine.tiles import Tile

DRAW_GAMES = {"draw", "bergen", "muggins", "matador"}
SPINNER_GAMES = {"muggins", "sebastopol"}
MATADOR_SETS = {"d9": (9, 10), "d12sum13": (12, 13), "d12literal": (12, 10)}


def parse(text: str) -> Tile:
    return Tile.parse(text)


@dataclass
class Ends:
    """The open ends as RULES 2.1-2.2 define them, read from the view's arms."""

    values: dict[str, int] = field(default_factory=dict)
    doubles: dict[str, bool] = field(default_factory=dict)
    filled: dict[str, bool] = field(default_factory=dict)


def open_ends(key: str, options: dict[str, Any], line: dict[str, Any]) -> Ends:
    """RULES 2.1/2.2, DRW-2, MUG-2, SEB-2, TW-3: which arms are open and what they show."""
    center = parse(line["center"])
    arms = line["arms"]
    spinner = center.is_double and (key in SPINNER_GAMES or (key == "draw" and options.get("first_double_spinner")))
    filled = {arm: bool(arms[arm]) for arm in "WENS"}
    if not spinner:
        names = ["E"] if key == "tiddle_a_wink" and options.get("tiddle_one_arm") else ["W", "E"]
    elif key == "sebastopol":
        names = [a for a in "WENS" if not filled[a]] or list("WENS")
    else:
        names = list("WENS") if filled["W"] and filled["E"] else ["W", "E"]
    ends = Ends(filled=filled)
    for arm in names:
        if arms[arm]:
            inner, outer, _ = arms[arm][-1]
            ends.values[arm], ends.doubles[arm] = outer, inner == outer
        else:
            ends.values[arm] = center.low if arm == "E" else center.high
            ends.doubles[arm] = center.is_double
    return ends


def matador_set(options: dict[str, Any]) -> tuple[int, set[Tile]]:
    """MAT-1/MAT-2: the target sum and the matadors."""
    top, total = MATADOR_SETS[str(options.get("matador_mode", "d9"))]
    mats = {Tile.of(0, 0)} | {Tile.of(a, total - a) for a in range(1, top + 1) if 1 <= total - a <= top}
    return total, mats


def plays(key: str, options: dict[str, Any], ends: Ends, hand: list[Tile]) -> set[Play]:
    """Every legal tile play: ordinary matching (2.1), or Matador's sum rule (3.7)."""
    out: set[Play] = set()
    for tile in hand:
        for arm, value in ends.values.items():
            if key != "matador":
                if tile.has(value):
                    out.add(Play(tile, arm, value))
                continue
            total, mats = matador_set(options)
            if tile in mats:
                out.update(Play(tile, arm, face) for face in {tile.high, tile.low})
            elif value != 0 and tile.has(total - value):
                out.add(Play(tile, arm, total - value))
    return out


def muggins_count(line: dict[str, Any], ends: Ends) -> int:
    """MUG-1: outer ends (2 x d for a double), the spinner 2 x d while W or E is empty."""
    center = parse(line["center"])
    total = 0
    for arm in "WENS":
        if line["arms"][arm]:
            inner, outer, _ = line["arms"][arm][-1]
            total += outer * (2 if inner == outer else 1)
    if not (ends.filled["W"] and ends.filled["E"]):
        total += 2 * center.high
    return total


def in_play_points(key: str, line: dict[str, Any], ends: Ends, opening: bool) -> int:
    """Bergen (BER-1/BER-2) and Muggins (MUG-1/MUG-4) points for the state just reached."""
    if key == "bergen":
        if opening:
            return 2
        values = list(ends.values.values())
        if values[0] != values[1]:
            return 0
        return 3 if any(ends.doubles.values()) else 2
    if key == "muggins":
        count = muggins_count(line, ends)
        return count if count > 0 and count % 5 == 0 else 0
    return 0


def bergen_block_winners(hands: list[list[Tile]]) -> list[int]:
    """BER-3 steps 1-2."""
    clean = [s for s, h in enumerate(hands) if not any(t.is_double for t in h)]
    pool = clean or list(range(len(hands)))
    totals = {s: sum(t.pips for t in hands[s] if clean or not t.is_double) for s in pool}
    low = min(totals.values())
    return [s for s, v in totals.items() if v == low]


def formula_points(formula: str, own: int, others: list[int]) -> int:
    """RULES 2.10 SUM, SUM_MINUS_OWN and EACH_DIFF."""
    if formula == "sum":
        return sum(others)
    if formula == "sum_minus_own":
        return sum(others) - own
    return sum(o - own for o in others)


def round_points(key: str, options: dict[str, Any], hands: list[list[Tile]], out: int | None,
                 sides: list[list[int]]) -> dict[int, int]:
    """Points per seat at a round's end (RULES 2.8-2.10 and each game's scoring)."""
    pips = [sum(t.pips for t in h) for h in hands]
    side_of = {s: i for i, side in enumerate(sides) for s in side}
    if key == "bergen":
        if out is not None:
            return {out: 1}
        winners = bergen_block_winners(hands)
        if len(winners) > 1 and options.get("block_tie") != "all_tied_score":
            return {}
        return dict.fromkeys(winners, 1)
    if key == "muggins":
        if out is not None:
            return {out: sum(p for s, p in enumerate(pips) if side_of[s] != side_of[out])}
        if options.get("muggins_partners"):
            totals = [sum(pips[s] for s in side) for side in sides]
            cascade = [max(sum(t for t in totals if t > mine) - mine, 0) for mine in totals]
            return {side[0]: points for side, points in zip(sides, cascade, strict=True)}
        return {s: max(sum(p for p in pips if p > mine) - mine, 0) for s, mine in enumerate(pips)}
    if key in ("block", "draw") and options.get("partners"):  # BLK-4: the lighter side scores all four hands
        if out is not None:
            return {out: sum(pips)}
        totals = [pips[0] + pips[2], pips[1] + pips[3]]
        return {} if totals[0] == totals[1] else {totals.index(min(totals)): sum(pips)}
    formula = {"draw": str(options.get("draw_scoring", "sum_minus_own")), "block": str(options.get("block_scoring",
               "sum")), "matador": str(options.get("matador_scoring", "sum_minus_own")),
               "tiddle_a_wink": "sum_minus_own", "sebastopol": "sum"}[key]
    if out is not None:
        return {out: sum(p for s, p in enumerate(pips) if s != out)}
    if formula == "cascade":
        return {s: max(sum(p for p in pips if p > mine) - mine, 0) for s, mine in enumerate(pips)}
    low = min(pips)
    winners = [s for s, p in enumerate(pips) if p == low]
    if len(winners) > 1 and options.get("block_tie") != "all_tied_score":
        return {}
    return {w: formula_points(formula, pips[w], [p for s, p in enumerate(pips) if s != w]) for w in winners}


def target_winner(scores: list[int], target: int) -> int | None:
    """RULES 1.5: the unique highest side at or over the target."""
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    return leaders[0] if best >= target and len(leaders) == 1 else None


class Referee:
    """Follows one match step by step and asserts every rule it can see."""

    def __init__(self, key: str, seats: int, seed: int, options: dict[str, Any]) -> None:
        self.key = key
        self.game: Game = new_game(key, seats, seed, options)
        self.options = dict(self.game.options)
        self.sides = [list(side) for side in self.game.sides]
        self.passes = 0
        self.drew = False
        self.bonus = self._opening_bonus()
        self.checked = 0

    # ----- expectations ---------------------------------------------------------------------------------------
    def _state(self) -> tuple[dict[str, Any], Ends, list[list[Tile]]]:
        view = self.game.view(None)
        hands = [list(h) for h in self.game.hand_lists()]
        return view, open_ends(self.key, self.options, view["line"]), hands

    def _opening_bonus(self) -> bool:
        center = self.game.view(None)["line"]["center"]
        return self.key == "tiddle_a_wink" and parse(center).is_double

    def expected_legal(self, seat: int) -> set[Action]:
        """RULES 2.4-2.6, MUG voluntary draws, MAT-5 turn procedure, TW-1 option."""
        view, ends, hands = self._state()
        mine = plays(self.key, self.options, ends, hands[seat])
        drawable = 0
        if self.key in DRAW_GAMES:
            drawable = max(view["boneyard"] - (2 if self.options.get("reserve_two") else 0), 0)
        legal: set[Action] = set(mine)
        if not mine:
            return {Draw()} if drawable else {Pass()}
        if self.key == "muggins" and drawable and not self.options.get("muggins_no_voluntary_draw"):
            legal.add(Draw())
        if self.key == "matador" and drawable and not self.drew:
            _, mats = matador_set(self.options)
            if all(p.tile in mats for p in mine):
                legal.add(Draw())
        if self.key == "tiddle_a_wink" and self.bonus and self.options.get("tiddle_extra_optional"):
            legal.add(Pass())
        return legal

    # ----- one step ---------------------------------------------------------------------------------------------
    def step(self, rng: random.Random) -> None:
        game = self.game
        (seat,) = game.to_act
        expected = self.expected_legal(seat)
        legal = game.legal_actions(seat)
        assert set(legal) == expected, f"{self.key}: legal {sorted(map(str, legal))} != {sorted(map(str, expected))}"
        action = rng.choice(legal)
        view, _, hands = self._state()
        scores = list(game.score)
        round_no = game.round_no
        declined = isinstance(action, Pass) and self.bonus and bool(self.options.get("tiddle_extra_optional")) \
            and any(isinstance(a, Play) for a in legal)
        game.apply(seat, action)
        self.checked += 1
        if isinstance(action, Draw):
            self._after_draw(seat, view, hands)
            return
        self._after_move(seat, action, hands, scores, round_no, declined, view)

    def _after_draw(self, seat: int, before: dict[str, Any], hands: list[list[Tile]]) -> None:
        """RULES 2.5 / MAT-5: one tile at a time, stopping at the first playable one (one only if voluntary)."""
        view, ends, after = self._state()
        drawn = [t for t in after[seat] if t not in hands[seat]]
        assert drawn and len(drawn) == before["boneyard"] - view["boneyard"]
        assert self.game.to_act == (seat,), "a draw keeps the turn"
        could_play = bool(plays(self.key, self.options, ends, hands[seat]))
        if could_play and self.key == "muggins":
            assert len(drawn) == 1, "a voluntary draw is one tile"
        self.drew = True

    def _after_move(self, seat: int, action: Action, hands: list[list[Tile]], scores: list[int], round_no: int,
                    declined: bool, before: dict[str, Any]) -> None:
        """Scores in play (Bergen, Muggins), at the round's end (2.8-2.10) and at the next opening; target 1.5."""
        game = self.game
        expect = list(scores)
        side_of = {s: i for i, side in enumerate(self.sides) for s in side}
        target = int(self.options["target"])
        over = ended = False
        out: int | None = None
        if isinstance(action, Play):
            assert action.face is not None
            self.passes = 0
            line = {**before["line"], "arms": {a: list(v) for a, v in before["line"]["arms"].items()}}
            line["arms"][action.end].append([action.face, action.tile.other(action.face), seat])
            hands[seat].remove(action.tile)
            if game.round_no == round_no and not game.is_over:
                assert game.view(None)["line"]["arms"] == line["arms"], "the tile lies where it was played"
            expect[side_of[seat]] += in_play_points(self.key, line, open_ends(self.key, self.options, line), False)
            over = self.key in ("bergen", "muggins") and target_winner(expect, target) is not None
            out = seat if not hands[seat] else None
            ended = out is not None
        else:
            self.passes = 0 if declined else self.passes + 1
            ended = self.passes >= game.seats
        if over or not ended:
            assert game.round_no == round_no
            if not over:
                self._check_turn(seat, action)
            return self._finish_check(expect, target)
        for s, pts in round_points(self.key, self.options, hands, out, self.sides).items():
            expect[side_of[s]] += pts
        self.passes = 0
        if target_winner(expect, target) is not None:
            return self._finish_check(expect, target)
        assert game.round_no == round_no + 1, "a new round starts"
        self._check_opening(expect, side_of)
        return self._finish_check(expect, target)

    def _check_turn(self, seat: int, action: Action) -> None:
        """RULES 2.3 one tile a turn, play passes left; TW-2 a double gives another turn."""
        if isinstance(action, Play) and self.key == "tiddle_a_wink" and action.tile.is_double:
            assert self.game.to_act == (seat,)
            self.bonus = True
        else:
            self.bonus = False
            assert self.game.to_act == ((seat + 1) % self.game.seats,)
        self.drew = False

    def _check_opening(self, expect: list[int], side_of: dict[int, int]) -> None:
        """RULES 2.7: the highest double opens (Matador: else the heaviest; Sebastopol: the 6-6); BER-2, MUG-4."""
        game = self.game
        view, ends, hands = self._state()
        center, opener = parse(view["line"]["center"]), view["line"]["center_seat"]
        if self.key == "sebastopol":
            assert str(center) == "6-6"
        elif self.key == "matador" and not center.is_double:
            assert not any(t.is_double for h in hands for t in h)
            assert all((t.pips, t.high) < (center.pips, center.high) for h in hands for t in h)
        else:
            assert center.is_double and all(not t.is_double or t < center for h in hands for t in h)
        expect[side_of[opener]] += in_play_points(self.key, view["line"], ends, True)
        self.drew = False
        self.bonus = self._opening_bonus()
        if self.options.get("sebastopol_hasbro"):
            assert game.to_act == (0,)
        elif not game.is_over:
            assert game.to_act == ((opener if self.bonus else (opener + 1) % game.seats),)

    def _finish_check(self, expect: list[int], target: int) -> None:
        game = self.game
        assert list(game.score) == expect, f"{self.key}: scores {game.score} != expected {expect}"
        winner = target_winner(expect, target)
        assert game.is_over == (winner is not None)
        if winner is not None:
            assert game.winner == tuple(sorted(self.sides[winner]))


def referee_match(key: str, seats: int, seed: int, options: dict[str, Any]) -> Referee:
    """Play one whole match with random legal actions under the referee."""
    referee = Referee(key, seats, seed, options)
    rng = random.Random(seed)
    while not referee.game.is_over:
        referee.step(rng)
        assert referee.checked < 20_000
    return referee
