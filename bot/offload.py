"""Work kept off the event loop, in small dedicated thread pools.

Drawing images and computer players' thinking are Python code that holds the GIL. In a thread of the bot process
such work makes the event loop wait for the GIL after every system call it makes (each socket write, each database
hand-off): measured with py-spy at 300 busy tables, the event loop spent most of its time waiting for the GIL that
a computer player's search held, and acknowledgements queued up for seconds. So where there is a core to spare,
both kinds of work run in worker processes (``RENDER_PROCESSES``, ``COMPUTER_PROCESSES``) at a lower scheduling
priority (:data:`WORKER_NICENESS`): the event loop's process then wins the CPU whenever a click arrives. With no
worker process, one thread each keeps the event loop's share of the GIL steady.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from bot import metrics

P = ParamSpec("P")
R = TypeVar("R")

_pools: dict[str, Executor] = {}
SIZES = {"render": 1, "computer": 1}
PROCESSES = {"render": 0, "computer": 0}
#: How much lower the worker processes' scheduling priority is than the bot process's (``nice``): a click waits
#: for no picture and no search when they share a core.
WORKER_NICENESS = 5


def configure(render_threads: int = 1, computer_threads: int = 1, render_processes: int = 0,
              computer_processes: int = 0) -> None:
    """Set the pool sizes (before first use). ``render_processes`` > 0 draws images in that many worker processes
    instead of a thread, and ``computer_processes`` > 0 lets computer players think in worker processes: on a
    machine with a spare core, that work then no longer competes with the event loop for the GIL."""
    SIZES.update(render=max(1, render_threads), computer=max(1, computer_threads))
    PROCESSES.update(render=max(0, render_processes), computer=max(0, computer_processes))


def in_process(name: str) -> bool:
    """Whether the ``name`` pool's work runs in worker processes (its arguments and results are copies)."""
    return bool(PROCESSES.get(name))


def _pool(name: str) -> Executor:
    pool = _pools.get(name)
    if pool is None:
        if PROCESSES.get(name):
            pool = ProcessPoolExecutor(max_workers=PROCESSES[name], mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_start_worker, initargs=(os.getpid(),))
        else:
            pool = ThreadPoolExecutor(max_workers=SIZES[name], thread_name_prefix=f"domino-{name}")
        _pools[name] = pool
    return pool


def _start_worker(parent: int) -> None:
    """In a worker process: yield the CPU to the bot process (:data:`WORKER_NICENESS`), and leave as soon as the
    bot process is gone (even if it was killed outright)."""
    with contextlib.suppress(OSError, AttributeError):  # no nice() on this platform: the same priority, still correct
        os.nice(WORKER_NICENESS)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="domino-parent-watch", daemon=True).start()


def shutdown() -> None:
    """Stop every pool (worker processes included)."""
    for pool in _pools.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _pools.clear()


async def run_in(name: str, func: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run ``func`` in the ``render`` or ``computer`` pool, like :func:`asyncio.to_thread` (context copied)."""
    loop = asyncio.get_running_loop()
    pool = _pool(name)
    if isinstance(pool, ProcessPoolExecutor):
        call = functools.partial(func, *args, **kwargs)
    else:
        call = functools.partial(contextvars.copy_context().run, func, *args, **kwargs)
    with metrics.timed(metrics.PICTURE) if name == "render" else contextlib.nullcontext():
        try:
            return await loop.run_in_executor(pool, call)
        except BrokenExecutor:
            # A worker process died (killed, out of memory): the pool refuses all work from then on. A new pool
            # takes this call and the next ones, so no table waits on a dead worker.
            if _pools.get(name) is pool:
                del _pools[name]
                pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(_pool(name), call)
