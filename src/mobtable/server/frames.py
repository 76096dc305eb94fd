"""A WebSocket text message as the bytes a server writes: one unmasked frame.

Built once per distinct text, the same bytes go to every client of a table that
gets that text (the two spectators, a seat's second tab), written straight to
each socket (``ws.direct_writer``) instead of each connection's protocol
framing it again (RFC 6455, section 5.2: a server's frames are not masked).

>>> text_frame("hi")
b'\\x81\\x02hi'
>>> len(text_frame("x" * 200)), text_frame("x" * 200)[:4]
(204, b'\\x81~\\x00\\xc8')
"""

from __future__ import annotations

import struct

_FIN_TEXT = 0x81
"""The first byte of an unfragmented text frame: FIN set, opcode 1."""


def text_frame(text: str) -> bytes:
    """``text`` as one final, unmasked, uncompressed text frame."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        header = bytes((_FIN_TEXT, size))
    elif size < 1 << 16:
        header = struct.pack("!BBH", _FIN_TEXT, 126, size)
    else:
        header = struct.pack("!BBQ", _FIN_TEXT, 127, size)
    return header + payload
