"""Device settings: shipped defaults, the owner's file and command-line flags, every problem in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.devices.config import default_file, flag_settings, load_config, user_file
from companion.paths import APP_DIR_NAME


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_defaults_load_without_problems() -> None:
    """hardware/devices.toml: Roll on GPIO17, Confirm 27, Cancel 22, four seats, serial dice looked for."""
    config, problems = load_config([default_file()])
    assert problems == []
    gpio, serial = config.gpio, config.serial
    assert (gpio.mode, gpio.roll, gpio.confirm, gpio.cancel, gpio.seats) == ("auto", 17, 27, 22, (5, 6, 13, 19))
    assert (gpio.turn_lamps, gpio.accepted_lamp, gpio.refused_lamp, gpio.buzzer) == ((23, 24, 25, 12), 16, 20, 26)
    assert (serial.mode, serial.port, serial.baudrate) == ("auto", "auto", 115200)
    assert "2e8a:0005" in serial.usb_ids


def test_the_owners_file_overrides_key_by_key(tmp_path: Path) -> None:
    """The owner moves only the Roll button; everything else stays as shipped. A missing file is skipped."""
    mine = write(tmp_path / "devices.toml", "[gpio]\nroll = 4\n")
    config, problems = load_config([default_file(), tmp_path / "absent.toml", mine])
    assert problems == []
    assert (config.gpio.roll, config.gpio.confirm) == (4, 27)
    assert config.files == (str(default_file()), str(mine))


def test_flags_override_the_files() -> None:
    """--serial-port turns the dice device on at that port; --pin moves pins; --screen-dice-only wins."""
    flags, problems = flag_settings(serial_port="socket://localhost:7777", pins=["roll=4", "seats=5,6"])
    config, more = load_config([default_file()], flags)
    assert problems == more == []
    assert (config.serial.mode, config.serial.port) == ("on", "socket://localhost:7777")
    assert (config.gpio.roll, config.gpio.seats) == (4, (5, 6))
    flags, _ = flag_settings(serial_port="loop://", screen_only=True)
    config, _ = load_config([default_file()], flags)
    assert (config.gpio.mode, config.serial.mode) == ("off", "off")


def test_bad_flags_are_named() -> None:
    flags, problems = flag_settings(pins=["roll", "roll=a", "confirm=4,5", "seats=5,6"])
    assert problems == ["--pin 'roll': write it as part=BCM, e.g. roll=17 or seats=5,6,13,19",
                        "--pin 'roll=a': write it as part=BCM, e.g. roll=17 or seats=5,6,13,19",
                        "--pin 'confirm=4,5': only seats and turn_lamps take a list of pins"]
    assert flags == {"gpio": {"seats": [5, 6]}}


def test_every_problem_is_reported_and_the_section_switched_off(tmp_path: Path) -> None:
    """A pin used twice, a pin off the header, a bad mode, baud rate and USB id: all named; both sections off."""
    bad = write(tmp_path / "devices.toml", """
[gpio]
mode = "sometimes"
roll = 17
confirm = 17
cancel = 40
seats = [5, 5.5]
bounce_ms = 0
colour = "red"

[serial]
baudrate = 1234
usb_ids = ["2e8a-0005"]
silence_timeout = 0

[lights]
x = 1
""")
    config, problems = load_config([bad])
    assert problems == [
        "[gpio] mode must be one of auto, on, off, not 'sometimes'",
        "[gpio] bounce_ms must be a whole number of milliseconds from 1 to 200, not 0",
        "[gpio] cancel must be a GPIO number from 2 to 27 (BCM numbering), not 40",
        "[gpio] seats must list at most 8 GPIO numbers from 2 to 27, not [5, 5.5]",
        "[gpio] GPIO17 is given to more than one part: roll, confirm",
        "[gpio] unknown setting(s): colour",
        "[serial] baudrate must be a standard rate such as 115200, not 1234",
        "[serial] usb_ids must list ids like '2e8a:0005' (vendor:product, hex), not ['2e8a-0005']",
        "[serial] silence_timeout must be a number of seconds from 0.05 to 60, not 0",
        "unknown section(s) lights: only [gpio] and [serial] are read",
    ]
    assert (config.gpio.mode, config.serial.mode) == ("off", "off")


def test_a_file_that_is_not_toml_is_named_and_the_rest_still_loads(tmp_path: Path) -> None:
    broken = write(tmp_path / "devices.toml", "[gpio\nroll = 17\n")
    config, problems = load_config([default_file(), broken])
    assert len(problems) == 1 and problems[0].startswith(f"{broken}: ")
    assert config.gpio.roll == 17  # the shipped defaults still apply


def test_the_owners_file_lives_in_the_xdg_config_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert user_file() == tmp_path / APP_DIR_NAME / "devices.toml"


def test_the_app_command_line_picks_the_devices(tmp_path: Path) -> None:
    """`companion app --serial-port URL --pin roll=4 --devices FILE`: flags on top of the files; a missing
    --devices file is named."""
    from companion.cli import build_parser, device_settings

    extra = write(tmp_path / "more.toml", "[gpio]\nconfirm = 7\n")
    args = build_parser().parse_args(["app", "--fullscreen", "--serial-port", "socket://localhost:7777",
                                      "--pin", "roll=4", "--devices", str(extra)])
    config, problems = device_settings(args)
    assert problems == [] and args.fullscreen
    assert (config.serial.mode, config.serial.port, config.gpio.roll, config.gpio.confirm) == (
        "on", "socket://localhost:7777", 4, 7)
    _, problems = device_settings(build_parser().parse_args(["app", "--devices", str(tmp_path / "none.toml")]))
    assert problems == [f"--devices {tmp_path / 'none.toml'}: no such file"]
