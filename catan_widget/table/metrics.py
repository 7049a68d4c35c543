"""``/metrics``: the server's and each table's counts in the Prometheus text format (version
0.0.4), the format operators already scrape: connections open by role, refusals by code, moves,
and the connections the server dropped or turned away.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from . import codes

if TYPE_CHECKING:
    from .table import Table

__all__ = ["CONTENT_TYPE", "prometheus"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The Prometheus text format's content type."""


def _labels(**labels: str) -> str:
    def escape(value: str) -> str:
        return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")

    return "{" + ",".join(f'{k}="{escape(v)}"' for k, v in labels.items()) + "}"


def prometheus(tables: Iterable[Table], server: Mapping[str, int]) -> str:
    """The text of ``/metrics`` for ``tables`` and the ``server``'s own counters (by name)."""
    tables = list(tables)
    lines = [
        "# HELP catan_table_connections Connections open at a table, by role (pending: before the hello).",
        "# TYPE catan_table_connections gauge",
    ]
    for table in tables:
        every = [c for c in table._connections if not c.closed]
        for role in (*codes.ROLES, "pending"):
            n = sum(1 for c in every if (c.role or "pending") == role)
            lines.append(f"catan_table_connections{_labels(table=table.id, role=role)} {n}")
    lines += [
        "# HELP catan_table_refusals_total Refusals at a table, by code.",
        "# TYPE catan_table_refusals_total counter",
    ]
    for table in tables:
        for (kind, code), n in sorted(table.counts.items()):
            if kind == "refusals":
                lines.append(f"catan_table_refusals_total{_labels(table=table.id, code=code)} {n}")
    lines += [
        "# HELP catan_table_moves_total Moves made by a table's humans.",
        "# TYPE catan_table_moves_total counter",
    ]
    for table in tables:
        lines.append(f"catan_table_moves_total{_labels(table=table.id)} {table.counts['moves', '']}")
    lines += [
        "# HELP catan_table_version The version of a table's newest views.",
        "# TYPE catan_table_version gauge",
    ]
    lines += [f"catan_table_version{_labels(table=table.id)} {table.version}" for table in tables]
    for name, value in sorted(server.items()):
        lines += [f"# TYPE catan_server_{name} counter", f"catan_server_{name} {value}"]
    return "\n".join(lines) + "\n"
