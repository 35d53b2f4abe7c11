"""deploy/install.sh against a pretend Raspberry Pi: the plan its dry run prints, what a real run changes, and that
a second run changes nothing."""

from __future__ import annotations

import os
import platform
import subprocess
from collections.abc import Callable

import pytest

from tests.deploy import fakesys
from tests.deploy.conftest import BASE_PACKAGES, INSTALL, Pi

APP_FILES = [
    "/etc/sw-monopoly-companion/kiosk.toml",
    "/etc/sw-monopoly-companion/devices.toml",
    "/etc/systemd/system/sw-monopoly-companion.service",
    "/etc/systemd/system/sw-monopoly-companion-usb@.service",
    "/etc/udev/rules.d/99-sw-monopoly-companion.rules",
    "/opt/sw-monopoly-companion/bin/usb-stick",
    "/usr/local/sbin/sw-monopoly-companion-backup",
    "/etc/sw-monopoly-companion/install-state",
]
ALL_GROUPS = "gpio dialout video render input audio"


def created(changes: list[str]) -> list[str]:
    """The files a plan creates, in its order."""
    return [c.removeprefix("create ") for c in changes if c.startswith("create /")]


# ------------------------------------------------------------------------------------------ architecture


@pytest.mark.parametrize(("arch", "words"), [
    ("armv7l", "32-bit system"),
    ("armv6l", "32-bit system"),
    ("aarch64:armhf", "32-bit programs"),
    ("x86_64", "not a 64-bit Raspberry Pi OS"),
])
def test_refuses_anything_but_64_bit_arm(pi: Pi, arch: str, words: str) -> None:
    """Kivy has aarch64 wheels only: a 32-bit Raspberry Pi OS (even on a 64-bit kernel) or a PC is refused, in
    words that say what to flash instead, before anything is changed."""
    result = pi.run("--dry-run", arch=arch)
    assert result.code == 1
    assert words in result.err
    assert "64-bit Raspberry Pi OS" in result.err or "run.sh app" in result.err
    assert result.changes == []
    assert pi.calls() == []


def test_64_bit_arm_is_accepted(pi: Pi) -> None:
    result = pi.run("--dry-run", arch="aarch64")
    assert result.code == 0, result.err
    assert "= 64-bit ARM system (aarch64, arm64)" in result.out


@pytest.mark.skipif(platform.machine() == "aarch64", reason="this machine is 64-bit ARM, the one accepted")
def test_this_machine_is_refused_without_the_test_override() -> None:
    """With no override the script looks at the machine itself: this CI machine is not a Pi."""
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DEPLOY_ARCH"}
    done = subprocess.run(["bash", str(INSTALL), "--dry-run"], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "not a 64-bit Raspberry Pi OS" in done.stderr


def test_architecture_override_is_refused_for_a_real_install() -> None:
    """The simulated architecture is for tests only: without --dry-run or --root the script stops at once."""
    env = dict(os.environ, COMPANION_DEPLOY_ARCH="aarch64")
    done = subprocess.run(["bash", str(INSTALL)], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "only for tests" in done.stderr


# ------------------------------------------------------------------------------------------ the plan


def test_dry_run_plans_a_fresh_pi_and_changes_nothing(pi: Pi) -> None:
    """On a fresh Pi 5 (Lite): the missing Debian packages (with Raspberry Pi OS's python3-lgpio), a system user in
    the six groups, the folders, the venv and the app, every file, the service enabled and tty1 handed over."""
    result = pi.run("--dry-run")
    assert result.code == 0, result.err
    missing = [p for p in BASE_PACKAGES if p != "python3"] + ["libmtdev1", "python3-lgpio"]
    install_line = next(c for c in result.changes if c.startswith("apt-get install"))
    assert sorted(install_line.split()[2:]) == sorted(missing)
    assert "create system user companion (home /var/lib/sw-monopoly-companion, no login shell)" in result.changes
    assert f"add companion to groups {ALL_GROUPS}" in result.changes
    assert "create folder /var/lib/sw-monopoly-companion (companion:companion, mode 750)" in result.changes
    assert any(c.startswith("create the virtual environment /opt/sw-monopoly-companion/venv") for c in result.changes)
    assert sorted(created(result.changes)) == sorted(APP_FILES)
    assert "systemctl enable sw-monopoly-companion.service" in result.changes
    assert "systemctl disable getty@tty1.service (the app takes tty1)" in result.changes
    assert "systemctl start sw-monopoly-companion.service" in result.changes
    assert "= boots to multi-user.target (no desktop)" in result.out
    # A dry run runs only commands that look: no file, user or service was touched.
    assert list(pi.root.rglob("*.service")) == []
    assert {c[0] for c in pi.calls()} <= {"dpkg-query", "apt-cache", "systemctl", "stat", "python3", "mountpoint"}
    assert all(c[1] in ("is-enabled", "is-active", "get-default") for c in pi.calls("systemctl"))


def test_desktop_is_switched_off_and_a_reboot_is_asked_for(new_pi: Callable[..., Pi]) -> None:
    """Bookworm Desktop boots into its Wayland desktop, which would hold the display: the appliance boots to the
    console target instead, and is started by a reboot rather than beside the running desktop."""
    pi = new_pi(desktop=True)
    result = pi.run("--dry-run")
    assert "boot to the console, not the desktop (systemctl set-default multi-user.target)" in result.changes
    assert not any(c.startswith("systemctl start") for c in result.changes)
    assert "reboot to start the appliance" in result.out


def test_settings_reach_the_kiosk_file(pi: Pi) -> None:
    result = pi.run("--dry-run", "--rotation", "180", "--touch", "mouse", "--display", "DSI-1", "--brightness", "70")
    assert result.code == 0, result.err
    for line in ("    rotation = 180", '    touch = "mouse"', '    display = "DSI-1"', "    brightness = 70"):
        assert line in result.out.splitlines()


def test_a_bad_setting_stops_before_anything_is_done(pi: Pi) -> None:
    result = pi.run("--touch", "both")
    assert result.code == 1
    assert "touch must be one of hidinput, mtdev, mouse" in result.err
    assert pi.calls("apt-get") == [] and pi.calls("useradd") == []
    assert not pi.file("/etc/sw-monopoly-companion").exists()


def test_pi_3_generation_gets_no_screen_animations(new_pi: Callable[..., Pi]) -> None:
    """Pitfall: ScreenManager transitions exhaust the Pi 3 generation's graphics memory; the first install turns
    them off there."""
    result = new_pi(model="Raspberry Pi Zero 2 W Rev 1.0").run("--dry-run")
    assert "    transitions = false" in result.out.splitlines()


# ------------------------------------------------------------------------------------------ carrying it out


def test_install_sets_up_the_pi(pi: Pi) -> None:
    result = pi.run()
    assert result.code == 0, result.err
    for path in APP_FILES:
        assert pi.file(path).is_file(), path
    assert os.access(pi.file("/opt/sw-monopoly-companion/bin/usb-stick"), os.X_OK)
    groups = {line.split(":")[0]: line.split(":")[3].split(",") for line in
              pi.file("/etc/group").read_text().splitlines()}
    assert all("companion" in groups[g] for g in ALL_GROUPS.split())
    state = pi.state()
    assert state["enabled"]["sw-monopoly-companion.service"] is True
    assert state["enabled"]["getty@tty1.service"] is False
    assert state["active"]["sw-monopoly-companion.service"] is True
    assert state["owners"][str(pi.file("/var/lib/sw-monopoly-companion"))] == "companion:companion"
    unit = pi.file("/etc/systemd/system/sw-monopoly-companion.service").read_text()
    assert ("ExecStart=/opt/sw-monopoly-companion/venv/bin/companion app --kiosk "
            "/etc/sw-monopoly-companion/kiosk.toml --devices /etc/sw-monopoly-companion/devices.toml") in unit
    assert "User=companion" in unit
    assert 'data_dir = "/var/lib/sw-monopoly-companion"' in pi.file("/etc/sw-monopoly-companion/kiosk.toml").read_text()


def test_second_run_changes_nothing(pi: Pi) -> None:
    """Idempotence: after an install, both a dry run and a real run find everything in place, and no command that
    changes the system runs again."""
    assert pi.run().code == 0
    before = len(pi.calls())
    plan = pi.run("--dry-run")
    again = pi.run()
    assert plan.code == 0 and again.code == 0
    assert plan.changes == []
    assert again.changes == []
    changing = {"apt-get", "useradd", "usermod", "chown", "raspi-config", "udevadm", "mount"}
    later = pi.calls()[before:]
    assert [c for c in later if c[0] in changing] == []
    assert [c for c in later if c[0] == "systemctl" and c[1] not in ("is-enabled", "is-active", "get-default")] == []


def test_desktop_install_is_idempotent_after_the_reboot(new_pi: Callable[..., Pi]) -> None:
    pi = new_pi(desktop=True)
    assert pi.run().code == 0
    assert pi.state()["default"] == "multi-user.target"
    pi.reboot()
    assert pi.run("--dry-run").changes == []


def test_changing_one_setting_rewrites_only_that_file_and_restarts(pi: Pi) -> None:
    assert pi.run().code == 0
    result = pi.run("--rotation", "180")
    assert result.changes == ["update /etc/sw-monopoly-companion/kiosk.toml",
                              "systemctl restart sw-monopoly-companion.service"]
    # The other settings stay as they were, and the next run without options keeps 180.
    assert "rotation = 180" in pi.file("/etc/sw-monopoly-companion/kiosk.toml").read_text()
    assert pi.run("--dry-run").changes == []


def test_the_owners_devices_file_is_never_overwritten(pi: Pi) -> None:
    assert pi.run().code == 0
    devices = pi.file("/etc/sw-monopoly-companion/devices.toml")
    devices.write_text("[serial]\nmode = \"off\"\n")
    assert pi.run().changes == []
    assert devices.read_text() == "[serial]\nmode = \"off\"\n"


def test_update_reinstalls_the_app(pi: Pi) -> None:
    assert pi.run().code == 0
    result = pi.run("--update")
    assert result.changes == [f"pip install the app from {INSTALL.parents[1]} into /opt/sw-monopoly-companion/venv",
                              "reinstall the app itself from this checkout",
                              "systemctl restart sw-monopoly-companion.service"]


def test_existing_user_gets_only_the_missing_groups(pi: Pi) -> None:
    """The app may run as the Pi's own user: "pi" is already in dialout, audio, video and gpio."""
    result = pi.run("--user", "pi")
    assert result.code == 0, result.err
    assert "add pi to groups render input" in result.changes
    assert pi.calls("useradd") == []
    assert "added_groups=render,input" in pi.file("/etc/sw-monopoly-companion/install-state").read_text()


def test_later_runs_keep_the_installation_choices(pi: Pi) -> None:
    """The user and folders chosen at the first install are remembered: a plain second run changes nothing, and
    another user is refused rather than half set up."""
    assert pi.run("--user", "pi", "--data-dir", "/srv/table").code == 0
    assert pi.run("--dry-run").changes == []
    assert "WorkingDirectory=/srv/table" in pi.file("/etc/systemd/system/sw-monopoly-companion.service").read_text()
    result = pi.run("--dry-run", "--user", "someone")
    assert result.code == 1
    assert "runs as pi; to change the user, run --uninstall first" in result.err


def test_lgpio_comes_from_pypi_when_apt_has_none(pi: Pi) -> None:
    fakesys.set_available(pi.fake, [])
    result = pi.run()
    assert "python3-lgpio" not in next(c for c in result.changes if c.startswith("apt-get install"))
    assert "pip install lgpio (gpiozero's pin driver, needed on a Pi 5)" in result.changes


# ------------------------------------------------------------------------------------------ data and read-only root


def test_read_only_root_needs_a_data_partition(pi: Pi) -> None:
    result = pi.run("--dry-run", "--read-only-root")
    assert result.code == 1
    assert "needs a partition for the saved games" in result.err


def test_read_only_root_with_a_data_partition(pi: Pi) -> None:
    """The saved games go on a partition of their own, and Bookworm's overlay is told to leave it writable."""
    result = pi.run("--data-device", "LABEL=TABLEDATA", "--read-only-root")
    assert result.code == 0, result.err
    fstab = pi.file("/etc/fstab").read_text().splitlines()
    assert ("LABEL=TABLEDATA /var/lib/sw-monopoly-companion auto defaults,noatime,nofail,x-systemd.device-timeout=10s"
            " 0 2") in fstab
    assert ["raspi-config", "nonint", "do_overlayfs", "0"] in pi.calls()
    assert "overlayroot=tmpfs:recurse=0" in pi.file("/boot/firmware/cmdline.txt").read_text()
    assert str(pi.file("/var/lib/sw-monopoly-companion")) in pi.state()["mounts"]
    assert "reboot to start the appliance" in result.out
    pi.reboot()
    assert pi.run("--dry-run", "--data-device", "LABEL=TABLEDATA", "--read-only-root").changes == []


def test_a_new_data_partition_must_not_hide_saved_games(pi: Pi) -> None:
    assert pi.run().code == 0
    pi.file("/var/lib/sw-monopoly-companion/games.sqlite3").write_text("saved games")
    result = pi.run("--dry-run", "--data-device", "LABEL=TABLEDATA")
    assert result.code == 1
    assert "already holds saved games, which the new partition would hide" in result.err


def test_refuses_to_change_a_system_under_the_overlay(pi: Pi) -> None:
    (pi.root / "proc" / "mounts").write_text("overlayroot / overlay rw,relatime 0 0\n")
    result = pi.run("--dry-run")
    assert result.code == 1
    assert "would vanish at the next reboot" in result.err


# ------------------------------------------------------------------------------------------ uninstall


def test_uninstall_puts_the_system_back_and_keeps_the_games(new_pi: Callable[..., Pi]) -> None:
    pi = new_pi(desktop=True)
    assert pi.run("--data-device", "LABEL=TABLEDATA").code == 0
    games = pi.file("/var/lib/sw-monopoly-companion/games.sqlite3")
    games.write_text("saved games")
    plan = pi.run("--uninstall", "--dry-run")
    assert "boot to graphical.target again" in plan.changes
    assert "systemctl enable getty@tty1.service (a login prompt on tty1 again)" in plan.changes
    assert "remove user companion" in plan.changes
    result = pi.run("--uninstall")
    assert result.code == 0, result.err
    for path in APP_FILES:
        assert not pi.file(path).exists(), path
    assert not pi.file("/opt/sw-monopoly-companion").exists()
    assert pi.state()["default"] == "graphical.target"
    assert pi.state()["enabled"]["getty@tty1.service"] is True
    assert "TABLEDATA" not in pi.file("/etc/fstab").read_text()
    assert games.read_text() == "saved games"
    assert "kept the saved games" in result.out


def test_uninstall_of_an_existing_user_takes_back_only_the_added_groups(pi: Pi) -> None:
    assert pi.run("--user", "pi").code == 0
    result = pi.run("--uninstall", "--purge")  # the user comes from the installation's record
    assert "take pi out of group render" in result.changes and "take pi out of group input" in result.changes
    assert pi.calls("userdel") == []
    assert not pi.file("/var/lib/sw-monopoly-companion").exists()
