"""A Domino Hall table in the terminal: play a seat against the computer players, replay a downloaded game, or run
computer matches at scale, all in the words the bot uses.

``python -m tabletop`` (:mod:`tabletop.cli`). This package sits beside the bot: it reads the engine and the bot's
words (``render.words``, ``render.language``; no Pillow) and never the bot or its Discord adapters.
"""
