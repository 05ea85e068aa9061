"""Dernier's house rules panel on the start screen (browser only): the house rules a player
switches on (anticipo, chi sbaglia paga: RULES §12) and the preset fields changed one by one
(RULES §2 §5 §6 §8 §11), as ``GameSpec.options_panel`` gives it to the shell's start screen.
Its controls are the page's ``#house-rules`` (``#opt-<field>``, ``data-house-label``,
``data-house-help``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyscript import document

from web.dernier.options import HOUSE_RULES, TWO_DECK_RULES, TWO_DECKS, VARIANTS, max_hand_sizes
from web.shell.dom import by_id, variant_text
from web.shell.i18n import rule_refs


def _preset(rules: str) -> Any:
    from dernier.rules import PRESETS

    return PRESETS.get(rules) or PRESETS["official"]


class HousePanel:
    """The panel (:class:`web.shell.games.OptionsPanel`)."""

    def translate(self, lang: str) -> None:
        """The panel's labels and one-line explanations (web.dernier.rules_text)."""
        from web.dernier.rules_text import CHOICE_LABELS, HOUSE_RULE_LABELS
        from web.dernier.rules_text import HOUSE_RULES as EXPLAINED

        for field, words in CHOICE_LABELS.items():
            sel = by_id(f"opt-{field}")
            if not sel:
                continue
            for i in range(sel.options.length):
                opt = sel.options.item(i)
                word = words.get(str(opt.value))
                if word:
                    opt.textContent = word.get(lang) or word["en"]
        for field in (*HOUSE_RULES, *VARIANTS):
            label = document.querySelector(f'[data-house-label="{field}"]')
            helptext = document.querySelector(f'[data-house-help="{field}"]')
            if label and field in HOUSE_RULE_LABELS:
                label.textContent = HOUSE_RULE_LABELS[field].get(lang) or HOUSE_RULE_LABELS[field]["en"]
            if helptext and field in EXPLAINED:
                helptext.textContent = rule_refs(EXPLAINED[field].get(lang) or EXPLAINED[field]["en"], lang)

    def sync(self, rules: str) -> None:
        """Anticipo needs two decks: only with the traditional rules; one deck cannot deal 9
        or 10 cards to six players (RULES §1 §2)."""
        two_decks = rules == TWO_DECKS
        box = by_id("opt-anticipo")
        box.disabled = not two_decks
        if not two_decks:
            box.checked = False
        by_id("anticipo-needs").hidden = two_decks
        most = max_hand_sizes()[TWO_DECKS if two_decks else "official"]
        sel = by_id("opt-hand_size")
        for i in range(sel.options.length):
            opt = sel.options.item(i)
            opt.disabled = int(opt.value) > most

    def fill_options(self, options: Mapping[str, Any]) -> None:
        for field in HOUSE_RULES:
            by_id(f"opt-{field}").checked = bool(options.get(field))

    def fill_variants(self, rules: str, variants: Mapping[str, Any]) -> None:
        """The panel's preset fields: the preset's values, changed by ``variants``."""
        base = _preset(rules)
        for field in VARIANTS:
            value = variants.get(field, getattr(base, field))
            by_id(f"opt-{field}").value = variant_text(value)

    def read_options(self, rules: str) -> dict[str, Any]:
        """The house rules as ticked (anticipo only with two decks)."""
        out = {field: bool(by_id(f"opt-{field}").checked) for field in HOUSE_RULES}
        if rules != TWO_DECKS:
            out.update(dict.fromkeys(TWO_DECK_RULES, False))
        return out

    def read_variants(self, rules: str) -> dict[str, Any]:
        """The panel's preset fields that differ from the preset."""
        base = _preset(rules)
        out: dict[str, Any] = {}
        for field, choices in VARIANTS.items():
            text = str(by_id(f"opt-{field}").value)
            value = next((c for c in choices if variant_text(c) == text), getattr(base, field))
            if value != getattr(base, field):
                out[field] = value
        return out


PANEL = HousePanel()
