"""Render tests: every image decodes as a PNG within Discord's limits, shows what changed, and marks the turn and
the playable tiles; views come from seeded random play of every registered game and from hand-built lines."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops

from engine import catalogue
from engine.layout import LineOfPlay
from engine.tiles import Tile
from render import render_hand, render_scores, render_table, table_image
from render.canvas import MAX_BYTES, to_png, with_names
from render.line import LineData, fitted_layout, layout
from render.panels import PLATE_HEIGHT, header, plate_columns, title_line
from render.table_line import line_facts
from render.theme import MARGIN, MAX_WIDTH, PANEL_LIGHT, TURN
from render.tiles import pip_positions, pip_radius
from tests.render.views import NAMES, chain_line, first_state, line_view, playable, random_states, seats_for

MAX_HEIGHT = 1800


def decode(data: bytes) -> Image.Image:
    """The PNG as an image, after checking the limits every table image must keep."""
    assert len(data) < MAX_BYTES, f"image is {len(data)} bytes"
    image = Image.open(BytesIO(data))
    assert image.format == "PNG"
    image.load()
    assert 300 <= image.width <= MAX_WIDTH
    assert 100 <= image.height <= MAX_HEIGHT
    return image


def no_overlaps(view: dict[str, Any], width: float = 940) -> None:
    plan = fitted_layout(LineData.of(view["line"]), width, 600, bool(view.get("doubles_inline")))
    boxes = [t.box for t in plan.tiles] + [b for _, b in plan.slots]
    for i, first in enumerate(boxes):
        for second in boxes[i + 1:]:
            assert not first.overlaps(second), f"{first} overlaps {second}"


# ----- every registered game ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", list(catalogue()))
def test_every_game_renders_table_hand_and_scores_from_real_views(key: str) -> None:
    seats = seats_for(key)
    images = set()
    for step, game in enumerate(random_states(key, seats, seed=11, steps=120)):
        if step % 15:
            continue
        view = game.view(None)
        images.add(decode(render_table(view, NAMES)).tobytes())
        seat = game.to_act[0] if game.to_act else 0
        own = game.view(seat)
        own["playable"] = playable(game, seat)
        decode(render_hand(own, NAMES))
        decode(render_scores(view, NAMES))
    assert len(images) > 1, "different states of the game gave the same table image"


@pytest.mark.parametrize("key", list(catalogue()))
def test_every_game_renders_its_finished_match(key: str) -> None:
    game = first_state(key, seats_for(key), seed=5, wanted=lambda v: bool(v["over"]), steps=20_000)
    view = game.view(None)
    decode(render_table(view, NAMES))
    decode(render_scores(view, NAMES))


# ----- line of play --------------------------------------------------------------------------------------------
def test_long_line_of_fifty_tiles_snakes_within_the_width() -> None:
    line = chain_line(70, seed=3)
    assert len(line) >= 50
    view = line_view(line)
    no_overlaps(view)
    image = decode(render_table(view, NAMES))
    assert image.width <= MAX_WIDTH


def test_line_tiles_shrink_as_the_line_grows() -> None:
    short = fitted_layout(LineData.of(chain_line(6, seed=1).to_view()), 940, 600, False)
    long = fitted_layout(LineData.of(chain_line(70, seed=1).to_view()), 940, 600, False)
    assert long.short < short.short


def test_drw_2_full_spinner_draws_a_cross_with_vertical_north_and_south_arms() -> None:
    line = chain_line(40, seed=8, spinner=True, arms=("W", "E", "N", "S"))
    data = LineData.of(line.to_view())
    assert all(len(data.arms[a]) >= 3 for a in "WENS")
    plan = layout(data, 30, 940, False)
    centre = plan.tiles[0]
    assert centre.upright, "the spinner lies across the line"
    north = [t for t in plan.tiles if t.arm == "N"]
    south = [t for t in plan.tiles if t.arm == "S"]
    assert north[0].box.bottom <= centre.box.y and south[0].box.y >= centre.box.bottom
    assert north[0].upright == (north[0].first != north[0].second), "N runs up: plain tiles stand upright"
    no_overlaps(line_view(line))
    decode(render_table(line_view(line), NAMES))


def test_seb_2_sebastopol_cross_of_five_tiles() -> None:
    line = LineOfPlay(spinner=True, cross_first=True)
    line.start(Tile.of(6, 6), seat=0)
    for arm, tile in zip("NESW", (Tile.of(6, 1), Tile.of(6, 2), Tile.of(6, 3), Tile.of(6, 4)), strict=True):
        line.place(tile, arm, 6, seat=1)
    plan = layout(LineData.of(line.to_view()), 40, 940, False)
    by_arm = {t.arm: t for t in plan.tiles}
    centre = by_arm["C"].box
    assert by_arm["N"].upright and by_arm["S"].upright and not by_arm["W"].upright and not by_arm["E"].upright
    assert by_arm["N"].box.bottom < centre.y and by_arm["S"].box.y > centre.bottom
    assert by_arm["W"].box.right < centre.x and by_arm["E"].box.x > centre.right
    assert (by_arm["N"].first, by_arm["N"].second) == (1, 6), "the six touches the spinner"


def test_mat_doubles_in_line_when_the_view_says_so() -> None:
    line = LineOfPlay()
    line.start(Tile.of(5, 5), seat=0)
    line.place(Tile.of(5, 3), "E", 5, seat=1)
    line.place(Tile.of(3, 3), "E", 3, seat=2)
    across = layout(LineData.of(line.to_view()), 30, 940, inline=False)
    inline = layout(LineData.of(line.to_view()), 30, 940, inline=True)
    assert [t.upright for t in across.tiles] == [True, False, True]
    assert [t.upright for t in inline.tiles] == [False, False, False]
    assert render_table(line_view(line, inline=True), NAMES) != render_table(line_view(line), NAMES)


@given(lengths=st.lists(st.integers(0, 30), min_size=4, max_size=4), seed=st.integers(0, 10_000),
       short=st.sampled_from([14, 20, 28, 36, 46]), spinner=st.booleans(), inline=st.booleans())
def test_line_layout_never_overlaps_tiles(lengths: list[int], seed: int, short: int, spinner: bool,
                                          inline: bool) -> None:
    import random

    rng = random.Random(seed)
    arms: dict[str, list[list[int]]] = {}
    for arm, count in zip("WENS", lengths, strict=True):
        count = count if spinner or arm in "WE" else 0
        arms[arm] = [[v, v, 0] if rng.random() < 0.25 else [v, (v + 1) % 13, 0] for v in
                     (rng.randrange(13) for _ in range(count))]
    ends = "WENS" if spinner else "WE"
    view = {"center": "9-9" if spinner or seed % 2 else "9-4", "center_seat": 0, "spinner": spinner, "arms": arms,
            "open_ends": [[a, 1] for a in ends]}
    plan = layout(LineData.of(view), short, 940, inline)
    boxes = [t.box for t in plan.tiles] + [b for _, b in plan.slots]
    for i, first in enumerate(boxes):
        for second in boxes[i + 1:]:
            assert not first.overlaps(second)
    assert plan.bounds.w <= 940 + 4 * short


# ----- marks: turn and playable tiles ------------------------------------------------------------------------------
def test_turn_highlight_moves_to_the_seat_to_act() -> None:
    line = chain_line(8, seed=2)
    first = decode(render_table(line_view(line, to_act=[0]), NAMES)).convert("RGB")
    second = decode(render_table(line_view(line, to_act=[1]), NAMES)).convert("RGB")
    view = line_view(line)
    head = header(first.width, title_line(view), line_facts(view)).height
    cols = plate_columns(4)
    plate_w = (first.width - 2 * MARGIN - 8 * (cols - 1)) / cols
    probe_0 = (int(MARGIN + plate_w - 5), MARGIN + head + 8 + PLATE_HEIGHT // 2 + 4)
    probe_1 = (int(probe_0[0] + plate_w + 8), probe_0[1])
    assert near(first.getpixel(probe_0), TURN) and near(second.getpixel(probe_0), PANEL_LIGHT)
    assert near(first.getpixel(probe_1), PANEL_LIGHT) and near(second.getpixel(probe_1), TURN)


def near(pixel: Any, colour: tuple[int, int, int]) -> bool:
    """Equal up to the palette's rounding."""
    return all(abs(a - b) <= 12 for a, b in zip(pixel, colour, strict=True))


def test_playable_tiles_are_marked_in_the_hand() -> None:
    view = line_view(chain_line(5, seed=4), seat=1, hand=["6-4", "5-5", "3-1"], hand_counts=[5, 3, 5, 5])
    plain = decode(render_hand(view, NAMES))
    first = decode(render_hand({**view, "playable": ["6-4"]}, NAMES))
    last = decode(render_hand({**view, "playable": ["3-1"]}, NAMES))
    assert plain.size == first.size == last.size
    assert plain.tobytes() != first.tobytes() != last.tobytes()
    # three tiles of 44 pixels, 12 apart, centred: the first and last columns change, the middle one does not
    band = (0, 120, first.width, first.height - 80)
    mid = first.width // 2
    assert _diff(first.crop(band), last.crop(band), mid - 90, mid - 30)
    assert _diff(first.crop(band), last.crop(band), mid + 30, mid + 90)
    assert not _diff(first.crop(band), last.crop(band), mid - 20, mid + 20)


def _diff(a: Image.Image, b: Image.Image, x0: int, x1: int) -> bool:
    """True when many pixels in columns x0..x1 differ clearly (the palette may shift colours a little)."""
    box = (x0, 0, x1, a.height)
    delta = ImageChops.difference(a.convert("RGB").crop(box), b.convert("RGB").crop(box)).convert("L")
    return sum(delta.point(lambda v: 255 if v > 40 else 0).histogram()[255:]) > 40


# ----- malformed views and limits -----------------------------------------------------------------------------------
@pytest.mark.parametrize("render", [render_table, render_hand, render_scores])
def test_a_view_of_an_unknown_family_is_refused(render: Any) -> None:
    view: Any = {**line_view(chain_line(5, seed=1)), "family": "mystery"}
    with pytest.raises(ValueError, match="mystery"):
        render(view, NAMES)


READ_BY = {"draw": ("line", "last_round", "hand"), "texas42": ("trick", "tricks_won", "hand"),
           "poker": ("pot", "stacks", "hand"), "bingo": ("row", "winners", "row")}  # table, scores, hand


@pytest.mark.parametrize("key", list(READ_BY))
def test_a_view_missing_a_key_its_family_requires_fails(key: str) -> None:
    """A renamed or dropped key is a failing test, not a quietly worse picture."""
    game = first_state(key, seats_for(key), seed=2, wanted=lambda v: len(v["log"]) >= 3)
    table, scores, hand = READ_BY[key]
    for render, view, name in ((render_table, game.view(None), table), (render_scores, game.view(None), scores),
                               (render_hand, game.view(game.to_act[0]), hand), (render_table, game.view(None), "log"),
                               (render_scores, game.view(None), "title"), (render_hand, game.view(None), "prompt")):
        render(view, NAMES)
        broken: Any = {k: v for k, v in view.items() if k != name}
        with pytest.raises(KeyError, match=name):
            render(broken, NAMES)


def test_a_malformed_entry_of_a_known_family_fails() -> None:
    view = line_view(chain_line(5, seed=1))
    with pytest.raises(ValueError):
        render_table({**view, "line": {**view["line"], "center": "x-y"}}, NAMES)
    with pytest.raises(TypeError):
        render_table({**view, "line": {**view["line"], "open_ends": [[6, "W"]]}}, NAMES)


def test_noisy_images_are_squeezed_under_the_size_limit() -> None:
    noise = Image.effect_noise((1000, 1000), 120).convert("RGB")
    assert len(to_png(noise)) < MAX_BYTES


def test_names_of_emoji_alone_become_the_seat_and_every_letter_is_drawn() -> None:
    view = line_view(chain_line(5, seed=1), seats=2, to_act=[0])
    assert render_table(view, ["Jørn", "🎲🎲"]) == render_table(view, ["Jørn 👍🏽", "Seat 2"])
    assert render_table(view, ["José", "Seat 2"]) != render_table(view, ["Jose", "Seat 2"])  # its accent is drawn
    assert render_table(view, ["Jørn", "Seat 2"]) != render_table(view, ["Jorn", "Seat 2"])


def test_seat_words_become_display_names() -> None:
    assert with_names("Seat 2 played 6-4; seat 1 passed.", ["Ann", "Bo"]) == "Bo played 6-4; Ann passed."


@pytest.mark.parametrize("value", range(13))
def test_pip_layouts_show_the_value_without_touching(value: int) -> None:
    spots = pip_positions(value)
    assert len(spots) == value
    radius = pip_radius(value)
    for i, (x, y) in enumerate(spots):
        assert radius <= x <= 1 - radius and radius <= y <= 1 - radius
        for u, v in spots[i + 1:]:
            assert ((x - u) ** 2 + (y - v) ** 2) ** 0.5 > 2 * radius


def test_render_doctests_hold() -> None:
    import doctest

    import render.bingo
    import render.canvas
    import render.tiles

    for module in (render.tiles, render.bingo, render.canvas):
        assert doctest.testmod(module).failed == 0


def test_pok_2_poker_table_shows_settled_chips_after_a_hand() -> None:
    from render.poker import chips

    game = first_state("poker", 3, seed=2, wanted=lambda v: v.get("phase") == "hand_over")
    view = game.view(None)
    assert sum(int(c) for c in chips(view)) == 300, "chips are conserved once the pot is paid"
    decode(render_table(view, NAMES))


def test_a_hand_is_greyed_only_on_its_own_turn() -> None:
    view = line_view(chain_line(5, seed=4), seat=0, hand=["6-4", "5-5"], hand_counts=[2, 5, 5, 5], to_act=[1])
    assert render_hand({**view, "playable": []}, NAMES) == render_hand(view, NAMES)
    mine = {**view, "to_act": [0]}
    assert render_hand({**mine, "playable": []}, NAMES) != render_hand(mine, NAMES)
    game = first_state("texas42", 4, seed=3, wanted=lambda v: v.get("phase") == "bid")
    bidding = game.view(game.to_act[0])
    assert render_hand({**bidding, "playable": []}, NAMES) == render_hand(bidding, NAMES)


def test_tiles_chosen_to_pass_are_framed_in_the_hand() -> None:
    game = first_state("black_tile", 4, seed=4, wanted=lambda v: v.get("phase") == "pass")
    view = {**game.view(0), "hand": ["6-4", "5-5", "3-1"], "my_pass": []}
    plain = decode(render_hand(view, NAMES))
    chosen = decode(render_hand({**view, "my_pass": ["6-4"]}, NAMES))
    mid = plain.width // 2
    band = (0, 120, plain.width, plain.height - 80)
    assert _diff(plain.crop(band), chosen.crop(band), mid - 90, mid - 30)
    assert not _diff(plain.crop(band), chosen.crop(band), mid + 30, mid + 90)


def test_rendering_from_many_threads_gives_the_same_images() -> None:
    """The bot renders off the event loop in threads; shared caches and the font must not mix images up."""
    from concurrent.futures import ThreadPoolExecutor

    views = [line_view(chain_line(8 + 3 * n, seed=n), to_act=[n % 4]) for n in range(12)]
    alone = [render_table(v, NAMES) for v in views]
    with ThreadPoolExecutor(max_workers=6) as pool:
        together = list(pool.map(lambda v: render_table(v, NAMES), views))
    assert together == alone


@pytest.mark.parametrize("key", list(catalogue()))
def test_the_shared_palette_keeps_every_game_s_colours(key: str) -> None:
    """Images are mapped onto one palette learnt from sample drawings: real tables must lose almost nothing."""
    from render.palette import palette

    game = first_state(key, seats_for(key), seed=3, wanted=lambda v: len(v.get("log") or []) >= 6, steps=200)
    view = game.view(None)
    image = table_image(view, NAMES)
    mapped = image.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB")
    histogram = ImageChops.difference(image, mapped).convert("L").histogram()
    pixels = sum(histogram)
    assert sum(i * n for i, n in enumerate(histogram)) / pixels < 3
    assert sum(histogram[60:]) == 0


def test_trick_panel_counts_in_words() -> None:
    from render.language import speaking
    from render.trick import counted

    words = [(0, "{count} trick", "{count} tricks"), (1, "{count} trick", "{count} tricks"),
             (2, "{count} point", "{count} points")]
    assert [counted(*w) for w in words] == ["0 tricks", "1 trick", "2 points"]
    with speaking("es"):  # issue 14: the pictures' words in the server's language
        assert [counted(*w) for w in words] == ["0 bazas", "1 baza", "2 puntos"]
    with speaking("pt_BR"):  # issue 29: Brazilian Portuguese says zero in the singular (Plural-Forms: n > 1)
        assert [counted(*w) for w in words] == ["0 vaza", "1 vaza", "2 pontos"]


# ----- hints on the hand (issue 11) --------------------------------------------------------------------------------
def _hand_texts(view: Any) -> list[Any]:
    from render.canvas import recording
    from render.hand import hand_image

    with recording() as drawn:
        hand_image(view, NAMES)
    return drawn.texts


def test_79_both_copies_of_a_playable_twin_are_framed() -> None:
    """Seventy-Nine deals two of some tiles: when 1-0 may be played, both copies are raised and framed, however the
    playable list names it (once, as the bot builds it from a set, or twice)."""
    game = first_state("seventy_nine", 6, seed=2, wanted=lambda v: v["phase"] == "play")
    seat = game.to_act[0]
    view = {**game.view(seat), "hand": ["1-0", "1-0", "6-6"]}
    once = decode(render_hand({**view, "playable": ["1-0"]}, NAMES))
    twice = decode(render_hand({**view, "playable": ["1-0", "1-0"]}, NAMES))
    assert once.tobytes() == twice.tobytes()
    from render.canvas import recording
    from render.hand import hand_image

    with recording() as drawn:
        hand_image({**view, "playable": ["1-0"]}, NAMES)
    labels = [t for t in drawn.texts if t.text in ("1-0", "6-6")]
    assert [t.text for t in labels] == ["1-0", "1-0", "6-6"]
    first, second, third = (t.fill for t in labels)
    assert first == second != third, "both copies are labelled playable, the other tile is not"
    tops = [box[1] for _, box in drawn.tiles]
    assert tops[0] == tops[1] < tops[2], "both copies are raised"


def test_42_count_tiles_and_black_tile_penalties_are_marked_on_the_hand() -> None:
    """RULES 4.4, 4.7: count tiles carry their points, penalty tiles theirs, with a line saying what the marks mean
    (and, in Black Tile, that the lowest total wins)."""
    game = first_state("texas42", 4, seed=1, wanted=lambda v: True)
    view = {**game.view(0), "hand": ["6-4", "5-0", "6-6"], "tile_points": {"6-4": 10, "5-0": 5}}
    texts = _hand_texts(view)
    badges = sorted(t.text for t in texts if t.role == "badge")
    assert badges == ["10", "5"]
    assert any("count tiles" in t.text for t in texts)
    black = first_state("black_tile", 4, seed=1, wanted=lambda v: True)
    view = {**black.view(0), "hand": ["0-0", "6-3", "6-4"], "tile_points": {"0-0": 4, "6-3": 1}}
    texts = _hand_texts(view)
    assert sorted(t.text for t in texts if t.role == "badge") == ["1", "4"]
    assert any("lowest total wins" in t.text for t in texts)


def test_mat_matadors_are_marked_on_the_hand() -> None:
    game = first_state("matador", 3, seed=1, wanted=lambda v: True)
    view = {**game.view(0), "hand": ["6-1", "0-0", "5-3"]}
    texts = _hand_texts(view)
    matadors = {f"{a}-{b}" for a, b in view["matadors"]}
    assert sum(1 for t in texts if t.role == "badge" and t.text == "M") == len(matadors & {"6-1", "0-0", "5-3"}) > 0


def test_mug_what_a_play_would_score_is_written_on_the_hand() -> None:
    """MUG-4: "6-1 on the right -> 15" for each scoring play in the seat's own view."""
    game = first_state("muggins", 2, seed=1, wanted=lambda v: True)
    view = {**game.view(0), "hand": ["6-1", "5-0"], "play_points": [{"tile": "6-1", "end": "E", "points": 15}]}
    texts = _hand_texts(view)
    assert any("6-1 on the right -> 15" in t.text for t in texts)
    assert [t.text for t in texts if t.role == "badge"] == ["+15"]
