"""Spanish (issue 14, bot/i18n.py): one gettext catalogue per language with every text of the slash commands and the
games' /rules; a member whose Discord locale is es-ES or es-419 reads /rules in Spanish, the commands carry Spanish
names and descriptions, and a text without a translation fails the check."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord.interactions

from bot.i18n import (
    HallTranslator,
    _all_texts,
    catalogue,
    command_texts,
    game_texts,
    language_of,
    main,
    missing,
    translate,
)
from engine import catalogue as games


def test_every_text_of_the_commands_and_games_has_a_spanish_translation() -> None:
    texts = _all_texts()
    assert "play" in texts and games()["texas42"].summary in texts and len(texts) > 100
    assert missing("es", texts) == []
    assert main(["check"]) == 0


def test_a_text_without_a_translation_is_reported() -> None:
    assert missing("es", ["play", "A text nobody translated", "play"]) == ["A text nobody translated"]


def test_discord_locales_map_onto_the_catalogues() -> None:
    assert language_of(discord.Locale.spain_spanish) == language_of("es-419") == "es"
    assert language_of(discord.Locale.american_english) is None and language_of("fr") is None
    assert language_of(None) is None


def test_translate_keeps_english_where_there_is_no_catalogue_and_fills_in_values() -> None:
    assert translate("Players", "es-ES") == "Jugadores" and translate("Players", "en-US") == "Players"
    assert translate("{count} games", discord.Locale.latin_american_spanish, count=13) == "13 juegos"
    assert translate("Something new", "es-ES") == "Something new"


async def test_the_slash_commands_carry_their_spanish_names(simcord_env) -> None:
    tree = simcord_env.bot.tree
    assert isinstance(tree.translator, HallTranslator)
    play = next(c for c in tree.get_commands() if c.name == "play")
    payload = await play.get_translated_payload(tree, tree.translator)
    assert payload["name_localizations"]["es-ES"] == "jugar"
    assert payload["name_localizations"]["es-419"] == "jugar"
    assert payload["description_localizations"]["es-ES"] == catalogue("es")[play.description]
    game = next(o for o in payload["options"] if o["name"] == "game")
    assert game["name_localizations"]["es-ES"] == "juego"
    texas = next(c for c in game["choices"] if c["value"] == "texas42")
    assert texas["name_localizations"]["es-ES"] == "Texas 42 a cuatro"
    untranslated = set(command_texts(tree)) - set(catalogue("es"))
    assert all(text.endswith("(test)") for text in untranslated), untranslated  # only the test-only games


@pytest.fixture
def spanish_member(monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """Members (by id) whose Discord client is in Spanish (es-ES): simcord sends every interaction as en-US."""
    spanish: set[int] = set()
    original = simcord.interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        if kwargs.get("user_id") in spanish:
            payload["locale"] = "es-ES"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    return spanish


async def test_rules_in_spanish_for_a_member_whose_locale_is_es_es(simcord_env, spanish_member: set[int]) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ana = guild.add_member(simcord_env.create_user("ana"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    spanish_member.add(ana.id)

    spec = games()["texas42"]
    rules = (await ana.slash(channel, "rules", game="texas42")).response.embeds[0]
    assert rules.title == "Texas 42 a cuatro" and rules.description == catalogue("es")[spec.summary]
    fields = {f.name: f.value for f in rules.fields}
    assert fields["Jugadores"] == "4 (equipos Asientos 1 y 3 contra asientos 2 y 4)"
    assert fields["Fichas"] == "doble seis"
    assert fields["texas_marks (por defecto no)"].startswith(catalogue("es")[next(
        o.help for o in spec.options if o.name == "texas_marks")]) and "Opciones: no, sí" in fields[
        "texas_marks (por defecto no)"]
    listed = (await ana.slash(channel, "games")).response.embeds[0]
    assert listed.title == "Domino Hall · juegos" and "Texas 42 a cuatro" in listed.fields[0].value
    assert "3 o 4 jugadores" in listed.fields[0].value or "2 a " in listed.fields[0].value

    english = (await bob.slash(channel, "rules", game="texas42")).response.embeds[0]
    assert english.title == spec.title and english.description == spec.summary


def test_game_texts_cover_titles_summaries_tiles_and_house_rules() -> None:
    texts = set(game_texts(["bingo"]))
    spec = games()["bingo"]
    assert {spec.title, spec.summary, spec.tile_set, spec.record_name, spec.record_meaning,
            *(o.help for o in spec.options)} == texts


async def test_a_table_in_a_spanish_server_speaks_spanish_and_each_hand_its_members_language(
        simcord_env, spanish_member: set[int]) -> None:
    """The table (lobby, table message, controls, recaps) in the server's language; each private hand in its
    member's: ana (es-ES) reads Spanish, bob (en-US) English at the same table."""
    from tests.bot.helpers import answer, components, message_of, press_first_control, table_of

    guild = simcord_env.create_guild(preferred_locale="es-ES")
    channel = guild.create_text_channel("juegos")
    ana = guild.add_member(simcord_env.create_user("ana"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    spanish_member.add(ana.id)
    es = catalogue("es")
    lobby = (await ana.slash(channel, "play", game="block")).response
    title = es[games()["block"].title]
    assert lobby.embeds[0].title == f"{title} · sala"
    assert [c["label"] for c in components(lobby)][:4] == ["Unirse", "Salir", "Añadir computadora", "Reglas de la casa"]
    await bob.click(lobby, label="Unirse")
    await ana.click(message_of(channel, lobby.id), label="Empezar")
    await simcord_env.settle()
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    table = table_of(simcord_env, tid)
    shown = message_of(channel, lobby.id)
    assert shown.embeds[0].title.startswith(f"{title} · mesa n.º {tid}")
    assert shown.embeds[0].fields[0].name == "Puntuación"
    assert [c["label"] for c in components(shown)] == ["Mi mano", "Terminar partida"]
    carmen = guild.add_member(simcord_env.create_user("carmen"))  # watching, in Spanish
    dave = guild.add_member(simcord_env.create_user("dave"))  # watching, in English
    spanish_member.add(carmen.id)
    refused = answer(await carmen.click(shown, label="Mi mano")).content
    assert refused == f"Estás mirando la mesa n.º {tid}: solo sus jugadores tienen mano."
    assert answer(await dave.click(shown, label="Mi mano")).content.startswith(f"You are watching table #{tid}")
    members = {0: ana, 1: bob}
    said = {ana: "", bob: ""}
    labels: dict[Any, list[str]] = {ana: [], bob: []}
    def recap() -> Any:  # the first round's recap (after the standings when the round ended the match)
        return next((e for m in channel.history() for e in m.embeds if (e.title or "").endswith("Ronda 1")), None)

    for _ in range(300):
        if recap() is not None or table.status != "playing":
            break
        seat = table.game.to_act[0]
        hand = answer(await members[seat].click(message_of(channel, lobby.id), label="Mi mano"))
        said[members[seat]] = hand.content
        labels[members[seat]].extend(c["label"] for c in components(hand) if c.get("label"))
        await press_first_control(members[seat], hand)
    else:
        raise AssertionError("the first round never ended")
    assert "**Tu turno** en la mesa" in said[ana] and "**Your turn** at table" in said[bob]
    moves = {member: [label for label in found if label[:1].isdigit() or label in ("Pass", "Pasar")]
             for member, found in labels.items()}  # each member's move buttons, in their own language
    assert moves[ana] and all(": " in m or m == "Pasar" for m in moves[ana]), moves[ana]
    assert moves[bob] and all(" on the " in m or m == "Pass" for m in moves[bob]), moves[bob]
    await simcord_env.settle()
    first = recap()
    assert first is not None and "Totales:" in first.description and "Puntos en esta ronda:" in first.description


async def test_the_lobby_refusals_settings_and_records_speak_spanish(simcord_env, spanish_member: set[int]) -> None:
    """A Spanish server's lobby says why the game cannot start in Spanish (the engine's phrase), a Spanish member
    who is not the host is refused in Spanish, and the house-rules panel, /hall-settings, /leaderboard and
    /history answer a Spanish member in Spanish."""
    from tests.bot.helpers import answer, components

    guild = simcord_env.create_guild(preferred_locale="es-ES")
    channel = guild.create_text_channel("juegos")
    ana = guild.add_member(simcord_env.create_user("ana"))
    carmen = guild.add_member(simcord_env.create_user("carmen"))
    spanish_member.update({ana.id, carmen.id})
    lobby = (await ana.slash(channel, "play", game="seventy_nine")).response
    ready = next(f.value for f in lobby.embeds[0].fields if f.name == "¿Listos?")
    assert ready == "Todavía no: Setenta y nueve es para 6 jugadores, no 1", ready
    refused = answer(await carmen.click(lobby, label="Añadir computadora")).content
    assert refused == "Solo el anfitrión puede añadir un jugador computadora."
    panel = answer(await ana.click(lobby, label="Reglas de la casa"))
    assert panel.content.startswith("Reglas de la casa de la mesa n.º") and "Marcas" in panel.content
    menus = [c for c in components(panel) if c.get("options")]
    assert menus and all(o["label"].endswith((": sí", ": no")) or ":" in o["label"] for o in menus[0]["options"])
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    diego = guild.add_member(simcord_env.create_user("diego"), roles=[admins])
    spanish_member.add(diego.id)
    settings = (await diego.slash(channel, "hall-settings", hints="off")).response.content
    assert settings.startswith("Tiempo por turno:") and "pistas: **no**" in settings, settings
    board = (await ana.slash(channel, "leaderboard")).response.embeds[0]
    assert board.title == "Clasificación · todos los juegos"
    assert board.description == "Aún no hay partidas terminadas esta temporada."  # the current season (issue 28)
    history = (await ana.slash(channel, "history")).response.embeds[0]
    assert history.title == "Partidas recientes"


def test_no_marked_text_hides_inside_an_f_string() -> None:
    """Babel's extractor does not read inside f-strings, so ``f"{translate('wins', locale)}"`` would escape the
    catalogue check: a text to translate is said outside the f-string (this test found four such headings)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    hidden = re.compile(r"""\{(?:translate|say|_|\w+\.t)\(\s*['"]""")
    found = [f"{path.relative_to(root)}:{number}" for folder in ("bot", "cogs", "render")
             for path in sorted((root / folder).rglob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1) if hidden.search(line)]
    assert found == []
