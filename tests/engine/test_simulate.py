"""The simulator's command line (issue 13): every bad argument is one clear line and exit code 2; a human seat's
prompt ends cleanly on end of input, on q and on Ctrl+C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.simulate import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("argv, says", [
    (["draw", "--games", "0"], "--games must be at least 1"),
    (["draw", "--games", "-5"], "--games must be at least 1"),
    (["draw", "--seats", "0"], "is for 2 to 6 players, not 0"),
    (["draw", "--seats", "3", "--human", "5"], "--human names a seat from 0 to 2"),
    (["draw", "--human", "-1"], "--human names a seat"),
    (["draw", "--option", "nonsense"], "--option takes name=value"),
    (["nogame"], "nogame"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv: list[str], says: str, capsys) -> None:
    try:
        code = main(argv)
    except SystemExit as exited:  # argparse's own errors
        code = exited.code
    err = capsys.readouterr().err
    assert code == 2 and says in err and "Traceback" not in err


def run(argv: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine.simulate", *argv], input=stdin, capture_output=True,
                          text=True, timeout=60, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_end_of_input_at_the_prompt_stops_cleanly() -> None:
    done = run(["draw", "--human", "0"], "")
    assert done.returncode == 0 and done.stdout.count("Your choice") == 1 and "end of input" in done.stdout
    assert len(done.stdout) < 5000 and "Traceback" not in done.stderr


def test_q_quits_with_exit_0() -> None:
    done = run(["muggins", "--seats", "2", "--human", "0"], "q\n")
    assert done.returncode == 0 and "you quit" in done.stdout


def test_ctrl_c_at_the_prompt_stops_without_a_traceback() -> None:
    # Ctrl-C's default action in the child, even when this run was started in the background (`cmd &` ignores
    # SIGINT, the child would inherit that, and Python then installs no KeyboardInterrupt handler)
    process = subprocess.Popen([sys.executable, "-m", "engine.simulate", "draw", "--human", "0"],
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
