"""Words every table feature shares (names as message text, seat counts, house rules, whose turn), built from the
registry and the engine's views."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import language_of, translate
from bot.names import in_text
from bot.table import Table
from engine import GameSpec
from engine.views import CommonView
from render.language import ENGLISH, Language, agree, display_name
from render.words import option_label, option_value_words

COLOUR = discord.Colour.from_rgb(38, 110, 70)
NO_PINGS = discord.AllowedMentions(everyone=False, roles=False, users=False, replied_user=False)


def shown(table: Table, locale: Language = ENGLISH) -> list[str]:
    """The seats' names as message text: markdown in a name is shown, not applied; a computer's name in the
    locale's language where one is given."""
    return [in_text(display_name(name, locale) if locale is not None else name) for name in table.names]


def clip(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters (a Discord field's limit), cut after a whole word with "…".

    >>> clip("Count the ends after each play, or the Muggins cascade", 45)
    'Count the ends after each play, or the…'
    """
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    cut = head.rsplit(" ", 1)[0] if " " in head else head
    return cut.rstrip(" ,;:·-") + "…"


def seat_range(spec: GameSpec, locale: Language = ENGLISH) -> str:
    """Allowed player counts in words: ``2 to 6``, ``1``, ``3 or 4`` (in the locale's language)."""
    seats = sorted(spec.seats)
    if len(seats) == 1:
        return str(seats[0])
    if seats == list(range(seats[0], seats[-1] + 1)):
        return translate("{low} to {high}", locale, low=seats[0], high=seats[-1])
    return translate("{list} or {last}", locale, list=", ".join(str(s) for s in seats[:-1]), last=seats[-1])


def options_text(spec: GameSpec, values: dict[str, Any], locale: Language = ENGLISH) -> str:
    """Each option with its current value, one per line (in the locale's language)."""
    if not spec.options:
        return translate("none", locale)
    lines = []
    for option in spec.options:
        value = values.get(option.name, option.default)
        mark = "" if value == option.default else " ✱"
        lines.append(f"{option_label(option.name, locale)}: **{option_value_words(option.name, value, locale)}**"
                     f"{mark}")
    return "\n".join(lines)[:1024]


def winners_line(winners: list[str], locale: Language = ENGLISH) -> str:
    """🏆 and who won the match (the verb agrees with one winner or several), or that nobody did."""
    if not winners:
        return "🏆 " + translate("The match ended with no winner.", locale)
    names = " & ".join(winners)
    return "🏆 " + agree(len(winners), "{name} won the match.", "{names} won the match.", locale, name=names,
                         names=names)


def status_line(table: Table, view: CommonView, locale: Language = ENGLISH) -> str:
    """Whose turn it is (or how the match ended), in words with names."""
    if view["over"]:
        return winners_line([shown(table, locale)[s] for s in view["winners"]], locale)
    awaited = [shown(table, locale)[s] for s in view["to_act"]]
    prompt = table.narrator(shown(table, locale), language_of(locale)).prompt(view["prompt"])
    waiting = translate("Waiting for **{names}**", locale, names=", ".join(awaited))
    return f"➡️ {waiting}" + (f": {prompt}" if prompt else "")
