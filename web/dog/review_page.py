"""DOG's post-game review in the page (:class:`web.shell.reviews.Review`): the review of
:mod:`dog.review` — at each of the seat's choices, the medium bot's move from the same view,
both judged on the true board by the bots' evaluation of the team's position — with the
seat's agreement, what it lost per choice and its costliest choice, in the player's words."""

from __future__ import annotations

from typing import Any

from dog.review import review_steps
from web.dog.words import log_line
from web.shell.i18n import t
from web.shell.replaybook import Replayed
from web.shell.reviews import Review, Section, Steps

#: the bot whose moves a choice is measured against (the CLI's default)
LEVEL = "medium"


def fields(x: float) -> str:
    """A cost in fields as a player counts them: whole from 10 on ("149"), else "2.5"."""
    return f"{x:.0f}" if x >= 10 else f"{x:.1f}"


class DogReview(Review):
    def steps(self, m: Replayed, seat: int, hands: list[int], slice_ms: float) -> Steps:
        return review_steps(m.record, LEVEL, seed=0, games=hands, seats=[seat])

    def sections(self, result: dict[str, Any], names: list[str], lang: str) -> list[Section]:
        out: list[Section] = []
        game = int(result["games"])
        for row in result["seats"]:
            if not row["decisions"]:
                continue
            seat = int(row["seat"])
            sec = Section(game, seat, t(lang, "review_hand_heading", n=game, who=names[seat]))
            sec.figures = t(
                lang,
                "dog_review_figures",
                pct=round(100 * row["agreement"]),
                n=row["decisions"],
                lost=fields(float(row["lost_per_decision"])),
            )
            sec.figures_data = {"accuracy": str(row["agreement"])}
            sec.empty = t(lang, "review_clean")
            worst = row["worst"]
            if worst and worst["lost"] > 0:
                words = {
                    k: log_line(lang, names, seat, worst[k], prefix="dog_hint", faces=True)
                    for k in ("played", "bot")
                }
                lost = fields(float(worst["lost"]))
                text = t(lang, "dog_review_worst", move_no=worst["move_no"], lost=lost, **words)
                sec.items.append(
                    (text, {"played": worst["played"], "best": worst["bot"], "cost": str(worst["lost"])})
                )
            out.append(sec)
        return out


REVIEW = DogReview()
