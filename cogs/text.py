"""Words and embeds for lobbies, table messages and hands, built from the registry and the engine's views."""

from __future__ import annotations

from typing import Any

import discord
from discord import Locale

from bot.i18n import translate
from bot.names import in_text
from bot.table import Table
from engine import GameSpec
from engine.views import CommonView, GameView
from render.poker import chips
from render.words import option_label, option_value_words, your_prompt

COLOUR = discord.Colour.from_rgb(38, 110, 70)
NO_PINGS = discord.AllowedMentions(everyone=False, roles=False, users=False, replied_user=False)


def shown(table: Table) -> list[str]:
    """The seats' names as message text: markdown in a name is shown, not applied."""
    return [in_text(name) for name in table.names]


#: How each computer level is shown: its name and what it does.
LEVEL_WORDS = {
    "easy": ("Easy", "Random legal moves: for learning the game"),
    "normal": ("Normal", "Plays sensibly: the game's own strategy"),
    "strong": ("Strong", "Thinks ahead over possible deals; takes a little longer"),
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


def options_text(spec: GameSpec, values: dict[str, Any]) -> str:
    """Each option with its current value, one per line."""
    if not spec.options:
        return "none"
    lines = []
    for option in spec.options:
        value = values.get(option.name, option.default)
        mark = "" if value == option.default else " ✱"
        lines.append(f"{option_label(option.name)}: **{option_value_words(option.name, value)}**{mark}")
    return "\n".join(lines)[:1024]


def lobby_embed(table: Table, locale: Locale | None = None) -> discord.Embed:
    """The lobby: game, seats (teams shown when partners sit opposite), host, house rules and readiness."""
    spec = table.spec
    embed = discord.Embed(title=f"{spec.title} · lobby", colour=COLOUR, description=spec.summary[:600])
    seats = "\n".join(f"{i + 1}. {seat_label(table, i, locale)}" for i in range(len(table.seats)))
    sides = table.sides()
    if sides:
        seats += "\n" + "\n".join(
            f"Team {chr(65 + n)}: " + " & ".join(shown(table)[s] for s in side) for n, side in enumerate(sides))
    embed.add_field(name=f"Seats ({len(table.seats)}; {seat_range(spec)} players)", value=seats or "empty",
                    inline=False)
    embed.add_field(name="House rules", value=options_text(spec, table.row.options), inline=False)
    problem = table.start_problem()
    waiting = [shown(table)[s] for s in table.reserved()]
    if problem is None and waiting:
        problem = translate("the rematch keeps a seat for {names} until they press Join or Rematch", locale,
                            names=", ".join(waiting))
    embed.add_field(name="Ready?", value=f"Not yet: {problem}"[:1024] if problem else "Yes: the host can Start.",
                    inline=False)
    embed.set_footer(text=f"table #{table.id} · Join to play; the host sets house rules and starts")
    return embed


def side_names(table: Table, view: CommonView) -> list[str]:
    """Each scoring side's name (partners joined with &)."""
    return [" & ".join(shown(table)[s] for s in side) for side in view["sides"]]


def score_line(table: Table, view: GameView) -> str:
    """Scores per side, with the target when the game has one."""
    scores = chips(view) if view["family"] == "poker" else view["scores"]  # the chips the picture shows
    parts = [f"{name} **{score}**" for name, score in zip(side_names(table, view), scores, strict=False)]
    target = view["target"] if view["family"] == "line" or view["family"] == "trick" else None
    return " · ".join(parts) + (f" (to {target})" if target else "")


def status_line(table: Table, view: CommonView) -> str:
    """Whose turn it is (or how the match ended), in words with names."""
    if view["over"]:
        winners = [shown(table)[s] for s in view["winners"]]
        return "🏆 " + (" & ".join(winners) + " won the match." if winners else "The match ended with no winner.")
    awaited = [shown(table)[s] for s in view["to_act"]]
    prompt = table.narrator(shown(table)).prompt(view["prompt"])
    return f"➡️ Waiting for **{', '.join(awaited)}**" + (f": {prompt}" if prompt else "")


def table_embed(table: Table, view: GameView, image: str | None) -> discord.Embed:
    """The table message: scores, whose turn, the last moves, and the table image."""
    spec = table.spec
    title = f"{spec.title} · table #{table.id}"
    if view["round"]:
        title += f" · round {view['round']}"
    embed = discord.Embed(title=title, colour=COLOUR, description=status_line(table, view))
    embed.add_field(name="Scores", value=score_line(table, view)[:1024] or "-", inline=False)
    narrator = table.narrator(shown(table))
    log = [narrator.event(entry) for entry in view["log"][-4:]]
    if log:
        embed.add_field(name="Last moves", value="\n".join(log)[:1024], inline=False)
    if table.row.autopilot:
        embed.add_field(name="Run", value="The computer is playing " + ", ".join(
            shown(table)[s] for s in table.row.autopilot) + "'s moves.", inline=False)
    if image:
        embed.set_image(url=f"attachment://{image}")
    embed.set_footer(text=f"table #{table.id} · My hand shows your tiles privately")
    return embed


def scores_embed(table: Table, title: str, lines: list[str], image: str | None) -> discord.Embed:
    """The round or match result with the score table image."""
    embed = discord.Embed(title=title, colour=discord.Colour.gold(), description="\n".join(lines)[:4000])
    if image:
        embed.set_image(url=f"attachment://{image}")
    return embed


def closed_embed(table: Table) -> discord.Embed:
    """A lobby or game that was cancelled, ended early, or could not be restored."""
    note = table.row.note or "closed"
    return discord.Embed(title=f"{table.spec.title} · table #{table.id} closed", description=note.capitalize(),
                         colour=discord.Colour.dark_grey())


def hand_text(table: Table, view: CommonView, seat: int, can_move: bool) -> str:
    """The words above a hand: your turn and what is awaited, or whose turn it is."""
    if view["over"]:
        return status_line(table, view)
    if seat in table.row.autopilot:
        return "🤖 The computer is playing your moves (press **Pause** on the table to take over)."
    if can_move:
        prompt = your_prompt(table.narrator(shown(table)), view["prompt"], seat)
        return f"🎯 **Your turn** at table #{table.id}. {prompt}"
    awaited = ", ".join(shown(table)[s] for s in view["to_act"])
    return f"Your tiles at table #{table.id}. Waiting for **{awaited}**."
