"""A tournament's standings as a picture (render/tournament_standings.py) for the standings messages of
cogs/tournament.py: after every round, at the end and on /tournament standings, above the same standings as text."""

from __future__ import annotations

import io

import discord

from bot import offload
from bot.i18n import language_of
from bot.pairing import Line
from bot.storage import TournamentRow
from cogs.season_cards import game_title
from cogs.tournament_seats import competitor_names
from render.language import Language, translate
from render.tournament_standings import StandingRow, standings_png

FILE_NAME = "tournament-standings.png"


async def with_picture(embed: discord.Embed, row: TournamentRow, lines: list[Line], after: int, locale: Language,
                       final: bool = False) -> discord.File:
    """Draw the standings ``lines`` of ``row`` after round ``after`` (off the event loop) and show the picture in
    ``embed``; the file to send with it. ``final``: the final standings, the first place marked as the winner's."""
    names, dropped = competitor_names(row)  # players, or teams named by their members
    rows = [StandingRow(names[line.user_id], line.points, line.buchholz, line.difference, line.user_id in dropped)
            for line in lines if line.user_id in names]
    title = translate("Tournament #{id} · {game}", locale, id=row.id, game=game_title(row.game, locale))
    subtitle = translate("Final standings", locale) if final else translate(
        "Standings after round {round}", locale, round=after)
    png = await offload.run_in("render", standings_png, title, subtitle, rows, language_of(locale), final)
    embed.set_image(url=f"attachment://{FILE_NAME}")
    return discord.File(io.BytesIO(png), FILE_NAME)
