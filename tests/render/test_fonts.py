"""The bundled faces (issue 26): every script a player's name may be written in is drawn, letter by letter in the
first face that has it; emoji are left out cleanly, never drawn as boxes."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from render.canvas import draw_text, face_of, fit, fit_side, printable, recording, runs, seat_names, text_width, wrap
from render.theme import FACES, FONTS, LAYOUT, font

SCRIPTS = {"latin": "ÅåÞþÐðÑñØøßŁłŒœĞğŞşŐőÇç", "greek": "Ἀλέξανδρος", "cyrillic": "Дмитрий", "arabic": "محمد",
           "hebrew": "שרה", "chinese": "王小明", "japanese": "ひらがなカタカナ", "korean": "김민준"}


def ink(text: str, size: int = 24, bold: bool = False) -> Image.Image:
    image = Image.new("L", (600, 80), 0)
    draw_text(ImageDraw.Draw(image), (10, 50), text, size, 255, anchor="ls", bold=bold)  # type: ignore[arg-type]
    return image


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_every_letter_of_every_script_has_a_face_and_leaves_ink(script: str) -> None:
    letters = SCRIPTS[script]
    assert printable(letters) == letters
    for letter in letters:
        assert face_of(letter) is not None, letter
        assert ink(letter).getbbox() is not None, letter


def test_letters_are_found_in_the_face_for_their_script() -> None:
    assert {face_of(c) for c in "AÅÞДαمש"} == {0}
    assert face_of("王") == face_of("ひ") == 1
    assert face_of("김") == 2


def test_a_line_mixing_scripts_is_split_into_runs_and_measured_whole() -> None:
    text = "Ann 王小明 김민준 3"
    found = runs(text)
    assert [face for face, _ in found] == [0, 1, 2, 0]  # the Korean face has no digits: 3 is back in the first
    assert "".join(run for _, run in found) == text
    assert text_width(text, 20) == pytest.approx(sum(font(20, face).getlength(run) for face, run in found))
    image = Image.new("RGB", (400, 60))
    with recording() as drawn:
        draw_text(ImageDraw.Draw(image), (10, 10), text, 20, (255, 255, 255))
    (written,) = drawn.texts
    box = image.convert("L").getbbox()
    assert box is not None
    left, top, right, bottom = written.box
    assert left <= box[0] and top <= box[1] and box[2] <= right and box[3] <= bottom


def test_emoji_and_their_dressing_are_left_out_and_a_name_of_emoji_becomes_the_seat() -> None:
    assert printable("Zoë 🎲 Müller") == "Zoë Müller"
    assert printable("👍🏽 Ann") == "Ann"
    assert printable("👨‍👩‍👧") == ""
    assert seat_names(["🎲🎲", "Дмитрий", "王小明"], 3) == ["Seat 1", "Дмитрий", "王小明"]
    assert ink("Zoë 🎲").tobytes() == ink("Zoë").tobytes()


def test_bold_is_the_bold_face_and_is_measured_as_drawn() -> None:
    assert text_width("Bold words", 20, bold=True) > text_width("Bold words", 20)
    box = ink("Bold words", bold=True).getbbox()
    assert box is not None
    assert box[2] - box[0] <= text_width("Bold words", 24, bold=True) + 2
    assert fit("Bold words here", 20, text_width("Bold words", 20, bold=True) + 1, bold=True).endswith("…")


def test_a_long_word_is_broken_rather_than_cut() -> None:
    lines = wrap("Ñandú Fernández-Oyarzábal", 18, 120, 3, bold=True)
    assert "".join(lines).replace(" ", "") == "ÑandúFernández-Oyarzábal"
    assert all(text_width(line, 18, True) <= 120 for line in lines)


def test_a_side_is_shortened_per_name_never_cutting_a_partner_off() -> None:
    shown = fit_side("Ñandú Fernández-Oyarzábal & Zoë", 18, 150)
    assert shown.endswith(" & Zoë") and shown.startswith("Ñandú")
    assert text_width(shown, 18) <= 150
    assert fit_side("Ann & Bo", 18, 300) == "Ann & Bo"


def test_the_faces_are_bundled_small_and_shipped_with_the_package() -> None:
    files = [FONTS / name for pair in FACES for name in pair if name]
    assert all(path.is_file() for path in files)
    assert sum(path.stat().st_size for path in FONTS.glob("*.ttf")) < 20_000_000
    for size in (18, 30):
        assert font(size).getlength("A") > 0
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert "fonts/*.ttf" in project["tool"]["setuptools"]["package-data"]["render"]


@pytest.mark.skipif(LAYOUT != ImageFont.Layout.RAQM, reason="right-to-left layout needs Raqm (libfribidi)")
def test_a_right_to_left_name_keeps_its_place_in_a_left_to_right_line() -> None:
    """"& محمد" (a side's second line): the line reads left to right, so "&" comes first, the Arabic name after."""
    whole, start = ink("& محمد"), ink("&")
    box = start.getbbox()
    assert box is not None
    assert whole.crop(box).tobytes() == start.crop(box).tobytes()
    assert text_width("& محمد", 24) > text_width("&", 24)
