"""Feedback sounds: made by the project itself, played on the matching answers, and silenced by the mute switch,
which is remembered for the next start."""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from companion.ui.sounds import RATE, RECIPES, Sounds, write_sounds
from tests.ui.helpers import setup_for

pytestmark = pytest.mark.ui


def test_every_sound_is_a_short_wav_written_once(tmp_path: Path) -> None:
    paths = write_sounds(tmp_path)
    assert set(paths) == set(RECIPES)
    for path in paths.values():
        with wave.open(str(path)) as wav:
            seconds = wav.getnframes() / wav.getframerate()
            assert (wav.getframerate(), wav.getnchannels()) == (RATE, 1)
            assert 0.05 < seconds < 1.0
    stamp = paths["dice"].stat().st_mtime_ns
    write_sounds(tmp_path)
    assert paths["dice"].stat().st_mtime_ns == stamp


def test_mute_is_remembered(tmp_path: Path) -> None:
    sounds = Sounds(tmp_path / "sounds", tmp_path / "settings.json")
    assert sounds.play("payment")
    sounds.set_muted(True)
    assert not sounds.play("payment")
    again = Sounds(tmp_path / "sounds", tmp_path / "settings.json")
    assert again.muted and not again.play("dice")
    assert sounds.played == ["payment"]


def test_answers_play_their_sound_and_refusals_a_buzz(app) -> None:
    app.new_game(setup_for(2))
    app.submit("roll luke 1 2")
    app.submit("buy luke")
    app.submit("end luke")
    assert app.sounds.played == ["dice", "purchase"]
    app.submit("end vader")  # refused: Vader has not rolled
    assert app.sounds.played[-1] == "refused"
    app.sounds.set_muted(True)
    app.submit("roll vader 1 2")
    assert app.sounds.played[-1] == "refused"
