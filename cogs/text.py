"""Words and embeds for lobbies, table messages and hands, built from the registry and the engine's views."""

from __future__ import annotations

from typing import Any

import discord
from discord import Locale

from bot.i18n import language_of, translate
from bot.names import in_text
from bot.table import Table
from engine import GameSpec
from engine.phrases import capital
from engine.views import CommonView, GameView
from render.language import _, agree, phrase_in
from render.poker import chips
from render.words import option_label, option_value_words, your_prompt

COLOUR = discord.Colour.from_rgb(38, 110, 70)
NO_PINGS = discord.AllowedMentions(everyone=False, roles=False, users=False, replied_user=False)


def shown(table: Table) -> list[str]:
    """The seats' names as message text: markdown in a name is shown, not applied."""
    return [in_text(name) for name in table.names]


#: How each computer level is shown: its name and what it does.
LEVEL_WORDS = {
    "easy": (_("Easy"), _("Random legal moves: for learning the game")),
    "normal": (_("Normal"), _("Plays sensibly: the game's own strategy")),
    "strong": (_("Strong"), _("Thinks ahead over possible deals; takes a little longer")),
}


def seat_label(table: Table, index: int, locale: Locale | None = None) -> str:
    """A seat in a list: a member's mention (embeds never ping) or a computer's name and strength; a seat a rematch
    keeps for its member says when it opens up (Discord shows the time counting down)."""
    seat = table.seats[index]
    if seat.computer:
        return f"🤖 {seat.name} · {LEVEL_WORDS[seat.level][0].lower()}"
    label = f"<@{seat.user_id}>" + (" (host)" if seat.user_id == table.host_id else "")
    if seat.reserved_until is not None:
        label += " · " + translate("⏳ kept for them, opens up <t:{when}:R>", locale, when=int(seat.reserved_until))
    return label


def seat_range(spec: GameSpec) -> str:
    """Allowed player counts in words: ``2 to 6``, ``1``, ``3 or 4``."""
    seats = sorted(spec.seats)
    if len(seats) == 1:
        return str(seats[0])
    if seats == list(range(seats[0], seats[-1] + 1)):
        return f"{seats[0]} to {seats[-1]}"
    return ", ".join(str(s) for s in seats[:-1]) + f" or {seats[-1]}"


def options_text(spec: GameSpec, values: dict[str, Any], locale: Any = None) -> str:
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


def lobby_embed(table: Table, locale: Locale | None = None) -> discord.Embed:
    """The lobby: game, seats (teams shown when partners sit opposite), host, house rules and readiness."""
    spec = table.spec
    embed = discord.Embed(title=translate("{game} · lobby", locale, game=translate(spec.title, locale)), colour=COLOUR,
                          description=translate(spec.summary, locale)[:600])
    seats = "\n".join(f"{i + 1}. {seat_label(table, i, locale)}" for i in range(len(table.seats)))
    sides = table.sides()
    if sides:
        seats += "\n" + "\n".join(
            translate("Team {letter}", locale, letter=chr(65 + n)) + ": " + " & ".join(shown(table)[s] for s in side)
            for n, side in enumerate(sides))
    embed.add_field(name=translate("Seats ({count}; {players} players)", locale, count=len(table.seats),
                                   players=seat_range(spec)), value=seats or translate("empty", locale), inline=False)
    embed.add_field(name=translate("House rules", locale), value=options_text(spec, table.row.options, locale),
                    inline=False)
    found = table.start_problem()
    problem = phrase_in(found, locale) if found is not None else None
    waiting = [shown(table)[s] for s in table.reserved()]
    if problem is None and waiting:
        problem = translate("the rematch keeps a seat for {names} until they press Join or Rematch", locale,
                            names=", ".join(waiting))
    ready = translate("Not yet: {problem}", locale, problem=problem) if problem else translate(
        "Yes: the host can Start.", locale)
    embed.add_field(name=translate("Ready?", locale), value=ready[:1024], inline=False)
    embed.set_footer(text=translate("table #{table} · Join to play; the host sets house rules and starts", locale,
                                    table=table.id))
    return embed


def side_names(table: Table, view: CommonView) -> list[str]:
    """Each scoring side's name (partners joined with &)."""
    return [" & ".join(shown(table)[s] for s in side) for side in view["sides"]]


def score_line(table: Table, view: GameView, locale: Any = None) -> str:
    """Scores per side, with the target when the game has one."""
    scores = chips(view) if view["family"] == "poker" else view["scores"]  # the chips the picture shows
    parts = [f"{name} **{score}**" for name, score in zip(side_names(table, view), scores, strict=False)]
    target = view["target"] if view["family"] == "line" or view["family"] == "trick" else None
    return " · ".join(parts) + (" " + translate("(to {target})", locale, target=target) if target else "")


def winners_line(winners: list[str], locale: Any = None) -> str:
    """🏆 and who won the match (the verb agrees with one winner or several), or that nobody did."""
    if not winners:
        return "🏆 " + translate("The match ended with no winner.", locale)
    names = " & ".join(winners)
    return "🏆 " + agree(len(winners), _("{name} won the match."), _("{names} won the match."), locale, name=names,
                         names=names)


def status_line(table: Table, view: CommonView, locale: Any = None) -> str:
    """Whose turn it is (or how the match ended), in words with names."""
    if view["over"]:
        return winners_line([shown(table)[s] for s in view["winners"]], locale)
    awaited = [shown(table)[s] for s in view["to_act"]]
    prompt = table.narrator(shown(table), language_of(locale)).prompt(view["prompt"])
    waiting = translate("Waiting for **{names}**", locale, names=", ".join(awaited))
    return f"➡️ {waiting}" + (f": {prompt}" if prompt else "")


def table_embed(table: Table, view: GameView, image: str | None, locale: Any = None) -> discord.Embed:
    """The table message (in the server's language, ``locale``): scores, whose turn, the last moves, and the table
    image."""
    spec = table.spec
    title = translate("{game} · table #{table}", locale, game=translate(spec.title, locale), table=table.id)
    if view["round"]:
        title += " · " + translate("round {number}", locale, number=view["round"])
    embed = discord.Embed(title=title, colour=COLOUR, description=status_line(table, view, locale))
    embed.add_field(name=translate("Scores", locale), value=score_line(table, view, locale)[:1024] or "-",
                    inline=False)
    narrator = table.narrator(shown(table), language_of(locale))
    log = [narrator.event(entry) for entry in view["log"][-4:]]
    if log:
        embed.add_field(name=translate("Last moves", locale), value="\n".join(log)[:1024], inline=False)
    if table.row.autopilot:
        embed.add_field(name=translate("Run", locale), value=translate(
            "The computer is playing {names}'s moves.", locale,
            names=", ".join(shown(table)[s] for s in table.row.autopilot)), inline=False)
    if image:
        embed.set_image(url=f"attachment://{image}")
    embed.set_footer(text=translate("table #{table} · My hand shows your tiles privately", locale, table=table.id))
    return embed


def scores_embed(table: Table, title: str, lines: list[str], image: str | None) -> discord.Embed:
    """The round or match result with the score table image."""
    embed = discord.Embed(title=title, colour=discord.Colour.gold(), description="\n".join(lines)[:4000])
    if image:
        embed.set_image(url=f"attachment://{image}")
    return embed


def closed_embed(table: Table, locale: Any = None) -> discord.Embed:
    """A lobby or game that was cancelled, ended early, or could not be restored (in the server's language; a note
    with an error in it stays as it was written)."""
    note = translate(table.row.note or "closed", locale)
    return discord.Embed(title=translate("{game} · table #{table} closed", locale,
                                         game=translate(table.spec.title, locale), table=table.id),
                         description=capital(note), colour=discord.Colour.dark_grey())


def hand_text(table: Table, view: CommonView, seat: int, can_move: bool, locale: Any = None) -> str:
    """The words above a hand, in the member's language (``locale``): your turn and what is awaited, or whose turn
    it is."""
    if view["over"]:
        return status_line(table, view, locale)
    if seat in table.row.autopilot:
        return "🤖 " + translate("The computer is playing your moves (press **Pause** on the table to take over).",
                                 locale)
    if can_move:
        prompt = your_prompt(table.narrator(shown(table), language_of(locale)), view["prompt"], seat)
        return "🎯 " + translate("**Your turn** at table #{table}.", locale, table=table.id) + f" {prompt}"
    awaited = ", ".join(shown(table)[s] for s in view["to_act"])
    return translate("Your tiles at table #{table}. Waiting for **{names}**.", locale, table=table.id, names=awaited)
