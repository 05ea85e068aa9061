"""Match saves and records as every game writes and reads them (each game's CONTRACT,
"Saves"): a JSON object ``{"format", "version", ..., "history": [...], "position"}`` whose
history is replayed move by move, each move checked by the game's engine, and whose
position must be the one the replay reaches."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Replayable(Protocol):
    """A match as a replay drives it: its moves played one by one, its position read."""

    def play(self, move: str, seat: int | None = None) -> None: ...

    def position(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=Replayable)
#: ``deal(i, entry)``: readies history entry ``i`` before its moves (from the second on, the
#: next hand dealt and checked against the entry; the caller made the match with the first)
Deal = Callable[[int, dict[str, Any]], None]

#: what a broken save may raise while it is read, besides the game's own errors
BROKEN = (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError)
#: the largest record a game reads (a long match is well under 1 MB)
MAX_RECORD_BYTES = 2_000_000


def record_text(data: T, error: type[Exception], game: str, limit: int = MAX_RECORD_BYTES) -> T | str:
    """A record or save as a game reads it: parsed data as it is, text (``str`` or UTF-8
    ``bytes``) checked to be at most ``limit`` bytes and not empty, else ``error`` saying why
    (``game`` names the game: "a Dernier record is at most 2 MB")."""
    if not isinstance(data, str | bytes):
        return data
    size = len(data.encode() if isinstance(data, str) else data)
    if size > limit:
        raise error(
            f"the record is too large ({size / 1e6:.1f} MB; a {game} record is at most {limit / 1e6:.0f} MB)"
        )
    if isinstance(data, bytes):
        try:
            data = data.decode()  # type: ignore[assignment]
        except UnicodeDecodeError:
            raise error("the record is not text (UTF-8 JSON)") from None
    assert isinstance(data, str)
    if not data.strip():
        raise error("the record is empty")
    return data


def read_record_file(path: str, error: type[Exception], game: str, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of the record file ``path`` (:func:`record_text`), read no further than
    ``limit`` + 1 bytes; ``error`` when it cannot be read or is too large."""
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as e:
        raise error(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > limit:
        raise error(f"{path} is too large for a {game} record (over {limit / 1e6:.0f} MB)")
    text = record_text(raw, error, game, limit)
    assert isinstance(text, str)
    return text


def json_object(data: object, error: type[Exception], what: str, the: str = "the ") -> dict[str, Any]:
    """``data`` (JSON text or already parsed) as a JSON object, else ``error`` saying why."""
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as e:
            raise error(f"{the}{what} is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise error(f"a {what} is a JSON object, not {type(data).__name__}")
    return data


class Saved:
    """:meth:`save` and :meth:`to_json` of a match from its :meth:`record` and :meth:`position`."""

    def record(self) -> dict[str, Any]:  # pragma: no cover - every match has its own
        raise NotImplementedError

    def position(self) -> dict[str, Any]:  # pragma: no cover - every match has its own
        raise NotImplementedError

    def save(self) -> dict[str, Any]:
        """The record plus the current position, which loading checks against the replay."""
        data = self.record()
        data["position"] = self.position()
        return data

    def to_json(self) -> str:
        return json.dumps(self.save(), separators=(",", ":"))


class SaveFormat:
    """One game's save: its ``format`` name and ``version``, the fields it knows, its errors.

    ``game`` and ``reader`` word the refusals ("not a DOG match save", "this DOG reads 1");
    ``unit`` is what its history lists (``hand`` or ``game``)."""

    def __init__(
        self,
        *,
        name: str,
        version: int,
        fields: Sequence[str],
        game: str,
        reader: str,
        unit: str,
        save_error: type[Exception],
        game_error: type[Exception],
    ) -> None:
        self.name = name
        self.version = version
        self.fields = frozenset(fields)
        self.game = game
        self.reader = reader
        self.unit = unit
        self.save_error = save_error
        self.game_error = game_error

    def head(self) -> dict[str, Any]:
        """What a save or record of this game starts with: its format and version."""
        return {"format": self.name, "version": self.version}

    def load(self, read: Callable[[object], T], data: object) -> T:
        """``read(data)``, every failure a ``save_error`` ("broken save: …" when unforeseen)."""
        try:
            return read(data)
        except self.save_error:
            raise
        except self.game_error as e:
            raise self.save_error(f"broken save: {e}") from None
        except BROKEN as e:
            raise self.save_error(f"broken save: {type(e).__name__}: {e}") from None

    def each(self, read: Callable[[dict[str, Any]], Iterator[T]], data: object) -> Iterator[T]:
        """What ``read`` yields from the opened save ``data`` (:meth:`open`), every failure a
        ``save_error`` as in :meth:`load`: the positions of a replay, one by one."""
        try:
            yield from read(self.open(data))
        except self.save_error:
            raise
        except self.game_error as e:
            raise self.save_error(f"broken save: {e}") from None
        except BROKEN as e:
            raise self.save_error(f"broken save: {type(e).__name__}: {e}") from None

    def open(self, data: object) -> dict[str, Any]:
        """The save as a JSON object of this format and version, with no unknown field."""
        data = json_object(data, self.save_error, "save")
        if data.get("format") != self.name:
            raise self.save_error(f"not a {self.game} match save (format {data.get('format')!r})")
        if data.get("version") != self.version:
            raise self.save_error(
                f"save version {data.get('version')!r} is not supported ({self.reader} reads {self.version})"
            )
        unknown = sorted(str(k) for k in data if k not in self.fields)
        if unknown:
            raise self.save_error(f"unknown save field(s): {', '.join(unknown)}")
        return data

    def history(self, data: dict[str, Any], keys: Sequence[str], exact: bool = True) -> list[dict[str, Any]]:
        """The save's non-empty ``history``: objects with exactly ``keys`` (with a list of
        moves), or with at least ``keys`` when not ``exact``."""
        history = data.get("history")
        if not isinstance(history, list) or not history:
            raise self.save_error(f"history must be a non-empty list of {self.unit}s")
        need = set(keys)
        for i, h in enumerate(history):
            if (
                not isinstance(h, dict)
                or not (set(h) == need if exact else need <= set(h))
                or (exact and not isinstance(h["moves"], list))
            ):
                raise self.save_error(
                    f"history[{i}] must be an object with {', '.join(keys[:-1])} and {keys[-1]}"
                )
        return history

    def moves(self, h: dict[str, Any], i: int, play: Callable[[Any, Any], object]) -> Iterator[None]:
        """Plays history ``i``'s moves ``[seat, move]`` in order with ``play(move, seat)``,
        yielding after each; a refused move is a ``save_error`` naming it."""
        for j, mv in enumerate(h["moves"]):
            if not isinstance(mv, list) or len(mv) != 2:
                raise self.save_error(f"history[{i}].moves[{j}] must be [seat, move]")
            seat, move = mv
            try:
                play(move, seat)
            except self.game_error as e:
                raise self.save_error(
                    f"{self.unit} {i + 1}, move {j + 1} ({move!r} by seat {seat!r}): {e}"
                ) from None
            yield

    def play_all(self, h: dict[str, Any], i: int, play: Callable[[Any, Any], object]) -> None:
        """:meth:`moves`, all of them."""
        for _ in self.moves(h, i, play):
            pass

    def replay(
        self, match: M, history: list[dict[str, Any]], deal: Deal, done: Deal | None = None
    ) -> Iterator[M]:
        """The replay loop: for each history entry ``deal(i, h)``, then its moves played on
        ``match`` one by one (each checked, :meth:`moves`), then ``done(i, h)`` when given.
        Yields ``match`` (the same object, played on) after each deal and after each move."""
        for i, h in enumerate(history):
            deal(i, h)
            yield match
            for _ in self.moves(h, i, match.play):
                yield match
            if done is not None:
                done(i, h)

    def positions(
        self, replay: Callable[[dict[str, Any]], Iterator[M]], data: object
    ) -> Iterator[dict[str, Any]]:
        """Every position of the save ``data``, in order, as ``replay(opened save)`` reaches
        them (each deal, then each move); every failure a ``save_error`` (:meth:`each`)."""
        return self.each(lambda opened: (m.position() for m in replay(opened)), data)

    def load_match(
        self,
        replay: Callable[[dict[str, Any]], Iterator[M]],
        data: object,
        mine: Callable[[M, object], dict[str, Any]] | None = None,
    ) -> M:
        """``Match.load``: the match the save ``data`` replays to (``replay(opened save)``'s
        last), its saved position checked against the replay's (``mine(match, saved
        position)``, by default the match's :meth:`position`); every failure a ``save_error``."""

        def read(data: object) -> M:
            opened = self.open(data)
            *_, m = replay(opened)
            saved = opened.get("position")
            self.check_position(saved, lambda: m.position() if mine is None else mine(m, saved))
            return m

        return self.load(read, data)

    def check_position(self, saved: object, replayed: Callable[[], dict[str, Any]]) -> None:
        """A save's position (if it has one) must be the one its moves lead to (``replayed()``)."""
        if saved is not None and saved != replayed():
            raise self.save_error("the save is inconsistent: its position differs from the replayed moves")
