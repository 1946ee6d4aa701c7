"""Spanish and Brazilian Portuguese (issues 14 and 29, bot/i18n.py): one gettext catalogue per language with every
text of the slash commands and the games' /rules; a member whose Discord locale is es-ES, es-419 or pt-BR reads /rules
in their language, the commands carry translated names and descriptions, a server's tables speak the server's
language while each hand speaks its member's, and a text without a translation fails the check."""

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
from render.language import translate_n
from tests.languages import TRANSLATED


def test_every_text_of_the_commands_and_games_has_a_translation_in_every_language() -> None:
    texts = _all_texts()
    assert "play" in texts and games()["texas42"].summary in texts and len(texts) > 100
    assert set(TRANSLATED) == {"es", "pt_BR"}
    for language in TRANSLATED:
        assert missing(language, texts) == [], language
    assert main(["check"]) == 0


def test_the_template_holds_every_text_and_every_translation_keeps_its_placeholders() -> None:
    """``python -m bot.i18n pot`` keeps render/locales/messages.pot (what a translator starts from) up to date, and
    no translation drops, misspells or adds a placeholder."""
    from babel.messages.pofile import read_po

    from bot.i18n import TEMPLATE, InContext, mismatched

    with TEMPLATE.open("rb") as source:
        pot = read_po(source)
    written = {(m.context, m.id) for m in pot if m.id}
    assert written == {(t.context, t.text) if isinstance(t, InContext) else (None, t) for t in _all_texts()}, \
        "run: python -m bot.i18n pot"
    assert {language: mismatched(language) for language in TRANSLATED} == {language: [] for language in TRANSLATED}


def test_a_short_text_is_told_apart_by_its_context() -> None:
    """pgettext: the autopilot's "Run" is its own text (``msgctxt``), found by the check and translated apart."""
    from bot.i18n import InContext
    from render.language import translate_p

    assert InContext("autopilot", "Run") in _all_texts()
    assert translate_p("autopilot", "Run", "pt-BR") == "Automático" and translate_p("autopilot", "Run", None) == "Run"
    assert missing("pt_BR", [InContext("autopilot", "Run"), InContext("a race", "Run")]) == [InContext("a race", "Run")]


def test_the_command_line_says_its_usage() -> None:
    assert main(["--help"]) == 0 and main(["nonsense"]) == 2


def test_a_text_without_a_translation_is_reported() -> None:
    assert missing("es", ["play", "A text nobody translated", "play"]) == ["A text nobody translated"]


def test_discord_locales_map_onto_the_catalogues() -> None:
    assert language_of(discord.Locale.spain_spanish) == language_of("es-419") == "es"
    assert language_of(discord.Locale.brazil_portuguese) == language_of("pt-BR") == "pt_BR"
    assert language_of(discord.Locale.american_english) is None and language_of("fr") is None
    assert language_of(None) is None


def test_translate_keeps_english_where_there_is_no_catalogue_and_fills_in_values() -> None:
    assert translate("Players", "es-ES") == "Jugadores" and translate("Players", "en-US") == "Players"
    assert translate_n(13, "{count} game", "{count} games", discord.Locale.latin_american_spanish) == "13 juegos"
    assert translate("Something new", "es-ES") == "Something new"
    assert translate("Players", "pt-BR") == "Jogadores" and translate_n(13, "{count} game", "{count} games",
                                                                      "pt-BR") == "13 jogos"
    assert [translate_n(n, "{count} game", "{count} games", "pt-BR") for n in (0, 1, 2)] == \
        ["0 jogo", "1 jogo", "2 jogos"]  # Brazilian Portuguese: 0 and 1 singular (Plural-Forms: n > 1)


async def test_the_slash_commands_carry_their_translated_names(simcord_env) -> None:
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
    assert payload["name_localizations"]["pt-BR"] == "jogar" and game["name_localizations"]["pt-BR"] == "jogo"
    assert texas["name_localizations"]["pt-BR"] == "Texas 42 a quatro"
    for language in TRANSLATED:
        untranslated = set(command_texts(tree)) - set(catalogue(language))
        assert all(text.endswith("(test)") for text in untranslated), untranslated  # only the test-only games
    names = [name for command in tree.walk_commands()
             for name in (await command.get_translated_payload(tree, tree.translator))["name_localizations"].values()]
    assert names and all(name == name.lower() and " " not in name and len(name) <= 32 for name in names), names


@pytest.fixture
def member_locale(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Each member's Discord locale, by member id (simcord sends every interaction as en-US otherwise)."""
    locales: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        if kwargs.get("user_id") in locales:
            payload["locale"] = locales[kwargs["user_id"]]
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    return locales


#: What a member reads in each language: written out by hand, so the tests check the words, not the catalogue.
WORDS: dict[str, dict[str, str]] = {
    "es-ES": {
        "texas": "Texas 42 a cuatro", "players": "Jugadores",
        "teams": "4 (equipos Asientos 1 y 3 contra asientos 2 y 4)",
        "tiles": "Fichas", "set": "doble seis", "marks": "texas_marks (por defecto no)", "choices": "Opciones: no, sí",
        "games": "Domino Hall · juegos", "counts": "3 o 4 jugadores", "lobby": "sala",
        "lobby_buttons": "Unirse|Salir|Añadir computadora|Reglas de la casa", "start": "Empezar",
        "table": "mesa n.º {tid}", "scores": "Puntuación", "table_buttons": "Mi mano|Terminar partida",
        "watching": "Estás mirando la mesa n.º {tid}: solo sus jugadores tienen mano.",
        "your_turn": "**Tu turno** en la mesa", "pass": "Pasar", "round_1": "Ronda 1",
        "totals": "Totales:", "this_round": "Puntos en esta ronda:", "ready": "¿Listos?",
        "not_yet": "Todavía no: Setenta y nueve es para 6 jugadores, no 1",
        "host_only": "Solo el anfitrión puede añadir un jugador computadora.",
        "house_rules": "Reglas de la casa de la mesa n.º", "marks_rule": "Marcas", "on_off": ": sí|: no",
        "settings": "Tiempo por turno:", "hints_off": "pistas: **no**",
        "board": "Clasificación · todos los juegos", "no_games": "Aún no hay partidas terminadas esta temporada.",
        "history": "Partidas recientes",
    },
    "pt-BR": {
        "texas": "Texas 42 a quatro", "players": "Jogadores",
        "teams": "4 (equipes Assentos 1 e 3 contra assentos 2 e 4)", "tiles": "Pedras", "set": "duplo-seis",
        "marks": "texas_marks (padrão não)", "choices": "Opções: não, sim", "games": "Domino Hall · jogos",
        "counts": "3 ou 4 jogadores", "lobby": "sala",
        "lobby_buttons": "Entrar|Sair|Adicionar computador|Regras da casa", "start": "Começar",
        "table": "mesa nº {tid}", "scores": "Placar", "table_buttons": "Minha mão|Encerrar partida",
        "watching": "Você está assistindo à mesa nº {tid}: só os jogadores dela têm mão.",
        "your_turn": "**Sua vez** na mesa", "pass": "Passar", "round_1": "Rodada 1",
        "totals": "Totais:", "this_round": "Pontos nesta rodada:", "ready": "Prontos?",
        "not_yet": "Ainda não: Setenta e nove é para 6 jogadores, não 1",
        "host_only": "Só o anfitrião pode adicionar um jogador computador.",
        "house_rules": "Regras da casa da mesa nº", "marks_rule": "Marcas", "on_off": ": sim|: não",
        "settings": "Tempo por vez:", "hints_off": "dicas: **não**",
        "board": "Classificação · todos os jogos", "no_games": "Ainda não há partidas terminadas nesta temporada.",
        "history": "Partidas recentes",
    },
}


@pytest.mark.parametrize("locale", WORDS)
async def test_rules_in_the_language_of_the_members_locale(simcord_env, member_locale: dict[int, str],
                                                           locale: str) -> None:
    words = WORDS[locale]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ana = guild.add_member(simcord_env.create_user("ana"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    member_locale[ana.id] = locale

    spec = games()["texas42"]
    translated = catalogue(language_of(locale) or "")
    rules = (await ana.slash(channel, "rules", game="texas42")).response.embeds[0]
    assert rules.title == words["texas"] and rules.description == translated[spec.summary]
    fields = {f.name: f.value for f in rules.fields}
    assert fields[words["players"]] == words["teams"]
    assert fields[words["tiles"]] == words["set"]
    assert fields[words["marks"]].startswith(translated[next(
        o.help for o in spec.options if o.name == "texas_marks")]) and words["choices"] in fields[words["marks"]]
    listed = (await ana.slash(channel, "games")).response.embeds[0]
    assert listed.title == words["games"] and words["texas"] in listed.fields[0].value
    assert words["counts"] in listed.fields[0].value or "2 a " in listed.fields[0].value

    english = (await bob.slash(channel, "rules", game="texas42")).response.embeds[0]
    assert english.title == spec.title and english.description == spec.summary


def test_game_texts_cover_titles_summaries_tiles_and_house_rules() -> None:
    texts = set(game_texts(["bingo"]))
    spec = games()["bingo"]
    assert {spec.title, spec.summary, spec.tile_set, spec.record_name, spec.record_meaning,
            *(o.help for o in spec.options)} == texts




@pytest.mark.parametrize("locale", WORDS)
async def test_rules_strength_ladder_in_the_members_language(simcord_env, member_locale: dict[int, str],
                                                             locale: str) -> None:
    """/rules' strength ladder (render/ladder.py) in the member's language: the heading and each pairing's line."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ana = guild.add_member(simcord_env.create_user("ana"))
    member_locale[ana.id] = locale
    rules = (await ana.slash(channel, "rules", game="texas42")).response.embeds[0]
    heading, strong, against = {"es-ES": ("Computadoras, medidas", "Fuerte", " ante "),
                                "pt-BR": ("Computadores, medidos", "Forte", " contra ")}[locale]
    value = next(f.value for f in rules.fields if f.name == heading)
    assert f"{strong}{against}Normal: " in value and "Strong" not in value


@pytest.mark.parametrize("locale", WORDS)
async def test_a_table_speaks_its_servers_language_and_each_hand_its_members(
        simcord_env, member_locale: dict[int, str], locale: str) -> None:
    """The table (lobby, table message, controls, recaps) in the server's language; each private hand in its
    member's: ana (es-ES or pt-BR) reads her language, bob (en-US) English at the same table."""
    from tests.bot.helpers import answer, components, message_of, press_first_control, table_of

    words = WORDS[locale]
    guild = simcord_env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("juegos")
    await simcord_env.bot.tables.settings.set_channel_recaps(guild.id, True)  # the recap posted where we read it
    ana = guild.add_member(simcord_env.create_user("ana"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    member_locale[ana.id] = locale
    lobby = (await ana.slash(channel, "play", game="block")).response
    title = catalogue(language_of(locale) or "")[games()["block"].title]
    assert lobby.embeds[0].title == f"{title} · {words['lobby']}"
    assert [c["label"] for c in components(lobby)][:4] == words["lobby_buttons"].split("|")
    await bob.click(lobby, label=words["lobby_buttons"].split("|")[0])
    await ana.click(message_of(channel, lobby.id), label=words["start"])
    await simcord_env.settle()
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    table = table_of(simcord_env, tid)
    shown = message_of(channel, lobby.id)
    assert shown.embeds[0].title.startswith(f"{title} · " + words["table"].format(tid=tid))
    assert shown.embeds[0].fields[0].name == words["scores"]
    my_hand, _ = words["table_buttons"].split("|")
    assert [c["label"] for c in components(shown)] == words["table_buttons"].split("|")
    carmen = guild.add_member(simcord_env.create_user("carmen"))  # watching, in the server's language
    dave = guild.add_member(simcord_env.create_user("dave"))  # watching, in English
    member_locale[carmen.id] = locale
    refused = answer(await carmen.click(shown, label=my_hand)).content
    assert refused == words["watching"].format(tid=tid)
    assert answer(await dave.click(shown, label=my_hand)).content.startswith(f"You are watching table #{tid}")
    members = {0: ana, 1: bob}
    said = {ana: "", bob: ""}
    labels: dict[Any, list[str]] = {ana: [], bob: []}
    def recap() -> Any:  # the first round's recap (after the standings when the round ended the match)
        return next((e for m in channel.history() for e in m.embeds if (e.title or "").endswith(words["round_1"])),
                    None)

    for _ in range(300):
        if recap() is not None or table.status != "playing":
            break
        seat = table.game.to_act[0]
        hand = answer(await members[seat].click(message_of(channel, lobby.id), label=my_hand))
        said[members[seat]] = hand.content
        labels[members[seat]].extend(c["label"] for c in components(hand) if c.get("label"))
        await press_first_control(members[seat], hand)
    else:
        raise AssertionError("the first round never ended")
    assert words["your_turn"] in said[ana] and "**Your turn** at table" in said[bob]
    moves = {member: [label for label in found if label[:1].isdigit() or label in ("Pass", words["pass"])]
             for member, found in labels.items()}  # each member's move buttons, in their own language
    assert moves[ana] and all(": " in m or m == words["pass"] for m in moves[ana]), moves[ana]
    assert moves[bob] and all(" on the " in m or m == "Pass" for m in moves[bob]), moves[bob]
    await simcord_env.settle()
    first = recap()
    assert first is not None and words["totals"] in first.description, first
    assert words["this_round"] in first.description, first.description


@pytest.mark.parametrize("locale", WORDS)
async def test_the_lobby_refusals_settings_and_records_speak_the_members_language(
        simcord_env, member_locale: dict[int, str], locale: str) -> None:
    """A server's lobby says why the game cannot start in its language (the engine's phrase), a member who is not
    the host is refused in theirs, and the house-rules panel, /hall-settings, /leaderboard and /history answer a
    member in their language."""
    from tests.bot.helpers import answer, components

    words = WORDS[locale]
    guild = simcord_env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("juegos")
    ana = guild.add_member(simcord_env.create_user("ana"))
    carmen = guild.add_member(simcord_env.create_user("carmen"))
    member_locale.update({ana.id: locale, carmen.id: locale})
    lobby = (await ana.slash(channel, "play", game="seventy_nine")).response
    ready = next(f.value for f in lobby.embeds[0].fields if f.name == words["ready"])
    assert ready == words["not_yet"], ready
    add_computer = words["lobby_buttons"].split("|")[2]
    refused = answer(await carmen.click(lobby, label=add_computer)).content
    assert refused == words["host_only"]
    panel = answer(await ana.click(lobby, label=words["lobby_buttons"].split("|")[3]))
    assert panel.content.startswith(words["house_rules"]) and words["marks_rule"] in panel.content
    menus = [c for c in components(panel) if c.get("options")]
    assert menus and all(o["label"].endswith(tuple(words["on_off"].split("|"))) or ":" in o["label"]
                         for o in menus[0]["options"])
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    diego = guild.add_member(simcord_env.create_user("diego"), roles=[admins])
    member_locale[diego.id] = locale
    settings = (await diego.slash(channel, "hall-settings", hints="off")).response.content
    assert settings.startswith(words["settings"]) and words["hints_off"] in settings, settings
    board = (await ana.slash(channel, "leaderboard")).response.embeds[0]
    assert board.title == words["board"] and board.description == words["no_games"]
    history = (await ana.slash(channel, "history")).response.embeds[0]
    assert history.title == words["history"]


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
