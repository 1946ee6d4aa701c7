"""The engine contract: tiles, actions, registry, options, errors and saved games."""

from __future__ import annotations

import json

import pytest

from engine import (
    BadOption,
    CorruptState,
    DominoError,
    GameOver,
    IllegalAction,
    InvalidAction,
    NoSuchSeat,
    NotYourTurn,
    Pass,
    Play,
    Tile,
    catalogue,
    double_set,
    game_spec,
    load,
    new_game,
    parse_action,
)
from engine.actions import Bid, Call, Choose, Draw
from engine.tiles import highest_double


def test_rule_1_1_tiles_are_unordered_and_written_high_first() -> None:
    assert Tile.of(2, 5) == Tile.of(5, 2) and str(Tile.of(2, 5)) == "5-2"
    assert Tile.of(9, 9).pips == 18 and Tile.of(9, 9).is_double


def test_rule_1_2_set_sizes() -> None:
    assert [len(double_set(n)) for n in (6, 9, 12)] == [28, 55, 91]
    assert len(set(double_set(12))) == 91


def test_tile_parse_rejects_nonsense() -> None:
    for bad in ("", "6", "a-b", "6-4-2", "99-1"):
        with pytest.raises(BadOption):
            Tile.parse(bad)


@pytest.mark.parametrize("action", [Play(Tile.of(6, 4), "E", 4), Play(Tile.of(5, 5)), Play(Tile.of(3, 2), suit="3"),
                                    Draw(), Pass(), Bid(42), Call("trump:doubles"),
                                    Choose((Tile.of(1, 0), Tile.of(6, 6), Tile.of(3, 3)))])
def test_actions_have_a_stable_string_form(action: object) -> None:
    assert parse_action(str(action)) == action


def test_choose_is_the_same_whatever_order_the_tiles_were_picked() -> None:
    assert Choose((Tile.of(1, 0), Tile.of(6, 6))) == Choose((Tile.of(6, 6), Tile.of(1, 0)))


@pytest.mark.parametrize("text", ["", "play:", "bid:x", "fly", "play:6-4@east", "choose:6-6,", "play:6-4@E/x",
                                  None, 5, ["pass"], b"pass"])
def test_parse_action_rejects_what_is_not_an_action(text: object) -> None:
    """Text that is not an action at all is an InvalidAction (still an IllegalAction to callers that catch those)."""
    with pytest.raises(InvalidAction, match="is not an action"):
        parse_action(text)  # type: ignore[arg-type]


def test_a_well_formed_action_that_is_not_legal_now_is_an_illegal_action() -> None:
    game = new_game("draw", 2, seed=3)
    seat = game.to_act[0]
    with pytest.raises(IllegalAction, match="not a legal move") as refused:
        game.apply(seat, parse_action("play:12-12@W/12"))
    assert not isinstance(refused.value, InvalidAction)


def test_registry_lists_draw_and_block_with_options_and_summaries() -> None:
    games = catalogue()
    assert {"draw", "block"} <= set(games)
    for spec in games.values():
        assert spec.summary and spec.title and spec.seats
        for option in spec.options:
            assert option.default in option.choices and option.help


def test_unknown_game_is_a_clear_bad_option() -> None:
    with pytest.raises(BadOption, match="there is no game 'chess'"):
        new_game("chess", 2)


@pytest.mark.parametrize("seats", [0, 1, 7, -1])
def test_seat_counts_a_game_does_not_allow(seats: int) -> None:
    with pytest.raises(BadOption, match="2 to 6 players"):
        new_game("draw", seats)


def test_unknown_and_out_of_range_options() -> None:
    with pytest.raises(BadOption, match="has no option 'speed'"):
        new_game("draw", 2, options={"speed": 3})
    with pytest.raises(BadOption, match="target cannot be 77"):
        new_game("draw", 2, options={"target": 77})
    with pytest.raises(BadOption):
        new_game("draw", 2, options={"first_double_spinner": "maybe"})


def test_option_values_as_text_from_a_menu_are_parsed() -> None:
    game = new_game("draw", 2, options={"target": "50", "first_double_spinner": "on", "set": "9"})
    assert game.options["target"] == 50 and game.options["first_double_spinner"] is True


def test_rigged_deal_must_use_real_distinct_tiles() -> None:
    with pytest.raises(BadOption):
        new_game("draw", 2, options={"set": 6, "deal": [["6-6"], ["6-6"]]})
    with pytest.raises(BadOption):
        new_game("draw", 2, options={"set": 6, "deal": [["9-9"], ["1-0"]]})
    with pytest.raises(BadOption):
        new_game("draw", 2, options={"set": 6, "deal": [["6-6"]]})


def test_wrong_seat_and_illegal_actions_change_nothing() -> None:
    game = new_game("draw", 3, seed=4)
    before = game.snapshot()
    waiting = game.to_act[0]
    other = (waiting + 1) % 3
    with pytest.raises(NotYourTurn, match="not your turn"):
        game.apply(other, game.legal_actions(waiting)[0])
    with pytest.raises(IllegalAction, match="not a legal move"):
        game.apply(waiting, Play(Tile.of(12, 12), "W", 12))
    with pytest.raises(NotYourTurn):
        game.apply(9, Pass())
    assert game.snapshot() == before


def test_actions_after_the_match_raise_game_over() -> None:
    game = new_game("block", 2, seed=1, options={"target": 50})
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
    with pytest.raises(GameOver):
        game.apply(0, Pass())
    assert game.legal_actions(0) == [] and game.to_act == ()


def test_saved_game_round_trips_through_json() -> None:
    game = new_game("draw", 4, seed=11, options={"first_double_spinner": True})
    for _ in range(25):
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    copy = load(json.loads(json.dumps(game.to_dict())))
    assert copy.snapshot() == game.snapshot()
    assert copy.view(1) == game.view(1)


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(format=99),
    lambda d: d.pop("seed"),
    lambda d: d.update(game="nope"),
    lambda d: d.update(seats=1),
    lambda d: d.update(actions="garbage"),
    lambda d: d["actions"].append([0, "play:12-12@W/12"]),
    lambda d: d["actions"].append(["x"]),
    lambda d: d["options"].update(target=3),
    # issue 10: malformed saves that used to let TypeError or AttributeError out
    lambda d: d.update(game=["draw"]),                # an unhashable game key
    lambda d: d.update(game={"draw": 1}),
    lambda d: d.update(seats="2"),                    # seats and seed that are not whole numbers
    lambda d: d.update(seats=2.0),
    lambda d: d.update(seed=None),
    lambda d: d.update(actions=[[0, 5]]),             # action text that is not text
    lambda d: d.update(actions=[[0, None]]),
    lambda d: d.update(actions=[["0", "pass"]]),
    lambda d: d.update(actions=[[[0, "pass"]]]),      # wrong nesting
    lambda d: d.update(actions=[0, "pass"]),
    lambda d: d.update(actions=["ab"]),
    lambda d: d.update(actions={"0": "pass"}),
    lambda d: d.update(options=[["target", 100]]),    # options of the wrong kind
    lambda d: d["options"].update(target=[100]),
    lambda d: d["options"].update(target=None),
    lambda d: d["options"].update({"deal": "6-6"}),
    lambda d: d["options"].update({"deal": [[{"a": 1}]]}),
    lambda d: d.update(options={1: 2}),
    lambda d: d.update(format="1"),
])
def test_malformed_saved_state_is_a_clear_corrupt_state(mutate: object) -> None:
    game = new_game("draw", 2, seed=3)
    seat = game.to_act[0]
    game.apply(seat, game.legal_actions(seat)[0])
    data = game.to_dict()
    mutate(data)  # type: ignore[operator]
    with pytest.raises(CorruptState):
        load(data)


def test_load_rejects_a_non_mapping() -> None:
    with pytest.raises(CorruptState):
        load([1, 2, 3])  # type: ignore[arg-type]


def test_view_hides_other_hands_and_the_boneyard() -> None:
    game = new_game("draw", 3, seed=8)
    view = game.view(0)
    assert view["hand"] == [str(t) for t in game.hands[0]]
    assert view["hand_counts"] == [len(h) for h in game.hands]
    text = json.dumps(view)
    for tile in game.hands[1] + game.boneyard:
        assert f'"{tile}"' not in text
    assert game.view(None)["hand"] is None


def test_game_spec_lookup_names_the_games_on_error() -> None:
    assert game_spec("draw").title == "Draw Dominoes"
    with pytest.raises(BadOption, match="draw"):
        game_spec("")


def test_tile_comparisons_are_the_pair_order() -> None:
    tiles = list(double_set(9))
    for a in tiles:
        for b in tiles:
            pair_a, pair_b = (a.high, a.low), (b.high, b.low)
            assert (a == b) == (pair_a == pair_b)
            assert (a < b, a <= b, a > b, a >= b) == (pair_a < pair_b, pair_a <= pair_b, pair_a > pair_b,
                                                      pair_a >= pair_b)
            assert (hash(a) == hash(b)) == (a == b)
    assert Tile.of(4, 6) != (6, 4)
    assert highest_double([Tile.of(5, 1), Tile.of(2, 2), Tile.of(4, 4), Tile.of(6, 3)]) == Tile.of(4, 4)
    assert highest_double([Tile.of(5, 1)]) is None
    assert str(Tile.of(12, 11)) == "12-11" and str(Tile(18, 18)) == "18-18"


def test_a_seed_deals_as_it_always_has() -> None:
    """Saved games are a seed and an action list: a seed must deal the same tiles in every version, or every saved
    game would replay differently (these hands were dealt by the engine before the shuffle became random.shuffle)."""
    draw = new_game("draw", 4, seed=7)
    assert [" ".join(map(str, hand)) for hand in draw.hand_lists()] == [
        "9-0 8-3 7-5 7-4 5-2 0-0", "12-1 10-2 9-3 8-6 6-3 6-0 1-0", "11-9 11-6 11-1 11-0 8-2 5-1 4-0",
        "10-5 10-3 9-7 9-2 6-4 6-1 2-2",
    ]  # seat 0 opened with 12-12
    assert [str(t) for t in draw.boneyard[:6]] == ["10-6", "12-3", "10-1", "7-1", "5-5", "12-0"]
    texas = new_game("texas42", 4, seed=3)
    assert [" ".join(map(str, hand)) for hand in texas.hand_lists()] == [
        "6-5 5-5 5-4 5-0 4-3 2-1 2-0", "6-4 6-1 5-2 4-4 4-1 4-0 3-0", "6-3 5-3 3-3 3-2 3-1 2-2 1-0",
        "6-6 6-2 6-0 5-1 4-2 1-1 0-0",
    ]


def test_bad_input_of_the_wrong_type_gets_the_engines_errors() -> None:
    """The contract's entry points answer bad input with the engine's own errors (a seat that is not a number, an
    action that is not an action) and change nothing."""
    for key, spec in catalogue().items():
        game = new_game(key, spec.seats[0], 3)
        before = game.snapshot()
        seat = game.to_act[0]
        for bad_seat in ("0", None, 1.0, True, -1, 99):
            with pytest.raises(NotYourTurn):
                game.apply(bad_seat, Pass())  # type: ignore[arg-type]
            assert game.legal_actions(bad_seat) == []
        for bad_action in ("pass", None, 3, ("play", "6-6")):
            with pytest.raises(InvalidAction):
                game.apply(seat, bad_action)  # type: ignore[arg-type]
        assert game.snapshot() == before, key


def test_play_actions_are_made_once_and_exact() -> None:
    """Each line play is one object (apply finds the chosen one by identity); an odd one is made as asked."""
    from engine.linegame import play_action

    tile = Tile.of(6, 4)
    assert play_action(tile, "W", 6) is play_action(Tile.of(4, 6), "W", 6)
    assert play_action(tile, "W", 6) is not play_action(tile, "E", 6)
    assert (play_action(tile, "E", 4).end, play_action(tile, "E", 4).face) == ("E", 4)
    assert str(play_action(Tile.of(3, 3), "N", 3)) == "play:3-3@N/3"
    for odd in (play_action(tile, "X", 2), play_action(tile, "W", 2), play_action(Tile(4, 6), "W", 6)):
        assert odd == Play(odd.tile, odd.end, odd.face)  # no such arm, face or tile order: never offered
    game = new_game("block", 2, seed=5)
    seat = game.to_act[0]
    for action in game.legal_actions(seat):
        assert isinstance(action, Play) and action.face is not None
        assert play_action(action.tile, action.end, action.face) is action


def test_view_refuses_a_seat_that_does_not_exist() -> None:
    """``view(-1)`` once showed the last seat's hand: a seat that is not at the table is refused, in every game;
    ``view(None)`` is the spectator's view."""
    for key, spec in catalogue().items():
        seats = spec.seats[-1]
        game = new_game(key, seats, seed=2)
        for bad in (-1, seats, seats + 5, True, False, 1.0, "0", [0]):
            with pytest.raises(NoSuchSeat, match="no seat"):
                game.view(bad)  # type: ignore[arg-type]
        assert game.view(None)["hand"] is None
        assert [game.view(seat)["seat"] for seat in range(seats)] == list(range(seats))
    assert issubclass(NoSuchSeat, ValueError) and issubclass(NoSuchSeat, DominoError)


def test_stale_compiled_modules_of_an_old_install_refuse_to_import(monkeypatch: pytest.MonkeyPatch) -> None:
    """An earlier version compiled the engine into C extensions beside the sources, which Python would import before
    the .py files: ``import engine`` says how to delete them instead of running old rules."""
    import importlib
    import sys
    import types

    import engine

    old = types.ModuleType("engine.tiles_old")
    old.__file__ = "/checkout/engine/tiles.cpython-311-x86_64-linux-gnu.so"
    monkeypatch.setitem(sys.modules, "engine.tiles_old", old)
    with pytest.raises(ImportError, match=r"stale compiled engine modules \(engine.tiles_old\).*\.so"):
        importlib.reload(engine)
    monkeypatch.delitem(sys.modules, "engine.tiles_old")
    importlib.reload(engine)
