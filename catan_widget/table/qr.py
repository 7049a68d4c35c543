"""QR codes for the join links (segno, inline SVG): a phone joins by pointing its camera."""

from __future__ import annotations

import html

import segno

__all__ = ["link_html", "qr_svg"]


def qr_svg(url: str, *, scale: int = 3) -> str:
    """``url`` as a QR code, an inline ``<svg>`` (dark modules on a white quiet zone)."""
    code = segno.make(url, error="m", micro=False)
    svg: str = code.svg_inline(scale=scale, dark="#000", light="#fff", omitsize=False)
    return svg


def link_html(label: str, url: str) -> str:
    """One join link as HTML: its label, the link itself and its QR code (the label escaped)."""
    text, href = html.escape(label), html.escape(url, quote=True)
    return (
        '<div class="cw-join" style="display:inline-block;margin:4px 12px 4px 0;'
        'text-align:center;vertical-align:top;max-width:220px">'
        f'<div style="font-weight:600">{text}</div>'
        f"{qr_svg(url)}"
        f'<div style="font-size:11px;word-break:break-all">'
        f'<a href="{href}" target="_blank" rel="noopener noreferrer">{href}</a></div></div>'
    )
