"""``catan_widget.host(...)`` in a real Jupyter kernel: the table is served while the kernel idles.

A cell hosts the table; between cells (the kernel idle, as when people play) this test process
joins Bo's seat over the network and is dealt its view; a later cell's move by the host reaches
Bo at once; the last cell stops the table.
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import urlsplit

import nbclient
import nbformat
from jupyter_core.utils import ensure_event_loop

from .netclient import WAIT, Client

HOST = """\
import json
import catan_widget
from catan_widget import Game
hosted = catan_widget.host(Game(players=["Ada", "Bo", "Cy", "Di"], seed=3, first="Ada"),
                           {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}, view="Ada")
display(hosted)
print(json.dumps({"Bo": hosted.links["Bo"], "ws": hosted.server.port}))
"""
MOVE = """\
w = hosted.widget
node = w.legal["actions"]["build_settlement"]["node"][0]
w._handle_custom_msg({"type": "act", "version": w.state["version"],
                      "action": {"kind": "build_settlement", "node": node}}, [])
print(json.dumps({"error": w.state["error"], "moves": len(hosted.table.game.history)}))
"""
STOP = """\
hosted.stop()
print("stopped", hosted.table.closed)
"""


def _in_worker(run, *args):
    """``run(*args)`` in an executor's thread, then close the event loop nbclient made there."""
    try:
        return run(*args)
    finally:
        _close_nbclients_loop()


def _close_nbclients_loop() -> None:
    """Close the event loop nbclient's ``run_sync`` (jupyter_core) keeps for this thread: it is
    left open, and when it is collected, in whichever later test runs then, it warns as an
    unclosed loop (which fails that test).  jupyter_core makes a new one when next asked.
    """
    loop = ensure_event_loop()
    if not loop.is_running():
        loop.close()


def _text(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")


def test_host_serves_from_the_kernels_loop_between_cells(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(c) for c in (HOST, MOVE, STOP)]
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    with client.setup_kernel():
        client.execute_cell(nb.cells[0], 0)
        shown = json.loads(_text(nb.cells[0]).strip().splitlines()[-1])
        assert any(
            "application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in nb.cells[0].outputs
        )
        link = urlsplit(shown["Bo"])
        url = f"ws://{link.netloc}/ws/{link.path.rsplit('/', 1)[-1]}"

        async def join() -> Client:
            bo = await Client.open(url, link.fragment.removeprefix("k="))
            view = await bo.next("view")
            assert view["state"]["table"]["seats"][0]["connected"]  # the host's widget holds Ada's seat
            assert "resources" not in view["state"]["players"][0]  # and Bo sees none of Ada's cards
            return bo

        async def session() -> None:
            bo = await join()
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(None, _in_worker, client.execute_cell, nb.cells[1], 1)
            moved = json.loads(_text(nb.cells[1]).strip())
            assert moved == {"error": None, "moves": 1}
            view = await bo.next("view", timeout=WAIT)
            assert view["state"]["buildings"][0][1] == 0  # Ada's settlement, seen by Bo
            await loop.run_in_executor(None, _in_worker, client.execute_cell, nb.cells[2], 2)
            assert await bo.closed() == 1001  # the table closed its connections

        asyncio.run(session())
    _close_nbclients_loop()
    assert _text(nb.cells[2]).strip() == "stopped True"
