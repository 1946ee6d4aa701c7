"""How a tournament seats a table of its game, and its teams (issue 28).

A tournament's table has the game's size: two seats when the game is played by two (the organiser may ask for more
with ``seats``), else the fewest it is played by, or the organiser's choice. With ``partners`` the game must be a
partnership game (Texas 42, Seventy-Nine, Euchre at four, Block, Draw or Muggins with their partners house rule):
members enter as teams, one team a side (two teams a table), and teams are paired and scored like players.

Teams are formed at sign-up (``fixed``: a member joins with their partners) or drawn at random at the start
(``random``). With fixed teams, members who joined alone (or whose partner left) are drawn at the start into the
fixed teams short of members, then into teams of their own.
Members who cannot make a whole team are refused at the start, unless the organiser allowed computers: then a
computer player takes each missing seat. A team plays on while one of its members has not dropped, computers taking
the dropped members' seats when allowed; without computers a team whose member dropped is not paired again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.storage.tournaments import Entrant, TournamentRow
from bot.table import NotAllowed
from engine.errors import BadOption
from engine.phrases import Word
from render.language import _

#: The house rules that turn a game's four seats into two partnerships (engine/linegame.py, engine/games/muggins.py).
PARTNER_OPTIONS = ("partners", "muggins_partners")
PARTNERS = ("fixed", "random")


@dataclass(frozen=True)
class Shape:
    """A tournament table of one game: its ``seats``, the game's scoring ``sides`` at that count, the house rules
    it needs (``options``), whether its competitors are ``teams`` (one a side) and the fewest competitors a knockout
    final may seat without computers (``smallest``)."""

    seats: int
    sides: tuple[tuple[int, ...], ...]
    teams: bool = False
    smallest: int = 2
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def per_table(self) -> int:
        """Competitors a table holds: its teams, or its players."""
        return len(self.sides) if self.teams else self.seats

    @property
    def team_size(self) -> int:
        """Members a team (1 without partners)."""
        return len(self.sides[0]) if self.teams else 1


def sides_at(game: str, seats: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...] | None:
    """The scoring sides of ``game`` at ``seats`` with these house rules (None if it is not played so)."""
    try:
        return engine.new_game(game, seats, 0, options).sides
    except BadOption:
        return None


def partnership(game: str) -> Shape | None:
    """The game's partnership table (its seats, sides and house rule), or None if it has none."""
    spec = engine.game_spec(game)
    names = {o.name for o in spec.options}
    for seats in spec.seats:
        for options in ({}, *({name: True} for name in PARTNER_OPTIONS if name in names)):
            sides = sides_at(game, seats, options)
            if sides and len(sides) > 1 and all(len(side) > 1 for side in sides):
                return Shape(seats, sides, True, 2, options)
    return None


def shape(game: str, seats: int | None, partners: str) -> Shape:
    """How a tournament of ``game`` seats a table; refused (NotAllowed) if the game cannot be played that way."""
    spec = engine.game_spec(game)
    title = Word(spec.title)
    if partners:
        found = partnership(game)
        if found is None:
            raise NotAllowed(_("{game} has no partnerships: partners is for Texas 42, Seventy-Nine, Euchre, and "
                               "Block, Draw or Muggins at four."), game=title)
        if seats is not None and seats != found.seats:
            raise NotAllowed(_("With partners, {game} is played at tables of {seats}."), game=title,
                             seats=found.seats)
        return found
    allowed = [n for n in spec.seats if n >= 2]
    chosen = seats if seats is not None else (2 if 2 in allowed else min(allowed, default=0))
    if chosen not in allowed:
        raise NotAllowed(_("{game} is not played at tables of {seats}: tournaments need a game of 2 to 10 seats "
                           "that is played by that many."), game=title, seats=chosen or 1)
    smallest = chosen
    while smallest - 1 in allowed:
        smallest -= 1
    sides = sides_at(game, chosen, {}) or tuple((s,) for s in range(chosen))
    return Shape(chosen, sides, False, smallest)


def shape_of(row: TournamentRow) -> Shape:
    """The shape of a tournament's tables (from its stored setup)."""
    return shape(row.game, row.setup.seats, row.setup.partners)


def teams_of(row: TournamentRow) -> dict[int, list[Entrant]]:
    """Each team's members in seed order, by team number (teams formed so far)."""
    teams: dict[int, list[Entrant]] = {}
    for player in sorted(row.players, key=lambda p: p.seed):
        if player.team:
            teams.setdefault(player.team, []).append(player)
    return teams


def team_name(members: list[Entrant]) -> str:
    """A team as the standings name it: its members joined by ampersands."""
    return " & ".join(m.name for m in members)


def form_teams(row: TournamentRow, size: int, rng: random.Random) -> None:
    """Give every player a team at the start: fixed teams stay (numbered again from 1), a fixed team short of members
    is made whole from those who joined alone, drawn at random, and the rest are drawn into teams. Refused, changing
    nothing, when some cannot make a whole team and the organiser did not allow computers."""
    fixed = [list(m) for m in teams_of(row).values()] if row.setup.partners == "fixed" else []
    kept = {p.user_id for team in fixed for p in team}
    alone = [p for p in row.players if p.user_id not in kept]
    short = len(alone) - sum(size - len(team) for team in fixed)
    if (short < 0 or short % size) and not row.setup.computers:
        raise NotAllowed(_("Teams are of {size}: {count} players have no whole team. Someone joins or leaves, or "
                           "the tournament allows computers to fill the empty seats."), size=size,
                         count=-short if short < 0 else short % size)
    rng.shuffle(alone)
    for team in fixed:
        while len(team) < size and alone:
            team.append(alone.pop())
    teams = [*fixed, *(alone[i:i + size] for i in range(0, len(alone), size))]
    for number, team in enumerate(teams, 1):
        for player in team:
            player.team = number


def join_team(row: TournamentRow, members: list[tuple[int, str]], size: int) -> None:
    """Sign up ``members`` (the one who joins first) as a team at once; refused if the team is too big, someone
    is in it twice, or someone is already in a team (members who joined alone join this team)."""
    ids = [user_id for user_id, _name in members]
    if len(set(ids)) != len(ids):
        raise NotAllowed(_("Choose partners other than yourself, each once."))
    if len(ids) > size:
        raise NotAllowed(_("Teams are of {size}: choose at most {count} partners."), size=size, count=size - 1)
    signed = {p.user_id: p for p in row.players}
    taken = [i for i in ids if i in signed and signed[i].team]
    if ids[0] in taken:
        raise NotAllowed(_("You are already in a team: press Leave first to change it."))
    if taken:
        raise NotAllowed(_("{name} is already in a team."), name=signed[taken[0]].name)
    number = max((p.team for p in row.players), default=0) + 1
    seed = max((p.seed for p in row.players), default=0)
    for user_id, name in members:
        if user_id in signed:
            signed[user_id].team = number
        else:
            seed += 1
            row.players.append(Entrant(user_id, name, seed, team=number))
