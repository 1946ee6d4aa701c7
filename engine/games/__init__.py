"""One module per game; each declares SPEC (engine.game.GameSpec) and the registry finds it."""
