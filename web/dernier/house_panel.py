"""Dernier's house rules panel on the start screen (browser only): the house rules a player
switches on (anticipo, chi sbaglia paga: RULES §12) and the preset fields changed one by one
(RULES §2 §5 §6 §8 §11), as ``GameSpec.options_panel`` gives it to the shell's start screen.
Its controls are the page's ``#house-rules`` (``#opt-<field>``, ``data-house-label``,
``data-house-help``), built by the panel in the shell's container when Dernier is the game."""

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


#: the panel's markup, in English (:meth:`HousePanel.translate` writes the page's language):
#: its ids and ``data-*`` hooks are the CONTRACT's, exactly as the page always had them
MARKUP = """
<details id="house-rules" class="house-rules field wide">
  <summary data-i18n="house_rules">House rules</summary>
  <div class="house-rule">
    <input id="opt-anticipo" name="anticipo" type="checkbox" data-house="anticipo" aria-describedby="help-anticipo">
    <label for="opt-anticipo" data-house-label="anticipo">Anticipo (jump-in)</label>
    <p id="help-anticipo" class="house-help" data-house-help="anticipo">Anticipo (jump-in, two decks only): holding a card identical to the top card (same rank and suit), play it out of turn; not on J, Q, K, 7, Ace or Jolly, nor with one card left (§12).</p>
    <p id="anticipo-needs" class="house-help needs" data-i18n="house_two_decks">Anticipo needs two decks: choose the traditional rules.</p>
  </div>
  <div class="house-rule">
    <input id="opt-chi_sbaglia_paga" name="chi_sbaglia_paga" type="checkbox" data-house="chi_sbaglia_paga" aria-describedby="help-chi_sbaglia_paga">
    <label for="opt-chi_sbaglia_paga" data-house-label="chi_sbaglia_paga">Chi sbaglia paga (who errs pays)</label>
    <p id="help-chi_sbaglia_paga" class="house-help" data-house-help="chi_sbaglia_paga">Chi sbaglia paga (who errs pays): an illegal play costs 2 cards instead of being refused (§12).</p>
  </div>
  <div class="house-rule variant">
    <label for="opt-play_after_draw" data-house-label="play_after_draw">Play the card just drawn</label>
    <select id="opt-play_after_draw" name="play_after_draw" data-variant="play_after_draw" aria-describedby="help-play_after_draw"><option value="true" data-i18n="house_on">on</option><option value="false" data-i18n="house_off">off</option></select>
    <p id="help-play_after_draw" class="house-help" data-house-help="play_after_draw">On: a card you have just drawn may be played at once if it fits (official). Off: draw and pass (traditional) (§5).</p>
  </div>
  <div class="house-rule variant">
    <label for="opt-seven_penalty" data-house-label="seven_penalty">Cards drawn for a 7</label>
    <select id="opt-seven_penalty" name="seven_penalty" data-variant="seven_penalty" aria-describedby="help-seven_penalty"><option value="2">2</option><option value="1">1</option></select>
    <p id="help-seven_penalty" class="house-help" data-house-help="seven_penalty">How many cards the previous player draws for a 7: 2 (official) or 1 (traditional) (§6).</p>
  </div>
  <div class="house-rule variant">
    <label for="opt-jolly" data-house-label="jolly">Jolly</label>
    <select id="opt-jolly" name="jolly" data-variant="jolly" aria-describedby="help-jolly"><option value="suit">chooses the suit, +4</option><option value="wild">wild (becomes any card)</option></select>
    <p id="help-jolly" class="house-help" data-house-help="jolly">Jolly “suit”: it chooses the suit and the next player draws 4 (official); “wild”: it becomes the card you name (traditional) (§6).</p>
  </div>
  <div class="house-rule variant">
    <label for="opt-empty_draw" data-house-label="empty_draw">Empty draw pile</label>
    <select id="opt-empty_draw" name="empty_draw" data-variant="empty_draw" aria-describedby="help-empty_draw"><option value="end">the hand ends</option><option value="reshuffle">reshuffle the discards</option></select>
    <p id="help-empty_draw" class="house-help" data-house-help="empty_draw">Empty draw pile: the hand ends and is scored (official), or the discard pile is shuffled into a new draw pile (traditional) (§8).</p>
  </div>
  <div class="house-rule variant">
    <label for="opt-jolly_can_close" data-house-label="jolly_can_close">Go out with a Jolly</label>
    <select id="opt-jolly_can_close" name="jolly_can_close" data-variant="jolly_can_close" aria-describedby="help-jolly_can_close"><option value="true" data-i18n="house_on">on</option><option value="false" data-i18n="house_off">off</option></select>
    <p id="help-jolly_can_close" class="house-help" data-house-help="jolly_can_close">On: you may go out with a Jolly as your last card (official). Off: a Jolly may not be the last card (traditional) (§8).</p>
  </div>
  <div class="house-rule variant">
    <label for="opt-hand_size" data-house-label="hand_size">Cards dealt</label>
    <select id="opt-hand_size" name="hand_size" data-variant="hand_size" aria-describedby="help-hand_size"><option value="4">4</option><option value="5">5</option><option value="6">6</option><option value="7">7</option><option value="8">8</option><option value="9">9</option><option value="10">10</option></select>
    <p id="help-hand_size" class="house-help" data-house-help="hand_size">Cards dealt to each player: 5 (official), 9 (traditional) (§2).</p>
  </div>
  <div class="house-rule variant">
    <label for="opt-timeout" data-house-label="timeout">Time running out</label>
    <select id="opt-timeout" name="timeout" data-variant="timeout" aria-describedby="help-timeout"><option value="lose">the match is lost</option><option value="penalty">lose turn, +1 card</option></select>
    <p id="help-timeout" class="house-help" data-house-help="timeout">Time running out: you lose the match (official), or only your turn and one card (traditional) (§11).</p>
  </div>
</details>
"""  # noqa: E501


class HousePanel:
    """The panel (:class:`web.shell.games.OptionsPanel`)."""

    def build(self, container: Any) -> None:
        """The panel in the shell's ``container`` (once: its controls keep what they hold)."""
        if not by_id("house-rules"):
            container.innerHTML = MARKUP.strip()

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
