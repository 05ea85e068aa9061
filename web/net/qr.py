"""QR Code encoder (ISO/IEC 18004) for invitations and replies: plain Python, no browser
imports, tested in CPython against an independent encoder (``tests/test_web_qr.py``).

Byte mode only (the text is UTF-8, no ECI), error-correction level L or M, versions 1..40
(the smallest that holds the data is chosen), and the mask with the lowest penalty of the
eight (rules N1..N4 of the standard; an N3 finder-like pattern 1:1:3:1:1 counts once when
four light modules precede or follow it, the quiet zone counting as light, and two such
patterns sharing an end module count once).

* ``encode(data, ecc="M", version=None, mask=None) -> QrCode`` (``modules``: rows of
  booleans, True = dark, without the quiet zone);
* ``qr_matrix(text, ecc="M")`` -> those rows;
* ``qr_svg(text, ecc="M", border=4)`` -> a standalone SVG: a light ``<rect>`` and all dark
  modules as one ``<path>``, one unit per module, ``viewBox`` including the quiet zone,
  no external references (style it with width/height or CSS).

Capacity in byte mode: version 10 holds 213 bytes at M (271 at L), version 20 holds 666
at M (858 at L), version 40 holds 2331 at M (2953 at L). A ~250-character invitation URL
is version 10 or 11 at M (57 or 61 modules a side).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# Per version 1..40 (index 0 unused): error-correction codewords per block, number of blocks.
_EC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
          30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
          28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
}  # fmt: skip
_BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14,
          15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
          25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
}  # fmt: skip
_FORMAT_LEVEL = {"L": 1, "M": 0}  # the two level bits of the format information
MIN_VERSION, MAX_VERSION = 1, 40
_COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}|[a-z]{3,20}")


class QrError(ValueError):
    """Data that does not fit, or a bad parameter."""


@dataclass(frozen=True)
class QrCode:
    version: int
    ecc: str
    mask: int
    modules: tuple[tuple[bool, ...], ...]  # rows, True = dark, no quiet zone

    @property
    def size(self) -> int:
        return len(self.modules)


# ---------------------------------------------------------------------------------------
# Reed-Solomon over GF(256), polynomial x^8 + x^4 + x^3 + x^2 + 1


def _gf_tables() -> tuple[list[int], list[int]]:
    exp = [0] * 512
    log = [0] * 256
    value = 1
    for i in range(255):
        exp[i] = value
        log[value] = i
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


_EXP, _LOG = _gf_tables()


def _gf_mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator(degree: int) -> list[int]:
    """Coefficients (highest power first, leading 1 dropped) of prod (x - a^i), i < degree."""
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            nxt[j] ^= c
            nxt[j + 1] ^= _gf_mul(c, _EXP[i])
        poly = nxt
    return poly[1:]


def _remainder(data: list[int], generator: list[int]) -> list[int]:
    rem = [0] * len(generator)
    for byte in data:
        factor = byte ^ rem[0]
        rem = rem[1:] + [0]
        if factor:
            for i, g in enumerate(generator):
                rem[i] ^= _gf_mul(g, factor)
    return rem


# ---------------------------------------------------------------------------------------
# Sizes


def _size(version: int) -> int:
    return 17 + 4 * version


def _alignment_positions(version: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    last = _size(version) - 7
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    return [6] + sorted(last - i * step for i in range(count - 1))


def _data_modules(version: int) -> int:
    """Modules left for data and error correction (codewords and remainder bits)."""
    n = (16 * version + 128) * version + 64
    if version >= 2:
        count = version // 7 + 2
        n -= (25 * count - 10) * count - 55
        if version >= 7:
            n -= 36
    return n


def data_capacity(version: int, ecc: str) -> int:
    """Data codewords (bytes) of a version at a level."""
    total = _data_modules(version) // 8
    return total - _EC_PER_BLOCK[ecc][version] * _BLOCKS[ecc][version]


def _count_bits(version: int) -> int:
    return 8 if version <= 9 else 16


def byte_capacity(version: int, ecc: str) -> int:
    """How many bytes of data fit in byte mode."""
    return (data_capacity(version, ecc) * 8 - 4 - _count_bits(version)) // 8


# ---------------------------------------------------------------------------------------
# Codewords


def _codewords(data: bytes, version: int, ecc: str) -> list[int]:
    capacity = data_capacity(version, ecc) * 8
    bits: list[int] = []

    def put(value: int, length: int) -> None:
        bits.extend((value >> i) & 1 for i in range(length - 1, -1, -1))

    put(0b0100, 4)
    put(len(data), _count_bits(version))
    for byte in data:
        put(byte, 8)
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(words) < capacity // 8:
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    # Split into blocks, add error correction, interleave.
    blocks_n = _BLOCKS[ecc][version]
    ec_n = _EC_PER_BLOCK[ecc][version]
    total = _data_modules(version) // 8
    short_len = total // blocks_n  # data + ec of a short block
    shorts = blocks_n - total % blocks_n
    generator = _generator(ec_n)
    blocks: list[list[int]] = []
    ecs: list[list[int]] = []
    at = 0
    for i in range(blocks_n):
        n = short_len - ec_n + (0 if i < shorts else 1)
        block = words[at : at + n]
        at += n
        blocks.append(block)
        ecs.append(_remainder(block, generator))
    out: list[int] = []
    for i in range(short_len - ec_n + 1):
        out.extend(block[i] for block in blocks if i < len(block))
    for i in range(ec_n):
        out.extend(ec[i] for ec in ecs)
    return out


# ---------------------------------------------------------------------------------------
# The matrix


class _Grid:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = _size(version)
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.function = [[False] * self.size for _ in range(self.size)]

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.function[y][x] = True

    def draw_function_patterns(self) -> None:
        size = self.size
        for i in range(size):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        ring = max(abs(dx), abs(dy))
                        self.set(x, y, ring not in (2, 4))
        positions = _alignment_positions(self.version)
        last = len(positions) - 1
        for i, cx in enumerate(positions):
            for j, cy in enumerate(positions):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self.draw_format(0)  # reserve
        self.draw_version()

    def draw_format(self, bits: int) -> None:
        size = self.size

        def bit(i: int) -> bool:
            return (bits >> i) & 1 == 1

        for i in range(6):
            self.set(8, i, bit(i))
        self.set(8, 7, bit(6))
        self.set(8, 8, bit(7))
        self.set(7, 8, bit(8))
        for i in range(9, 15):
            self.set(14 - i, 8, bit(i))
        for i in range(8):
            self.set(size - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.set(8, size - 15 + i, bit(i))
        self.set(8, size - 8, True)  # the dark module

    def draw_version(self) -> None:
        if self.version < 7:
            return
        rem = self.version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        bits = self.version << 12 | rem
        for i in range(18):
            dark = (bits >> i) & 1 == 1
            a, b = self.size - 11 + i % 3, i // 3
            self.set(a, b, dark)
            self.set(b, a, dark)

    def place(self, codewords: list[int]) -> None:
        size = self.size
        total = len(codewords) * 8
        i = 0
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            upward = (right + 1) & 2 == 0
            for vert in range(size):
                y = size - 1 - vert if upward else vert
                for x in (right, right - 1):
                    if not self.function[y][x] and i < total:
                        self.dark[y][x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2


_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def _format_bits(ecc: str, mask: int) -> int:
    data = _FORMAT_LEVEL[ecc] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def _apply(grid: _Grid, ecc: str, mask: int) -> list[list[bool]]:
    test = _MASKS[mask]
    rows = [
        [grid.dark[y][x] != (not grid.function[y][x] and test(x, y)) for x in range(grid.size)]
        for y in range(grid.size)
    ]
    shadow = _Grid(grid.version)
    shadow.draw_format(_format_bits(ecc, mask))
    for y in range(grid.size):
        for x in range(grid.size):
            if shadow.function[y][x]:
                rows[y][x] = shadow.dark[y][x]
    return rows


_FINDER_LIKE = (True, False, True, True, True, False, True)
_LIGHT4 = (False,) * 4


def penalty(rows: list[list[bool]]) -> int:
    """The mask penalty of a finished symbol (rules N1..N4)."""
    size = len(rows)
    score = 0
    lines = [list(r) for r in rows] + [[rows[y][x] for y in range(size)] for x in range(size)]
    for line in lines:
        run, colour = 0, None
        for dark in line:
            if dark == colour:
                run += 1
            else:
                if run >= 5:
                    score += run - 2
                run, colour = 1, dark
        if run >= 5:
            score += run - 2
        padded = _LIGHT4 + tuple(line) + _LIGHT4
        i = 4
        while i <= len(padded) - 11:
            if padded[i : i + 7] == _FINDER_LIKE and _LIGHT4 in (padded[i - 4 : i], padded[i + 7 : i + 11]):
                score += 40
                i += 7  # two patterns sharing a module count once
            else:
                i += 1
    for y in range(size - 1):
        for x in range(size - 1):
            if rows[y][x] == rows[y][x + 1] == rows[y + 1][x] == rows[y + 1][x + 1]:
                score += 3
    darks = sum(sum(r) for r in rows)
    score += 10 * int(abs(darks * 100 / (size * size) - 50) // 5)
    return score


def encode(
    data: bytes | str,
    ecc: str = "M",
    version: int | None = None,
    mask: int | None = None,
    max_version: int = MAX_VERSION,
) -> QrCode:
    """The QR Code of `data` (str is UTF-8) in byte mode; QrError if it does not fit."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    ecc = ecc.upper()
    if ecc not in _EC_PER_BLOCK:
        raise QrError("error correction is L or M")
    if mask is not None and mask not in range(8):
        raise QrError("mask is 0..7")
    versions = [version] if version is not None else list(range(MIN_VERSION, max_version + 1))
    if not all(MIN_VERSION <= v <= MAX_VERSION for v in versions):
        raise QrError("version is 1..40")
    fits = [v for v in versions if len(data) <= byte_capacity(v, ecc)]
    if not fits:
        raise QrError(f"{len(data)} bytes do not fit a QR Code at level {ecc} up to version {versions[-1]}")
    chosen = fits[0]
    grid = _Grid(chosen)
    grid.draw_function_patterns()
    grid.place(_codewords(data, chosen, ecc))
    if mask is None:
        candidates = [(penalty(_apply(grid, ecc, m)), m) for m in range(8)]
        mask = min(candidates)[1]
    rows = _apply(grid, ecc, mask)
    return QrCode(chosen, ecc, mask, tuple(tuple(r) for r in rows))


def qr_matrix(text: str, ecc: str = "M") -> list[list[bool]]:
    """Rows of modules (True = dark, no quiet zone) of the QR Code of `text`."""
    return [list(row) for row in encode(text, ecc).modules]


def svg(code: QrCode, border: int = 4, dark: str = "#000", light: str = "#fff") -> str:
    """A standalone SVG of a QrCode (see the module docstring); colours are CSS hex or names."""
    for colour in (dark, light):
        if not _COLOUR.fullmatch(colour):
            raise QrError(f"not a colour: {colour!r}")
    if not 0 <= border <= 64:
        raise QrError("border is 0..64 modules")
    side = code.size + 2 * border
    parts = []
    for y, row in enumerate(code.modules):
        x = 0
        while x < code.size:
            if row[x]:
                start = x
                while x < code.size and row[x]:
                    x += 1
                parts.append(f"M{start + border} {y + border}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        f'shape-rendering="crispEdges"><rect width="{side}" height="{side}" fill="{light}"/>'
        f'<path fill="{dark}" d="{"".join(parts)}"/></svg>'
    )


def qr_svg(text: str, ecc: str = "M", border: int = 4) -> str:
    """The QR Code of `text` as a standalone SVG, dark on light, quiet zone `border`."""
    return svg(encode(text, ecc), border)
