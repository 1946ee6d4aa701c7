"""Phone-first pictures (issue 11): every table, hand and score image of every game, at every seat count it allows,
read at 400 px wide. The checks use what the drawings actually did (``render.canvas.recording``): the sizes and
colours each text was written in and the place it was written on, and where each tile was laid."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from engine import catalogue
from engine.game import Game
from engine.views import GameView, arm_and_value
from render.canvas import Drawn, recording
from render.geometry import Box
from render.hand import hand_image
from render.poker import PLATE_H, PLATE_W, RING_H, poker_boxes
from render.ring import Ring
from render.scores import scores_image
from render.theme import FELT, KEY, MUTED, PANEL, PANEL_LIGHT, PHONE, SLOT, SMALL, TEXT, WIDTH, contrast
from render.trick import plate_size, trick_boxes, trick_ring
from tests.languages import PICTURE_WORDS, TRANSLATED
from tests.render.views import NAMES, playable, random_states

CASES = [(key, seats) for key, spec in catalogue().items() for seats in spec.seats]
WIDEST = 720
LEAST_TEXT = 11  # px at 400 px wide
LEAST_KEY = 16


def states(key: str, seats: int) -> Iterator[Game]:
    """Copies of a seeded random match: its start, a few moves in, the moment its first hand ends, and later."""
    ended = False
    for step, game in enumerate(random_states(key, seats, seed=seats, steps=300)):
        hand_over = "last_points" in game.view(None)
        if step in (0, 4, 25, 120) or (hand_over and not ended) or game.is_over:
            yield game
        ended = ended or hand_over


def drawings(game: Game, names: Sequence[str] = NAMES) -> Iterator[tuple[str, Image.Image, Drawn]]:
    """The table, scores and (the seat to act's) hand of ``game``, each with what its drawing recorded."""
    from render.drawing import table_image

    seat = game.to_act[0] if game.to_act else 0
    own = game.view(seat)
    own["playable"] = playable(game, seat)
    for name, draw, view in (("table", table_image, game.view(None)), ("scores", scores_image, game.view(None)),
                             ("hand", hand_image, own)):
        with recording() as drawn:
            image = draw(view, names)
        yield name, image, drawn


def _apart(first: tuple[int, int, int, int], second: tuple[int, int, int, int], slack: int = 2) -> bool:
    return (first[2] - slack <= second[0] or second[2] - slack <= first[0] or first[3] - slack <= second[1]
            or second[3] - slack <= first[1])


def check_phone(image: Image.Image, drawn: Drawn, where: str) -> None:
    """Width, text sizes at 400 px, contrast, and nothing written over other text or over a tile."""
    assert image.width <= WIDEST, f"{where}: {image.width} px wide"
    scale = PHONE / image.width
    assert drawn.texts, f"{where}: no text recorded"
    for text in drawn.texts:
        least = LEAST_KEY if text.role == "key" else LEAST_TEXT
        assert text.size * scale >= least, f"{where}: {text.text!r} is {text.size * scale:.1f} px on a phone"
        ratio = contrast(text.fill, text.ground)
        assert ratio >= 4.5, f"{where}: {text.text!r} {text.fill} on {text.ground} has contrast {ratio:.2f}"
    for index, first in enumerate(drawn.texts):
        for second in drawn.texts[index + 1:]:
            if first.canvas == second.canvas:
                assert _apart(first.box, second.box), f"{where}: {first.text!r} overlaps {second.text!r}"
        if first.role != "badge":
            for canvas, tile in drawn.tiles:
                assert canvas != first.canvas or _apart(first.box, tile), f"{where}: {first.text!r} is over a tile"
    for index, (canvas, tile) in enumerate(drawn.tiles):
        for other_canvas, other in drawn.tiles[index + 1:]:
            assert canvas != other_canvas or _apart(tile, other, 1), f"{where}: tiles overlap at {tile}"


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_image_reads_on_a_phone(key: str, seats: int) -> None:
    """Issue 11: at most ~720 px wide, text >= 11 px and key numbers >= 16 px at 400 px, contrast >= 4.5, and no
    names, tiles or labels over one another, at every seat count the game allows."""
    for game in states(key, seats):
        for name, image, drawn in drawings(game):
            check_phone(image, drawn, f"{key} {seats} seats round {game.round_no} {name}")


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("key", "seats"), [(key, max(spec.seats)) for key, spec in catalogue().items()])
def test_every_image_reads_on_a_phone_in_every_language(key: str, seats: int, language: str) -> None:
    """Issues 14 and 29: the same checks with the pictures' words in each translated language (longer words must
    not overflow onto other text or tiles, nor be cut short), at each game's largest table."""
    import re

    from render.language import catalogue as catalogue_of
    from render.language import speaking
    from tests.render.test_words import ENGLISH_TELLS

    names = re.compile("|".join(re.escape(n) for n in sorted(NAMES, key=len, reverse=True))
                       + r"|Bob the Buil\w*…?|\bthe Builder\b|\bBob the\b")  # whole names, and names cut or wrapped
    cut_name = re.compile("|".join(re.escape(n[:k]) + "…" for n in NAMES for k in range(1, len(n))))
    whole = {word.lower() for text in catalogue_of(language).values() for word in re.findall(r"\w+", text)}
    with speaking(language):
        for game in states(key, seats):
            for name, image, drawn in drawings(game):
                where = f"{key} {seats} seats round {game.round_no} {name} ({language})"
                check_phone(image, drawn, where)
                for text in drawn.texts:  # no English left in a translated picture (players' names aside)
                    plain = re.sub(r"\b(Nel-O|Gee|Muggins|Bingo)\b", "", names.sub("", cut_name.sub("", text.text)))
                    assert not ENGLISH_TELLS.search(plain), f"{where}: {text.text!r}"
                    cut = [w for w in re.findall(r"(\w+)…", plain) if not w.isdigit() and w.lower() not in whole]
                    assert not cut, f"{where}: a word is cut short in {text.text!r}"
        words = [t.text for _, _, drawn in drawings(game) for t in drawn.texts]
    assert any(word in " ".join(words) for word in PICTURE_WORDS[language])


def keys(drawn: Drawn) -> list[str]:
    return [t.text for t in drawn.texts if t.role == "key" and t.size >= KEY]


def _first(key: str, seats: int, wanted: Any) -> GameView:
    for game in random_states(key, seats, seed=3, steps=600):
        view = game.view(None)
        if wanted(view):
            return view
    raise AssertionError(f"{key}: no such position")


def _keys_of(view: GameView) -> list[str]:
    from render.drawing import table_image

    with recording() as drawn:
        table_image(view, NAMES)
    return keys(drawn)


@pytest.mark.parametrize("key", ["draw", "block", "bergen", "muggins", "sebastopol", "tiddle_a_wink"])
def test_open_end_values_are_key_numbers_on_the_felt(key: str) -> None:
    view = _first(key, min(catalogue()[key].seats), lambda v: len(v["line"]["open_ends"]) >= 2)
    assert view["family"] == "line"
    shown = _keys_of(view)
    for _arm, value in map(arm_and_value, view["line"]["open_ends"]):
        assert str(value) in shown
    if key == "muggins":
        assert str(view.get("count")) in shown, "the All Fives count is a key number"


def test_mat_what_each_matador_end_needs_is_a_key_number() -> None:
    view = _first("matador", 3, lambda v: any(arm_and_value(e)[1] for e in v["line"]["open_ends"]))
    assert view["family"] == "line"
    total = view.get("sum")
    assert total is not None
    shown = _keys_of(view)
    for _arm, value in map(arm_and_value, view["line"]["open_ends"]):
        assert (str(total - value) if value else "matador") in shown


def test_trick_key_numbers_bid_trumps_and_who_is_winning() -> None:
    view = _first("texas42", 4, lambda v: v["phase"] == "play" and v["trick"] is not None
                  and len(v["trick"]["plays"]) >= 2)
    assert view["family"] == "trick" and view["contract"] is not None and view["trick"] is not None
    shown = _keys_of(view)
    assert view["contract"]["bid"] in shown
    winning = view["trick"].get("winning")
    assert winning is not None and NAMES[winning] in shown


def test_poker_pot_and_amount_to_call_are_key_numbers() -> None:
    view = _first("poker", 3, lambda v: v["phase"] == "bet" and max(v["bets"]) > min(v["bets"]) and v["pot"])
    assert view["family"] == "poker"
    from render.poker import to_call

    shown = _keys_of(view)
    assert str(view["pot"]) in shown
    owed = to_call(view)
    assert owed and str(owed) in shown


def test_theme_text_colours_keep_a_contrast_of_4_5() -> None:
    for ink in (TEXT, MUTED, SLOT):
        for ground in (FELT, PANEL, PANEL_LIGHT):
            assert contrast(ink, ground) >= 4.5, (ink, ground)


# ----- seats around a table never overlap --------------------------------------------------------------------------
def _no_overlaps(boxes: list[Box], room: Box) -> None:
    for index, box in enumerate(boxes):
        assert room.x <= box.x and box.right <= room.right and room.y <= box.y and box.bottom <= room.bottom, box
        for other in boxes[index + 1:]:
            assert not box.overlaps(other), f"{box} overlaps {other}"


@pytest.mark.parametrize("seats", range(2, 7))
def test_trick_plates_and_played_tiles_never_overlap(seats: int) -> None:
    ring = trick_ring(seats)
    plates, spots = trick_boxes(ring)
    assert plate_size(seats)[0] <= ring.width / 2
    _no_overlaps([*plates, *spots], Box(0, 0, ring.width, ring.height))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_poker_plates_and_tile_rows_never_overlap(seats: int) -> None:
    ring = Ring(WIDTH - 24, RING_H, seats)
    boxes = [box for pair in poker_boxes(ring) for box in pair]
    _no_overlaps(boxes, Box(0, 0, ring.width, ring.height))
    assert ring.width > PLATE_W and ring.height > PLATE_H


@given(length=st.integers(0, 91), position=st.integers(0, 90), count=st.integers(0, 12))
@settings(max_examples=25, deadline=None)
def test_bingo_rows_of_any_length_keep_tiles_and_numbers_apart(length: int, position: int, count: int) -> None:
    from render.bingo import bingo_table
    from tests.render.views import first_state

    base = first_state("bingo", 1, seed=1, wanted=lambda v: True).view(None)
    tiles = [f"{a}-{b}" for a in range(13) for b in range(a + 1)][:length]
    view: Any = {**base, "row": tiles, "position": position % max(1, length), "count": count}
    with recording() as drawn:
        image = bingo_table(view, NAMES)
    check_phone(image, drawn, f"bingo row of {length}")


def test_smallest_text_is_measured_from_what_the_canvas_wrote() -> None:
    """The recorder sees the real sizes: a drawing that writes small text fails the phone check."""
    from render.canvas import draw_text
    from render.panels import new_strip

    image, draw = new_strip(WIDTH, 40)
    with recording() as drawn:
        draw_text(draw, (10, 10), "tiny", SMALL - 4, TEXT)
    with pytest.raises(AssertionError, match="tiny"):
        check_phone(image, drawn, "a small text")
