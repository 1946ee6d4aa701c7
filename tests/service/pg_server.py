"""A throwaway PostgreSQL server for the storage tests: a new cluster in a temporary folder, on a free port of
127.0.0.1, trusting local connections; stopped when the tests end.

Found through ``initdb`` on the PATH or under ``/usr/lib/postgresql/*/bin``. PostgreSQL refuses to run as root, so
as root the server runs as the ``postgres`` user. ``None`` when no server can be started here (the PostgreSQL
variants of the tests are then skipped, saying why).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _bin_dir() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


_RESTART: dict[str, list[str]] = {}


def restart(url: str) -> None:
    """Restart the server at ``url`` at once (``-m immediate``: as a crash would, every connection dropped)."""
    subprocess.run(_RESTART[url], check=True, capture_output=True, timeout=120)


def _start(run_as: list[str], bin_dir: Path, folder: Path, tries: int = 3) -> tuple[int, str]:
    """Start the server on a free port; (port, server options). Tests run in parallel: another worker may take the
    port between the probe and the start, so a failed start is tried again on a new port."""
    attempt = 1
    while True:
        port = _free_port()
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off"
        started = subprocess.run([*run_as, str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-o", options,
                                  "-l", str(folder / "log"), "-w", "start"], capture_output=True, timeout=120)
        if started.returncode == 0 or attempt >= tries:
            started.check_returncode()  # the last failure is the error the tests report
            return port, options
        attempt += 1


@contextmanager
def stopped(url: str) -> Iterator[None]:
    """The server at ``url`` down (stopped at once, as a crash would) for the block, then started again."""
    control = _RESTART[url][:-4]  # pg_ctl with its data folder, options and log, without "-m immediate -w restart"
    subprocess.run([*control, "-m", "immediate", "-w", "stop"], check=True, capture_output=True, timeout=120)
    try:
        yield
    finally:
        subprocess.run([*control, "-w", "start"], check=True, capture_output=True, timeout=120)


def control(url: str, action: str) -> None:
    """``pg_ctl stop`` (``-m immediate``) or ``start`` the server at ``url``: the database away for as long as a
    test needs."""
    subprocess.run([action if part == "restart" else part for part in _RESTART[url]], check=True,
                   capture_output=True, timeout=120)


@contextmanager
def postgres_server() -> Iterator[tuple[str | None, str]]:
    """(URL of the ``postgres`` database, or None; why not)."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        yield None, "PostgreSQL is not installed here (no initdb)"
        return
    run_as: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="domino-pg-"))
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            yield None, "running as root and there is no postgres user to run PostgreSQL as"
            return
        os.chown(folder, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data = folder / "data"
    try:
        subprocess.run([*run_as, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                        "--no-sync"], check=True, capture_output=True, timeout=120)
        port, options = _start(run_as, bin_dir, folder)
    except (OSError, subprocess.SubprocessError) as error:
        shutil.rmtree(folder, ignore_errors=True)
        yield None, f"PostgreSQL could not be started here: {error}"
        return
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    _RESTART[url] = [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
                     "-m", "immediate", "-w", "restart"]
    try:
        yield url, ""
    finally:
        _RESTART.pop(url, None)
        subprocess.run([*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)
