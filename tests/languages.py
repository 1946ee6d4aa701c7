"""The translated languages the tests go through: each catalogue (render/language.py LANGUAGES) with a Discord
locale that reads it, so a new catalogue is tested as soon as it is listed."""

from __future__ import annotations

from render.language import LANGUAGES

#: Every translated language, by its catalogue, with the first Discord locale that reads it.
TRANSLATED: dict[str, str] = {language: codes[0] for language, codes in LANGUAGES.items()}
#: Words of each language that must show somewhere in a game's pictures (its hand, spectator or boneyard words).
PICTURE_WORDS: dict[str, tuple[str, ...]] = {
    "es": ("Tu mano", "Espectador", "Pozo", "Meta", "Bote", "Reparte", "Quedan"),
    "pt_BR": ("Sua mão", "Espectador", "Monte", "Meta", "Pote", "Dá as pedras", "Restam"),
}
