"""Ten's words and rules page."""

STRINGS = {"ten_total": ("Total {n}", "Totale {n}")}
RULES_HTML = {"en": "<p>Add 1, 2 or 3; reach 10 to win.</p>", "it": "<p>Aggiungi 1, 2 o 3; arriva a 10.</p>"}


def help_lines(lang: str, session: object, state: object) -> list[tuple[str, str]]:
    """Ten's "How to play" lines."""
    return [
        (
            "",
            "Add 1, 2 or 3 to the total; who reaches 10 wins."
            if lang == "en"
            else "Aggiungi 1, 2 o 3; chi arriva a 10 vince.",
        )
    ]
