"""Ten's words and rules page."""

STRINGS = {"ten_total": ("Total {n}", "Totale {n}")}
RULES_HTML = {"en": "<p>Add 1, 2 or 3; reach 10 to win.</p>", "it": "<p>Aggiungi 1, 2 o 3; arriva a 10.</p>"}
