"""web/dernier/rules_text.py: the in-game rules page (RULES §1–§12) and the house rules panel's texts."""

from __future__ import annotations

import importlib.util
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import get_args

import pytest

import dernier
from dernier.rules import FIELD_NAMES, Ruleset

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("it", "en")
ALLOWED_TAGS = {"h2", "h3", "p", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "strong"}
PANEL_FIELDS = {
    "anticipo",
    "chi_sbaglia_paga",
    "play_after_draw",
    "seven_penalty",
    "jolly",
    "empty_draw",
    "jolly_can_close",
    "hand_size",
    "timeout",
}


def _load(name: str) -> ModuleType:
    """Import web/dernier/<name>.py (web/ is not a package: PyScript runs it as plain files)."""
    module_name = f"dernier_web_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, ROOT / "web" / "dernier" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


rt = _load("rules_text")


class _Checker(HTMLParser):
    """Collects tags, attributes, text and nesting problems of a fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.problems: list[str] = []
        self.stack: list[str] = []
        self.text: list[str] = []
        self.headings: list[tuple[str, str]] = []  # (h2 or h3, its text)
        self._in_heading = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.extend(attrs)
        self.stack.append(tag)
        if tag in ("h2", "h3"):
            self._in_heading = True
            self.headings.append((tag, ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.problems.append(f"self-closing <{tag}/>")

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> does not close {self.stack[-1:] or 'anything'}")
        else:
            self.stack.pop()
        if tag in ("h2", "h3"):
            self._in_heading = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in_heading:
            tag, text = self.headings[-1]
            self.headings[-1] = (tag, text + data)

    def handle_comment(self, data: str) -> None:
        self.problems.append("comment")

    def handle_decl(self, decl: str) -> None:
        self.problems.append("declaration")

    def handle_pi(self, data: str) -> None:
        self.problems.append("processing instruction")


def _check(html: str) -> _Checker:
    c = _Checker()
    c.feed(html)
    c.close()
    return c


def test_both_languages_are_present() -> None:
    assert set(rt.RULES_HTML) == set(LANGS) == set(rt.LANGS)
    for lang in LANGS:
        assert len(rt.RULES_HTML[lang]) > 3000, lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_section_from_1_to_12_is_cited(lang: str) -> None:
    html = rt.RULES_HTML[lang]
    cited = {int(n) for n in re.findall(r"§(\d+)", html)}
    assert set(range(1, 13)) <= cited, f"missing § {sorted(set(range(1, 13)) - cited)}"
    assert cited <= set(range(1, 14)), f"RULES.md has no § {sorted(cited - set(range(1, 14)))}"


@pytest.mark.parametrize("lang", LANGS)
def test_official_sections_are_headings_in_order(lang: str) -> None:
    """The official preset comes first, one h3 per section §1–§11; then traditional, then §12,
    then the hand review and hints (what the page's review figures mean)."""
    c = _check(rt.RULES_HTML[lang])
    numbered = [int(m.group(1)) for _, h in c.headings if (m := re.match(r"§(\d+)\b", h))]
    assert numbered == list(range(1, 13))
    h2 = [text for tag, text in c.headings if tag == "h2"]
    assert len(h2) == 5  # title, official, traditional, house variants, review
    assert h2[3].startswith("§12")


@pytest.mark.parametrize("lang", LANGS)
def test_html_is_a_safe_static_fragment(lang: str) -> None:
    html = rt.RULES_HTML[lang]
    c = _check(html)
    assert not c.problems, c.problems
    assert not c.stack, f"unclosed: {c.stack}"
    assert set(c.tags) <= ALLOWED_TAGS, set(c.tags) - ALLOWED_TAGS
    assert not [name for name, _ in c.attrs if name.lower().startswith("on")]
    assert not c.attrs, "no attributes at all: no styles, ids or handlers"
    lowered = html.lower()
    for bad in ("<script", "<style", "javascript:", "<img", "<iframe", "&lt;", "<!"):
        assert bad not in lowered, bad


def test_both_languages_have_the_same_structure() -> None:
    """The translations are parallel: the same tags in the same order."""
    it, en = (_check(rt.RULES_HTML[lang]).tags for lang in LANGS)
    assert it == en


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", ["Cuori", "Quadri", "Fiori", "Picche", "rosso", "giallo", "verde", "blu", "Dernier"]),
        ("en", ["Hearts", "Diamonds", "Clubs", "Spades", "red", "yellow", "green", "blue", "Dernier"]),
    ],
)
def test_suits_and_colours_are_named(lang: str, words: list[str]) -> None:
    text = " ".join(_check(rt.RULES_HTML[lang]).text)
    for word in words:
        assert word in text, word


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_match_the_presets(lang: str) -> None:
    """The page states the presets' numbers (RULES §2, §6, §9)."""
    text = " ".join(" ".join(_check(rt.RULES_HTML[lang]).text).split())
    off, trad = dernier.OFFICIAL, dernier.TRADITIONAL
    assert f"{off.min_players} " in text and f" {off.max_players} " in text
    assert f"{trad.min_players} " in text and f" {trad.max_players} " in text
    assert f"{off.hand_size} " in text and f"{trad.hand_size} " in text
    assert str(off.deck_size) in text and str(trad.deck_size) in text
    assert str(off.out_bonus) in text
    for value in ("15", "11", "10"):
        assert value in text


def test_house_rules_cover_the_panel_fields_in_both_languages() -> None:
    assert set(rt.HOUSE_RULES) == PANEL_FIELDS
    assert set(rt.HOUSE_RULE_LABELS) == PANEL_FIELDS
    assert PANEL_FIELDS <= FIELD_NAMES, "every panel field is a Ruleset field"
    for field, texts in rt.HOUSE_RULES.items():
        assert set(texts) == set(LANGS), field
        for lang, line in texts.items():
            assert line.strip() and "\n" not in line, (field, lang)
            assert "<" not in line and ">" not in line, "plain text, set with textContent"
            assert re.search(r"§(\d+)", line), (field, lang)
        for lang in LANGS:
            assert rt.HOUSE_RULE_LABELS[field][lang].strip(), (field, lang)


def test_choice_labels_name_every_value_of_the_choice_fields() -> None:
    for field, choices in rt.CHOICE_LABELS.items():
        assert field in PANEL_FIELDS
        literal = {f.name: f.type for f in Ruleset.__dataclass_fields__.values()}[field]
        values = set(get_args(getattr(sys.modules["dernier.rules"], str(literal))))
        assert set(choices) == values, field
        for value, texts in choices.items():
            assert set(texts) == set(LANGS), (field, value)
            dernier.ruleset("traditional", **{field: value})  # a real value of the field
    assert set(rt.CHOICE_LABELS) == {"jolly", "empty_draw", "timeout"}
