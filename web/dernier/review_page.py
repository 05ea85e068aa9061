"""Dernier's post-hand review in the page (:class:`web.shell.reviews.Review`): the review of
:mod:`dernier.review` (each choice's chance to win, by playouts) and its findings in the
player's words."""

from __future__ import annotations

from typing import Any

from dernier.match import Match
from dernier.review import review_steps
from web.dernier.describe import move_text
from web.shell.i18n import t
from web.shell.reviews import Review, Section, Steps


def _move_words(move: str, lang: str) -> str:
    if move in ("draw", "pass"):
        return t(lang, move)
    if move.startswith(":"):
        return move_text("JS" + move).split(" ", 1)[-1]
    return move_text(move) + (" !" if move.endswith("!") else "")


def reason_words(reason: dict[str, Any], lang: str) -> str:
    """A review reason (``dernier.review.reason``) in the page's words."""
    code = str(reason.get("code", "other"))
    fields = {
        "move": _move_words(str(reason.get("move", "")), lang),
        "played": _move_words(str(reason.get("played", "")), lang),
        "pending": reason.get("pending", ""),
        "suit": t(lang, "suit_" + str(reason.get("suit", ""))),
        "effect": t(lang, "review_effect_" + str(reason.get("effect", ""))),
    }
    key = "review_reason_" + code
    return t(lang, key, **fields) if t(lang, key) != key else t(lang, "review_reason_other", **fields)


class DernierReview(Review):
    def steps(self, m: Match, seat: int, hands: list[int], slice_ms: float) -> Steps:
        return review_steps(m, seats=[seat], hands=hands, slice_ms=slice_ms)

    def sections(self, result: dict[str, Any], names: list[str], lang: str) -> list[Section]:
        out: list[Section] = []
        for hand in result["hands"]:
            for s in hand["seats"]:
                sec = Section(
                    hand["hand"],
                    s["seat"],
                    t(lang, "review_hand_heading", n=hand["hand"], who=names[s["seat"]]),
                )
                out.append(sec)
                if not s["decisions"]:
                    sec.empty = t(lang, "review_no_choices")
                    continue
                sec.figures = t(
                    lang,
                    "review_figures",
                    acc=round(100 * s["accuracy"]),
                    lost=f"{100 * s['lost']:.1f}",
                    n=len(s["decisions"]),
                )
                sec.figures_data = {"accuracy": str(s["accuracy"])}
                sec.empty = t(lang, "review_clean")
                for i in s["worst"]:
                    d = s["decisions"][i]
                    text = t(
                        lang,
                        "review_mistake",
                        move_no=d["move_no"],
                        played=_move_words(d["played"], lang),
                        win_played=round(100 * d["win_played"]),
                        best=_move_words(d["best"], lang),
                        win_best=round(100 * d["win_best"]),
                    )
                    facts = {"played": d["played"], "best": d["best"], "cost": str(d["cost"])}
                    sec.items.append((text + " — " + reason_words(d["reason"], lang), facts))
        return out


REVIEW = DernierReview()
