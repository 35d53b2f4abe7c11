"""Which dice sources and buttons the app uses, and on which pins and ports.

Three layers, each overriding the one before key by key: the default file shipped in ``hardware/devices.toml``,
the owner's ``devices.toml`` in the user config folder, then command-line flags. Every problem is reported at
once and in words; a bad setting never stops the app, which then falls back to on-screen dice and says so.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.paths import APP_DIR_NAME

MODES = ("auto", "on", "off")
BCM_PINS = range(2, 28)  # the Pi's header GPIOs, by Broadcom number


@dataclass(frozen=True)
class GpioConfig:
    """Buttons, lamps and buzzer on the Pi's header (BCM numbers; ``None`` for a part that is not fitted)."""

    mode: str = "auto"
    roll: int | None = None
    confirm: int | None = None
    cancel: int | None = None
    seats: tuple[int, ...] = ()
    turn_lamps: tuple[int, ...] = ()
    accepted_lamp: int | None = None
    refused_lamp: int | None = None
    buzzer: int | None = None
    bounce_ms: int = 30

    def pins(self) -> dict[str, int]:
        """Every fitted part by name (``seat 1``, ``turn lamp 2``...) with its pin."""
        named: dict[str, int | None] = {"roll": self.roll, "confirm": self.confirm, "cancel": self.cancel,
                                        "accepted lamp": self.accepted_lamp, "refused lamp": self.refused_lamp,
                                        "buzzer": self.buzzer}
        named |= {f"seat {n}": pin for n, pin in enumerate(self.seats, start=1)}
        named |= {f"turn lamp {n}": pin for n, pin in enumerate(self.turn_lamps, start=1)}
        return {name: pin for name, pin in named.items() if pin is not None}


@dataclass(frozen=True)
class SerialConfig:
    """A serial dice device: a port (or ``auto`` to look for one), its speed and how it is recognised."""

    mode: str = "auto"
    port: str = "auto"
    baudrate: int = 115200
    usb_ids: tuple[str, ...] = ()
    hello_timeout: float = 2.5
    silence_timeout: float = 3.0
    retry_every: float = 2.0


@dataclass(frozen=True)
class DeviceConfig:
    """The whole device configuration, and where each layer came from."""

    gpio: GpioConfig = field(default_factory=GpioConfig)
    serial: SerialConfig = field(default_factory=SerialConfig)
    files: tuple[str, ...] = ()


def default_file() -> Path:
    """The shipped defaults: ``hardware/devices.toml`` in a checkout, or its copy inside an installed package."""
    packaged = Path(__file__).resolve().parents[1] / "_hardware" / "devices.toml"
    return packaged if packaged.is_file() else Path(__file__).resolve().parents[2] / "hardware" / "devices.toml"


def user_file() -> Path:
    """The owner's overrides: ``$XDG_CONFIG_HOME`` (or ``~/.config``) ``/sw-monopoly-companion/devices.toml``."""
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".config"
    return base / APP_DIR_NAME / "devices.toml"


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` on top of ``base``, tables merged key by key."""
    out = dict(base)
    for key, value in over.items():
        out[key] = merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def load_config(files: list[Path], flags: dict[str, Any] | None = None) -> tuple[DeviceConfig, list[str]]:
    """Read the files that exist, in order, then apply ``flags`` (``{"gpio": {"mode": "off"}}``...).

    Returns the configuration and every problem found; a section with problems is switched off.
    """
    data: dict[str, Any] = {}
    problems: list[str] = []
    used = []
    for path in files:
        if not path.is_file():
            continue
        try:
            data = merge(data, tomllib.loads(path.read_text(encoding="utf-8")))
            used.append(str(path))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            problems.append(f"{path}: {exc}")
    data = merge(data, flags or {})
    gpio = _gpio(data.get("gpio", {}), problems)
    serial = _serial(data.get("serial", {}), problems)
    unknown = sorted(set(data) - {"gpio", "serial"})
    if unknown:
        problems.append(f"unknown section(s) {', '.join(unknown)}: only [gpio] and [serial] are read")
    return DeviceConfig(gpio, serial, tuple(used)), problems


def _mode(section: str, value: Any, problems: list[str]) -> str:
    if value in MODES:
        return str(value)
    problems.append(f"[{section}] mode must be one of {', '.join(MODES)}, not {value!r}")
    return "off"


def _gpio(raw: dict[str, Any], problems: list[str]) -> GpioConfig:
    """Pins are BCM numbers 2 to 27, each used once; lamps and seats at most eight; bounce 1 to 200 ms."""
    before = len(problems)
    mode = _mode("gpio", raw.get("mode", "auto"), problems)

    def pin(key: str) -> int | None:
        value = raw.get(key)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value not in BCM_PINS:
            problems.append(f"[gpio] {key} must be a GPIO number from 2 to 27 (BCM numbering), not {value!r}")
            return None
        return value

    def pin_list(key: str) -> tuple[int, ...]:
        value = raw.get(key, [])
        if not isinstance(value, list) or len(value) > 8 or not all(
                isinstance(v, int) and not isinstance(v, bool) and v in BCM_PINS for v in value):
            problems.append(f"[gpio] {key} must list at most 8 GPIO numbers from 2 to 27, not {value!r}")
            return ()
        return tuple(value)

    bounce = raw.get("bounce_ms", 30)
    if not isinstance(bounce, int) or not 1 <= bounce <= 200:
        problems.append(f"[gpio] bounce_ms must be a whole number of milliseconds from 1 to 200, not {bounce!r}")
        bounce = 30
    config = GpioConfig(mode, pin("roll"), pin("confirm"), pin("cancel"), pin_list("seats"),
                        pin_list("turn_lamps"), pin("accepted_lamp"), pin("refused_lamp"), pin("buzzer"), bounce)
    by_pin: dict[int, list[str]] = {}
    for name, number in config.pins().items():
        by_pin.setdefault(number, []).append(name)
    problems += [f"[gpio] GPIO{n} is given to more than one part: {', '.join(names)}"
                 for n, names in sorted(by_pin.items()) if len(names) > 1]
    unknown = sorted(set(raw) - {"mode", *GpioConfig.__dataclass_fields__})
    if unknown:
        problems.append(f"[gpio] unknown setting(s): {', '.join(unknown)}")
    return config if len(problems) == before else GpioConfig(mode="off")


def _serial(raw: dict[str, Any], problems: list[str]) -> SerialConfig:
    """A port name or pyserial URL (or ``auto``), a standard baud rate, USB ids as ``vvvv:pppp`` hex."""
    before = len(problems)
    mode = _mode("serial", raw.get("mode", "auto"), problems)
    port = raw.get("port", "auto")
    if not isinstance(port, str) or not port.strip():
        problems.append(f"[serial] port must be a device path, a pyserial URL or 'auto', not {port!r}")
    baud = raw.get("baudrate", 115200)
    if baud not in (9600, 19200, 38400, 57600, 115200, 230400):
        problems.append(f"[serial] baudrate must be a standard rate such as 115200, not {baud!r}")
    ids = raw.get("usb_ids", [])
    if not isinstance(ids, list) or not all(isinstance(i, str) and _usb_id(i) for i in ids):
        problems.append(f"[serial] usb_ids must list ids like '2e8a:0005' (vendor:product, hex), not {ids!r}")
    timings = {}
    for key, default in (("hello_timeout", 2.5), ("silence_timeout", 3.0), ("retry_every", 2.0)):
        value = raw.get(key, default)
        if not isinstance(value, int | float) or isinstance(value, bool) or not 0.05 <= value <= 60:
            problems.append(f"[serial] {key} must be a number of seconds from 0.05 to 60, not {value!r}")
            value = default
        timings[key] = float(value)
    unknown = sorted(set(raw) - {"mode", *SerialConfig.__dataclass_fields__})
    if unknown:
        problems.append(f"[serial] unknown setting(s): {', '.join(unknown)}")
    if len(problems) != before:
        return SerialConfig(mode="off")
    return SerialConfig(mode, port.strip(), baud, tuple(i.lower() for i in ids), **timings)


def _usb_id(text: str) -> bool:
    vendor, colon, product = text.partition(":")
    return bool(colon) and all(len(p) == 4 and all(c in "0123456789abcdefABCDEF" for c in p) for p in (vendor, product))


PIN_LISTS = ("seats", "turn_lamps")


def flag_settings(gpio: str | None = None, serial: str | None = None, serial_port: str | None = None,
                  pins: list[str] | None = None, screen_only: bool = False) -> tuple[dict[str, Any], list[str]]:
    """The command-line flags as a settings layer for :func:`load_config`, and every flag that makes no sense.

    ``--serial-port`` implies ``--serial on``; ``--screen-dice-only`` switches both devices off. A pin is given as
    ``part=BCM`` (``roll=17``), or a comma list for ``seats`` and ``turn_lamps``.
    """
    out: dict[str, dict[str, Any]] = {"gpio": {}, "serial": {}}
    problems: list[str] = []
    if gpio:
        out["gpio"]["mode"] = gpio
    if serial_port:
        out["serial"] |= {"mode": "on", "port": serial_port}
    if serial:
        out["serial"]["mode"] = serial
    for item in pins or []:
        part, equals, value = item.partition("=")
        part = part.strip().replace("-", "_")
        numbers = [v.strip() for v in value.split(",")]
        if not equals or not all(n.isdigit() for n in numbers):
            problems.append(f"--pin {item!r}: write it as part=BCM, e.g. roll=17 or seats=5,6,13,19")
            continue
        if part not in PIN_LISTS and len(numbers) != 1:
            problems.append(f"--pin {item!r}: only seats and turn_lamps take a list of pins")
            continue
        out["gpio"][part] = [int(n) for n in numbers] if part in PIN_LISTS else int(numbers[0])
    if screen_only:
        out["gpio"]["mode"] = out["serial"]["mode"] = "off"
    return {k: v for k, v in out.items() if v}, problems
