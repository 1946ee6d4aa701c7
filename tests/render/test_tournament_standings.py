"""The tournament standings picture (issue 28, render/tournament_standings.py): 640 wide, every text 18 px or more
(11 px or more on a phone showing it 400 wide), names in six scripts written whole and numbers never cut, the
players in their order, at most 16 bands (the rest said), and the words in Spanish."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.canvas import recording
from render.language import speaking
from render.theme import PHONE
from render.tournament_standings import MAX_ROWS, WIDTH, StandingRow, points_text, standings_picture, standings_png
from tests.render.test_nothing_cut import LONG, SHOWN, WORLD, cuts, dropped

POINTS = [3, 2.5, 2, 2, 1.5, 1, 1, 0.5, 0, 0]


def rows(names: list[str]) -> list[StandingRow]:
    return [StandingRow(name, POINTS[i % 10], 10 - i / 2, 30 - 7 * i, dropped=i == 8) for i, name in enumerate(names)]


@pytest.mark.parametrize(("points", "shown"), [(3, "3"), (2.5, "2½"), (0.5, "½"), (0, "0"), (10.5, "10½")])
def test_points_are_written_with_halves(points: float, shown: str) -> None:
    assert points_text(points) == shown


def test_names_in_six_scripts_are_written_whole_in_order_and_no_text_is_cut_or_small() -> None:
    with recording() as drawn:
        image = standings_picture("Tournament #12 · Draw Dominoes", "Final standings", rows(WORLD), first_won=True)
    assert image.width == WIDTH and image.height < 1000
    assert cuts(drawn, len(WORLD), SHOWN) == [] and dropped(drawn) == []
    texts = [t.text for t in drawn.texts]
    assert not any(t.endswith("…") for t in texts)  # nothing shortened at all
    names = [t for t in texts if t.removesuffix(" ✗") in SHOWN]
    assert [n.removesuffix(" ✗") for n in names] == SHOWN and names[8].endswith(" ✗")  # in order; the dropped marked
    places = [t for t in texts if t.endswith(".") and t[:-1].isdigit()]
    assert places == [f"{n}." for n in range(1, 11)]
    assert [t for t in texts if t in ("3", "2½", "½")][:3] == ["3", "2½", "½"]  # the large points, in order
    assert min(t.size for t in drawn.texts) * PHONE / WIDTH >= 11
    for text in drawn.texts:  # every text inside the picture
        left, top, right, bottom = text.box
        assert left >= 0 and top >= 0 and right <= image.width and bottom <= image.height, text


def test_a_big_tournament_shows_sixteen_bands_and_says_how_many_more_and_long_names_keep_their_numbers() -> None:
    everyone = LONG + [f"{name} {n}" for n in range(3) for name in WORLD]  # 40 players
    with recording() as drawn:
        image = standings_picture("Tournament #3 · Texas 42", "Standings after round 2", rows(everyone))
    texts = [t.text for t in drawn.texts]
    assert [t for t in texts if t.endswith(".") and t[:-1].isdigit()][-1] == f"{MAX_ROWS}."
    assert "and 24 more players (in the text)" in texts
    assert cuts(drawn, len(everyone), [*LONG, *everyone], long=True) == []
    assert image.height < 1300


def test_the_png_reads_in_spanish() -> None:
    data = standings_png("Torneo #1 · Dominó", "Clasificación final", rows(WORLD[:4]), "es", first_won=True)
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "PNG" and picture.size[0] == WIDTH and len(data) < 200_000
    with speaking("es"), recording() as drawn:
        standings_picture("Torneo #1", "Clasificación final", rows(WORLD[:4]))
    texts = [t.text for t in drawn.texts]
    assert "Jugador" in texts and "Puntos" in texts
    assert any(t.startswith("Bh: los puntos") for t in texts)


def test_places_at_tables_of_three_or_more_are_shown_as_fractions_and_differences_as_means() -> None:
    """At tables of more than two a place scores a share (⅔, ⅓) and the difference is a mean (bot/tables_pairing.py):
    the picture shows them to two and one places, and halves still as ½."""
    from render.tournament_standings import StandingRow, difference_text, points_text, standings_png

    assert [points_text(p) for p in (2 / 3, 1 + 1 / 3, 2.5, 0.5, 3.0)] == ["0.67", "1.33", "2½", "½", "3"]
    assert [difference_text(d) for d in (12.0, -3.5, 0.0, 7 / 3)] == ["+12", "-3.5", "±0", "+2.3"]
    png = standings_png("Tournament #1", "Standings after round 1",
                        [StandingRow("Ñandú & Zoë", 2 / 3, 1.5, 7 / 3), StandingRow("Bob", 1 / 3, 1.0, -7 / 3)])
    assert png.startswith(b"\x89PNG")
