"""Short feedback sounds (dice, payments, purchases, jail, bids, bankruptcy, the end, a refusal) and the mute
switch.

The sounds are synthesised by this module (sine tones and a noise burst for the dice) and written once as WAV
files into the app's data folder, so the project ships no audio files and they carry the project's own licence.
A missing or silent audio device never stops the game: a sound that cannot be loaded is simply skipped.
"""

from __future__ import annotations

import json
import logging
import math
import random
import struct
import wave
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

RATE = 22050
# Each sound: a list of (frequency in Hz, or 0 for a noise click, duration in seconds).
RECIPES: dict[str, tuple[tuple[float, float], ...]] = {
    "dice": ((0, 0.03), (0, 0.03), (0, 0.04), (0, 0.05)),
    "payment": ((1318.5, 0.07), (1760.0, 0.12)),
    "purchase": ((523.3, 0.08), (659.3, 0.08), (784.0, 0.16)),
    "jail": ((392.0, 0.15), (311.1, 0.15), (196.0, 0.3)),
    "bid": ((987.8, 0.06),),
    "bankrupt": ((440.0, 0.2), (415.3, 0.2), (392.0, 0.4)),
    "end": ((523.3, 0.12), (659.3, 0.12), (784.0, 0.12), (1046.5, 0.35)),
    "refused": ((155.6, 0.18),),
}


def synthesise(recipe: tuple[tuple[float, float], ...], seed: int = 7) -> bytes:
    """16-bit mono samples for a recipe: tones with a soft attack and decay, or short noise clicks."""
    noise = random.Random(seed)
    frames = bytearray()
    for frequency, seconds in recipe:
        count = int(RATE * seconds)
        for i in range(count):
            envelope = min(1.0, i / 200) * (1 - i / count) ** 2
            sample = (noise.uniform(-1, 1) if frequency == 0 else math.sin(2 * math.pi * frequency * i / RATE))
            frames += struct.pack("<h", int(12000 * envelope * sample))
        frames += bytes(2 * int(RATE * 0.015))  # a short gap between notes
    return bytes(frames)


def write_sounds(folder: Path) -> dict[str, Path]:
    """Write every sound as a WAV file (only the missing ones) and return their paths by kind."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for kind, recipe in RECIPES.items():
        path = folder / f"{kind}.wav"
        if not path.is_file():
            with wave.open(str(path), "wb") as out:
                out.setnchannels(1)
                out.setsampwidth(2)
                out.setframerate(RATE)
                out.writeframes(synthesise(recipe))
        paths[kind] = path
    return paths


class Sounds:
    """Plays a feedback sound by kind unless muted; the mute switch is remembered in ``settings``."""

    def __init__(self, folder: Path, settings: Path) -> None:
        self.settings = settings
        self.muted = bool(self._load().get("muted", False))
        self.played: list[str] = []  # kinds played in this run, newest last (what the table heard)
        self._paths = write_sounds(folder)
        self._loaded: dict[str, Any] = {}

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.settings.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def set_muted(self, muted: bool) -> None:
        """Turn the sounds off or on, and remember it for the next start."""
        self.muted = muted
        data = self._load()
        data["muted"] = muted
        try:
            self.settings.write_text(json.dumps(data), encoding="utf-8")
        except OSError as exc:
            log.warning("could not remember the mute switch: %s", exc)

    def play(self, kind: str) -> bool:
        """Play one sound; False when muted, unknown, or the audio device cannot play it."""
        if self.muted or kind not in self._paths:
            return False
        sound = self._loaded.get(kind)
        if sound is None:
            from kivy.core.audio import SoundLoader

            sound = SoundLoader.load(str(self._paths[kind]))
            if sound is None:
                return False
            self._loaded[kind] = sound
        sound.stop()
        sound.play()
        self.played.append(kind)
        return True
