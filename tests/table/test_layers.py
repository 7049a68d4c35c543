"""The table's core runs without any web library: only its server module needs ``websockets``."""

from __future__ import annotations

import os
import subprocess
import sys

NO_WEB = """
import sys
sys.modules["websockets"] = None  # importing it now fails
import catan_widget.table
from catan_widget import Game
from catan_widget.table import Table
table = Table(Game(["Ada", "Bo", "Cy"], seed=1), ["human", "bot", "bot"])
conn = table.connect(lambda text: None, lambda code, reason: None)
conn.receive('{"type": "hello", "token": "%s", "protocol": 1}' % table.tokens.seat(0))
assert conn.seat == 0, conn
assert "websockets" not in {m.split(".")[0] for m in sys.modules if sys.modules[m] is not None}
print("ok")
"""


def test_the_core_imports_no_websockets() -> None:
    env = {**os.environ, "CATAN_WIDGET_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", NO_WEB], capture_output=True, text=True, env=env, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
