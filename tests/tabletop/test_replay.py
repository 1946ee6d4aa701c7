"""A downloaded game at the terminal (issues 24 and 25): a real saved game told step by step in words; files too big,
nested too deep, not JSON or not a saved game refused with one line and exit code 2, in under a second, never a
traceback."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import Game, new_game
from engine.replay import Replay
from tabletop import saved
from tabletop.careful import MAX_BYTES, MAX_DEPTH, depth
from tabletop.cli import main
from tabletop.players import play_match, players
from tests.tabletop.support import plain

ROOT = Path(__file__).resolve().parents[2]


def finished(key: str, seats: int, seed: int, options: dict[str, str] | None = None) -> Game:
    game = new_game(key, seats, seed, options or {})
    play_match(game, players(key, ["normal"] * seats, seed))
    return game


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str, float]:
    started = time.perf_counter()
    code = main(["--replay", str(path)], io.StringIO(""), out := io.StringIO())
    elapsed = time.perf_counter() - started
    return code, out.getvalue(), capsys.readouterr().err, elapsed


@pytest.mark.parametrize(("key", "seats", "options"), [("block", 2, {}), ("texas42", 4, {}),
                                                       ("poker", 3, {"deals": "20"}), ("bingo", 1, {})])
def test_a_saved_game_is_told_step_by_step(key: str, seats: int, options: dict[str, str], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    game = finished(key, seats, 6, options)
    data = game.to_dict()
    path = tmp_path / "table-1.json"
    path.write_text(json.dumps(data))
    code, text, err, _elapsed = replayed(path, capsys)
    assert code == 0 and err == ""
    plain(text)
    lines = text.splitlines()
    steps = len(data["actions"])
    assert lines[0] == f"{game.spec.title}, {seats} seats, seed 6: {steps} steps"
    numbered = {int(line.split()[0]) for line in lines[1:-1] if line.split()[0].isdigit()}
    assert numbered == set(range(steps + 1))  # the deal and every step
    hands = [line for line in lines if line.startswith("      Hands: Seat 1: ")]
    assert len(hands) == len(Replay(data).hand_starts)  # every hand as dealt
    if key == "bingo":
        assert lines[-1].startswith(("Bingo!", "Lost:"))
    else:
        assert "won the match" in lines[-1] or "no winner" in lines[-1]
        for side, score in zip(game.sides, game.score, strict=True):
            assert f"{' & '.join(f'Seat {s + 1}' for s in side)} {score}" in lines[-1]


def test_a_saved_game_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table-2.json"
    path.write_text(json.dumps(finished("draw", 3, 2).to_dict()))
    assert main(["--replay", str(path), "--lang", "es"], io.StringIO(""), out := io.StringIO()) == 0
    assert out.getvalue().startswith("Dominó de robar, 3 asientos, semilla 2: ") and "Seat" not in out.getvalue()


def refused(code: int, text: str, err: str, elapsed: float, says: str) -> None:
    assert code == 2 and text == "" and elapsed < 1.0, (code, elapsed)
    assert err.count("\n") == 1 and err.startswith("error: cannot replay ") and says in err, err
    assert "Traceback" not in err


def test_a_file_over_2_mb_is_refused_before_it_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as sink:
        sink.truncate(MAX_BYTES + 1)
    junk = tmp_path / "junk.json"
    junk.write_bytes(os.urandom(1024) * 10 * 1024)  # 10 MB of junk
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("read a file that was too big"))
    refused(*replayed(big, capsys), says="2097153 bytes is over the 2 MB")
    refused(*replayed(junk, capsys), says="over the 2 MB")


def test_nesting_past_64_levels_is_refused_without_recursion(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 500_000 + "]" * 500_000)  # 1 MB: json.loads would raise RecursionError
    refused(*replayed(deep, capsys), says=f"nested deeper than {MAX_DEPTH} levels")
    just_over = tmp_path / "over.json"
    just_over.write_text('{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1))
    refused(*replayed(just_over, capsys), says="nested deeper")
    at_the_limit = tmp_path / "limit.json"
    at_the_limit.write_text('{"a": ' * MAX_DEPTH + "1" + "}" * MAX_DEPTH)
    refused(*replayed(at_the_limit, capsys), says="saved-game format")  # read, then refused by the engine


def test_depth_skips_brackets_inside_strings() -> None:
    assert depth('["[[[[", "\\"[[", {"k": "}}}]]"}]') == 2
    assert depth("") == 0 and depth('"[[["') == 0 and depth("[[1], [[2]]]") == 3


def scanned(text: str) -> int:
    """The nesting of ``text`` the plain way, a character at a time (at most MAX_DEPTH + 1)."""
    deepest = level = 0
    inside = escaped = False
    for char in text:
        if inside:
            inside, escaped = (escaped or char != '"'), (not escaped and char == "\\")
        elif char == '"':
            inside = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return min(deepest, MAX_DEPTH + 1)


def test_depth_agrees_with_a_plain_scanner_on_random_documents() -> None:
    rng = random.Random(7)

    def document(level: int) -> object:
        if level > MAX_DEPTH + 4 or rng.random() < 0.3:
            return rng.choice([1, 'a"[', "b\\", "\\\"]]", None, "{["])
        if rng.random() < 0.5:
            return [document(level + 1) for _ in range(rng.randint(0, 3))]
        return {f'{key}"[{{': document(level + 1) for key in range(rng.randint(0, 3))}

    for _ in range(400):
        wrapped = document(0)
        for _level in range(rng.choice([0, 0, rng.randint(50, 80)])):  # some well past the limit
            wrapped = [wrapped] if rng.random() < 0.5 else {"k": wrapped}
        text = json.dumps(wrapped)
        assert depth(text) == scanned(text), text


@pytest.mark.parametrize(("content", "says"), [
    (b"{not json", "not JSON"),
    (b"\xff\xfe\x00junk", "not UTF-8"),
    (b'{"format": 1, "game": "draw"}', "cannot replay"),
    (b"[1, 2, 3]", "a saved game must be a mapping"),
    (b'"' + b"9" * 5000 + b'"', "a saved game must be a mapping"),
])
def test_what_is_not_a_saved_game_is_refused_in_one_line(content: bytes, says: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    refused(*replayed(path, capsys), says=says)


def test_a_corrupt_save_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = finished("block", 2, 4).to_dict()
    path = tmp_path / "corrupt.json"
    path.write_text(json.dumps({**data, "actions": [*data["actions"][:3], [0, "play:9-9@W/9"]]}))
    refused(*replayed(path, capsys), says="cannot replay")
    path.write_text(json.dumps({**data, "seats": "two"}))
    refused(*replayed(path, capsys), says="cannot replay")
    refused(*replayed(tmp_path / "missing.json", capsys), says="No such file")
    refused(*replayed(tmp_path, capsys), says="not a file")


def test_a_failure_while_telling_is_one_line_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(finished("block", 2, 4).to_dict()))

    def broken(*_args: object) -> None:
        raise TypeError("a surprise")

    monkeypatch.setattr(saved, "print_replay", broken)
    refused(*replayed(path, capsys), says="not a saved game this engine can replay (TypeError)")


def test_the_refusals_from_the_shell(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("{" * 200_000)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 10))
    for path in (deep, big):
        done = subprocess.run([sys.executable, "-m", "tabletop", "--replay", str(path)], capture_output=True,
                              text=True, timeout=60, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1 and re.match(r"error: cannot replay .+: ", done.stderr)


def test_a_refused_file_loads_neither_the_engine_nor_the_words(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b"[" * (MAX_BYTES + 1))
    probe = ("import sys; from tabletop.cli import main; code = main(['--replay', sys.argv[1]]); "
             "print(code, sorted({m.split('.')[0] for m in sys.modules} & {'engine', 'render', 'babel'}))")
    done = subprocess.run([sys.executable, "-c", probe, str(big)], capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stdout == "2 []\n" and "over the 2 MB" in done.stderr

