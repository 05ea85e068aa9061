"""Scala 40's post-hand review in the page (:class:`web.shell.reviews.Review`): the review of
:mod:`scala40.review` — each of the seat's choices played out with the true hands against the
other moves it had, in penalty points (RULES §11) — with how many choices were the best found,
the points lost in all and the costliest choices, in the player's words."""

from __future__ import annotations

from typing import Any

from scala40.review import DEFAULT_WORLDS, review_steps
from web.scala40.words import move_words
from web.shell.i18n import t
from web.shell.replaybook import Replayed
from web.shell.reviews import Review, Section, Steps

#: the review's seed (the command line's default: both give the same figures)
SEED = 0


def points(x: float) -> str:
    """Average penalty points as a player reads them: whole from 10, else one decimal."""
    return str(round(x)) if abs(x) >= 10 else f"{x:.1f}".removesuffix(".0")


def choice_words(d: dict[str, Any], which: str, lang: str) -> str:
    """The played or the best move of a judged choice, as advice (``discard 9♥``)."""
    return move_words(d[which], lang, taken=d.get("top"), hint=True, melds=d.get("melds"))


class Scala40Review(Review):
    def steps(self, m: Replayed, seat: int, hands: list[int], slice_ms: float) -> Steps:
        result = yield from review_steps(
            m.record, DEFAULT_WORLDS, SEED, hands=hands, seats=[seat], slice_ms=slice_ms
        )
        return {**result, "asked": {"seat": seat, "hands": hands}}

    def sections(self, result: dict[str, Any], names: list[str], lang: str) -> list[Section]:
        out: list[Section] = []
        asked = result.get("asked")
        if asked and not result["hands"]:  # the seat was out of the match in those hands (§12)
            seat = int(asked["seat"])
            for n in asked["hands"]:
                heading = t(lang, "review_hand_heading", n=n, who=names[seat])
                out.append(Section(int(n), seat, heading, empty=t(lang, "review_no_choices")))
        for hand in result["hands"]:
            n = int(hand["hand"])
            for row in hand["seats"]:
                seat = int(row["seat"])
                sec = Section(n, seat, t(lang, "review_hand_heading", n=n, who=names[seat]))
                if not row["choices"]:
                    sec.empty = t(lang, "review_no_choices")
                    out.append(sec)
                    continue
                sec.figures = t(
                    lang, "s40_review_figures", best=row["best"], n=row["choices"], lost=points(row["lost"])
                )
                sec.figures_data = {"accuracy": str(row["accuracy"]), "lost": str(row["lost"])}
                sec.empty = t(lang, "review_clean")
                for j in row["worst"]:
                    d = row["decisions"][j]
                    text = t(
                        lang,
                        "s40_review_worst",
                        n=d["move_no"],
                        played=choice_words(d, "played", lang),
                        best=choice_words(d, "best", lang),
                        cost=points(d["cost"]),
                        paid=points(d["values"][d["played"]]),
                        better=points(d["values"][d["best"]]),
                    )
                    facts = {
                        "move-no": str(d["move_no"]),
                        "played": d["played"],
                        "best": d["best"],
                        "cost": str(d["cost"]),
                    }
                    sec.items.append((text, facts))
                out.append(sec)
        return out


REVIEW = Scala40Review()
