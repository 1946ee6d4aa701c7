"""``python -m tabletop``: a Domino Hall table in the terminal (see :mod:`tabletop.cli`)."""

import os
import sys

from tabletop.cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:  # the reader stopped reading (``| head``): nothing more to say, and no traceback
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 0
raise SystemExit(code)
