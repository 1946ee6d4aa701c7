"""The table as the person at the terminal sees it, in text: the game and round, every seat, the scores, the line of
play drawn (or the trick, the pot, the Bingo row, in words), their hand and what the game awaits from whom.

Everything is said by the bot's words (``render.words``, ``render.context``) through a :class:`~tabletop.voice.Voice`;
seats are counted from 1, as the bot counts them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from engine.game import Game
from engine.tiles import tiles_from
from engine.views import (
    BingoView,
    CommonView,
    GameView,
    LineView,
    PokerView,
    TrickView,
    seat_and_bid,
    seat_and_tile,
)
from render.context import context_line
from render.event_words import poker_category_words, poker_hand_words
from render.language import speaking
from render.words import Narrator, suit_words, your_prompt
from tabletop.line import draw_line
from tabletop.voice import Voice

RULE = 72  # the width of the rule between two looks at the table
SHOWN_AHEAD = 13  # Bingo: the tiles ahead of the counter whose count is shown (a full turn of the count)


def screen(game: Game, seat: int, voice: Voice, width: int) -> list[str]:
    """The table as ``seat`` sees it, in rows of text."""
    view = game.view(seat)
    rows = ["", "=" * min(width, RULE), _header(view, voice)]
    if view["family"] != "bingo":  # a solitaire: the header says all there is about its one seat
        rows.append(_scores(view, voice))
        rows.extend(_seat_row(view, voice, s) for s in range(view["seats"]))
    rows.append("")
    rows.extend(_body(view, voice, width))
    if view["family"] in ("trick", "poker"):  # (a line game's ends are drawn with the line)
        with speaking(voice.language):
            rows.append(context_line(view))
    hand = view["hand"] or []
    if hand:
        rows.append(f"{voice.t('Your hand')}: {_tiles(view, hand)}")
    rows.append(your_prompt(voice.narrator(game), view["prompt"], seat))
    return rows


def _header(view: GameView, voice: Voice) -> str:
    facts = [voice.t(view["title"])]
    if view["round"] and view["family"] != "bingo":
        facts.append(f"{voice.t('Round' if view['family'] == 'line' else 'Hand')} {view['round']}")
    if view["family"] == "line":
        if view.get("cross_phase"):
            facts.append(voice.t("Cross phase"))
        total = view.get("sum")
        if total is not None:
            facts.append(voice.t("Ends make {total}", total=total))
        facts.append(voice.t("Target {target}", target=view["target"]))
        bone = voice.t("Boneyard {count}", count=view["boneyard"])
        if view["drawable"] != view["boneyard"]:
            bone += " " + voice.t("({count} drawable)", count=view["drawable"])
        facts.append(bone)
        count = view.get("count")
        if count is not None:
            facts.append(f"{voice.t('count')} {count}")
    elif view["family"] == "trick":
        facts.append(voice.t("Target {target}", target=view["target"]))
        if view.get("lowest_wins"):
            facts.append(voice.t("lowest wins"))
    elif view["family"] == "bingo":
        facts.append(voice.t("Count {count}  ·  Left {left}  ·  Removed {removed}", count=view["count"],
                             left=len(view["row"]), removed=view["removed"]))
    return "  ·  ".join(facts)


def _scores(view: CommonView, voice: Voice) -> str:
    sides = [" & ".join(voice.seat(s) for s in side) for side in view["sides"]]
    listed = ",  ".join(f"{name} {score}" for name, score in zip(sides, view["scores"], strict=False))
    return f"{voice.t('Scores')}: {listed}"


def _seat_row(view: GameView, voice: Voice, seat: int) -> str:
    """One seat: its turn marker, name, tiles held and what its family of game shows beside it."""
    counts = view["hand_counts"]
    count = counts[seat] if seat < len(counts) else 0
    facts = [voice.counted(count, "{count} tile", "{count} tiles")]
    if view["family"] == "trick":
        facts.extend(_trick_seat(view, voice, seat))
    elif view["family"] == "poker":
        facts.extend(_poker_seat(view, voice, seat))
    elif view["family"] == "line":
        if view.get("extra_turn") and seat in view["to_act"]:
            facts.append(voice.t("extra turn"))
        claim = view.get("claim")
        if claim is not None and claim["seat"] == seat:
            facts.append(voice.t("may claim {points}", points=claim["points"]))
    if seat in view["winners"]:
        facts.append(voice.t("WINNER"))
    turn = ">" if seat in view["to_act"] and not view["over"] else " "
    return f" {turn} {voice.seat(seat):<16} " + "  ·  ".join(facts)


def _trick_seat(view: TrickView, voice: Voice, seat: int) -> list[str]:
    facts = []
    if seat in view["sitting_out"]:
        facts.append(voice.t("sits out"))
    if view["dealer"] == seat:
        facts.append(voice.t("dealer"))
    if view["phase"] != "play":
        said = [bid for bidder, bid in map(seat_and_bid, view["bids"]) if bidder == seat]
        if said:
            facts.append(voice.t("passed") if said[-1] == "pass" else voice.t("bid {bid}", bid=said[-1]))
    if view["phase"] == "pass" and seat in view.get("passes_locked", []):
        facts.append(voice.t("ready"))
    return facts


def _poker_seat(view: PokerView, voice: Voice, seat: int) -> list[str]:
    settled = view["phase"] == "hand_over" or view["over"]  # the stacks are only chips behind while bets are out
    chips = (view["scores"] if settled else view["stacks"])[seat]
    facts = [voice.t("{count} chips", count=chips)]
    if view["bets"][seat] and not settled:
        facts.append(voice.t("bet {amount}", amount=view["bets"][seat]))
    if view["dealer"] == seat:
        facts.append(voice.t("dealer"))
    facts.extend(voice.t(word) for word, on in (("folded", seat in view["folded"]), ("out", seat in view["out"])) if on)
    return facts


def _tiles(view: GameView, tiles: Sequence[str]) -> str:
    """Tiles in a row; a trick game's count tiles (or Black Tile's penalty counters) with their points."""
    points = (view.get("tile_points") or {}) if view["family"] == "trick" else {}
    return "  ".join(f"{tile} ({points[tile]})" if tile in points else tile for tile in tiles)


def _body(view: GameView, voice: Voice, width: int) -> list[str]:
    """What lies on the table, by family."""
    if view["family"] == "line":
        return _line(view, voice, width)
    if view["family"] == "trick":
        return _trick(view, voice)
    if view["family"] == "poker":
        return _poker(view, voice)
    return _bingo(view, voice, width)


def _line(view: LineView, voice: Voice, width: int) -> list[str]:
    drawn = draw_line(view["line"], voice.word, width)
    if not drawn:
        return [voice.t("No tile has been played yet.")]
    laid = 1 + sum(len(arm) for arm in view["line"]["arms"].values())
    head = voice.t("Line of play") + ": " + voice.counted(laid, "{count} tile", "{count} tiles")
    if view["line"]["spinner"]:
        head += f"  ·  {voice.t('spinner')} {view['line']['center']}"
    return [head, *drawn, ""]


def _trick(view: TrickView, voice: Voice) -> list[str]:
    rows = []
    if view["phase"] == "bid" or (view["bids"] and view["contract"] is None):
        bids = [f"{voice.seat(seat)} {voice.t('passed') if bid == 'pass' else bid}"
                for seat, bid in map(seat_and_bid, view["bids"])]
        rows.append(f"{voice.t('Bidding')}: " + (",  ".join(bids) or voice.t("none yet")))
    turnup = view["turnup"]
    if turnup:
        trump = view.get("trump")
        offer = f" ({voice.t('offers {suit}', suit=voice.said(suit_words(trump)))})" if trump is not None else ""
        rows.append(f"{voice.t('Turn-up')}: {turnup}{offer}")
    trick = view["trick"]
    if trick is not None and trick["plays"]:
        plays = ",  ".join(f"{voice.seat(s)} {t}" for s, t in map(seat_and_tile, trick["plays"]))
        winning = trick.get("winning")
        rows.append(f"{voice.t('Trick')}: {plays}" + (f"  ({voice.t('winning')}: {voice.seat(winning)})"
                                                       if winning is not None else ""))
    elif view["last_trick"] is not None and view["last_trick"]["plays"]:
        last = view["last_trick"]
        plays = ",  ".join(f"{voice.seat(s)} {t}" for s, t in map(seat_and_tile, last["plays"]))
        won = voice.counted(1, "{name} won", "{names} won", name=voice.seat(last["winner"]))
        rows.append(f"{voice.t('last trick')}: {plays}  ({won})")
    for index, side in enumerate(view["sides"] if view["phase"] == "play" else []):
        tricks, points = view["tricks_won"][index], view["points_taken"][index]
        rows.append(f"  {' & '.join(voice.seat(s) for s in side)}: "
                    + voice.counted(tricks, "{count} trick", "{count} tricks") + "  ·  "
                    + voice.counted(points, "{count} point taken", "{count} points taken"))
    return [*rows, ""]


def _poker(view: PokerView, voice: Voice) -> list[str]:
    rows = []
    for key, shown in sorted(view["showdown"].items()):
        english = view["showdown_hands"].get(key, "")
        rows.append(f"{voice.seat(int(key))}: {'  '.join(shown)}  {_hand_words(voice, english, shown)}")
    last = view["last_hand"]
    if last is not None:
        won = voice.counted(1, "{name} won", "{names} won", name=voice.seat(last["winner"])) + f" {last['pot']}"
        if last["hand"]:
            winning = view["showdown"].get(str(last["winner"])) or []
            won += " " + voice.t("with {hand}", hand=_hand_words(voice, last["hand"], winning))
        rows.append(won)
    return [*rows, ""] if rows else []


def _hand_words(voice: Voice, category: str, tiles: Sequence[str]) -> str:
    """A poker hand in the table's language: said from its five tiles, else its category (a view's
    ``Category.key``)."""
    narrator = Narrator("poker", language=voice.language)
    if len(tiles) != 5:
        return poker_category_words(narrator, category)
    return poker_hand_words(narrator, tiles_from(list(tiles)))


def _bingo(view: BingoView, voice: Voice, width: int) -> list[str]:
    """The row in rows of text, the counter's tile in angle brackets, and the count each tile ahead is touched with."""
    row = view["row"]
    if not row:
        return [voice.t("The row is empty: Bingo!"), ""]
    position = view["position"] % len(row)
    cells = [f"<{tile}>" if index == position else f" {tile} " for index, tile in enumerate(row)]
    per_row = max(1, width // 8)
    drawn = ["".join(f"{cell:<8}" for cell in cells[start:start + per_row]).rstrip()
             for start in range(0, len(cells), per_row)]
    ahead = []
    for step in range(min(SHOWN_AHEAD, len(row))):
        tile = row[(position + step) % len(row)]
        number = (view["count"] + step) % 13
        high, _, low = tile.partition("-")
        hit = number in (int(high), int(low)) if not view["pip_total"] else int(high) + int(low) == number
        ahead.append(f"{tile}={number}" + ("*" if hit else ""))
    return [*drawn, "", *wrap(voice.t("Counts ahead (* matches)") + ": " + "  ".join(ahead), width), ""]


def wrap(text: str, width: int) -> list[str]:
    """``text`` in rows no wider than ``width``, broken at spaces, the rows after the first indented."""
    return textwrap.wrap(text, width, subsequent_indent="    ", break_long_words=False) or [""]
