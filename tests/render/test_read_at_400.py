"""Pictures that read on a phone at 400 px (issue 26): facts on one line set apart by a dash, not a middle dot between
wide gaps; plates' facts at the body size; Bingo's count under the tile touched and a bar under each tile that will
match. (How much of each picture OCR reads back is measured by benchmarks/ocr_retention.py.)"""

from __future__ import annotations

import pytest
from PIL import Image

from engine import catalogue
from render.bingo import bingo_table, matches, touch_numbers
from render.canvas import FACT_GAP, SHOWN_GAP, facts_line, pack, recording, signed
from render.drawing import table_image
from render.scores import scores_image
from render.theme import BODY, PLAYABLE, SMALL, TITLE
from tests.render.views import NAMES, first_state, random_states


def test_facts_are_packed_with_a_dash_between_single_spaces() -> None:
    assert pack(["7 tiles", "0 pts"], SMALL, 600) == [f"7 tiles{SHOWN_GAP}0 pts"]
    assert facts_line(f"Target 50{FACT_GAP}Boneyard 12") == "Target 50 – Boneyard 12"
    assert pack(["7 tiles", "0 pts"], SMALL, 70) == ["7 tiles", "0 pts"]  # a line each where one is too narrow


@pytest.mark.parametrize("key", list(catalogue()))
def test_no_text_under_title_size_is_broken_by_a_middle_dot_between_wide_gaps(key: str) -> None:
    seats = max(catalogue()[key].seats)
    for step, game in enumerate(random_states(key, seats, seed=2, steps=30)):
        if step not in (0, 30):
            continue
        with recording() as drawn:
            table_image(game.view(None), NAMES)
        small = [t.text for t in drawn.texts if t.size < TITLE]
        assert small and not [t for t in small if FACT_GAP in t], small


@pytest.mark.parametrize("key", [key for key, spec in catalogue().items() if spec.family == "line"])
def test_line_plates_write_their_facts_at_the_body_size(key: str) -> None:
    game = first_state(key, min(catalogue()[key].seats), seed=1, wanted=lambda v: True)
    with recording() as drawn:
        table_image(game.view(None), NAMES)
    facts = [t for t in drawn.texts if "tiles" in t.text or "tile " in t.text]
    assert facts and all(t.size >= BODY for t in facts), [(t.text, t.size) for t in facts]


def test_bingo_numbers_the_tile_touched_and_marks_the_tiles_that_will_match() -> None:
    game = first_state("bingo", 1, seed=3, wanted=lambda v: v["family"] == "bingo" and v["position"] > 2)
    view = game.view(None)
    assert view["family"] == "bingo"
    row = view["row"]
    numbers = touch_numbers(len(row), view["position"], view["count"])
    matching = [index for index, (tile, n) in enumerate(zip(row, numbers, strict=True))
                if index != view["position"] and matches(tile, n, view["pip_total"])]
    with recording() as drawn:
        image = bingo_table(view, NAMES)
    under = [t.text for t in drawn.texts if t.text.isdigit() and t.size >= BODY and t.role == "text"]
    assert under == [str(view["count"])]
    assert matching, "the state chosen has tiles that will match"
    alone = bingo_table({**view, "row": [row[view["position"]]], "position": 0}, NAMES)  # the tile touched only
    green, bars = _pixels(image, PLAYABLE), _pixels(alone, PLAYABLE)
    assert green - bars >= len(matching) * 20, "a green bar of at least 20 pixels under each matching tile"


def _pixels(image: Image.Image, colour: tuple[int, int, int]) -> int:
    """How many pixels of ``image`` are exactly ``colour``."""
    return sum(count for count, found in image.convert("RGB").getcolors(1 << 24) or [] if found == colour)


def test_a_column_of_changes_signs_every_entry_and_no_change_is_plus_minus_zero() -> None:
    """A lone ``0`` is what a phone-sized picture loses; among signed changes it also reads as a total."""
    assert [signed(points) for points in (5, -3, 0, 186)] == ["+5", "-3", "±0", "+186"]
    game = first_state("bergen", 3, seed=1, wanted=lambda v: v.get("last_round") is not None)
    with recording() as drawn:
        scores_image(game.view(None), NAMES)
    changes = [t.text for t in drawn.texts if t.text[:1] in "+-±" and t.text[1:].isdigit()]
    assert changes and "±0" in changes, [t.text for t in drawn.texts]
