"""A pretend Raspberry Pi for deploy/install.sh: a root folder, stand-ins for its system commands, and a runner."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.deploy import fakesys

REPO = Path(__file__).resolve().parents[2]
INSTALL = REPO / "deploy" / "install.sh"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
# Groups as on Raspberry Pi OS, with the desktop user "pi" already in some of them.
GROUPS = ["root:x:0:", "dialout:x:20:pi", "audio:x:29:pi", "video:x:44:pi", "input:x:105:", "render:x:106:",
          "gpio:x:997:pi", "pi:x:1000:"]
PASSWD = ["root:x:0:0:root:/root:/bin/bash", "pi:x:1000:1000::/home/pi:/bin/bash"]
BASE_PACKAGES = ["python3", "python3-venv", "libgl1-mesa-dri", "libegl1", "libegl-mesa0", "libgles2", "libgbm1",
                 "libdrm2", "libudev1", "libasound2"]


@dataclass
class Result:
    """One run of the installer: exit code and output."""

    code: int
    out: str
    err: str

    @property
    def changes(self) -> list[str]:
        """The "+" lines: what was (or would be) changed."""
        return [line[2:] for line in self.out.splitlines() if line.startswith("+ ")]


@dataclass
class Pi:
    """A pretend Raspberry Pi OS: ``root`` is its file system, ``fake`` the commands' state and log."""

    root: Path
    fake: Path
    bin: Path
    env: dict[str, str]

    def run(self, *args: str, arch: str | None = "aarch64") -> Result:
        """Run deploy/install.sh against this system (always with ``--root``)."""
        env = {k: v for k, v in os.environ.items() if k != "COMPANION_DEPLOY_ARCH"}
        env |= self.env | {"PATH": f"{self.bin}:{env['PATH']}", "FAKESYS_ROOT": str(self.root)}
        if arch is not None:
            env["COMPANION_DEPLOY_ARCH"] = arch
        done = subprocess.run(["bash", str(INSTALL), "--root", str(self.root), *args], env=env, capture_output=True,
                              text=True, timeout=60, check=False)
        return Result(done.returncode, done.stdout, done.stderr)

    def state(self) -> dict:
        """systemd, packages, owners and mounts of the pretend system."""
        return fakesys.state(self.fake)

    def calls(self, name: str | None = None) -> list[list[str]]:
        """The commands run so far (only ``name``'s when given)."""
        return [c for c in fakesys.calls(self.fake) if name is None or c[0] == name]

    def reboot(self) -> None:
        """What a reboot does to the pretend system: the enabled units run, nothing else does."""
        fakesys.set_active(self.fake, [u for u, on in self.state()["enabled"].items() if on])

    def file(self, path: str) -> Path:
        """A path on the pretend system."""
        return self.root / path.lstrip("/")


def make_pi(tmp_path: Path, model: str = PI5, desktop: bool = False) -> Pi:
    """A fresh Raspberry Pi OS Bookworm: Lite boots to the console with a login prompt on tty1, Desktop boots to
    the graphical target (the Wayland desktop). apt offers Raspberry Pi OS's python3-lgpio."""
    root, fake, bin_dir = tmp_path / "root", tmp_path / "fake", tmp_path / "bin"
    for folder in (root / "etc", root / "proc" / "device-tree", root / "boot" / "firmware", fake):
        folder.mkdir(parents=True)
    (root / "etc" / "os-release").write_text("VERSION_CODENAME=bookworm\n", encoding="utf-8")
    (root / "etc" / "group").write_text("\n".join(GROUPS) + "\n", encoding="utf-8")
    (root / "etc" / "passwd").write_text("\n".join(PASSWD) + "\n", encoding="utf-8")
    (root / "proc" / "device-tree" / "model").write_bytes(model.encode() + b"\0")
    (root / "boot" / "firmware" / "cmdline.txt").write_text("console=tty1 root=PARTUUID=1234-02 rootwait quiet\n",
                                                           encoding="utf-8")
    default = "graphical.target" if desktop else "multi-user.target"
    env = fakesys.install(bin_dir, fake, installed=["python3"], available=["python3-lgpio"],
                          enabled=["getty@tty1.service"], default=default)
    return Pi(root, fake, bin_dir, env)


@pytest.fixture
def pi(tmp_path: Path) -> Pi:
    """A fresh Raspberry Pi 5 with Raspberry Pi OS Bookworm Lite."""
    return make_pi(tmp_path)


@pytest.fixture
def new_pi(tmp_path: Path) -> Callable[..., Pi]:
    """Make a pretend Pi of another model or with the desktop: ``new_pi(model=..., desktop=True)``."""
    return lambda **kwargs: make_pi(tmp_path, **kwargs)
