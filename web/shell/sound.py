"""Short sound cues, generated with the Web Audio API (no files, nothing from a network):
the shown seat's turn, a penalty, a Dernier call, the end of a hand. Off by default; the
choice is remembered in ``localStorage`` under ``dernier.sound.v1`` ("on" / "off").

The notes are plain data (:data:`CUES`), so what each cue plays is testable in CPython;
:class:`Sound` needs the browser's ``AudioContext`` only when a cue really plays.
"""

from __future__ import annotations

from typing import Any

SOUND_KEY = "dernier.sound.v1"

#: cue: ((frequency Hz, start s, length s, wave), ...) — each well under half a second
CUES: dict[str, tuple[tuple[float, float, float, str], ...]] = {
    "turn": ((660.0, 0.0, 0.09, "sine"), (880.0, 0.1, 0.12, "sine")),
    "penalty": ((196.0, 0.0, 0.16, "square"), (147.0, 0.17, 0.22, "square")),
    "call": (  # a call out loud (Dernier's "Dernier!")
        (988.0, 0.0, 0.07, "triangle"),
        (1319.0, 0.08, 0.07, "triangle"),
        (1568.0, 0.16, 0.14, "triangle"),
    ),
    "hand_end": (
        (523.0, 0.0, 0.1, "sine"),
        (659.0, 0.1, 0.1, "sine"),
        (784.0, 0.2, 0.1, "sine"),
        (1047.0, 0.3, 0.18, "sine"),
    ),
}
VOLUME = 0.12


class Sound:
    """The page's sound cues; ``storage`` is ``localStorage`` (or None), ``window`` the
    browser's window (for ``AudioContext``)."""

    def __init__(self, storage: Any, window: Any) -> None:
        self.storage = storage
        self.window = window
        self.ctx: Any = None
        self.last: str | None = None  # the last cue played (shown as body[data-cue])
        try:
            self.enabled = bool(storage is not None and storage.getItem(SOUND_KEY) == "on")
        except Exception:
            self.enabled = False

    def set(self, on: bool) -> None:
        self.enabled = on
        try:
            if self.storage is not None:
                self.storage.setItem(SOUND_KEY, "on" if on else "off")
        except Exception:
            pass
        if on:
            self.context()  # created on the click that turned it on (browsers need a gesture)

    def context(self) -> Any:
        if self.ctx is None:
            ctor = getattr(self.window, "AudioContext", None) or getattr(
                self.window, "webkitAudioContext", None
            )
            if ctor is None:
                return None
            self.ctx = ctor.new()
        if str(self.ctx.state) == "suspended":
            self.ctx.resume()
        return self.ctx

    def play(self, cue: str) -> None:
        if not self.enabled or cue not in CUES:
            return
        try:
            ctx = self.context()
            if ctx is None:
                return
            now = float(ctx.currentTime)
            for freq, start, length, wave in CUES[cue]:
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.type = wave
                osc.frequency.value = freq
                t0 = now + start
                gain.gain.setValueAtTime(0.0001, t0)
                gain.gain.exponentialRampToValueAtTime(VOLUME, t0 + 0.015)
                gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(t0)
                osc.stop(t0 + length + 0.02)
            self.last = cue
        except Exception:  # no audio here: the game goes on in silence
            self.ctx = None
