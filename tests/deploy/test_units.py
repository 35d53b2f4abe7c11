"""The systemd units deploy/install.sh writes pass ``systemd-analyze verify``, say what the appliance needs, and every
deploy script is shellcheck clean."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.deploy.conftest import INSTALL, REPO
from tests.tools import installed

SCRIPTS = sorted([*(REPO / "deploy").glob("*.sh"), REPO / "tests" / "deploy" / "fakesys.sh"])


def render(kind: str, app_dir: Path, data_dir: Path) -> str:
    """A unit as the installer renders it (``--print-unit``) for these folders."""
    done = subprocess.run(["bash", str(INSTALL), "--print-unit", kind, "--app-dir", str(app_dir), "--data-dir",
                           str(data_dir)], capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture
def units(tmp_path: Path) -> Path:
    """Both units rendered into a folder, their programs pointing at executables that exist."""
    app, data, folder = tmp_path / "app", tmp_path / "data", tmp_path / "units"
    for program in (app / "venv" / "bin" / "companion", app / "bin" / "usb-stick"):
        program.parent.mkdir(parents=True, exist_ok=True)
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
    data.mkdir()
    folder.mkdir()
    (folder / "sw-monopoly-companion.service").write_text(render("main", app, data))
    usb = render("usb", app, data)
    (folder / "sw-monopoly-companion-usb@.service").write_text(usb)
    (folder / "sw-monopoly-companion-usb@sda1.service").write_text(usb)  # an instance, as udev starts it
    return folder


def verify(unit: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("systemd-analyze"), "verify", "--man=no", f"./{unit.name}"], cwd=unit.parent,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("name", ["sw-monopoly-companion.service", "sw-monopoly-companion-usb@sda1.service"])
def test_units_pass_systemd_analyze_verify(units: Path, name: str) -> None:
    """No error and no warning (an unknown or misspelt key is only a warning, so any output fails the test)."""
    done = verify(units / name)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "" and done.stdout.strip() == ""


def test_verify_catches_a_missing_program(units: Path) -> None:
    """The check can fail: a unit whose program is missing is refused."""
    unit = units / "sw-monopoly-companion.service"
    unit.write_text(unit.read_text().replace("/venv/bin/companion", "/venv/bin/missing"))
    done = verify(unit)
    assert done.returncode != 0
    assert "is not executable" in done.stderr


def test_main_unit_is_the_kiosk(units: Path) -> None:
    """Started at boot without a desktop, on tty1 instead of the login prompt, restarted after a crash, logging to
    the journal, after the data folder's mount."""
    text = (units / "sw-monopoly-companion.service").read_text()
    lines = set(text.splitlines())
    data = units.parent / "data"
    for line in ("Restart=on-failure", "StandardOutput=journal", "StandardError=journal", "TTYPath=/dev/tty1",
                 "Conflicts=getty@tty1.service", "WantedBy=multi-user.target", "User=companion",
                 f"RequiresMountsFor={data}", "Environment=KIVY_NO_FILELOG=1"):
        assert line in lines, line
    assert "--kiosk /etc/sw-monopoly-companion/kiosk.toml" in text
    assert "@" not in text.replace("getty@tty1", "")  # every placeholder was filled


def test_usb_unit_follows_the_stick(units: Path) -> None:
    text = (units / "sw-monopoly-companion-usb@.service").read_text()
    assert "BindsTo=dev-%i.device" in text
    assert "Environment=COMPANION_USER=companion" in text


def test_udev_rule_starts_the_usb_unit_by_its_name() -> None:
    rules = (REPO / "deploy" / "99-sw-monopoly-companion.rules").read_text()
    assert 'ENV{SYSTEMD_WANTS}+="sw-monopoly-companion-usb@%k.service"' in rules
    assert 'SUBSYSTEM=="backlight"' in rules


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_scripts_are_shellcheck_clean(script: Path) -> None:
    done = subprocess.run([installed("shellcheck"), "--severity=style", str(script)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout
