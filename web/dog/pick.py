"""Choosing a move on DOG's board, click by click (plain Python, no browser): a card, a
rank for a Jolly, a pawn, a target; a 7 part by part (CONTRACT "In the page").

Everything is read from the seat's legal moves: a pawn lights up only when some legal move
of the chosen card moves it, a target only when a legal move takes it there, and a 7 only
offers parts that continue some legal move (its prefixes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from web.dog.board import steps

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SEVEN_STEPS = 7


def card_of(move: str) -> str | None:
    """The card a move plays (``JK`` for a Jolly), or None (give, fold, …)."""
    head = move.split(" ")[0]
    if head in ("give", "fold", "abandon", "timeout"):
        return None
    return head.split("=")[0]


def rank_of(code: str) -> str:
    return code[:-1] if code != "JK" else "JK"


def head_of(move: str) -> str:
    """The first token: ``7H`` or ``JK=7``."""
    return move.split(" ")[0]


def is_seven(head: str) -> bool:
    return head == "JK=7" or (head != "JK" and rank_of(head) == "7")


def usable_cards(legal: list[str]) -> set[str]:
    """Cards of the hand with at least one legal move now."""
    return {c for m in legal if (c := card_of(m)) is not None}


def gives(legal: list[str]) -> set[str]:
    return {m.split(" ")[1] for m in legal if m.startswith("give ")}


def jolly_ranks(legal: list[str]) -> set[str]:
    """The ranks a Jolly may be played as now."""
    return {head_of(m)[3:] for m in legal if m.startswith("JK=")}


@dataclass
class Pick:
    """A move being chosen: the card's head (``5H``, ``JK=7``), the 7's parts so far and
    the pawn chosen (its field, or ``n<s>`` for a pawn coming out)."""

    head: str
    parts: list[tuple[str, str]] = field(default_factory=list)
    pawn: str | None = None

    def options(self, legal: list[str]) -> list[str]:
        """The legal moves this card (and the 7's parts so far) can still become."""
        prefix = " ".join([self.head, *(f"{a}-{b}" for a, b in self.parts)])
        return [m for m in legal if m == prefix or m.startswith(prefix + " ")]

    def rest(self, move: str) -> list[str]:
        """The tokens of ``move`` after the head and the parts chosen."""
        return move.split(" ")[1 + len(self.parts) :]

    def movable(self, legal: list[str], nest: str) -> list[str]:
        """Fields of the pawns that may move next (``nest`` stands for ``out``)."""
        out: list[str] = []
        for m in self.options(legal):
            rest = self.rest(m)
            if not rest:
                continue
            tok = rest[0]
            f = nest if tok == "out" else tok.replace("x", "-").split("-")[0] if tok != "idle" else None
            if f is not None and f not in out:
                out.append(f)
        return out

    def targets(self, legal: list[str], pawn: str, nest: str) -> list[tuple[str, str]]:
        """``(target field, the move's next token)`` for the chosen pawn."""
        out: list[tuple[str, str]] = []
        for m in self.options(legal):
            rest = self.rest(m)
            if not rest:
                continue
            tok = rest[0]
            if tok == "out" and pawn == nest:
                out.append((nest, tok))
            elif "-" in tok or "x" in tok:
                a, b = tok.replace("x", "-").split("-")
                if a == pawn and (b, tok) not in out:
                    out.append((b, tok))
        return out

    def left(self) -> int:
        """Steps of a 7 still to move."""
        return SEVEN_STEPS - sum(steps(a, b) for a, b in self.parts)

    def choose(self, legal: list[str], token: str) -> str | None:
        """Take ``token`` (``out``, ``12-17``, ``12x40``): the whole move when it completes
        one, else None (a 7's part added)."""
        self.pawn = None
        whole = " ".join([self.head, *(f"{a}-{b}" for a, b in self.parts), token])
        if whole in legal:
            return whole
        a, b = token.split("-")
        self.parts.append((a, b))
        return None

    def undo(self) -> None:
        if self.parts:
            self.parts.pop()
        self.pawn = None
