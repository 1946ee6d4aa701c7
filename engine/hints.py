"""A hint: what a computer player would do for a seat, and one reason the player can check (issue 14).

:func:`advise` asks the given player (the bot uses its Strong level) for the seat's move, then tries the move on a
copy of the game and names the plainest reason that holds, from what the seat can see: the points the play scores
at once, going out, the trumps the seat holds, whether the tile takes the trick or its partner is winning, the poker
hand it holds. The reason is data (:class:`Reason` and its facts); ``render.advice`` says it in words. Nothing here
looks at another seat's hidden tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.actions import Action, Bid, Call, Draw, Pass, Play
from engine.events import Event, EventKind
from engine.game import Game
from engine.games.bingo import BingoGame
from engine.linegame import LineGame
from engine.phrases import Phrase, capital
from engine.trickgame import TrickGame

if TYPE_CHECKING:
    from engine.ai import Player


class Reason(StrEnum):
    """Why the move is advised (the facts each reason carries in brackets)."""

    ONLY = "only"  # it is the only legal move
    GOES_OUT = "goes_out"  # the play empties the hand
    SCORES = "scores"  # the play scores at once (points)
    NO_PLAY = "no_play"  # nothing fits: draw or pass
    DOUBLE = "double"  # a double, played while it still fits
    HEAVIEST = "heaviest"  # the heaviest tile that fits (pips)
    BID_SUIT = "bid_suit"  # a bid on the seat's longest suit (suit, held)
    PASS_BID = "pass_bid"  # a pass: the longest suit is short (suit, held)
    LEAD_TRUMPS = "lead_trumps"  # leading a trump (held: trumps in hand, of: trumps in the set)
    WINS_TRICK = "wins_trick"  # the tile takes the trick (done), or is winning it so far
    PARTNER_WINNING = "partner_winning"  # a partner is winning the trick: a low tile
    CANNOT_WIN = "cannot_win"  # the trick is lost: the lowest tile
    HAND_RANK = "hand_rank"  # poker: the hand the seat holds (rank)
    KEEPS_PLAYS = "keeps_plays"  # a line game: this play leaves the most of the seat's tiles a place (fits)
    LEAD_DOUBLE = "lead_double"  # leading a double: the highest tile of its suit (suit)
    LEAD_SUIT = "lead_suit"  # leading a suit the seat is long in (suit, held)
    MUGGINS_CLAIM = "muggins_claim"  # claiming points or calling Muggins: points left lying are lost
    BINGO_MATCH = "bingo_match"  # Bingo: the tile matches the count (count)
    BINGO_LEAVE = "bingo_leave"  # Bingo: leaving a match keeps it for a later pass along the row
    BINGO_PACE = "bingo_pace"  # Bingo with matches removed for you: stepping or running changes only the pace


@dataclass(frozen=True)
class Advice:
    """The advised move, its label for the player (``Game.describe``; ``phrase``: the same as data, for other
    languages) and why."""

    action: Action
    label: str
    reason: Reason
    facts: Mapping[str, Any] = field(default_factory=dict)
    phrase: Phrase | None = None


def advise(game: Game, seat: int, player: Player) -> Advice:
    """What ``player`` would do for ``seat`` now (its turn) and why."""
    legal = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no move to advise")
    action = legal[0] if len(legal) == 1 else player.choose(game, seat)
    phrase = game.phrase(action)
    label = capital(str(phrase))
    if len(legal) == 1 and not isinstance(action, (Draw, Pass)):
        return Advice(action, label, Reason.ONLY, phrase=phrase)
    trial = game.clone()
    events = trial.apply(seat, action)
    if isinstance(game, LineGame):
        reason, facts = _line(game, seat, action, events, trial)
    elif isinstance(game, TrickGame) and isinstance(trial, TrickGame):
        reason, facts = _trick(game, trial, seat, action, events)
    elif game.spec.family == "poker":
        view = game.view(seat)  # the hand held: its category and its five tiles, for render to say
        reason, facts = Reason.HAND_RANK, {"rank": str(view.get("hand_rank") or ""), "hand": list(view["hand"] or [])}
    else:
        reason, facts = _bingo(game, action)
    return Advice(action, label, reason, facts, phrase)


def _bingo(game: Game, action: Action) -> tuple[Reason, dict[str, Any]]:
    """Bingo's reasons: a removal matches the count, a pass keeps the match for a later round of the row, and with
    matches removed for you, stepping or running only sets the pace."""
    if action == Call("remove"):
        return Reason.BINGO_MATCH, {"count": game.count if isinstance(game, BingoGame) else 0}
    if isinstance(action, Pass):
        return Reason.BINGO_LEAVE, {}
    return Reason.BINGO_PACE, {}


def _scored(game: Game, seat: int, events: list[Event]) -> int:
    side = game.side_of(seat)
    return sum(e.points for e in events if e.kind == EventKind.SCORE and (e.side == side or e.seat == seat))


def _line(game: LineGame, seat: int, action: Action, events: list[Event],
          trial: Game) -> tuple[Reason, dict[str, Any]]:
    if isinstance(action, (Draw, Pass)):
        return Reason.NO_PLAY, {}
    if not isinstance(action, Play):
        return Reason.MUGGINS_CLAIM, {}
    if any(e.kind == EventKind.ROUND_OVER for e in events) and len(game.hands[seat]) == 1:
        return Reason.GOES_OUT, {}
    points = _scored(game, seat, [e for e in events if e.kind != EventKind.ROUND_OVER])
    if points > 0:
        return Reason.SCORES, {"points": points}
    if action.tile.is_double:
        return Reason.DOUBLE, {}
    plays = [a.tile for a in game.legal_actions(seat) if isinstance(a, Play)]
    if action.tile.pips >= max(t.pips for t in plays):
        return Reason.HEAVIEST, {"pips": action.tile.pips}
    fits = trial.playable_tiles() if isinstance(trial, LineGame) else frozenset()
    return Reason.KEEPS_PLAYS, {"fits": sum(1 for tile in game.hands[seat] if tile in fits and tile != action.tile)}


def _longest_suit(game: TrickGame, seat: int) -> tuple[int, int]:
    """The number the seat holds most tiles of (the higher on a tie), and how many."""
    hand = game.hands[seat]
    top = max(t.high for t in game.tile_set())
    counts = {n: sum(1 for t in hand if t.has(n)) for n in range(top + 1)}
    best = max(counts, key=lambda n: (counts[n], n))
    return best, counts[best]


def _trick(game: TrickGame, trial: TrickGame, seat: int, action: Action,
           events: list[Event]) -> tuple[Reason, dict[str, Any]]:
    if isinstance(action, Bid) and game.view(seat).get("phase") == "bid":
        suit, held = _longest_suit(game, seat)
        return Reason.BID_SUIT, {"suit": suit, "held": held}
    if isinstance(action, Pass) and game.view(seat).get("phase") == "bid":
        suit, held = _longest_suit(game, seat)
        return Reason.PASS_BID, {"suit": suit, "held": held}
    if not isinstance(action, Play) or game.view(seat).get("phase") != "play":
        suit, held = _longest_suit(game, seat)  # taking up or naming trumps, a discard: by the longest suit
        return (Reason.PASS_BID if isinstance(action, Pass) else Reason.BID_SUIT), {"suit": suit, "held": held}
    rule = game.suit_rule()
    trick = game.trick
    if trick is None or not trick.plays:  # leading
        if rule.is_trump(action.tile):
            held = sum(1 for t in game.hands[seat] if rule.is_trump(t))
            of = sum(1 for t in game.tile_set() if rule.is_trump(t))
            return Reason.LEAD_TRUMPS, {"held": held, "of": of}
        if action.tile.is_double:
            return Reason.LEAD_DOUBLE, {"suit": action.tile.high}
        held = sum(1 for t in game.hands[seat] if t.has(action.tile.high))
        return Reason.LEAD_SUIT, {"suit": action.tile.high, "held": held}
    done = next((e for e in events if e.kind == EventKind.TRICK), None)
    if done is not None:
        winner = done.seat
    else:
        now = trial.trick
        winner = now.winner(rule) if now is not None and now.plays else None
    if winner == seat:
        return Reason.WINS_TRICK, {"done": done is not None}
    if winner is not None and game.side_of(winner) == game.side_of(seat) and game.spec.teams:
        return Reason.PARTNER_WINNING, {}
    return Reason.CANNOT_WIN, {}
