#!/usr/bin/env python3
"""Draws the web app's icons (Sources/CompanionWebApp/app/icons/icon-{192,512}.png) with the standard library only.

A blue square (maskable: the glyph stays inside the middle 80 % safe zone) with a white ring open on the right,
the "C" of CompanionKit, and a dot: small PNGs (palette of two colours, zlib level 9).
  scripts/generate-webapp-icons.py
"""
import os
import struct
import zlib

BLUE = (0x1D, 0x4E, 0xD8)
WHITE = (0xFF, 0xFF, 0xFF)


def pixel(x, y, size):
    cx = cy = size / 2
    dx, dy = x + 0.5 - cx, y + 0.5 - cy
    r = (dx * dx + dy * dy) ** 0.5
    outer, inner = size * 0.30, size * 0.20
    in_ring = inner <= r <= outer and not (dx > 0 and abs(dy) < size * 0.09)
    in_dot = ((dx - size * 0.02) ** 2 + dy * dy) ** 0.5 <= size * 0.06
    return 1 if in_ring or in_dot else 0


def png(size):
    rows = b"".join(b"\x00" + bytes(pixel(x, y, size) for x in range(size)) for y in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 3, 0, 0, 0)
    palette = bytes(BLUE + WHITE)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"PLTE", palette)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


root = os.path.join(os.path.dirname(__file__), "..", "Sources", "CompanionWebApp", "app", "icons")
os.makedirs(root, exist_ok=True)
for size in (192, 512):
    with open(os.path.join(root, f"icon-{size}.png"), "wb") as out:
        out.write(png(size))
