"""web/net/qr.py against independent encoders from PyPI (the `test` extra).

* python-qrcode is the oracle for the whole matrix (same version, level and mask).
  segno is not used for that: in byte mode it writes one extra zero byte after the
  terminator when the bit stream is already byte-aligned (harmless to readers, but a
  different matrix from ISO 18004 and python-qrcode).
* segno is the oracle for the mask penalty (segno.encoder.evaluate_mask, rules N1..N4),
  evaluated on our own eight masked matrices: same scores, so the same mask chosen.
"""

from __future__ import annotations

import random
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web.net import qr

qrcode = pytest.importorskip("qrcode")
pytest.importorskip("qrcode.util")
segno_encoder = pytest.importorskip("segno.encoder")

LEVELS = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M}
URL_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."


def byte_mode(data: bytes) -> object:
    """python-qrcode would pick numeric or alphanumeric mode for some data: force bytes."""
    return qrcode.util.QRData(data, mode=qrcode.util.MODE_8BIT_BYTE)


def theirs(data: bytes, ecc: str, version: int, mask: int) -> list[list[bool]]:
    code = qrcode.QRCode(version=version, error_correction=LEVELS[ecc], border=0, mask_pattern=mask)
    code.add_data(byte_mode(data))
    code.make(fit=False)
    return [[bool(m) for m in row] for row in code.modules]


def ours(data: bytes, ecc: str, version: int, mask: int) -> list[list[bool]]:
    return [list(row) for row in qr.encode(data, ecc, version=version, mask=mask).modules]


def url(rng: random.Random, length: int) -> bytes:
    head = "https://example.github.io/dernier/index.html#join=1.3.tbl."
    return (head + "".join(rng.choice(URL_CHARS) for _ in range(length - len(head)))).encode()


@pytest.mark.parametrize("ecc", ["L", "M"])
@pytest.mark.parametrize("version", range(1, 41))
def test_matrix_matches_python_qrcode(version: int, ecc: str) -> None:
    rng = random.Random(version * 2 + (ecc == "M"))
    capacity = qr.byte_capacity(version, ecc)
    for data in (
        bytes(rng.randrange(256) for _ in range(rng.randint(1, capacity))),
        bytes(rng.randrange(256) for _ in range(capacity)),  # full
    ):
        mask = rng.randrange(8)
        assert ours(data, ecc, version, mask) == theirs(data, ecc, version, mask)


def test_every_mask_on_urls_up_to_600_characters() -> None:
    rng = random.Random(7)
    for length in (60, 120, 180, 250, 320, 400, 480, 600, 620):
        data = url(rng, length)
        for ecc in ("L", "M"):
            version = qr.encode(data, ecc).version
            for mask in range(8):
                assert ours(data, ecc, version, mask) == theirs(data, ecc, version, mask), (length, ecc, mask)


def test_mask_penalty_and_choice_match_segno() -> None:
    rng = random.Random(11)
    samples = [url(rng, rng.randint(40, 620)) for _ in range(40)]
    samples += [b"", b"a", "Zoë 🃏 ♥".encode(), bytes(range(256))]
    for data in samples:
        ecc = rng.choice("LM")
        chosen = qr.encode(data, ecc)
        scores = []
        for mask in range(8):
            rows = ours(data, ecc, chosen.version, mask)
            matrix = [bytearray(rows_row) for rows_row in rows]
            expected = segno_encoder.evaluate_mask(matrix, len(rows), len(rows))
            assert qr.penalty(rows) == expected, (data[:30], ecc, mask)
            scores.append(expected)
        assert chosen.mask == scores.index(min(scores))


def test_smallest_version_that_fits() -> None:
    rng = random.Random(3)
    for length in (1, 14, 15, 100, 213, 214, 331, 600, 666, 667, 2331):
        data = bytes(rng.randrange(256) for _ in range(length))
        for ecc in ("L", "M"):
            if length > qr.byte_capacity(40, ecc):
                continue
            code = qrcode.QRCode(error_correction=LEVELS[ecc], border=0)
            code.add_data(byte_mode(data))
            code.make(fit=True)
            assert qr.encode(data, ecc).version == code.version, (length, ecc)
    assert qr.byte_capacity(10, "M") == 213
    assert qr.byte_capacity(20, "M") == 666
    assert qr.byte_capacity(40, "L") == 2953


def test_refusals() -> None:
    with pytest.raises(qr.QrError, match="do not fit"):
        qr.encode(bytes(2332), "M")
    with pytest.raises(qr.QrError, match="do not fit"):
        qr.encode(bytes(300), "M", max_version=10)
    with pytest.raises(qr.QrError, match="do not fit"):
        qr.encode(bytes(20), "M", version=1)
    for kwargs in ({"ecc": "H"}, {"mask": 8}, {"version": 41}, {"version": 0}):
        with pytest.raises(qr.QrError):
            qr.encode("x", **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        qr.svg(qr.encode("x"), dark='red"/><script>')


def test_svg_is_one_path_of_exactly_the_dark_modules() -> None:
    text = url(random.Random(1), 250).decode()
    code = qr.encode(text, "M")
    image = qr.qr_svg(text)
    assert image == qr.svg(code)
    root = ET.fromstring(image)
    ns = "{http://www.w3.org/2000/svg}"
    side = code.size + 8
    assert root.tag == ns + "svg"
    assert root.get("viewBox") == f"0 0 {side} {side}"
    assert [child.tag for child in root] == [ns + "rect", ns + "path"]
    assert root[0].get("fill") == "#fff" and root[1].get("fill") == "#000"
    assert "href" not in image and "url(" not in image and image.count("http") == 1  # the xmlns only
    dark = set()
    for x, y, w, w2 in re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", root[1].get("d", "")):
        assert w == w2
        dark.update((int(x) - 4 + i, int(y) - 4) for i in range(int(w)))
    assert dark == {(x, y) for y, row in enumerate(code.modules) for x, m in enumerate(row) if m}
    assert qr.qr_matrix(text) == [list(row) for row in code.modules]


def test_invitation_sized_text_is_a_small_symbol() -> None:
    text = url(random.Random(2), 250).decode()
    code = qr.encode(text, "M")
    assert code.version <= 11 and code.size <= 61
