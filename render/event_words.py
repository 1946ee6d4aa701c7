"""The sentence for each kind of event, with the players' names (what :meth:`render.words.Narrator.event` says).

One entry per kind (and per score reason); a game's own words come from its hook (:mod:`render.game_words`). The
poker hands and the contracts are said here too, for the events and for the pictures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.events import Event, EventKind, ScoreReason, Termination
from engine.fortytwo import contract_phrase
from engine.layout import arm_words
from engine.phrases import in_context
from engine.poker_hands import Category, evaluate
from engine.tricks import suit_words
from render.game_words import NUMBER_WORDS
from render.language import _

if TYPE_CHECKING:
    from render.words import Narrator

__all__ = ["EVENT_WORDS", "HAND_WORDS", "NUMBER_NAMES", "PASS_DIRECTIONS", "POKER_LABELS", "SCORE_WORDS",
           "contract_said", "direction_words", "event_sentence", "poker_category_words", "poker_hand_words",
           "poker_tile_words"]

Say = Callable[["Narrator", Event], str]


def event_sentence(n: Narrator, event: Event) -> str:
    """``event`` in the narrator's words (its kind's name for a kind without words)."""
    say = EVENT_WORDS.get(event.kind)
    return say(n, event) if say is not None else str(event.kind)


def _play(n: Narrator, e: Event) -> str:
    if e.seat is None:
        return n.t("The {tile} starter is in the centre; {names} begins.", tile=e.tile, names=n.seat_list(e.seats))
    if e.end:
        return n.t("{name} played {tile} on the {end}.", name=n.seat(e.seat), tile=e.tile,
                   end=n.said(arm_words(e.end)))
    if e.suit is not None:
        return n.t("{name} led {tile} ({suit}).", name=n.seat(e.seat), tile=e.tile, suit=n.said(suit_words(e.suit)))
    return n.t(n.words.opened, name=n.seat(e.seat), tile=e.tile)


def _draw(n: Narrator, e: Event) -> str:
    if e.seat is None:
        most = n.t(NUMBER_WORDS.get(e.count or 0, str(e.count)))
        return n.t("Betting is closed: each player in turn may exchange up to {count} tiles.", count=most)
    count = e.count or 0
    return n.counted(count, "{name} drew {count} tile.", "{name} drew {count} tiles.", name=n.seat(e.seat))


def _pass(n: Narrator, e: Event) -> str:
    if e.tile is not None:  # Bingo: the touched tile stays in the row
        return (n.t("Count {count}: {tile} stays.", count=e.count, tile=e.tile) if e.declined else
                n.t("Count {count}: {tile} does not match.", count=e.count, tile=e.tile))
    if e.declined:
        return n.t("{name} ends the extra turn.", name=n.seat(e.seat))
    return n.t(n.words.passed, name=n.seat(e.seat))


SCORE_WORDS: dict[ScoreReason, Say] = {
    ScoreReason.ROUND: lambda n, e: n.t("{name} scores {points} for the round.", name=n.seat(e.seat),
                                        points=e.points),
    ScoreReason.NOBODY: lambda n, e: n.t(n.words.nobody_scores),
    ScoreReason.OPENING: lambda n, e: n.t("{name} scores {points} for the opening.", name=n.seat(e.seat),
                                          points=e.points),
    ScoreReason.HEADER: lambda n, e: (n.t("{name} makes a triple-header: {points} points.", name=n.seat(e.seat),
                                          points=e.points) if e.points == 3 else
                                      n.t("{name} makes a double-header: {points} points.", name=n.seat(e.seat),
                                          points=e.points)),
    ScoreReason.ENDS: lambda n, e: n.t("{name} scores {points}: the ends total {points}.", name=n.seat(e.seat),
                                       points=e.points),
    ScoreReason.CLAIM: lambda n, e: n.t("{name} claims {points}.", name=n.seat(e.seat), points=e.points),
    ScoreReason.MUGGINS: lambda n, e: n.t("{name} takes the {points} left unclaimed.", name=n.seat(e.seat),
                                          points=e.points),
    ScoreReason.TRICKS: lambda n, e: n.of_side(e.side, "{name} scores {points} for their tricks.",
                                               "{names} score {points} for their tricks.", points=e.points),
    ScoreReason.MARKS: lambda n, e: n.counted(e.points, "{name} score {count} mark.",
                                              "{name} score {count} marks.", name=n.side(e.side)),
    ScoreReason.BID: lambda n, e: n.t("{name} score the bid, {points}.", name=n.side(e.side), points=e.points),
    ScoreReason.TAKEN: lambda n, e: n.counted(e.points, "{name} score the {count} point they took.",
                                              "{name} score the {count} points they took.", name=n.side(e.side)),
    ScoreReason.SET: lambda n, e: n.t("{name} score {count} + {amount} = {points}.", name=n.side(e.side),
                                      count=e.count, amount=e.amount, points=e.points),
    ScoreReason.MARCH: lambda n, e: (n.t("{name} took all five tricks alone: {points} points.", name=n.side(e.side),
                                         points=e.points) if e.alone else
                                     n.of_side(e.side, "{name} took all five tricks: {points} points.",
                                               "{names} took all five tricks: {points} points.",
                                               points=e.points)),
    ScoreReason.POINT: lambda n, e: n.of_side(e.side, "{name} took {count} tricks: 1 point.",
                                              "{names} took {count} tricks: 1 point.", count=e.count),
    ScoreReason.EUCHRED: lambda n, e: _euchred(n, e),
    ScoreReason.PENALTY: lambda n, e: n.counted(e.points, "{name} adds {count} penalty point.",
                                                "{name} adds {count} penalty points.", name=n.seat(e.seat)),
    ScoreReason.STACK: lambda n, e: n.counted(e.points, "{name} takes a stack of {count} chip.",
                                              "{name} takes a stack of {count} chips.", name=n.seat(e.seat)),
    ScoreReason.CHIPS: lambda n, e: (n.counted(e.points, "{name} wins {count} chip.",
                                               "{name} wins {count} chips.", name=n.seat(e.seat))
                                     if e.points > 0 else n.counted(abs(e.points), "{name} loses {count} chip.",
                                               "{name} loses {count} chips.", name=n.seat(e.seat))),
    ScoreReason.REMOVED: lambda n, e: ((n.counted(e.amount, "Counted on past {count} tile.",
                                                  "Counted on past {count} tiles.") + " ") if e.amount else "")
    + n.t("Count {count}: {tile} removed.", count=e.count, tile=e.tile),
}


def _euchred(n: Narrator, e: Event) -> str:
    """The makers euchred, and the points one other side scores for it: in two- and three-handed Euchre each
    player is a side of one, and the verbs agree."""
    makers = n.side_of(e.seat or 0)
    values = {"name": n.side(makers), "others": n.side(e.side), "points": e.points}
    if n.people(makers) == 1:
        return n.counted(e.count or 0, "{name} was euchred with {count} trick: {others} scores {points}.",
                         "{name} was euchred with {count} tricks: {others} scores {points}.", **values)
    return n.counted(e.count or 0, "{name} were euchred with {count} trick: {others} score {points}.",
                     "{name} were euchred with {count} tricks: {others} score {points}.", **values)


def _score(n: Narrator, e: Event) -> str:
    say = SCORE_WORDS.get(e.reason) if e.reason is not None else None
    return say(n, e) if say is not None else n.of_side(e.side, "{name} scores {points}.",
                                                        "{names} score {points}.", points=e.points)


def _round_over(n: Narrator, e: Event) -> str:
    if e.outcome is not None and e.outcome.termination == Termination.BLOCKED:
        return n.t("The round is blocked: nobody can play.")
    return n.t("{name} went out and calls {call}", name=n.seat(e.seat), call=n.words.out_call)


def _match_over(n: Narrator, e: Event) -> str:
    if e.outcome is None:
        return n.t("The match is over.")
    return n.outcome(e.outcome, e)


def _bet(n: Narrator, e: Event) -> str:
    action, name = str(e.action), n.seat(e.seat)
    if action.startswith("bid:"):
        return (n.t("{name} bets {amount}.", name=name, amount=e.amount) if e.count is None else
                n.t("{name} raises by {amount} to {count}.", name=name, amount=e.amount, count=e.count))
    if action == "call:call":
        return n.t("{name} calls {amount}.", name=name, amount=e.amount)
    if action == "call:fold":
        return n.t("{name} folds.", name=name)
    return n.t("{name} checks.", name=name)


def _pot(n: Narrator, e: Event) -> str:
    folded = e.outcome is not None and e.outcome.termination == Termination.FOLDED
    if folded or not e.tiles:
        return n.t("{name} wins the pot of {amount}: everyone else folded.", name=n.seat(e.seat), amount=e.amount)
    return n.t("{name} wins the pot of {amount} with {hand}.", name=n.seat(e.seat), amount=e.amount,
               hand=poker_hand_words(n, list(e.tiles)))


def _accept(n: Narrator, e: Event) -> str:
    said = n.t(_accept_word(n, e.seat or 0, e.seats[0] if e.seats else 0), name=n.seat(e.seat),
               suit=n.said(suit_words(e.suit)))
    return said + (n.t(", alone") if e.alone else "") + "."


def _accept_word(n: Narrator, seat: int, dealer: int) -> str:
    """Euchre's words: the dealer takes up, the dealer's partner assists, an opponent orders up."""
    if seat == dealer:
        return _("{name} took up {suit} as trumps")
    # Partners (four players) assist and order up; otherwise a player accepts.
    four = any(len(side) > 1 for side in n.sides) if n.sides is not None else len(n.names) == 4
    if four and (seat - dealer) % 2 == 0:
        return _("{name} assisted with {suit} as trumps")
    return _("{name} ordered up {suit} as trumps") if four else _("{name} accepted {suit} as trumps")


def _count(n: Narrator, e: Event) -> str:
    if e.seat is None:  # Bingo: the count runs on by itself
        return n.counted(e.count or 0, "Counted on past {count} tile.", "Counted on past {count} tiles.")
    return n.t("The ends total {count}: {name} may claim them.", count=e.count, name=n.seat(e.seat))


def _sit_out(n: Narrator, e: Event) -> str:
    names = n.joined([n.seat(s) for s in e.seats])
    return n.agree(len(e.seats), "{names} lays their tiles face down for this hand.",
                   "{names} lay their tiles face down for this hand.", names=names)


def _exchange(n: Narrator, e: Event) -> str:
    count = e.count or 0
    if not count:
        return n.t("{name} stands pat.", name=n.seat(e.seat))
    return n.counted(count, "{name} exchanges {count} tile.", "{name} exchanges {count} tiles.",
                     name=n.seat(e.seat))


EVENT_WORDS: dict[EventKind, Say] = {
    EventKind.DEAL: lambda n, e: n.words.deal(n, e),
    EventKind.PLAY: _play,
    EventKind.DRAW: _draw,
    EventKind.PASS: _pass,
    EventKind.SCORE: _score,
    EventKind.ROUND_OVER: _round_over,
    EventKind.MATCH_OVER: _match_over,
    EventKind.REDEAL: lambda n, e: n.t("Nobody holds a double: the tiles are reshuffled and dealt again."),
    EventKind.EXTRA_TURN: lambda n, e: n.t("{name} played a double and takes another turn.", name=n.seat(e.seat)),
    EventKind.COUNT: _count,
    EventKind.CALL: lambda n, e: n.t("{name} calls Muggins!", name=n.seat(e.seat)),
    EventKind.CLAIM_LAPSED: lambda n, e: n.t("Nobody claimed the {count} of {name}: they are lost.", count=e.count,
                                             name=n.seat(e.seat)),
    EventKind.LOTS: lambda n, e: n.t("{name} drew the highest tile and {role} first.", name=n.seat(e.seat),
                                     role=n.dealer_role()),
    EventKind.TRICK: lambda n, e: n.t("{name} took the trick.", name=n.seat(e.seat)),
    EventKind.HAND_OVER: lambda n, e: n.t("Hand {number} is over.", number=e.round),
    EventKind.THROW_IN: lambda n, e: n.t(n.words.thrown_in),
    EventKind.BID: lambda n, e: n.t("{name} bid {bid}.", name=n.seat(e.seat), bid=n.bid_words(e.amount)),
    EventKind.TRUMP: lambda n, e: n.t("{name} named {contract}.", name=n.seat(e.seat),
                                      contract=contract_said(n, e.suit or "")),
    EventKind.SIT_OUT: _sit_out,
    EventKind.CONTRACT: lambda n, e: (n.t("{name} made their bid of {bid}.", name=n.side(e.side),
                                          bid=n.bid_words(e.amount)) if e.made else
                                      n.t("{name} were set on their bid of {bid}.", name=n.side(e.side),
                                          bid=n.bid_words(e.amount))),
    EventKind.TURNUP: lambda n, e: n.t("{name} turned up {tile} (turn-up {count} of 3): {suit} would be trumps.",
                                       name=n.seat(e.seat), tile=e.tile, count=e.count,
                                       suit=n.said(suit_words(e.suit))),
    EventKind.TURNUP_DEAD: lambda n, e: n.t("Everyone passed: the turn-up is dead."),
    EventKind.TURNUP_STAYS: lambda n, e: n.t("The turn-up stays face up on the table."),
    EventKind.ACCEPT: _accept,
    EventKind.DISCARD: lambda n, e: n.t("{name} took up the turn-up and discarded a tile face down.",
                                        name=n.seat(e.seat)),
    EventKind.PASS_PHASE: lambda n, e: n.t("Each player chooses {count} tiles to pass to the {direction}.",
                                           count=e.count, direction=_direction(n)),
    EventKind.CHOSE: lambda n, e: n.t("{name} has chosen {count} tiles to pass.", name=n.seat(e.seat), count=e.count),
    EventKind.PASSED: lambda n, e: n.t("Everyone passed {count} tiles to the {direction}.", count=e.count,
                                       direction=_direction(n)),
    EventKind.PASS_LEAD: lambda n, e: n.t("{name} passed the lead to {names}.", name=n.seat(e.seat),
                                          names=n.seat_list(e.seats)),
    EventKind.MOON: lambda n, e: n.t("{name} shot the moon!", name=n.seat(e.seat)),
    EventKind.TIE: lambda n, e: n.t("The lowest totals are tied: another hand is played."),
    EventKind.ANTE: lambda n, e: n.t("Everyone antes {amount}: the pot is {count}.", amount=e.amount, count=e.count),
    EventKind.BET: _bet,
    EventKind.MARK: lambda n, e: n.t("{name} marks a tile to exchange.", name=n.seat(e.seat)),
    EventKind.EXCHANGE: _exchange,
    EventKind.SHOW: lambda n, e: n.t("{name} shows {hand}.", name=n.seat(e.seat),
                                     hand=poker_hand_words(n, list(e.tiles))),
    EventKind.POT: _pot,
    EventKind.OUT: lambda n, e: n.t("{name} has no chips left and is out.", name=n.seat(e.seat)),
    EventKind.STOP: lambda n, e: n.t("{name} stops the session: it ends after this deal.", name=n.seat(e.seat)),
}


#: Black Tile's pass directions, in their sense (the "left" a tile is passed to is not the left end of the line).
PASS_DIRECTIONS = {"left": in_context("pass direction", "left"), "right": in_context("pass direction", "right"),
                   "across": in_context("pass direction", "across")}


def _direction(n: Narrator) -> str:
    return direction_words(n, n.options.get("pass_direction", "left"))


def direction_words(n: Narrator, direction: object) -> str:
    """Black Tile's pass direction in words (``left``, ``right``, ``across``), in the narrator's language."""
    phrase = PASS_DIRECTIONS.get(str(direction))
    return n.said(phrase) if phrase is not None else str(direction)


def contract_said(n: Narrator, trumps: str) -> str:
    """A contract's trumps in the narrator's language: ``fives trump``, ``no-trump``, ``Nel-O``."""
    return n.said(contract_phrase(trumps))


#: The poker categories' names (engine.poker_hands.Category), in their sense: a hand at poker.
POKER_LABELS = {
    Category.HIGH: in_context("poker hand", "High Tile"), Category.PAIR: in_context("poker hand", "Pair"),
    Category.FLUSH: in_context("poker hand", "Flush"), Category.THREES: in_context("poker hand", "Threes"),
    Category.FOUR_STRAIGHT: in_context("poker hand", "Four Straight"),
    Category.FULL_HAND: in_context("poker hand", "Full Hand"),
    Category.FIVE_STRAIGHT: in_context("poker hand", "Five Straight"),
    Category.FOURS: in_context("poker hand", "Fours"), Category.SIX_STRAIGHT: in_context("poker hand", "Six Straight"),
    Category.ROYAL: in_context("poker hand", "Royal"),
}
#: The numbers of a tile's ends in words, for poker's tile names (``double six``, ``six four``).
NUMBER_NAMES = (in_context("pips", "blank"), in_context("pips", "one"), in_context("pips", "two"),
                in_context("pips", "three"), in_context("pips", "four"), in_context("pips", "five"),
                in_context("pips", "six"))


def poker_tile_words(n: Narrator, tile: Any) -> str:
    """A tile in words, in the narrator's language: ``double six``, ``six four``."""
    if tile.is_double:
        return n.t("double {number}", number=n.said(NUMBER_NAMES[tile.high]))
    return n.t("{high} {low}", high=n.said(NUMBER_NAMES[tile.high]), low=n.said(NUMBER_NAMES[tile.low]))


def poker_category_words(n: Narrator, key: str) -> str:
    """A poker hand's category (a view's ``hand_rank`` or ``showdown_hands`` entry: ``full_hand``) in the
    narrator's language; "" for none."""
    try:
        return n.said(POKER_LABELS[Category.of_key(key)]) if key else ""
    except ValueError:
        return ""


#: Each poker hand in words, a whole sentence per category (its name and how it is read differ by language): the
#: straights by their highest tile, the hands of doubles by their doubles, best first.
HAND_WORDS = {
    Category.FOUR_STRAIGHT: _("Four Straight, {tile} high"), Category.FIVE_STRAIGHT: _("Five Straight, {tile} high"),
    Category.SIX_STRAIGHT: _("Six Straight, {tile} high"), Category.PAIR: _("Pair: {list}"),
    Category.THREES: _("Threes: {list}"), Category.FULL_HAND: _("Full Hand: {list}"),
    Category.FOURS: _("Fours: {list}"),
}


def poker_hand_words(n: Narrator, tiles: list[Any]) -> str:
    """A poker hand in words, said from its five tiles in the narrator's language: ``Flush in fives``,
    ``Pair: double six and double three``."""
    hand = evaluate(tiles)
    category = hand.category
    if category == Category.FLUSH:
        return n.t("Flush in {suit}", suit=n.said(suit_words(str(hand.suit))))
    if category == Category.ROYAL:
        return n.t("Royal: all five doubles")
    if category == Category.HIGH:
        return n.t("High Tile: {tile}", tile=poker_tile_words(n, hand.tiles[0]))
    names = [poker_tile_words(n, t) for t in hand.tiles if t.is_double]
    listed = n.joined([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0] if names else ""
    return n.t(HAND_WORDS[category], tile=poker_tile_words(n, hand.tiles[0]), list=listed)
