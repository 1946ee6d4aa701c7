"""A runtime check that a value is of a declared type: the TypedDict views of :mod:`engine.views`, recursively.

Only the forms the views use are understood: TypedDict, Literal, unions (``X | None``), ``list[X]``, ``dict[K, V]``
and the plain types ``int``, ``bool``, ``str`` and ``None``. An ``int`` is not a ``bool`` here (nor the reverse),
and a tuple is not a list: a view must be exactly what it declares.
"""

from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


class Mismatch(AssertionError):
    """A value that is not of its declared type; the message says where (``view.line.arms.W[0]``)."""


def check(value: Any, declared: Any, where: str = "view") -> None:
    """Raise :class:`Mismatch` unless ``value`` is of type ``declared``."""
    if is_typeddict(declared):
        _typed_dict(value, declared, where)
        return
    origin = get_origin(declared)
    if origin is Literal:
        if value not in get_args(declared) or isinstance(value, bool):
            raise Mismatch(f"{where}: {value!r} is not one of {get_args(declared)}")
    elif origin in (Union, types.UnionType):
        _union(value, declared, where)
    elif origin is list:
        if type(value) is not list:
            raise Mismatch(f"{where}: {type(value).__name__} where a list is declared")
        (item,) = get_args(declared)
        for index, element in enumerate(value):
            check(element, item, f"{where}[{index}]")
    elif origin is dict:
        if type(value) is not dict:
            raise Mismatch(f"{where}: {type(value).__name__} where a dict is declared")
        key_type, value_type = get_args(declared)
        for key, element in value.items():
            check(key, key_type, f"{where} key {key!r}")
            check(element, value_type, f"{where}[{key!r}]")
    elif declared is None or declared is type(None):
        if value is not None:
            raise Mismatch(f"{where}: {value!r} where None is declared")
    elif declared in (int, bool, str):
        if type(value) is not declared:
            raise Mismatch(f"{where}: {value!r} ({type(value).__name__}) where {declared.__name__} is declared")
    else:
        raise TypeError(f"{where}: the checker does not know the declared type {declared!r}")


def _union(value: Any, declared: Any, where: str) -> None:
    errors = []
    for option in get_args(declared):
        try:
            check(value, option, where)
        except Mismatch as error:
            errors.append(str(error))
        else:
            return
    raise Mismatch(f"{where}: {value!r} is none of {declared}: " + "; ".join(errors))


def _typed_dict(value: Any, declared: Any, where: str) -> None:
    if type(value) is not dict:
        raise Mismatch(f"{where}: {type(value).__name__} where {declared.__name__} is declared")
    hints = get_type_hints(declared)
    required: frozenset[str] = declared.__required_keys__
    optional: frozenset[str] = declared.__optional_keys__
    missing = sorted(required - value.keys())
    if missing:
        raise Mismatch(f"{where}: {declared.__name__} misses {missing}")
    extra = sorted(value.keys() - required - optional)
    if extra:
        raise Mismatch(f"{where}: {declared.__name__} does not declare {extra}")
    for key, element in value.items():
        check(element, hints[key], f"{where}.{key}")


def family_type(view: Any) -> Any:
    """The declared type of a view, by its ``family`` (a KeyError for a family that has none)."""
    from engine.views import BingoView, LineView, PokerView, TrickView

    return {"line": LineView, "trick": TrickView, "poker": PokerView, "bingo": BingoView}[view["family"]]

