"""The engine stands alone: nothing outside companion/ui and the device adapters imports Kivy or hardware."""

from __future__ import annotations

import subprocess
import sys


def test_engine_storage_and_script_import_no_ui_or_hardware_library() -> None:
    """Importing and playing through the engine, journal and script never loads kivy, gpiozero or serial."""
    probe = (
        "import sys, io\n"
        "import companion.cli, companion.script, companion.storage.journal\n"
        "from companion.script import parse_script, run_script\n"
        "s = parse_script('edition original-trilogy\\nplayer luke token=luke-skywalker side=rebel\\n'"
        " 'player vader token=darth-vader side=empire\\nroll luke 1 2\\nbuy luke\\n')\n"
        "assert run_script(s).rejected is None\n"
        "print(','.join(sorted(m for m in ('kivy', 'gpiozero', 'serial') if m in sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
