"""What /tournament says about tables of more than two, teams and computer seats (issue 28): the sign-up's seating
line, a round's tables with their players, and who a standings line is. The rules are bot/tournament_rounds.py's."""

from __future__ import annotations

from bot import tournament_rounds as rounds
from bot.names import in_text
from bot.storage import Board, TournamentRow
from bot.tables_pairing import bye_worth
from bot.tournament_teams import Shape, shape_of, teams_of
from render.language import Language, _, translate

#: How teams are formed (the names translated: bot/i18n.py).
PARTNER_NAMES = {"fixed": _("fixed teams (formed at sign-up)"), "random": _("random teams (drawn at the start)")}


def bye_text(shape: Shape, locale: Language) -> str:
    """What a bye is worth, said."""
    if bye_worth(shape.per_table) == 1:
        return translate("a bye is worth a win", locale)
    return translate("a bye is worth ½ (an average result at a table)", locale)


def seating_text(row: TournamentRow, locale: Language) -> str:
    """The sign-up's line on how tables are seated: their size or teams, computers, and a bye's worth."""
    shape = shape_of(row)
    if shape.teams:
        said = translate("Partners: **{how}**, teams of {size}, two teams a table", locale,
                         how=translate(PARTNER_NAMES[row.setup.partners], locale), size=shape.team_size)
    else:
        said = translate("Tables of **{seats}**", locale, seats=shape.seats)
    if row.setup.computers:
        said += " · " + translate("computer players fill empty seats (they are never ranked)", locale)
    return said + " · " + bye_text(shape, locale)


def entrants_text(row: TournamentRow, locale: Language) -> str:
    """The players so far, teams together when there are partners."""
    if not row.setup.partners:
        return ", ".join(in_text(p.name) for p in row.players)
    teams = teams_of(row)
    said = ["(" + " & ".join(in_text(m.name) for m in members) + ")" for members in teams.values()]
    alone = [in_text(p.name) for p in row.players if not p.team]
    if alone:
        said.append(translate("without a team yet: {names}", locale, names=", ".join(alone)))
    return ", ".join(said)


def mentions(row: TournamentRow, competitor: int | None, shape: Shape, named: bool = False) -> str:
    """A competitor's mention: a member's, a team's members joined, or a computer player (``named``: their names,
    for players mentioned elsewhere)."""
    if competitor is None:
        return "🖥️"
    names = {p.user_id: p.name for p in row.players}

    def one(user_id: int) -> str:
        return in_text(names.get(user_id, "?")) if named else f"<@{user_id}>"

    if shape.teams:
        return " & ".join(one(m.user_id) for m in teams_of(row).get(competitor, []))
    return one(competitor)


def board_line(row: TournamentRow, board: Board, locale: Language, named: bool = False) -> str:
    """One table of a round (or a bye), its players mentioned (``named``: named, mentioned in the table's thread)."""
    shape = shape_of(row)
    if board.second_id is None and not board.lineup:
        players = mentions(row, board.first_id, shape)
        if bye_worth(shape.per_table) == 1:
            return translate("{players} has a bye (worth a win)", locale, players=players)
        return translate("{players} has a bye (worth ½)", locale, players=players)
    if board.lineup:
        sides: dict[int, list[str]] = {}
        for sitter in board.lineup:
            sides.setdefault(sitter.side, []).append(mentions(row, sitter.competitor, shape, named))
        players = " vs ".join(" & ".join(side) for side in sides.values())
    else:
        players = f"{mentions(row, board.first_id, shape, named)} vs {mentions(row, board.second_id, shape, named)}"
    return translate("{players} · table #{table}", locale, players=players, table=board.table_id)


def competitor_names(row: TournamentRow) -> tuple[dict[int, str], set[int]]:
    """Each standings line's name, and the competitors who dropped (not paired again)."""
    shape = shape_of(row)
    still = set(rounds.competitors(row, shape))
    return rounds.names(row, shape), {c for c in rounds.competitors(row, shape, active=False) if c not in still}


def points_text(row: TournamentRow, locale: Language) -> str:
    """What the standings' points mean at this tournament's tables."""
    shape = shape_of(row)
    if shape.per_table == 2:
        return translate("points: a win 1 (a bye is worth a win), a draw ½", locale)
    return translate("points: first at a table 1, last 0, the places between evenly ({bye})", locale,
                     bye=bye_text(shape, locale))
