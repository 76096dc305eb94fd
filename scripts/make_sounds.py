"""Makes the web table's sounds (src/mobtable/web/sounds/*.wav) from sine tones.

The sounds are ours: synthesised here from a few notes each, with nothing sampled, and given to
the public domain (CC0, see the folder's LICENSE.md). Run ``python scripts/make_sounds.py`` to
make them again; the output is the same byte for byte.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 16_000
OUT = Path(__file__).resolve().parents[1] / "src" / "mobtable" / "web" / "sounds"

# Each cue: notes of (frequency in Hz, start in s, length in s, loudness 0..1).
Note = tuple[float, float, float, float]
CUES: dict[str, list[Note]] = {
    # your move: two soft rising notes, a doorbell's "ding-dong" turned upwards
    "turn": [(659.3, 0.0, 0.22, 0.5), (880.0, 0.12, 0.3, 0.5)],
    # a trick or a fight won: a quick major arpeggio
    "won": [(523.3, 0.0, 0.16, 0.45), (659.3, 0.08, 0.16, 0.45), (784.0, 0.16, 0.3, 0.5)],
    # something turned face up: one low, round note with a fifth above it
    "reveal": [(392.0, 0.0, 0.28, 0.45), (587.3, 0.02, 0.24, 0.25)],
    # the clock's last seconds: a short, dry tick
    "clock": [(1318.5, 0.0, 0.05, 0.5)],
    # the end of the game: a falling-then-resolving cadence
    "end": [(784.0, 0.0, 0.2, 0.45), (659.3, 0.16, 0.2, 0.45), (523.3, 0.32, 0.5, 0.55)],
}


def samples(notes: list[Note]) -> list[int]:
    """The cue as 16-bit samples: each note a sine with a short attack and an exponential decay."""
    end = max(start + length for _, start, length, _ in notes)
    total = int(end * RATE) + 1
    mix = [0.0] * total
    for frequency, start, length, loudness in notes:
        first = int(start * RATE)
        for i in range(int(length * RATE)):
            t = i / RATE
            attack = min(1.0, t / 0.008)
            decay = math.exp(-5.0 * t / length)
            mix[first + i] += loudness * attack * decay * math.sin(2 * math.pi * frequency * t)
    peak = max(1.0, max(abs(v) for v in mix))
    return [round(32767 * 0.8 * v / peak) for v in mix]


def write(name: str, notes: list[Note]) -> Path:
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        data = samples(notes)
        out.writeframes(struct.pack(f"<{len(data)}h", *data))
    return path


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, notes in CUES.items():
        path = write(name, notes)
        print(f"{path.relative_to(OUT.parents[3])}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
