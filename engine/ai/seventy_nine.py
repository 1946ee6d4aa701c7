"""The computer player for Seventy-Nine: the 42-family heuristic (see :mod:`engine.ai.fortytwo`)."""

from engine.ai.fortytwo import FortyTwoPlayer

PLAYER = FortyTwoPlayer
