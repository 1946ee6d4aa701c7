"""Spanish in the pictures (issue 14): the bundled font has no accented letters, so render.canvas draws each accent
over its letter and turns ? and ! round for ¿ and ¡, instead of dropping them."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render.canvas import draw_text, printable, recording, text_width


def ink(text: str, size: int = 24) -> Image.Image:
    image = Image.new("RGB", (300, 80), (0, 0, 0))
    draw_text(ImageDraw.Draw(image), (10, 50), text, size, (255, 255, 255), anchor="ls")
    return image.convert("L")


def box(text: str) -> tuple[int, int, int, int]:
    found = ink(text).getbbox()
    assert found is not None
    return found


@pytest.mark.parametrize(("accented", "plain"), [("é", "e"), ("ñ", "n"), ("ú", "u"), ("Á", "A"), ("Ñ", "N"),
                                                   ("ü", "u"), ("ó", "o")])
def test_an_accented_letter_is_its_letter_with_a_mark_above(accented: str, plain: str) -> None:
    assert printable(accented) == accented
    letter, marked = box(plain), box(accented)
    assert marked[1] < letter[1] - 1  # the mark stands above the letter
    assert marked[3] == letter[3]  # on the same baseline
    below = ink(accented).crop((0, letter[1], 300, 80))
    assert below.tobytes() == ink(plain).crop((0, letter[1], 300, 80)).tobytes()  # the letter itself is unchanged


def test_an_accent_takes_the_dot_of_an_i() -> None:
    x_height = box("x")[1]
    assert ink("i").crop((0, 0, 300, x_height)).getbbox() is not None  # a dot above the x-height
    assert ink("í").crop((0, x_height - 2, 300, x_height)).getbbox() is None  # í: a gap where the dot was,
    assert box("í")[1] < x_height - 2  # and its accent above it


def test_inverted_signs_are_the_upright_ones_turned_and_hanging_low() -> None:
    upright, turned = box("?"), box("¿")
    assert turned[3] > upright[3]  # ¿ goes below the baseline, as it should
    assert turned[2] - turned[0] == upright[2] - upright[0]
    assert ink("¿").crop(turned).rotate(180).tobytes() == ink("?").crop(upright).tobytes()
    assert box("¡")[3] > box("!")[3]


def test_accents_take_no_room_so_layouts_do_not_move() -> None:
    assert text_width("¿Año número?", 18) == text_width("?Ano numero?", 18)


def test_a_spanish_text_is_recorded_with_its_accents_and_its_ink_box() -> None:
    image = Image.new("RGB", (300, 80), (255, 255, 255))
    with recording() as drawn:
        draw_text(ImageDraw.Draw(image), (10, 10), "Sí, señor", 20, (0, 0, 0))
    (written,) = drawn.texts
    assert written.text == "Sí, señor"
    ink_box = Image.eval(image.convert("L"), lambda v: 255 - v).getbbox()
    assert ink_box is not None
    left, top, right, bottom = written.box
    assert left <= ink_box[0] and top <= ink_box[1] and ink_box[2] <= right and ink_box[3] <= bottom


def test_signs_the_font_cannot_compose_are_still_spelled_or_left_out() -> None:
    assert printable("Jørn ß 🎲") == "Jorn ss "


@pytest.mark.parametrize(("accented", "plain"), [("ç", "c"), ("Ç", "C")])
def test_a_cedilla_hangs_below_its_c(accented: str, plain: str) -> None:
    """Portuguese (issue 29): carroça, Começar. The c is unchanged above its baseline, the hook hangs below it."""
    assert printable(accented) == accented
    letter, marked = box(plain), box(accented)
    assert marked[3] > letter[3] + 1 and marked[1] == letter[1]  # a hook below the baseline, nothing above
    above = (0, 0, 300, letter[3] - 2)  # the hook joins the c at its foot
    assert ink(accented).crop(above).tobytes() == ink(plain).crop(above).tobytes()
    assert text_width("carroça", 18) == text_width("carroca", 18)


def test_fit_words_never_cuts_a_word_in_half_where_a_whole_word_fits() -> None:
    from render.canvas import fit, fit_words

    text = "9 pedras  ·  lance 55"
    room = text_width("9 pedras  ·  lan…", 18)
    assert fit(text, 18, room) == "9 pedras  ·  lan…"  # the plain cut stops anywhere
    assert fit_words(text, 18, room) == "9 pedras…"
    assert fit_words(text, 18, 1000) == text
    assert fit_words("Mendeleev", 18, text_width("Mende…", 18)) == "Mende…"  # one long word: cut as fit cuts it
