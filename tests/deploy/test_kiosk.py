"""companion.kiosk: the appliance's settings (full screen, touch input, video output and display card, pin driver,
data folder, rotation, brightness) read from the file the installer writes, and what the app does with them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion import kiosk, paths
from companion.kiosk import KioskSettings

# ------------------------------------------------------------------------------------------ the settings file


def test_defaults_are_the_appliance() -> None:
    settings = KioskSettings()
    assert (settings.fullscreen, settings.show_cursor, settings.rotation) == (True, False, 0)
    assert (settings.video_driver, settings.touch, settings.pin_factory) == ("kmsdrm", "hidinput", "lgpio")
    assert settings.data_dir == "/var/lib/sw-monopoly-companion"
    assert settings.brightness is None


def test_file_round_trip(tmp_path: Path) -> None:
    """What render writes, load reads back unchanged, and it is commented for the owner."""
    settings = KioskSettings(rotation=180, touch="mouse", touch_match="eGalax", display="HDMI-A-1", brightness=60,
                             transitions=False, data_dir="/data/table", pin_factory="auto")
    path = tmp_path / "kiosk.toml"
    path.write_text(kiosk.render(settings))
    assert kiosk.load_settings(path) == (settings, [])
    assert "# turn the picture and the touches" in path.read_text()


def test_unset_brightness_is_written_commented_out(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(kiosk.render(KioskSettings()))
    assert "# brightness = 80" in path.read_text().splitlines()
    assert kiosk.load_settings(path)[0].brightness is None


@pytest.mark.parametrize(("key", "value", "words"), [
    ("rotation", 45, "must be 0, 90, 180 or 270"),
    ("rotation", "180", "must be a whole number"),
    ("touch", "both", "must be one of hidinput, mtdev, mouse"),
    ("pin_factory", "gpio", "must be one of auto, lgpio, rpigpio, pigpio, native, mock"),
    ("video_driver", "fbdev", "must be one of kmsdrm, wayland, x11, auto"),
    ("display", "card1", 'must be "auto" or a connector like "DSI-1"'),
    ("touch_match", "a,provider=mouse", "must not contain ',', '=' or '%'"),
    ("data_dir", "games", "must be an absolute path"),
    ("brightness", 5, "must be a percentage from 10 to 100"),
    ("fullscreen", "yes", "must be true or false"),
])
def test_a_bad_value_is_reported_and_the_default_kept(key: str, value: Any, words: str) -> None:
    """A bad value never stops the app: it is named in words and the default is used for that key only."""
    good = {"touch": "mouse"} if key == "rotation" else {"rotation": 180}
    settings, problems = kiosk.parse_settings({key: value, **good})
    assert len(problems) == 1
    assert problems[0].startswith(f"{key} {words}, not {value!r}; using {getattr(KioskSettings(), key)!r}")
    assert getattr(settings, key) == getattr(KioskSettings(), key)
    assert settings != KioskSettings()  # the good key was taken


def test_unknown_key_is_reported() -> None:
    settings, problems = kiosk.parse_settings({"rotate": 180})
    assert settings == KioskSettings()
    assert problems[0].startswith("unknown setting 'rotate' (known: brightness, data_dir,")


def test_missing_or_broken_file_gives_the_defaults(tmp_path: Path) -> None:
    assert kiosk.load_settings(tmp_path / "none.toml") == (
        KioskSettings(), [f"{tmp_path / 'none.toml'}: no such file; using the default kiosk settings"])
    broken = tmp_path / "broken.toml"
    broken.write_text("rotation = \n")
    settings, problems = kiosk.load_settings(broken)
    assert settings == KioskSettings() and "using the default kiosk settings" in problems[0]


def test_changes_from_the_installer() -> None:
    """``key=value`` as the installer passes them: TOML values, bare words as text, ``brightness=`` unsets."""
    start = KioskSettings(brightness=50)
    changed, problems = kiosk.with_changes(start, ["rotation=180", "display=DSI-1", 'touch="mtdev"', "brightness=",
                                                   "transitions=false"])
    assert problems == []
    assert changed == KioskSettings(rotation=180, display="DSI-1", touch="mtdev", brightness=None, transitions=False)
    same, problems = kiosk.with_changes(start, ["rotation=45", "colour=red", "rotation"])
    assert same == start
    assert problems[0] == "rotation must be 0, 90, 180 or 270, not 45"
    assert len(problems) == 3


def test_render_command_keeps_the_file_and_applies_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(kiosk.render(KioskSettings(rotation=180)))
    assert kiosk.main(["render", "--file", str(path), "touch=mouse"]) == 0
    out = capsys.readouterr().out
    assert "rotation = 180" in out.splitlines() and 'touch = "mouse"' in out.splitlines()
    assert kiosk.main(["render", "rotation=7"]) == 2
    assert "rotation must be 0, 90, 180 or 270, not 7" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------ Kivy's configuration


@pytest.mark.parametrize(("touch", "match", "entry"), [
    ("hidinput", "", ("touch_%(name)s", "probesysfs,provider=hidinput")),
    ("mtdev", "", ("touch_%(name)s", "probesysfs,provider=mtdev")),
    ("hidinput", "eGalax", ("touch_%(name)s", "probesysfs,provider=hidinput,match=eGalax,select_all=1")),
    ("mtdev", "ft5x06", ("touch_%(name)s", "probesysfs,provider=mtdev,match=ft5x06")),
    ("mouse", "", ("mouse", "mouse,disable_multitouch")),
])
def test_exactly_one_input_provider(touch: str, match: str, entry: tuple[str, str]) -> None:
    """Pitfall: Kivy's default ``mouse`` provider plus a ``probesysfs`` scan both see a touchscreen on the console
    (SDL turns touches into mouse clicks), so every tap arrived twice. Each choice is one provider, alone."""
    assert kiosk.kivy_settings(KioskSettings(touch=touch, touch_match=match))["input"] == dict([entry])


def test_window_settings() -> None:
    values = kiosk.kivy_settings(KioskSettings(rotation=270, show_cursor=True))
    assert values["graphics"] == {"rotation": "270", "show_cursor": "1"}
    assert values["kivy"] == {"exit_on_escape": "0"}  # a keyboard's Escape never closes the table's screen


def test_launcher_replaces_kivys_default_input_section() -> None:
    from kivy.config import ConfigParser

    from companion.ui.launch import apply_config

    config = ConfigParser(name="kiosk-test")
    config.read_string("[input]\nmouse = mouse\n%(name)s = probesysfs\n[graphics]\nrotation = 0\nwidth = 800\n")
    apply_config(kiosk.kivy_settings(KioskSettings(rotation=180)), config)
    assert config.items("input") == [("touch_%(name)s", "probesysfs,provider=hidinput")]
    assert config.get("graphics", "rotation") == "180"
    assert config.get("graphics", "width") == "800"  # untouched
    assert config.get("kivy", "exit_on_escape") == "0"


# ------------------------------------------------------------------------------------------ environment and display


def drm(root: Path, connectors: dict[str, str], render_only: tuple[int, ...] = ()) -> Path:
    """A fake /sys/class/drm: ``{"card1-HDMI-A-1": "disconnected", ...}`` and cards with no connector."""
    for name, status in connectors.items():
        (root / name).mkdir(parents=True)
        (root / name / "status").write_text(f"{status}\n")
    for number in render_only:
        (root / f"card{number}").mkdir(parents=True)
    return root


def test_pi5_dsi_card_is_found_whatever_its_number(tmp_path: Path) -> None:
    """Pitfall: on a Pi 5 the DSI panel, HDMI and the render-only GPU are three cards whose numbers change from boot
    to boot, and SDL's own guess picks the wrong one. The card with the connected panel is looked up each start."""
    first = drm(tmp_path / "boot1", {"card1-HDMI-A-1": "disconnected", "card1-HDMI-A-2": "disconnected",
                                     "card2-DSI-1": "connected"}, render_only=(0,))
    assert kiosk.choose_card(first) == (2, "display DSI-1 (connected) is /dev/dri/card2")
    second = drm(tmp_path / "boot2", {"card0-DSI-1": "connected", "card2-HDMI-A-1": "disconnected",
                                      "card2-HDMI-A-2": "disconnected"}, render_only=(1,))
    assert kiosk.choose_card(second)[0] == 0


def test_panel_preferred_over_a_monitor_and_a_named_display_wins(tmp_path: Path) -> None:
    both = drm(tmp_path, {"card1-HDMI-A-1": "connected", "card2-DSI-1": "connected"})
    assert kiosk.choose_card(both)[0] == 2
    assert kiosk.choose_card(both, "HDMI-A-1") == (1, "display HDMI-A-1 (connected) is /dev/dri/card1")
    assert kiosk.choose_card(both, "DPI-1") == (None, f"no connector called DPI-1 in {tmp_path} (there are: "
                                                     "DSI-1, HDMI-A-1); SDL picks a card itself")


def test_unknown_status_is_used_when_nothing_says_connected(tmp_path: Path) -> None:
    root = drm(tmp_path, {"card0-DPI-1": "unknown", "card0-HDMI-A-1": "disconnected"})
    assert kiosk.choose_card(root) == (0, "display DPI-1 (unknown) is /dev/dri/card0")
    assert kiosk.choose_card(tmp_path / "missing")[0] is None


def test_environment_for_the_appliance(tmp_path: Path) -> None:
    root = drm(tmp_path, {"card1-DSI-1": "connected"})
    add, notes = kiosk.environment(KioskSettings(), {}, root)
    assert add == {"COMPANION_DATA_DIR": "/var/lib/sw-monopoly-companion", "GPIOZERO_PIN_FACTORY": "lgpio",
                   "KIVY_WINDOW": "sdl2", "SDL_VIDEODRIVER": "kmsdrm", "SDL_KMSDRM_DEVICE_INDEX": "1"}
    assert notes == ["display DSI-1 (connected) is /dev/dri/card1"]


def test_variables_already_set_win(tmp_path: Path) -> None:
    root = drm(tmp_path, {"card1-DSI-1": "connected"})
    env = {"COMPANION_DATA_DIR": "/tmp/x", "GPIOZERO_PIN_FACTORY": "mock", "SDL_KMSDRM_DEVICE_INDEX": "0"}
    add, notes = kiosk.environment(KioskSettings(), env, root)
    assert add == {"KIVY_WINDOW": "sdl2", "SDL_VIDEODRIVER": "kmsdrm"}
    assert notes == []


def test_desktop_trial_leaves_sdl_and_gpiozero_to_themselves(tmp_path: Path) -> None:
    add, notes = kiosk.environment(KioskSettings(video_driver="auto", pin_factory="auto"), {}, tmp_path)
    assert add == {"COMPANION_DATA_DIR": "/var/lib/sw-monopoly-companion", "KIVY_WINDOW": "sdl2"}
    assert notes == []


def test_data_dir_setting_reaches_the_journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder chosen in the settings is where paths puts the game journal."""
    monkeypatch.delenv("COMPANION_DATA_DIR", raising=False)
    add, _ = kiosk.environment(KioskSettings(data_dir=str(tmp_path / "games"), video_driver="auto"), os.environ)
    monkeypatch.setenv("COMPANION_DATA_DIR", add["COMPANION_DATA_DIR"])
    assert paths.journal_path() == tmp_path / "games" / "games.sqlite3"


# ------------------------------------------------------------------------------------------ brightness, data safety


def test_brightness_is_a_share_of_the_maximum(tmp_path: Path) -> None:
    for name, top in (("10-0045", "255"), ("rpi_backlight", "31")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "max_brightness").write_text(f"{top}\n")
        (tmp_path / name / "brightness").write_text("0\n")
    notes = kiosk.set_brightness(80, tmp_path)
    assert (tmp_path / "10-0045" / "brightness").read_text() == "204\n"  # 255 * 0.8
    assert (tmp_path / "rpi_backlight" / "brightness").read_text() == "25\n"  # 31 * 0.8 = 24.8
    assert notes == ["brightness of 10-0045 set to 204 of 255 (80%)",
                     "brightness of rpi_backlight set to 25 of 31 (80%)"]
    assert kiosk.set_brightness(None, tmp_path) == []
    assert "no backlight" in kiosk.set_brightness(50, tmp_path / "none")[0]


MOUNTS = """\
22 1 179:2 / /media/root-ro ro,relatime shared:1 - ext4 /dev/mmcblk0p2 ro
23 1 0:21 / / rw,noatime shared:2 - overlay overlayroot rw,lowerdir=/media/root-ro,upperdir=/media/root-rw/overlay
30 23 179:3 / /var/lib/sw-monopoly-companion rw,noatime shared:9 - ext4 /dev/mmcblk0p3 rw
31 23 0:40 / /run rw,nosuid shared:10 - tmpfs tmpfs rw
32 23 8:1 / /media/companion/MY\\040STICK rw shared:11 - vfat /dev/sda1 rw
"""


def test_data_dir_on_its_own_partition_is_safe(tmp_path: Path) -> None:
    (tmp_path / "mountinfo").write_text(MOUNTS)
    assert kiosk.volatile_data_dir(Path("/var/lib/sw-monopoly-companion"), tmp_path / "mountinfo") is None
    assert kiosk.volatile_data_dir(Path("/media/companion/MY STICK/x"), tmp_path / "mountinfo") is None


def test_data_dir_under_the_overlay_or_in_memory_is_a_warning(tmp_path: Path) -> None:
    """Pitfall: with the read-only root on, everything outside a partition of its own lives in memory and is gone
    after a reboot."""
    (tmp_path / "mountinfo").write_text(MOUNTS)
    warning = kiosk.volatile_data_dir(Path("/home/pi/games"), tmp_path / "mountinfo")
    assert warning is not None and "overlay file system (mounted at /)" in warning
    assert "tmpfs" in str(kiosk.volatile_data_dir(Path("/run/games"), tmp_path / "mountinfo"))
    assert kiosk.volatile_data_dir(Path("/x"), tmp_path / "missing") is None


# ------------------------------------------------------------------------------------------ the app's start


def test_kiosk_module_does_not_import_kivy() -> None:
    code = "import sys, companion.kiosk; sys.exit('kivy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_cli_reads_the_kiosk_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import build_parser, kiosk_settings

    path = tmp_path / "kiosk.toml"
    path.write_text("rotation = 180\ntouch = \"pen\"\n")
    args = build_parser().parse_args(["app", "--kiosk", str(path)])
    assert kiosk_settings(args.kiosk) == KioskSettings(rotation=180)
    assert "kiosk settings: touch must be one of" in capsys.readouterr().err
    assert kiosk_settings(build_parser().parse_args(["app"]).kiosk) is None


def test_app_command_applies_the_settings_before_kivy_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``companion app --kiosk FILE``: the environment first, then Kivy's configuration (one input provider,
    rotation, full screen), the screens without transitions; what was chosen is printed for the journal."""
    from kivy.config import Config
    from kivy.uix.screenmanager import FadeTransition, NoTransition

    import companion.devices.hub as hub
    import companion.ui.app as app_module
    from companion.cli import main
    from companion.devices.hub import Devices

    seen: dict[str, Any] = {}

    class FakeApp:
        def __init__(self, devices: Devices) -> None:
            self.manager = type("Manager", (), {"transition": FadeTransition()})()

        def run(self) -> None:
            seen["input"] = Config.items("input")
            seen["graphics"] = (Config.get("graphics", "fullscreen"), Config.get("graphics", "rotation"))
            seen["env"] = {k: os.environ.get(k) for k in ("COMPANION_DATA_DIR", "SDL_VIDEODRIVER", "KIVY_WINDOW",
                                                          "GPIOZERO_PIN_FACTORY")}
            seen["transition"] = self.manager.transition

    settings = tmp_path / "kiosk.toml"
    settings.write_text(kiosk.render(KioskSettings(rotation=180, transitions=False, data_dir=str(tmp_path / "data"),
                                                   pin_factory="mock", video_driver="x11")))
    saved = {s: Config.items(s) for s in ("input", "graphics", "kivy")}
    monkeypatch.setattr(os, "environ", {k: v for k, v in os.environ.items()
                                        if k not in ("COMPANION_DATA_DIR", "SDL_VIDEODRIVER", "GPIOZERO_PIN_FACTORY")})
    monkeypatch.setattr(app_module, "CompanionApp", FakeApp)
    monkeypatch.setattr(hub, "open_devices", lambda config, problems: Devices())
    try:
        assert main(["app", "--kiosk", str(settings), "--screen-dice-only"]) == 0
    finally:
        for section, items in saved.items():
            Config.remove_section(section)
            Config.add_section(section)
            for key, value in items:
                Config.set(section, key, value)
    assert seen["input"] == [("touch_%(name)s", "probesysfs,provider=hidinput")]
    assert seen["graphics"] == ("auto", "180")
    assert seen["env"] == {"COMPANION_DATA_DIR": str(tmp_path / "data"), "SDL_VIDEODRIVER": "x11",
                           "KIVY_WINDOW": "sdl2", "GPIOZERO_PIN_FACTORY": "mock"}
    assert isinstance(seen["transition"], NoTransition)
    assert (tmp_path / "data").is_dir()
