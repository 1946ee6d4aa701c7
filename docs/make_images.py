"""Write the sample images in docs/images/ from seeded games, one table per registered game plus a few extras.

Run: .venv/bin/python docs/make_images.py   (deterministic: the same seeds give the same images)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import catalogue
from render import render_hand, render_scores, render_table
from tests.render.views import NAMES, chain_line, first_state, line_view, playable, random_states, seats_for

OUT = Path(__file__).resolve().parent / "images"
View = dict[str, Any]


def interesting(key: str) -> Callable[[View], bool]:
    """When a game's position is worth a picture: a grown line, a trick under way, a showdown, a thinned row."""
    family = catalogue()[key].family

    def line(view: View) -> bool:
        data = view.get("line") or {}
        laid = sum(len(a) for a in (data.get("arms") or {}).values())
        return laid >= (10 if key == "sebastopol" else 14)

    def trick(view: View) -> bool:
        plays = (view.get("trick") or {}).get("plays") or []
        return view.get("phase") == "play" and len(plays) >= 2 and sum(view.get("tricks_won") or []) >= 2

    def other(view: View) -> bool:
        if view["family"] == "poker":
            return bool(view.get("showdown"))
        if view["family"] == "bingo":
            return int(view.get("removed") or 0) >= 12
        return int(view.get("round") or 0) >= 1 and len(view.get("log") or []) >= 4

    return {"line": line, "trick": trick}.get(family, other)




def game_images() -> list[str]:
    """One table image per registered game."""
    written = []
    for key in catalogue():
        game = first_state(key, seats_for(key), seed=7, wanted=interesting(key))
        save(f"{key}_table.png", render_table(game.view(None), NAMES))
        written.append(f"{key}_table.png")
    return written


def extra_images() -> list[str]:
    """The hand, a score table, a long snaking line and a full spinner."""
    game = first_state("draw", 3, seed=4, wanted=lambda v: sum(len(a) for a in v["line"]["arms"].values()) >= 6)
    seat = game.to_act[0]
    own = game.view(seat)
    own["playable"] = playable(game, seat)
    save("hand.png", render_hand(own, NAMES))
    ended = first_state("draw", 3, seed=4, wanted=lambda v: v.get("last_round") is not None)
    save("scores.png", render_scores(ended.view(None), NAMES))
    save("long_line_table.png", render_table(line_view(chain_line(80, seed=3)), NAMES))
    spinner = chain_line(36, seed=8, spinner=True, arms=("W", "E", "N", "S"))
    save("spinner_table.png", render_table(line_view(spinner, title="Draw Dominoes (spinner)"), NAMES))
    return ["hand.png", "scores.png", "long_line_table.png", "spinner_table.png", *trick_extras(), *hint_images()]


def trick_extras() -> list[str]:
    """A trick game's hand during play and its score table after a hand, where Texas 42 is registered."""
    if "texas42" not in catalogue():
        return []
    game = first_state("texas42", 4, seed=7, wanted=lambda v: v.get("phase") == "play"
                       and len((v.get("trick") or {}).get("plays") or []) == 1)
    seat = game.to_act[0]
    own = game.view(seat)
    own["playable"] = playable(game, seat)
    save("texas42_hand.png", render_hand(own, NAMES))
    done = first_state("texas42", 4, seed=7, wanted=lambda v: v.get("last_hand") is not None)
    save("texas42_scores.png", render_scores(done.view(None), NAMES))
    return ["texas42_hand.png", "texas42_scores.png"]


def own_view(game: Any, seat: int) -> View:
    """A seat's own view with its playable tiles, as the bot draws its hand."""
    own = game.view(seat)
    own["playable"] = playable(game, seat)
    return own


def hint_hand(key: str, seats: int, seed: int, wanted: Callable[[View], bool]) -> bytes:
    """The hand of the seat to act at the first position of a seeded game whose own view ``wanted`` accepts."""
    for game in random_states(key, seats, seed, steps=2000):
        if game.to_act and wanted(own_view(game, game.to_act[0])):
            return render_hand(own_view(game, game.to_act[0]), NAMES)
    raise ValueError(f"{key}: no such hand in seed {seed}")


def twin_playable(view: View) -> bool:
    """Two copies of one tile in hand, both playable (Seventy-Nine), with a count tile to mark."""
    hand = view["hand"] or []
    return bool(view.get("tile_points")) and any(hand.count(t) > 1 and t in view["playable"] for t in hand)


def hint_images() -> list[str]:
    """Hands with hint marks (what a Muggins play scores, count tiles and twin tiles in Seventy-Nine, Black Tile's
    penalty tiles) and the score tables of a Bergen round (points made in play) and a Black Tile hand."""
    save("muggins_hand.png", hint_hand("muggins", 2, 5, lambda v: bool(v.get("play_points"))))
    save("seventy_nine_hand.png", hint_hand("seventy_nine", 6, 2, lambda v: v.get("phase") == "play"
                                            and twin_playable(v)))
    save("black_tile_hand.png", hint_hand("black_tile", 4, 2, lambda v: v.get("phase") == "play"
                                          and len(v.get("tile_points") or {}) >= 2))
    bergen = first_state("bergen", 3, seed=3, wanted=lambda v: v.get("last_round") is not None)
    save("bergen_scores.png", render_scores(bergen.view(None), NAMES))
    black = first_state("black_tile", 4, seed=3, wanted=lambda v: "last_points" in v)
    save("black_tile_scores.png", render_scores(black.view(None), NAMES))
    return ["muggins_hand.png", "seventy_nine_hand.png", "black_tile_hand.png", "bergen_scores.png",
            "black_tile_scores.png"]


def recap_images() -> list[str]:
    """Issue 11's recaps: a Texas 42 hand, a poker deal and a Muggins round as they end (computer players, seeded),
    and the Texas 42 match's final standings card."""
    from engine import new_game
    from engine.ai import computer_player
    from render.recap import ends_a_hand, hand_recap, hands_won, render_recap, render_standings
    from render.words import Narrator

    written = []
    for key, seats in (("texas42", 4), ("poker", 4), ("muggins", 2)):
        game = new_game(key, seats, 7)
        players = [computer_player(key, 7 + s) for s in range(seats)]
        narrator = Narrator.of_game(game, NAMES)
        shown = None
        while not game.is_over:
            seat = game.to_act[0]
            before = len(game.log)
            game.apply(seat, players[seat].choose(game, seat))
            ends = [i for i in range(before, len(game.log)) if ends_a_hand(game.log[i])]
            ending = game.log[ends[0]].outcome if ends else None
            if ending is not None and shown is None and ending.termination != "thrown_in":
                shown = hand_recap(key, game.sides, game.log, ends[0])
                save(f"{key}_recap.png", render_recap(shown, NAMES, narrator.recap(shown, tally=False)))
                written.append(f"{key}_recap.png")
                if key != "texas42":
                    break
        if shown is None:  # Muggins may end the match during a round: that round's recap
            end = len(game.log) - 1
            shown = hand_recap(key, game.sides, game.log, end)
            save(f"{key}_recap.png", render_recap(shown, NAMES, narrator.recap(shown, tally=False)))
            written.append(f"{key}_recap.png")
        if key == "texas42" and game.outcome is not None:
            won = hands_won(game.log, len(game.sides))
            save("texas42_standings.png", render_standings(key, game.sides, game.outcome, NAMES,
                                                           narrator.standings(game.outcome), won))
            written.append("texas42_standings.png")
    return written


def spanish_images() -> list[str]:
    """Issue 14: a Texas 42 table, a hand and a recap as a Spanish server sees them (the pictures' words in its
    language: render/language.py)."""
    from engine import new_game
    from engine.ai import computer_player
    from render.recap import ends_a_hand, hand_recap, render_recap
    from render.words import Narrator

    game = first_state("texas42", 4, seed=7, wanted=lambda v: v.get("phase") == "play"
                       and len((v.get("trick") or {}).get("plays") or []) == 2)
    save("texas42_table_es.png", render_table(game.view(None), NAMES, "es"))
    seat = game.to_act[0]
    save("texas42_hand_es.png", render_hand(own_view(game, seat), NAMES, "es"))
    game = new_game("texas42", 4, 7)
    players = [computer_player("texas42", 7 + s) for s in range(4)]
    narrator = Narrator("texas42", NAMES, game.sides, game.options, "es")
    while not game.is_over:
        seat = game.to_act[0]
        before = len(game.log)
        game.apply(seat, players[seat].choose(game, seat))
        ends = [i for i in range(before, len(game.log)) if ends_a_hand(game.log[i])]
        if ends and game.log[ends[0]].outcome is not None and game.log[ends[0]].outcome.termination != "thrown_in":
            shown = hand_recap("texas42", game.sides, game.log, ends[0])
            save("texas42_recap_es.png", render_recap(shown, NAMES, narrator.recap(shown, tally=False), "es"))
            break
    return ["texas42_table_es.png", "texas42_hand_es.png", "texas42_recap_es.png"]


def replay_image() -> list[str]:
    """Issue 14: a step of /replay: a finished Texas 42 match replayed from its saved action log, drawn at the
    middle of its first hand's play (a finished game shows every hand: the table is drawn as a spectator)."""
    from engine import new_game
    from engine.ai import computer_player
    from engine.replay import Replay

    game = new_game("texas42", 4, 11)
    players = [computer_player("texas42", 11 + s) for s in range(4)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    replay = Replay(game.to_dict())
    first_hand_end = replay.next_hand(0)
    step = first_hand_end // 2
    save("texas42_replay.png", render_table(replay.game_at(step).view(None), NAMES))
    return ["texas42_replay.png"]


def leaderboard_image() -> list[str]:
    """Issue 14: /leaderboard game:Block as a picture of the embed's table, from real ratings (bot/ratings.py,
    OpenSkill) over 60 real matches of two-player double-six Block to 50, where six members of a server are played
    here by computer players of different strengths against each other and against the bot's computer levels."""
    import random

    from PIL import ImageDraw

    import engine.ai.search as search
    from bot.ratings import Entrant, rate
    from engine import new_game
    from engine.ai import computer_player
    from render.canvas import draw_text, to_png
    from render.palette import palette
    from render.panels import new_strip
    from render.theme import ACCENT, MUTED, TEXT

    search.STRONG_SECONDS, search.STRONG_SAMPLES = None, 16  # a fixed sample count: the same picture every run
    people = {"ana": "search", "bruno": "best", "carmen": "best", "diego": "random", "elena": "search",
              "félix": "random"}
    levels = {"strong": "search", "normal": "best", "easy": "random"}
    rng = random.Random(5)
    entrants = [(f"user:{n}", n, k, None) for n, k in people.items()] + [
        (f"computer:{lv}", f"Computer ({lv.title()})", k, lv) for lv, k in levels.items()]
    matches = []
    for number in range(60):
        one, two = rng.sample(entrants, 2)
        game = new_game("block", 2, 100 + number, {"set": 6, "target": 50})
        players = [computer_player("block", 100 + number * 2 + s, kind) for s, (_, _, kind, _) in
                   enumerate((one, two))]
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(seat, players[seat].choose(game, seat))
        assert game.outcome is not None
        matches.append([Entrant(key, name, side, side in game.outcome.winners,
                                None if lv else list(people).index(name) + 1, lv)
                        for side, (key, name, _, lv) in enumerate((one, two))])
    rated = sorted(rate(matches).values(), key=lambda r: -r.conservative)
    members = [r for r in rated if r.level is None]
    computers = [r for r in rated if r.level is not None]
    width, row = 640, 34
    image, draw = new_strip(width, 120 + row * (len(members) + 1) + 70)
    assert isinstance(draw, ImageDraw.ImageDraw)
    draw_text(draw, (24, 20), "Leaderboard · Block Dominoes", 26, TEXT, bold=True)
    columns = [("#", 44, "ra"), ("player", 64, "la"), ("rating", 380, "ra"), ("games", 470, "ra"),
               ("wins", 540, "ra"), ("rate", 616, "ra")]
    y = 70
    for label, x, anchor in columns:
        draw_text(draw, (x, y), label, 18, MUTED, anchor)
    for rank, r in enumerate(members, 1):
        y += row
        cells = [str(rank), r.name, f"{r.conservative:.1f}", str(r.games), str(r.wins),
                 f"{r.wins / r.games:.0%}" if r.games else "-"]
        for (_, x, anchor), cell in zip(columns, cells, strict=True):
            draw_text(draw, (x, y), cell, 20, TEXT, anchor)
    y += row + 20
    draw_text(draw, (24, y), "Computer players", 18, MUTED, bold=True)
    draw_text(draw, (24, y + 28), "  ·  ".join(f"{r.level.title() if r.level else r.name} {r.conservative:.1f}"
                                                for r in computers), 20, ACCENT)
    save("leaderboard.png", to_png(image, palette()))
    return ["leaderboard.png"]


def save(name: str, data: bytes) -> None:
    """Write one image."""
    (OUT / name).write_bytes(data)


def main() -> None:
    """Regenerate every sample image and list them."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name in game_images() + extra_images() + recap_images() + spanish_images() + replay_image() + \
            leaderboard_image():
        print(f"docs/images/{name}  {(OUT / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
