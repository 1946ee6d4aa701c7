"""The strength ladder (issue 30): how each computer level does, per game, against random play and against the level
below, as measured by ``benchmarks/strength_ladder.py`` into ``render/strength_ladder.json`` (kept in the
repository). /rules shows a game's lines (:func:`ladder_lines`), the docs page ``docs/strength.md`` is
:func:`docs_page` of the same data, and the lobby's level menu says what each level does (:data:`LEVEL_WORDS`).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine import catalogue
from render.language import ENGLISH, Language, _, translate, translate_n

DATA = Path(__file__).resolve().parent / "strength_ladder.json"
#: When no level wins this share of the decided hands against random play, with its interval above an even share,
#: skill hardly shows: the game is mostly luck, and the ladder says so (:func:`mostly_luck`).
LUCK_SHARE = 0.6

#: How each computer level is shown: its name and what it does, in a few words (the lobby's menu: Discord allows
#: 100 characters for an option's description).
LEVEL_WORDS = {
    "easy": (_("Easy"), _("Random legal moves: for learning the game")),
    "normal": (_("Normal"), _("Plays sensibly: the game's own strategy")),
    "strong": (_("Strong"), _("Thinks ahead over possible deals; takes a little longer")),
}


def mostly_luck(pairings: list[dict[str, Any]]) -> bool:
    """True when no level's pairing against random play (Easy) shows a clear edge: a share of at least
    :data:`LUCK_SHARE` with the whole interval above an even share."""
    return not any(p["opponent"] == "easy" and p["share"] >= LUCK_SHARE and p["low"] > 0.5 for p in pairings)


def best_against_random(pairings: list[dict[str, Any]]) -> dict[str, Any]:
    """The pairing against random play (Easy) with the highest share."""
    return max((p for p in pairings if p["opponent"] == "easy"), key=lambda p: p["share"])


PAIRING_FIGURES = ("won", "decided", "played", "share", "low", "high")


def well_formed(entry: Any) -> bool:
    """True for a game's entry this module can word: its unit, its luck flag, and pairings of known levels with
    their figures (and Bingo's scores)."""
    if not isinstance(entry, dict) or entry.get("unit") not in ("hands", "deals", "games") or not isinstance(
            entry.get("luck"), bool) or not isinstance(entry.get("pairings"), list) or not entry["pairings"]:
        return False
    for pairing in entry["pairings"]:
        if not isinstance(pairing, dict) or pairing.get("level") not in LEVEL_WORDS or pairing.get(
                "opponent") not in LEVEL_WORDS or not all(isinstance(pairing.get(f), int | float)
                                                          for f in PAIRING_FIGURES):
            return False
    scores = entry.get("scores", [])
    return isinstance(scores, list) and all(isinstance(s, dict) and s.get("level") in LEVEL_WORDS and all(
        isinstance(s.get(f), int | float) for f in ("mean", "low", "high")) for s in scores)


@cache
def ladder() -> dict[str, Any]:
    """The measured ladder: its games' entries that are well formed (:func:`well_formed`); empty when the file is
    missing or unreadable, so /rules and the lobby then show no figures rather than fail."""
    try:
        data = json.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        return {}
    return {**data, "games": {key: entry for key, entry in data["games"].items() if well_formed(entry)}}


def level_name(level: str, locale: Language) -> str:
    """A level's name in the locale's language."""
    return translate(LEVEL_WORDS[level][0], locale)


def level_description(key: str, level: str, locale: Language = ENGLISH) -> str:
    """What a level does, for the lobby's menu, with how it did against the level below in game ``key`` where the
    ladder measured it in hands (at most 100 characters in every language: tests/render/test_ladder.py)."""
    words = translate(LEVEL_WORDS[level][1], locale)
    entry = ladder().get("games", {}).get(key)
    if not isinstance(entry, dict) or entry.get("unit") == "games" or level == "easy":
        return words
    below = {"normal": "easy", "strong": "normal"}[level]
    for pairing in entry["pairings"]:
        if pairing["level"] == level and pairing["opponent"] == below:
            return translate("{words} · wins {share}% v {opponent}", locale, words=words,
                             share=round(100 * pairing["share"]), opponent=level_name(below, locale))
    return words


def pairing_line(pairing: dict[str, Any], unit: str, locale: Language) -> str:
    """One pairing in words: "Strong v Normal: wins 64% [60-68] of 400 hands"."""
    values = {"level": level_name(pairing["level"], locale), "opponent": level_name(pairing["opponent"], locale),
              "share": round(100 * pairing["share"]), "low": round(100 * pairing["low"]),
              "high": round(100 * pairing["high"])}
    if unit == "games":
        return translate_n(pairing["decided"], "{level} v {opponent}: better on {share}% [{low}-{high}] of {count} "
                           "sheet", "{level} v {opponent}: better on {share}% [{low}-{high}] of {count} sheets",
                           locale, **values)
    if unit == "deals":
        return translate_n(pairing["decided"], "{level} v {opponent}: ahead on {share}% [{low}-{high}] of {count} "
                           "deal", "{level} v {opponent}: ahead on {share}% [{low}-{high}] of {count} deals",
                           locale, **values)
    return translate_n(pairing["decided"], "{level} v {opponent}: wins {share}% [{low}-{high}] of {count} hand",
                       "{level} v {opponent}: wins {share}% [{low}-{high}] of {count} hands", locale, **values)


def ladder_lines(key: str, locale: Language = ENGLISH) -> list[str]:
    """A game's ladder for /rules, a line a pairing (and a word on luck, and on Bingo's scores); empty when the game
    was not measured."""
    entry = ladder().get("games", {}).get(key)
    if not isinstance(entry, dict):
        return []
    lines = [pairing_line(p, entry["unit"], locale) for p in entry["pairings"]]
    for score in entry.get("scores", []):
        lines.append(translate("{level}: {mean} of 91 tiles removed on average [{low}-{high}]", locale,
                               level=level_name(score["level"], locale), mean=score["mean"], low=score["low"],
                               high=score["high"]))
    if entry["luck"] and entry["unit"] == "games":
        lines.append(translate("With the house rules as they come every matching tile goes at once: every level "
                               "plays alike and the sheet decides.", locale))
    elif entry["luck"]:
        lines.append(translate("Mostly luck: the deal decides more than the level.", locale))
    return lines


def ladder_note(key: str, locale: Language = ENGLISH) -> str:
    """What the figures are: shares of the decided hands with 95% intervals, an even share being 50%; Strong
    measured with fewer samples than the bot gives it."""
    entry = ladder().get("games", {}).get(key, {})
    if entry.get("unit") == "games":
        return translate("Measured with {option} off; each level plays the same sheets; 95% intervals in brackets.",
                         locale, option=", ".join(entry.get("options", {})))
    chips = " " + translate("A deal is played twice, the levels swapping seats, and goes to the level ahead in chips.",
                            locale) if entry.get("unit") == "deals" else ""
    return translate_n(entry.get("seats", 2), "{count} player, the levels in alternate seats; share of decided "
                       "hands, 95% interval in brackets; an even share is 50%. Strong was measured at {samples} "
                       "samples a move: at the table it takes up to 400.",
                       "{count} players, the levels in alternate seats; share of decided hands, 95% interval in "
                       "brackets; an even share is 50%. Strong was measured at {samples} samples a move: at the "
                       "table it takes up to 400.", locale, samples=entry.get("samples", 0)) + chips


# ----- the docs page ----------------------------------------------------------------------------------------------
def _option(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def table_words(entry: dict[str, Any]) -> str:
    """The table a game was measured at: its players and any house rules set."""
    rules = ", ".join(f"`{name}` {_option(value)}" for name, value in entry.get("options", {}).items())
    return f"{entry['seats']} player{'s' if entry['seats'] != 1 else ''}" + (f", {rules}" if rules else "")


def docs_rows(key: str, entry: dict[str, Any]) -> list[str]:
    """A game's rows of the docs page's table."""
    title = catalogue()[key].title
    rows = []
    for pairing in entry["pairings"]:
        unit = {"games": "sheets"}.get(entry["unit"], entry["unit"])
        rows.append(f"| {title} | {pairing['level'].capitalize()} v {pairing['opponent'].capitalize()} | "
                    f"**{_percent(pairing['share'])}** [{_percent(pairing['low'])}-{_percent(pairing['high'])}] | "
                    f"{pairing['decided']} of {pairing['played']} {unit} | {table_words(entry)} | "
                    f"{entry['samples'] if 'strong' in (pairing['level'], pairing['opponent']) else '-'} |")
    return rows


def docs_page(data: dict[str, Any]) -> str:
    """``docs/strength.md``: the whole ladder, from the data file's contents."""
    games = data.get("games", {})
    lines = ["# How strong are the computer players?", "",
             "Generated by `benchmarks/strength_ladder.py` from `render/strength_ladder.json` (the figures /rules "
             "shows); do not edit by hand.", "",
             f"    {data.get('command', '')}", "",
             "Three levels: **Easy** plays a random legal move, **Normal** plays each game's own strategy, "
             "**Strong** deals out possible hands for the tiles it cannot see and plays each choice out in each "
             "(Monte Carlo search; in Block and Draw between two sides, once 16 tiles or fewer are left in the hands "
             "and none to draw, it solves the rest of the hand exactly in each; in Block, Draw, Sebastopol and "
             "Tiddle-a-Wink it takes an opponent that has always put a double down when it could not to hold a "
             "double it passed over; in Bingo there is no Strong). Each "
             "pairing plays the same deals twice, the levels "
             "swapping seats, one level in the even seats and the other in the odd ones, so **an even share is "
             "50%**. A share is of the decided hands (a hand both levels won, or nobody, decides nothing; in Muggins "
             "and Bergen a hand goes to the side that scored more in it; in Domino Poker, where a pot won says "
             "little, a deal goes to the level ahead in chips over its two seatings), with a 95% bootstrap interval "
             "over deals. "
             "Strong was measured at the samples a move given below, without a clock; at the table it takes up to "
             "400 samples within 150 ms, so it is at least as strong as here.", "",
             "| Game | Pairing | Share won [95%] | Decided | Table | Strong's samples |", "|---|---|---|---|---|---|"]
    for key, entry in games.items():
        lines += docs_rows(key, entry)
    lines += ["", "## Mostly luck", ""]
    for key, entry in games.items():
        if entry["luck"]:
            lines.append(f"- **{catalogue()[key].title}**: {luck_reason(entry)}")
    bingo = games.get("bingo")
    if bingo:
        lines += ["", "## Bingo (solitaire)", "", "Tiles removed of the sheet's 91, on the same sheets, with the house "
                  "rules " + ", ".join(f"`{name}` {_option(value)}" for name, value in bingo["options"].items())
                  + " (by default every matching tile is removed at once, and every level plays alike):", ""]
        for score in bingo["scores"]:
            lines.append(f"- {score['level'].capitalize()}: {score['mean']} on average [{score['low']}-"
                         f"{score['high']}], the whole sheet cleared in {_percent(score['cleared'])} of games")
    return "\n".join(lines) + "\n"


def luck_reason(entry: dict[str, Any]) -> str:
    """Why a game counts as mostly luck, from its figures."""
    if entry["unit"] == "games":
        return ("with the default rules every matching tile is removed at once, so every level plays alike and the "
                f"sheet's order decides ({_percent(entry['default_cleared'])} of the sheets cleared).")
    top = best_against_random(entry["pairings"])
    return (f"no level wins {_percent(LUCK_SHARE)} of the decided hands against random play with its interval above "
            f"an even share; the best, {top['level'].capitalize()}, wins {_percent(top['share'])} "
            f"[{_percent(top['low'])}-{_percent(top['high'])}].")
