"""The broadcast's frames are the bytes websockets itself would write for the text."""

from __future__ import annotations

import pytest
from websockets.frames import Frame, Opcode

from mobtable.server.frames import text_frame


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 1500, 65535, 65536, 70000])
def test_a_text_frame_is_websockets_own_unmasked_frame(size: int) -> None:
    text = ("é" + "x" * size)[:size]  # a two-byte character where it fits: bytes, not characters
    expected = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    assert text_frame(text) == expected
