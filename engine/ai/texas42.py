"""The computer player for Four Hand Texas: the 42-family heuristic (see :mod:`engine.ai.fortytwo`)."""

from engine.ai.fortytwo import FortyTwoPlayer

PLAYER = FortyTwoPlayer
