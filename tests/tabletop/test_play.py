"""A person at the terminal table (issue 24): a scripted game of each family played through standard input, its text
checked: seats counted from 1, the line of play drawn, trick, poker and bingo states in words (never a Python dict or
list), one prompt a move, bad answers asked again, and the match's result in the last line."""

from __future__ import annotations

import io
import itertools
import re

import pytest

from engine import Game, catalogue, game_spec
from tabletop.cli import main
from tabletop.match import Terminal, play_human
from tabletop.voice import Voice
from tests.tabletop.support import plain


def played(key: str, seats: int, you: int, answers: str, options: dict[str, str] | None = None,
           seed: int = 3, levels: str = "normal") -> tuple[Game, str]:
    """A match with seat ``you`` (from 1) answered by ``answers``, line by line; the game and everything shown."""
    out = io.StringIO()
    game = play_human(key, seats, seed, dict(options or {}), [levels] * seats, Voice(you=you - 1),
                      Terminal(io.StringIO(answers).readline, out, 100))
    return game, out.getvalue()


def human_moves(game: Game, seat: int) -> int:
    return sum(1 for who, _action in game.to_dict()["actions"] if who == seat)


def ends_with_the_result(game: Game, text: str, you: int) -> None:
    """The last line says who won and every side's final total, seats named from 1."""
    assert game.is_over
    last = text.rstrip("\n").splitlines()[-1]
    assert "won the match" in last or "no winner" in last, last
    voice = Voice(you=you - 1)
    for side, score in zip(game.sides, game.score, strict=True):
        assert f"{' & '.join(voice.seat(s) for s in side)} {score}" in last, (side, score, last)


def test_a_line_game_draws_the_whole_line_and_ends_with_the_result() -> None:
    game, text = played("block", 2, 1, "1\n" * 400)
    plain(text)
    ends_with_the_result(game, text, 1)
    assert text.count("Your choice") == human_moves(game, 0)  # one prompt a move: "1" is always a legal answer
    assert "Seat 1 (you)" in text and " > Seat 1 (you)" in text
    rows = re.findall(r"^ *left (\d+)  ((?:\[\d+\|\d+\])+)  right (\d+)$", text, re.M)
    assert rows and max(len(re.findall(r"\[", tiles)) for _l, tiles, _r in rows) >= 5
    for left, tiles, right in rows:  # the labels are the drawn ends, and neighbours touch
        cells = re.findall(r"\[(\d+)\|(\d+)\]", tiles)
        assert cells[0][0] == left and cells[-1][1] == right
        assert all(a[1] == b[0] for a, b in itertools.pairwise(cells))
    assert re.search(r"^ +\d+\. \d+-\d+ on the (left|right)$", text, re.M)


def test_a_spinner_game_draws_its_top_and_bottom_arms() -> None:
    game, text = played("muggins", 2, 2, "1\n" * 600, seed=4)
    plain(text)
    ends_with_the_result(game, text, 2)
    assert re.search(r"^ +top \d+$", text, re.M) and re.search(r"^ +bottom \d+$", text, re.M)
    assert re.search(r"^ +\+-+\+$", text, re.M) and re.search(r"^ +\| ?\d+\|$", text, re.M)
    assert "spinner" in text and re.search(r"^ +\d+\. \d+-\d+ on the (top|bottom)$", text, re.M)


def test_texas_42_with_bidding_is_told_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    # seat 3 bids 30 at its first turn, then always takes the first choice
    game, text = played("texas42", 4, 3, "2\n" + "1\n" * 600, seed=5)
    plain(text)
    ends_with_the_result(game, text, 3)
    assert "Seat 3 (you) bid 30." in text and "Bidding: " in text and "Bid 30 to 42, or pass." in text
    assert re.search(r"^Trick: Seat \d( \(you\))? \d-\d", text, re.M)
    assert re.search(r"^  Seat 1 & Seat 3 \(you\): \d+ tricks? +· +\d+ points? taken$", text, re.M)
    assert re.search(r"bid \d+, \w+ trump", text) and " > Seat 3 (you)" in text
    assert re.search(r"Your hand: .*\d-\d \((5|10)\)", text)  # the count tiles say their points


def test_domino_poker_shows_chips_bets_and_the_pot_in_words() -> None:
    game, text = played("poker", 3, 1, "1\n" * 2000, {"deals": "20"})
    plain(text)
    ends_with_the_result(game, text, 1)
    assert re.search(r"Seat 1 \(you\) +5 tiles  ·  \d+ chips", text) and "Pot: " in text
    assert re.search(r"^ +\d+\. (Check|Call \d+)$", text, re.M) and "shows" in text


def test_bingo_draws_the_row_and_the_counts_ahead() -> None:
    game, text = played("bingo", 1, 1, "1\n" * 3000)
    plain(text)
    assert game.is_over and text.count("Your choice") == human_moves(game, 0)
    last = text.rstrip().splitlines()[-1]
    assert last.startswith(("Bingo!", "Lost:")), last
    assert re.search(r"<\d+-\d+>", text) and "Counts ahead (* matches): " in text


def test_bad_answers_are_told_and_asked_again_without_a_move(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    code = main(["draw", "--human", "1", "--seed", "2"], io.StringIO("x\n\n99\n0\n-1\n1\nq\n"), out)
    text = out.getvalue()
    assert code == 0 and capsys.readouterr().err == ""
    assert "'x' is not a move: type a number from 1 to" in text and "An empty line is not a move" in text
    assert "'99' is not a move" in text and "'0' is not a move" in text and "'-1' is not a move" in text
    after = text.split("Your choice", 1)[1]
    assert text.count("Your choice") == 7 and after.count("* Seat 1 (you) ") == 1  # one move, after five refusals
    assert text.splitlines()[-1].endswith("Stopped: you quit. Bye.")


def test_strong_opponents_play_and_the_end_of_input_stops_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["texas42", "--human", "1", "--level", "strong", "--seed", "9"], io.StringIO("1\n" * 6), out) == 0
    text = out.getvalue()
    plain(text)
    assert text.splitlines()[-1] == "Stopped: end of input. Bye." and capsys.readouterr().err == ""
    assert text.count("Your choice") == 7


def test_the_table_speaks_spanish() -> None:
    out = io.StringIO()
    assert main(["draw", "--human", "1", "--lang", "es"], io.StringIO("1\n" * 400), out) == 0
    text = out.getvalue()
    plain(text)
    assert "Asiento 1 (tú)" in text and "Línea de juego" in text and "Tu elección (1 a " in text
    assert "Seat" not in text and "Your" not in text
    assert "ganó la partida" in text.splitlines()[-1] or "ganaron la partida" in text.splitlines()[-1]


@pytest.mark.parametrize("key", list(catalogue()))
def test_every_game_is_shown_in_words(key: str) -> None:
    """A hundred and fifty turns (or the whole match) of every game: never a dict or list, seats from 1."""
    seats = game_spec(key).seats[0]
    out = io.StringIO()
    assert main([key, "--human", "1", "--seats", str(seats)], io.StringIO("1\n" * 150), out) == 0
    text = out.getvalue()
    plain(text)
    assert ("Seat 1 (you)" in text or key == "bingo") and "Your choice (1 to " in text  # (a solitaire names no seat)
