"""The table appliance's settings: how the app runs on a Raspberry Pi that boots straight into it.

``deploy/install.sh`` writes them to ``/etc/sw-monopoly-companion/kiosk.toml`` and the service starts
``companion app --kiosk FILE``. On a desktop nothing here is used unless ``--kiosk`` is given.

What the settings decide, and where it ends up:

- the window: full screen, the mouse pointer hidden, the picture turned (``rotation``), screen changes without the
  fade animation (``transitions = false``, for the Pi 3 generation's graphics memory), the Escape key never closing
  the app (Kivy's configuration, set before the window opens);
- the touch input: exactly one Kivy input provider reads each touch device (``touch``), so a tap never arrives
  twice;
- the video output: SDL's ``kmsdrm`` driver straight on the display, no desktop; the display's
  ``/dev/dri/cardN`` is looked up at every start, because its number can change from one boot to the next on a
  Pi 5;
- GPIO: gpiozero's pin factory (``lgpio`` on a Pi 5);
- the saved games' folder (``data_dir``), and a warning when it sits on a file system that a reboot empties;
- the backlight brightness of a DSI display.

A variable already set in the environment (``COMPANION_DATA_DIR``, ``GPIOZERO_PIN_FACTORY``, ``SDL_VIDEODRIVER``,
``SDL_KMSDRM_DEVICE_INDEX``, ``KIVY_WINDOW``) wins over the file, so a one-off change needs no edit. No Kivy import
here: :func:`kivy_settings` gives plain values, which the launcher puts into Kivy's ``Config``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from companion.paths import APP_DIR_NAME, data_dir

KIOSK_FILE = Path("/etc") / APP_DIR_NAME / "kiosk.toml"
DEFAULT_DATA_DIR = f"/var/lib/{APP_DIR_NAME}"
DRM_ROOT = Path("/sys/class/drm")
BACKLIGHT_ROOT = Path("/sys/class/backlight")
MOUNTINFO = Path("/proc/self/mountinfo")

TOUCH_PROVIDERS = ("hidinput", "mtdev", "mouse")
PIN_FACTORIES = ("auto", "lgpio", "rpigpio", "pigpio", "native", "mock")
VIDEO_DRIVERS = ("kmsdrm", "wayland", "x11", "auto")
ROTATIONS = (0, 90, 180, 270)
CONNECTOR = re.compile(r"[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*-[0-9]+")
# Connector kinds in the order "auto" prefers them: the table's own panel before a monitor plugged in for upkeep.
CONNECTOR_PREFERENCE = ("DSI", "DPI", "HDMI", "Composite")
VOLATILE_FILE_SYSTEMS = ("tmpfs", "ramfs", "overlay")


@dataclass(frozen=True)
class KioskSettings:
    """Every setting of the appliance, with the value used when the file does not give it."""

    fullscreen: bool = True
    show_cursor: bool = False
    rotation: int = 0
    transitions: bool = True
    video_driver: str = "kmsdrm"
    display: str = "auto"
    touch: str = "hidinput"
    touch_match: str = ""
    pin_factory: str = "lgpio"
    data_dir: str = DEFAULT_DATA_DIR
    brightness: int | None = None


COMMENTS = {
    "fullscreen": "fill the whole screen (false: an 800x480 window, to try these settings on a desktop)",
    "show_cursor": "show the mouse pointer (only useful with a mouse plugged in)",
    "rotation": "turn the picture and the touches: 0, 90, 180 or 270 degrees (180 for a screen mounted upside down)",
    "transitions": "fade between screens; false spares the graphics memory of a Pi 3B+ or Zero 2 W",
    "video_driver": 'how SDL reaches the screen: "kmsdrm" (straight on the display, no desktop), or "wayland", '
                    '"x11", "auto" inside a desktop',
    "display": 'the connector to use: "auto" (a connected DSI panel first, then HDMI), or a name from '
               "/sys/class/drm such as \"DSI-1\" or \"HDMI-A-1\"",
    "touch": 'who reads the touchscreen, exactly one: "hidinput" (multi-touch panels: the official 7" display '
             'and most USB panels), "mtdev" (the same through libmtdev), "mouse" (single-touch panels and mice, '
             "through SDL)",
    "touch_match": "only touch devices whose name contains this text (see deploy/README.md); with hidinput it also "
                   "takes panels that are not multi-touch",
    "pin_factory": 'gpiozero\'s pin driver: "lgpio" (every Pi, needed on a Pi 5), "rpigpio", "pigpio", "native", '
                   '"mock" or "auto"',
    "data_dir": "saved games and box profiles; must survive a reboot (not on the read-only root's overlay)",
    "brightness": "backlight of a DSI display in percent, 10 to 100, set at each start (leave out: unchanged)",
}


def parse_settings(raw: Mapping[str, Any]) -> tuple[KioskSettings, list[str]]:
    """Settings from parsed TOML, and every problem in words. A bad or unknown key is reported and ignored: the
    key keeps its default value, and the app still starts."""
    problems: list[str] = []
    values: dict[str, Any] = {}
    known = {f.name for f in fields(KioskSettings)}
    for key in sorted(set(raw) - known):
        problems.append(f"unknown setting {key!r} (known: {', '.join(sorted(known))})")
    for key in sorted(set(raw) & known):
        value = raw[key]
        problem = _problem(key, value)
        if problem:
            problems.append(f"{key} {problem}, not {value!r}; using {getattr(KioskSettings(), key)!r}")
        else:
            values[key] = value
    return KioskSettings(**values), problems


def _problem(key: str, value: Any) -> str | None:
    """What is wrong with one value (``None`` when it is fine). The rules: ``fullscreen``, ``show_cursor`` and
    ``transitions`` are true or false; ``rotation`` is 0, 90, 180 or 270; ``brightness`` a whole percentage from 10
    to 100; ``video_driver``, ``touch`` and ``pin_factory`` one of their listed names; ``display`` "auto" or a DRM
    connector name; ``touch_match`` has none of the characters Kivy's configuration gives a meaning (``,`` ``=``
    ``%``); ``data_dir`` is an absolute path."""
    if key in ("fullscreen", "show_cursor", "transitions"):
        return None if isinstance(value, bool) else "must be true or false"
    if key in ("rotation", "brightness") and (not isinstance(value, int) or isinstance(value, bool)):
        return "must be a whole number"
    if key == "rotation":
        return None if value in ROTATIONS else "must be 0, 90, 180 or 270"
    if key == "brightness":
        return None if 10 <= value <= 100 else "must be a percentage from 10 to 100"
    if not isinstance(value, str):
        return "must be text"
    choices = {"video_driver": VIDEO_DRIVERS, "touch": TOUCH_PROVIDERS, "pin_factory": PIN_FACTORIES}
    if key in choices:
        return None if value in choices[key] else f"must be one of {', '.join(choices[key])}"
    if key == "display":
        return None if value == "auto" or CONNECTOR.fullmatch(value) else 'must be "auto" or a connector like "DSI-1"'
    if key == "touch_match":
        return None if not set(value) & set(",=%") else "must not contain ',', '=' or '%'"
    return None if value.startswith("/") else "must be an absolute path"


def load_settings(path: Path) -> tuple[KioskSettings, list[str]]:
    """Read the settings file; a missing or unreadable file gives the defaults and says so."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return KioskSettings(), [f"{path}: no such file; using the default kiosk settings"]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return KioskSettings(), [f"{path}: {exc}; using the default kiosk settings"]
    return parse_settings(raw)


def render(settings: KioskSettings) -> str:
    """The settings file's text: every key with a comment saying what it does (an unset brightness is shown
    commented out)."""
    lines = ["# Settings of the table appliance. deploy/install.sh writes this file and keeps what is changed here;",
             "# `sudo systemctl restart sw-monopoly-companion` applies a change. Every key: deploy/README.md."]
    for f in fields(KioskSettings):
        value = getattr(settings, f.name)
        lines += ["", f"# {COMMENTS[f.name]}"]
        lines.append(f"# {f.name} = 80" if value is None else f"{f.name} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _toml_value(value: bool | int | str) -> str:
    """A TOML literal for the plain values the settings hold."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def with_changes(settings: KioskSettings, changes: list[str]) -> tuple[KioskSettings, list[str]]:
    """``settings`` with ``key=value`` changes applied, and the problem of each change that was refused.

    A value is read as TOML (``180``, ``true``, ``"DSI-1"``), a bare word as text; ``brightness=`` (nothing after
    the sign) unsets the brightness.
    """
    known = {f.name for f in fields(KioskSettings)}
    updates: dict[str, Any] = {}
    problems = []
    for change in changes:
        key, equals, text = (part.strip() for part in change.partition("="))
        if not equals or key not in known:
            problems.append(f"{change!r}: write it as key=value with a key from {', '.join(sorted(known))}")
            continue
        if key == "brightness" and not text:
            updates[key] = None
            continue
        try:
            value = tomllib.loads(f"v = {text}")["v"]
        except tomllib.TOMLDecodeError:
            value = text
        problem = _problem(key, value)
        if problem:
            problems.append(f"{key} {problem}, not {value!r}")
        else:
            updates[key] = value
    return replace(settings, **updates), problems


# ------------------------------------------------------------------------------------------ what the app sets up


def kivy_settings(settings: KioskSettings) -> dict[str, dict[str, str]]:
    """Kivy configuration values by section. ``[input]`` replaces Kivy's whole section (the launcher does so): it
    holds exactly one provider, because Kivy's default (``mouse`` plus a ``probesysfs`` scan) makes a touch arrive
    twice once SDL also turns touches into mouse clicks, as it does on the console."""
    if settings.touch == "mouse":
        touch = {"mouse": "mouse,disable_multitouch"}
    else:
        value = f"probesysfs,provider={settings.touch}"
        if settings.touch_match:
            value += f",match={settings.touch_match}"
            if settings.touch == "hidinput":
                value += ",select_all=1"  # a named single-touch panel is taken too
        touch = {"touch_%(name)s": value}
    return {
        "kivy": {"exit_on_escape": "0"},  # a keyboard's Escape must not close the table's only screen
        "graphics": {"rotation": str(settings.rotation), "show_cursor": "1" if settings.show_cursor else "0"},
        "input": touch,
    }


def environment(settings: KioskSettings, env: Mapping[str, str],
                drm_root: Path = DRM_ROOT) -> tuple[dict[str, str], list[str]]:
    """The environment variables to add before Kivy, SDL and gpiozero start, and notes on what was chosen.

    A variable already in ``env`` is left alone. With SDL's ``kmsdrm`` driver the display's card is chosen by
    :func:`choose_card` unless ``SDL_KMSDRM_DEVICE_INDEX`` is set.
    """
    add: dict[str, str] = {}
    notes: list[str] = []

    def put(key: str, value: str) -> None:
        if key not in env:
            add[key] = value

    put("COMPANION_DATA_DIR", settings.data_dir)
    if settings.pin_factory != "auto":
        put("GPIOZERO_PIN_FACTORY", settings.pin_factory)
    put("KIVY_WINDOW", "sdl2")  # never Kivy's x11 fallback, which exits the process when it finds no X server
    if settings.video_driver != "auto":
        put("SDL_VIDEODRIVER", settings.video_driver)
    if env.get("SDL_VIDEODRIVER", add.get("SDL_VIDEODRIVER")) == "kmsdrm" and "SDL_KMSDRM_DEVICE_INDEX" not in env:
        index, why = choose_card(drm_root, settings.display)
        notes.append(why)
        if index is not None:
            add["SDL_KMSDRM_DEVICE_INDEX"] = str(index)
    return add, notes


def choose_card(drm_root: Path, display: str = "auto") -> tuple[int | None, str]:
    """The ``/dev/dri/cardN`` number driving the display, read from ``drm_root`` (``/sys/class/drm``), and why.

    Each ``cardN-CONNECTOR`` entry has a ``status``. A named ``display`` picks the card with that connector.
    ``auto`` takes connected connectors (or, when none says so, those whose status is "unknown", as some
    panels report) and prefers DSI, then DPI, HDMI, composite, then any other, each by name. Render-only cards
    (the Pi's v3d) have no connectors, so they are never chosen. ``None`` when nothing fits: SDL then guesses.
    """
    found: list[tuple[str, int, str]] = []
    for entry in sorted(drm_root.glob("card*-*")) if drm_root.is_dir() else []:
        match = re.fullmatch(r"card(\d+)-(.+)", entry.name)
        if not match:
            continue
        try:
            status = (entry / "status").read_text(encoding="ascii").strip()
        except OSError:
            status = "unknown"
        found.append((match.group(2), int(match.group(1)), status))
    if display != "auto":
        for connector, card, status in found:
            if connector.lower() == display.lower():
                return card, f"display {connector} ({status}) is /dev/dri/card{card}"
        names = ", ".join(sorted(c for c, _, _ in found)) or "none"
        return None, f"no connector called {display} in {drm_root} (there are: {names}); SDL picks a card itself"
    for wanted in ("connected", "unknown"):
        usable = [(c, n) for c, n, s in found if s == wanted]
        if usable:
            connector, card = min(usable, key=lambda cn: (_rank(cn[0]), cn[0]))
            return card, f"display {connector} ({wanted}) is /dev/dri/card{card}"
    return None, f"no connected display found in {drm_root}; SDL picks a card itself"


def _rank(connector: str) -> int:
    """Position of a connector's kind in :data:`CONNECTOR_PREFERENCE` (others after them)."""
    kind = connector.split("-", 1)[0]
    return CONNECTOR_PREFERENCE.index(kind) if kind in CONNECTOR_PREFERENCE else len(CONNECTOR_PREFERENCE)


def set_brightness(percent: int | None, backlight_root: Path = BACKLIGHT_ROOT) -> list[str]:
    """Set every backlight under ``backlight_root`` to ``percent`` of its maximum (at least 1, so the screen never
    goes dark); notes on what was done or why not. ``None`` leaves the backlight alone."""
    if percent is None:
        return []
    devices = sorted(p for p in backlight_root.glob("*") if (p / "max_brightness").is_file())
    if not devices:
        return [f"brightness {percent}%: no backlight in {backlight_root} (an HDMI screen sets its own brightness)"]
    notes = []
    for device in devices:
        try:
            top = int((device / "max_brightness").read_text(encoding="ascii").strip())
            level = max(1, round(top * percent / 100))
            (device / "brightness").write_text(f"{level}\n", encoding="ascii")
            notes.append(f"brightness of {device.name} set to {level} of {top} ({percent}%)")
        except (OSError, ValueError) as exc:
            notes.append(f"brightness of {device.name} not set: {exc} (the app's user needs the video group and "
                         "deploy's udev rule)")
    return notes


def volatile_data_dir(path: Path, mountinfo: Path = MOUNTINFO) -> str | None:
    """A warning when ``path`` lies on a file system that a reboot empties (tmpfs, ramfs, or the overlay of a
    read-only root, whose changes live in memory); ``None`` when it is safe or the mounts cannot be read."""
    try:
        lines = mountinfo.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    target = Path(path).absolute()
    best: tuple[int, str, str] | None = None
    for line in lines:
        before, sep, after = line.partition(" - ")
        parts = before.split()
        if not sep or len(parts) < 5 or not after.split():
            continue
        mount_point = Path(_unescape(parts[4]))
        if (target == mount_point or mount_point in target.parents) and (
                best is None or len(mount_point.parts) >= best[0]):
            best = (len(mount_point.parts), str(mount_point), after.split()[0])
    if best is None or best[2] not in VOLATILE_FILE_SYSTEMS:
        return None
    return (f"the data folder {target} is on a {best[2]} file system (mounted at {best[1]}): saved games there are "
            "lost at the next reboot; mount a writable partition on it (deploy/README.md, \"Read-only root\")")


def _unescape(text: str) -> str:
    """Undo mountinfo's octal escapes (``\\040`` for a space)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text)


def prepare(settings: KioskSettings) -> list[str]:
    """Get the process ready before Kivy, SDL and gpiozero start: add :func:`environment`'s variables to
    ``os.environ``, check the data folder (:func:`volatile_data_dir`) and set the backlight. Returns what was
    chosen and found, for the journal."""
    add, notes = environment(settings, os.environ)
    os.environ.update(add)
    warning = volatile_data_dir(data_dir())
    return notes + ([f"WARNING: {warning}"] if warning else []) + set_brightness(settings.brightness)


# ------------------------------------------------------------------------------------------ command line


def main(argv: list[str] | None = None) -> int:
    """``python -m companion.kiosk``: ``render`` the settings file (for the installer) or ``check`` one."""
    parser = argparse.ArgumentParser(prog="python -m companion.kiosk", description="The table appliance's settings.")
    sub = parser.add_subparsers(dest="what", required=True)
    make = sub.add_parser("render", help="print a settings file: FILE's settings (when it exists) with the changes")
    make.add_argument("--file", type=Path, help="the current settings file, kept where not changed")
    make.add_argument("changes", nargs="*", metavar="KEY=VALUE")
    check = sub.add_parser("check", help="show the settings, their problems and what the app would choose here")
    check.add_argument("file", type=Path, nargs="?", default=KIOSK_FILE)
    args = parser.parse_args(argv)
    if args.what == "render":
        settings, problems = (load_settings(args.file) if args.file and args.file.exists()
                              else (KioskSettings(), []))
        settings, more = with_changes(settings, args.changes)
        for problem in problems + more:
            print(f"kiosk settings: {problem}", file=sys.stderr)
        if more:
            return 2
        sys.stdout.write(render(settings))
        return 0
    settings, problems = load_settings(args.file)
    for f in fields(KioskSettings):
        print(f"{f.name} = {getattr(settings, f.name)!r}")
    add, notes = environment(settings, {})  # as for the service, which starts with none of them set
    print("kivy: " + "; ".join(f"[{s}] {k} = {v}" for s, kv in kivy_settings(settings).items() for k, v in kv.items()))
    print("environment: " + " ".join(f"{k}={v}" for k, v in sorted(add.items())))
    for line in notes + problems + ([w] if (w := volatile_data_dir(Path(settings.data_dir))) else []):
        print(f"note: {line}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
