"""A tournament's rounds as its stored row sees them (issue 28): who is still in, the next round's tables, how a
played table is scored, the standings, and when it is over. Pure: the service (bot/tournaments.py) opens the tables
and keeps the row.

Two paths, one set of numbers. A tournament of two players (or two teams) a table with no computers pairs with
bot/pairing.py and keeps each game as a pair (``Board.first_id``/``second_id``, the ids of players or team numbers).
Tables of more than two, and any table with a computer, seat with bot/tables_pairing.py and keep who sat where in the
game's ``lineup``. Standings read both alike (bot/tables_pairing.py).
"""

from __future__ import annotations

import math

import engine
from bot.pairing import Game, Line, knockout, knockout_survivors, round_robin, round_robin_rounds, swiss
from bot.storage import Seat
from bot.storage.tournaments import Board, Sitter, TournamentRow
from bot.table import default_level
from bot.tables_pairing import (
    Result,
    Seating,
    advance,
    bracket,
    bye_worth,
    knockout_alive,
    knockout_tables,
    places,
    standings,
    swiss_tables,
)
from bot.tournament_teams import Shape, sides_at, team_name, teams_of


def seated(row: TournamentRow, shape: Shape) -> bool:
    """Whether the tournament keeps lineups (tables of more than two, or computers allowed) rather than pairs."""
    return shape.per_table > 2 or (row.setup.computers and row.format != "round-robin")


def competitors(row: TournamentRow, shape: Shape, active: bool = True) -> list[int]:
    """The players' ids, or the team numbers with partners, in seed order; ``active``: only those still playing (a
    team while one member has not dropped and computers may take the others' seats, else while none dropped)."""
    if not shape.teams:
        return [p.user_id for p in row.players if not (active and p.dropped)]
    teams = teams_of(row)
    return [number for number, members in teams.items()
            if not active or (any(not m.dropped for m in members)
                              and (row.setup.computers or not any(m.dropped for m in members)))]


def names(row: TournamentRow, shape: Shape) -> dict[int, str]:
    """Each competitor's name: a member's, or a team's members joined."""
    if shape.teams:
        return {number: team_name(members) for number, members in teams_of(row).items()}
    return {p.user_id: p.name for p in row.players}


def results(row: TournamentRow, before: int | None = None) -> list[Result]:
    """Every game and bye of the tournament (of the rounds ``before`` a round, when given) as a table's result."""
    found = []
    for board in (b for b in row.boards if before is None or b.round < before):
        if board.lineup:
            found.append(Result(board.round, tuple(board.lineup), board.done))
        elif board.second_id is None:
            found.append(Result(board.round, done=board.done, bye=board.first_id))
        else:
            draw = board.winner_id is None
            first = 1 if draw or board.winner_id == board.first_id else 2
            second = 1 if draw or board.winner_id == board.second_id else 2
            found.append(Result(board.round, (Sitter(board.first_id, 0, board.first_score, first),
                                              Sitter(board.second_id, 1, board.second_score, second)), board.done))
    return found


def table_standings(row: TournamentRow, shape: Shape, before: int | None = None) -> list[Line]:
    """The standings: every competitor who entered (computers never), best first (a knockout's by its bracket)."""
    played = results(row, before)
    lines = standings(competitors(row, shape, active=False), played, bye_worth(shape.per_table))
    return bracket(lines, played) if row.format == "knockout" else lines


def _games(row: TournamentRow) -> list[Game]:
    return [Game(b.round, b.first_id, b.second_id, b.first_score, b.second_score, b.winner_id, b.done)
            for b in row.boards]


def next_round(row: TournamentRow, shape: Shape) -> tuple[Seating, list[int]]:
    """The next round's tables (competitors; None: a computer's seat) and byes."""
    active = competitors(row, shape)
    if not seated(row, shape):
        if row.format == "round-robin":
            pairs, bye = round_robin(competitors(row, shape, active=False), row.round)
            kept: Seating = [[a, b] for a, b in pairs if a in active and b in active]
            byes = [c for c in (bye, *(x for pair in pairs for x in pair)) if c in active
                    and not any(c in table for table in kept)]
            return kept, list(dict.fromkeys(byes))
        pairs, one = knockout(knockout_survivors(active, _games(row))) if row.format == "knockout" else \
            swiss(active, _games(row))
        return [[a, b] for a, b in pairs], [one] if one is not None else []
    if row.format == "knockout":
        alive = knockout_alive(active, results(row), shape.per_table)
        return knockout_tables(alive, shape.per_table, row.setup.computers, shape.smallest)
    return swiss_tables(active, results(row), shape.per_table, bye_worth(shape.per_table), row.setup.computers)


def over(row: TournamentRow, shape: Shape) -> bool:
    """Whether the tournament is done: a knockout's last one standing, else its rounds played (or too few left)."""
    active = competitors(row, shape)
    if row.format == "knockout":
        alive = (knockout_alive(active, results(row), shape.per_table) if seated(row, shape)
                 else knockout_survivors(active, _games(row)))
        return len(alive) <= 1
    if seated(row, shape) and not row.setup.computers and len(active) < shape.per_table:
        return True  # too few left to seat a table: only byes would follow
    return row.round >= row.rounds or len(active) < 2


def planned_rounds(fmt: str, count: int, asked: int | None, shape: Shape, computers: bool) -> int:
    """How many rounds: a round robin's own count, a knockout's until one is left, a Swiss event's choice (else
    log2 of the competitors)."""
    if fmt == "round-robin":
        return round_robin_rounds(count)
    if fmt == "knockout":
        rounds, size = 0, shape.per_table
        while count > 1:
            rounds += 1
            if count <= size:
                break
            tables = -(-count // size) if computers else count // size
            count = tables * advance(size) + (0 if computers else count - tables * size)
        return max(rounds, 1)
    return asked or max(1, math.ceil(math.log2(max(count, 2))))


def table_seats(row: TournamentRow, shape: Shape, table: list[int | None]) -> tuple[list[Seat], list[Sitter]]:
    """The seats of one table (members, computers in empty seats) and its lineup (one sitter a seat, or a side
    with teams)."""
    level = default_level(engine.game_spec(row.game))
    computers = 0

    def computer() -> Seat:
        nonlocal computers
        computers += 1
        return Seat(f"Computer {computers}", level=level, ranked=False)

    members = {p.user_id: p for p in row.players}
    if not shape.teams:
        sides = sides_at(row.game, len(table), shape.options) or tuple((s,) for s in range(len(table)))
        side_of = {seat: index for index, at in enumerate(sides) for seat in at}
        seats = [computer() if c is None else Seat(members[c].name, c) for c in table]
        return seats, [Sitter(c, side_of[i]) for i, c in enumerate(table)]
    teams = teams_of(row)
    placed: list[Seat | None] = [None] * shape.seats
    for side, team in enumerate(table):
        playing = [m for m in teams.get(team, []) if not m.dropped] if team is not None else []
        for k, seat in enumerate(shape.sides[side]):
            placed[seat] = Seat(playing[k].name, playing[k].user_id) if k < len(playing) else computer()
    return [s for s in placed if s is not None], [Sitter(team, side) for side, team in enumerate(table)]


def score(board: Board, game: engine.Game | None) -> None:
    """Record a finished (or ended) table's outcome on its board: the winners of a finished match first, else the
    game's own standing (ahead on the match score; equal scores share a place). An unreadable game is a draw at 0."""
    lowest = engine.game_spec(game.key).lowest_wins if game is not None else False
    scores = list(game.score) if game is not None else [0] * (1 + max((s.side for s in board.lineup), default=1))
    winners = {game.side_of(s) for s in game.winner} if game is not None and game.is_over else set()
    placed = places(scores, sorted(winners), lowest)
    if board.lineup:
        board.lineup = [Sitter(s.competitor, s.side, scores[s.side], placed[s.side]) for s in board.lineup]
    else:  # a pair: seat 0 is on side 0, seat 1 on side 1 (a team's first member sits first on its side)
        board.first_score, board.second_score = scores[0], scores[1]
        board.winner_id = (None if placed[0] == placed[1] else board.first_id if placed[0] < placed[1]
                           else board.second_id)
    board.done = True
