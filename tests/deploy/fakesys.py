"""Setting up and reading the pretend system of ``fakesys.sh`` (the stand-ins for the commands deploy/install.sh
runs): which packages are installed, systemd's units and default target, file owners, mounts, and the call log."""

from __future__ import annotations

import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().with_name("fakesys.sh")
COMMANDS = ("apt-get", "apt-cache", "dpkg-query", "dpkg", "useradd", "usermod", "userdel", "gpasswd", "systemctl",
            "udevadm", "raspi-config", "chown", "stat", "mount", "mountpoint", "python3")


def install(bin_dir: Path, fake_dir: Path, installed: list[str], available: list[str], enabled: list[str],
            default: str) -> dict[str, str]:
    """Put a stand-in for every command in ``bin_dir`` and set up the pretend system's state; returns the
    environment variables the stand-ins need (besides ``FAKESYS_ROOT``)."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    for name in COMMANDS:
        (bin_dir / name).symlink_to(SCRIPT)
    for folder in ("pkg/installed", "pkg/available", "systemd/enabled", "systemd/active", "owners", "mounts"):
        (fake_dir / folder).mkdir(parents=True, exist_ok=True)
    for package in installed:
        (fake_dir / "pkg" / "installed" / package).touch()
    for package in available:
        (fake_dir / "pkg" / "available" / package).touch()
    for unit in enabled:
        (fake_dir / "systemd" / "enabled" / unit).write_text("enabled\n")
    (fake_dir / "systemd" / "default").write_text(f"{default}\n")
    return {"FAKESYS_DIR": str(fake_dir), "FAKESYS_PYTHON": sys.executable}


def _read(folder: Path) -> dict[str, str]:
    """The files in ``folder`` by name ("%" read back as "/") with their text."""
    return {p.name.replace("%", "/"): p.read_text().strip() for p in sorted(folder.iterdir())}


def state(fake_dir: Path) -> dict:
    """Installed packages, enabled and active units (name: bool), the default target, owners and mounts."""
    return {
        "installed": sorted(_read(fake_dir / "pkg" / "installed")),
        "enabled": {u: s == "enabled" for u, s in _read(fake_dir / "systemd" / "enabled").items()},
        "active": {u: s == "active" for u, s in _read(fake_dir / "systemd" / "active").items()},
        "default": (fake_dir / "systemd" / "default").read_text().strip(),
        "owners": _read(fake_dir / "owners"),
        "mounts": sorted(_read(fake_dir / "mounts")),
    }


def set_available(fake_dir: Path, packages: list[str]) -> None:
    """Which optional packages apt offers."""
    for old in (fake_dir / "pkg" / "available").iterdir():
        old.unlink()
    for package in packages:
        (fake_dir / "pkg" / "available" / package).touch()


def set_active(fake_dir: Path, units: list[str]) -> None:
    """Which units run (all others are stopped)."""
    for old in (fake_dir / "systemd" / "active").iterdir():
        old.unlink()
    for unit in units:
        (fake_dir / "systemd" / "active" / unit).write_text("active\n")


def calls(fake_dir: Path) -> list[list[str]]:
    """Every faked command run so far: ``[name, arg, ...]``."""
    log = fake_dir / "log"
    return [line.split("\t") for line in log.read_text().splitlines()] if log.exists() else []
