"""The terminal table's command line (issues 13, 24): every bad argument is one clear line and exit code 2; a
person's prompt ends cleanly on end of input, on q and on Ctrl+C; computer matches report results and speed."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import new_game
from tabletop.cli import main
from tabletop.players import play_match, players

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("argv, says", [
    (["draw", "--games", "0"], "--games must be at least 1"),
    (["draw", "--games", "-5"], "--games must be at least 1"),
    (["draw", "--seats", "0"], "is for 2 to 6 players, not 0"),
    (["draw", "--seats", "3", "--human", "4"], "--human names a seat from 1 to 3, not 4"),
    (["draw", "--human", "0"], "--human names a seat from 1 to 2, not 0"),
    (["draw", "--human", "-1"], "--human names a seat"),
    (["draw", "--option", "nonsense"], "--option takes name=value"),
    (["draw", "--level", "expert"], "--level takes easy, normal, strong, not 'expert'"),
    (["draw", "--seats", "3", "--level", "strong,easy"], "one for each of the 3 seats"),
    (["draw", "--lang", "xx"], "--lang takes en, es, pt_BR, not 'xx'"),
    (["nogame"], "nogame"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv, io.StringIO(""), io.StringIO()) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert len([line for line in err.splitlines() if line.startswith("error") or "error:" in line]) == 1


def test_the_games_are_listed_with_their_house_rules() -> None:
    out = io.StringIO()
    assert main([], io.StringIO(""), out) == 0
    listed = out.getvalue().splitlines()
    assert len(listed) == 13 and listed[0].split()[0] == "draw" and "target=100" in listed[0]


def test_computer_matches_report_wins_scores_and_games_per_second() -> None:
    out = io.StringIO()
    assert main(["block", "--seats", "3", "--games", "20", "--seed", "5", "--level", "normal,easy,normal"],
                io.StringIO(""), out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "Block Dominoes: 20 matches, 3 seats, seed 5, level normal,easy,normal"
    wins = [int(line.split()[2]) for line in lines[1:4]]
    assert [line.split(":")[0].strip() for line in lines[1:4]] == ["seat 1", "seat 2", "seat 3"]
    assert 20 <= sum(wins) <= 60 and "games/s" in lines[-1]  # a tied match has several winners
    again = io.StringIO()
    main(["block", "--seats", "3", "--games", "20", "--seed", "5", "--level", "normal,easy,normal"],
         io.StringIO(""), again)
    assert again.getvalue().splitlines()[:5] == lines[:5]  # seeded: the same matches again (Strong thinks by the
    # clock, so only Easy and Normal replay exactly)


def run(argv: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *argv], input=stdin, capture_output=True,
                          text=True, timeout=60, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_end_of_input_at_the_prompt_stops_cleanly() -> None:
    done = run(["draw", "--human", "1"], "")
    assert done.returncode == 0 and done.stdout.count("Your choice") == 1
    assert done.stdout.splitlines()[-1] == "Stopped: end of input. Bye."
    assert len(done.stdout) < 5000 and done.stderr == ""


def test_q_quits_with_exit_0_and_one_line() -> None:
    done = run(["muggins", "--seats", "2", "--human", "2"], "q\n")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines()[-1].endswith("Stopped: you quit. Bye.")


def test_output_cut_short_by_the_reader_is_no_traceback(tmp_path: Path) -> None:
    game = new_game("texas42", 4, 2)
    play_match(game, players("texas42", ["normal"] * 4, 2))
    (tmp_path / "long.json").write_text(json.dumps(game.to_dict()))  # a replay of about a thousand lines
    reader = subprocess.run(f"{sys.executable} -m tabletop --replay {tmp_path / 'long.json'} | head -n 1",
                            shell=True, capture_output=True, text=True, timeout=60, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert reader.stdout.startswith("Four Hand Texas (42), 4 seats") and reader.stdout.count("\n") == 1
    assert reader.stderr == ""


def test_ctrl_c_at_the_prompt_stops_without_a_traceback() -> None:
    # Ctrl-C's default action in the child, even when this run was started in the background (`cmd &` ignores
    # SIGINT, the child would inherit that, and Python then installs no KeyboardInterrupt handler)
    process = subprocess.Popen([sys.executable, "-m", "tabletop", "draw", "--human", "1"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout is not None
    seen = ""
    deadline = time.monotonic() + 30
    while "Your choice" not in seen and time.monotonic() < deadline:
        seen += process.stdout.read(1)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=30)  # stdin stays open until it has stopped: an end of input must not win the race
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and "Stopped" in err and "Traceback" not in err
