"""Hypothesis strategies for hostile input: notation-like text and JSON of any shape."""

from __future__ import annotations

import json

from hypothesis import strategies as st

_DIGITS = st.characters(categories=("Nd", "No", "Nl")) | st.sampled_from("0123456789")
_HEADS = st.sampled_from(
    ["", " ", "p", "d", "u", "s", "b", "#", "gun", "club", "club1,", "R", "Y", "redraw ", "pick "]
)
_TAILS = st.sampled_from(["", "W", "S", "m", "w", "m1w", ",2", "@C2", "+R5W", "-", " "])

NOTATION_LIKE = st.builds(
    lambda head, digits, tail: head + digits + tail,
    _HEADS,
    st.text(alphabet=_DIGITS, min_size=1, max_size=4),
    _TAILS,
)
"""A move's head and tail around digits of any script (``d²``, ``p①``, ``gun\u0663``)."""

HUGE_NUMBERS = st.builds(
    lambda head, n, tail: head + "1" * n + tail, _HEADS, st.integers(4290, 4400), _TAILS
)
"""Numbers around Python's 4,300-digit limit of ``int()``."""

NOTATION_TEXTS = st.text(max_size=40) | NOTATION_LIKE | HUGE_NUMBERS

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=12)
    | NOTATION_LIKE
)
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_TYPES = st.sampled_from(["hello", "act", "explain", "ping", "pong", "state", "", "ACT"]) | st.text(
    max_size=6
)
_FIELDS = st.sampled_from(["type", "action", "ref", "seat", "token", "extra"]) | st.text(max_size=6)
MESSAGE_LIKE = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    _TYPES | JSON_VALUES,
    st.dictionaries(_FIELDS, JSON_VALUES, max_size=3),
)
"""Objects shaped like client messages, with fields of random types."""


def as_text(value: object) -> str:
    """JSON text of ``value`` (``NaN`` and ``Infinity`` included, as Python writes them)."""
    return json.dumps(value)


WS_TEXTS = (
    MESSAGE_LIKE.map(as_text)
    | JSON_VALUES.map(as_text)
    | st.text(max_size=30)
    | st.sampled_from(["", "{", "[" * 5000, '{"type": "act", "action": "\\ud800"}', "null"])
)
"""Text frames a hostile or buggy WebSocket client might send."""
