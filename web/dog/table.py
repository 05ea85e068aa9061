"""DOG's table in the page (browser only): the table (a
:class:`web.shell.table.GameTable`) that builds the board's elements, draws one seat's table
state (``Session.table_state``: the engine's view of that seat) and turns taps and keys into
move strings (:mod:`web.dog.pick`). Named by :data:`web.dog.game.DOG`'s ``table``.

The elements and hooks follow CONTRACT "In the page": ``svg#board`` with ``[data-field]``
and ``[data-pawn][data-at]``, ``#hand [data-card]``, ``#give``, ``#fold``, ``#ranks``,
``#seven[data-left]``, ``#seven-undo``, ``#cancel``, ``#discard``, ``#new-game``."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Mapping
from html import escape
from typing import Any

from pyscript import document, window

from web.dog import board as geo
from web.dog.pick import RANKS, Pick, card_of, gives, is_seven, jolly_ranks, usable_cards
from web.dog.words import (
    card_spoken,
    card_text,
    card_words,
    cards_n,
    fields_words,
    letter,
    log_line,
    name_of,
    pawns_words,
    round_words,
)
from web.dog.words import field_words as field_words_of
from web.shell import table as shell_table
from web.shell.dom import by_id, clear, dialog_open, make
from web.shell.i18n import t
from web.shell.table import GameTable, check_table, fill

SVG_NS = "http://www.w3.org/2000/svg"
COLOURS = ("#d9443a", "#2f6fd6", "#2e9e57", "#e0b020")
STEP_MS = 90
#: the elements of Dernier's table this table does not use (the shell's ones are kept)
#: DOG's table (CONTRACT "In the page"): the shell's parts; its board, hand and buttons are
#: built by :meth:`DogTable.build_dog_table` before the curtain
TABLE_HTML = "\n".join(shell_table.part(name) for name in ("heading", "curtain", "talk-box", "log-box"))


def svg(tag: str, **attrs: Any) -> Any:
    el = document.createElementNS(SVG_NS, tag)
    for k, v in attrs.items():
        el.setAttribute(k.replace("_", "-"), str(v))
    return el


def board_fields(b: Any, shown: int, names: list[str], lang: str) -> None:
    """The board's ring, fields, homes and nests in the SVG ``b`` (its content replaced), turned
    so that seat ``shown`` sits at the bottom (the table's ``#board``; the replay viewer's).
    Written as one piece of markup: a board is some 230 elements, and one call to the page
    costs far less than an element at a time."""
    b.innerHTML = board_markup(shown, names, lang)
    # the seats' colours through the style object (the page's policy refuses style attributes)
    for s in range(geo.SEATS):
        fields = [str(s * geo.SPACING), f"n{s}", *(f"h{s}.{k}" for k in range(1, geo.HOME_FIELDS + 1))]
        for f in fields:
            b.querySelector(f'[data-field="{f}"]').style.setProperty("--seat", COLOURS[s])


def _attrs(**attrs: object) -> str:
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())


def _field(tag: str, label: str, **attrs: object) -> str:
    """A field of the board named as shown (see :func:`named`)."""
    return f"<{tag}{_attrs(**attrs)}{_attrs(role='img', aria_label=label, data_label=label)}></{tag}>"


def board_markup(shown: int, names: list[str], lang: str) -> str:
    """The markup of :func:`board_fields`."""

    def who(s: int) -> object:
        return names[s] if s < len(names) else s

    out = [f'<circle cx="50" cy="50" r="{geo.RADIUS}" class="dog-ring"></circle>']
    out.append('<g class="dog-numbers" aria-hidden="true">')
    for f in range(geo.TRACK):  # the fields' numbers, as the log names them
        x, y = geo.number_xy(f, shown)
        out.append(f'<text{_attrs(x=x, y=y + 0.6)} class="dog-field-no" text-anchor="middle">{f}</text>')
    out.append('</g><g class="dog-fields">')
    for f in range(geo.TRACK):
        x, y = geo.track_xy(f, shown)
        label = t(lang, "dog_field_label", f=f)
        extra: dict[str, object] = {}
        if f % geo.SPACING == 0:
            s = f // geo.SPACING
            extra = {"data_start": "true"}
            label += ", " + t(lang, "dog_start_label", who=who(s))
        out.append(
            _field("circle", label, cx=x, cy=y, r=geo.FIELD_R, class_="dog-field", data_field=f, **extra)
        )
    for s in range(geo.SEATS):
        for k in range(1, geo.HOME_FIELDS + 1):
            x, y = geo.home_xy(s, k, shown)
            label = t(lang, "dog_home_of", k=k, who=who(s))
            out.append(
                _field(
                    "circle",
                    label,
                    cx=x,
                    cy=y,
                    r=geo.FIELD_R,
                    class_="dog-field dog-home",
                    data_field=f"h{s}.{k}",
                )
            )
        x, y = geo.nest_center(s, shown)
        label = t(lang, "dog_nest_of", who=who(s))
        out.append(
            _field(
                "rect",
                label,
                x=x - 4.4,
                y=y - 4.4,
                width=8.8,
                height=8.8,
                rx=2,
                class_="dog-nest",
                data_field=f"n{s}",
            )
        )
        lx, ly = geo.nest_label_xy(s, shown)
        out.append(
            f'<text{_attrs(x=lx, y=ly + 1.1)} class="dog-nest-label" text-anchor="middle" aria-hidden="true">'
            f"{escape(letter(lang, s))}</text>"
        )
    out.append("</g>")
    return "".join(out)


def named(el: Any, label: str) -> None:
    """A field of the board named as shown (``role="img"``); its name is kept in
    ``data-label`` for when it is lit (a button) and back."""
    el.setAttribute("role", "img")
    el.setAttribute("aria-label", label)
    el.dataset.label = label


def pawn_el(s: int, pid: str, lang: str) -> Any:
    """Pawn ``pid`` (``seat.i``) of seat ``s``: its colour and its letter (colour-blind players)."""
    el = svg("g", **{"class": "dog-pawn"})
    el.dataset.pawn = pid
    el.style.setProperty("--seat", COLOURS[s])
    el.appendChild(svg("circle", r=1.95))
    label = svg("text", y=0.85, **{"text-anchor": "middle"})
    label.textContent = letter(lang, s)
    el.appendChild(label)
    return el


class DogTable(GameTable):
    """DOG's table: board, hand, buttons, log and curtain (the page's table)."""

    thinking_seats = "#dog-seats .dog-seat"  # web.shell.seats marks the one thinking

    # -- building the table ----------------------------------------------------------------

    def wire_table(self) -> None:
        self.dog_pick: Pick | None = None  #: the move being chosen
        self.dog_give: str | None = None  # the card chosen for the partner
        self.dog_ranks_for: bool = False  # the Jolly's rank chooser is open
        self.dog_shown = -1  # the seat the board is turned for
        self.dog_drawn_for: Any = None  # the session the board was drawn for
        self.dog_at: dict[str, str] = {}  # pawn id -> field, as last drawn
        self.dog_walks: dict[str, Any] = {}  # pawn id -> its walk along the track (a task)
        self.dog_log_seen = (0, 0)  # (game, lines) announced
        self.dog_state: dict[str, Any] | None = None
        #: (pawn, target) -> the pawns that move would send home
        self.dog_threats: dict[tuple[str, str], list[geo.Victim]] = {}
        self.dog_round_seen: tuple[Any, Any] | None = None  # (game, round) whose cards are shown
        self.dog_deal_task: Any = None  # the wait for the walks before a new round's cards
        self.host.on(by_id("hand"), "click", self.on_dog_hand)
        self.host.on(by_id("board"), "click", self.on_dog_board)
        self.host.on(by_id("board"), "keydown", self.on_dog_board_key)
        self.host.on(by_id("give"), "click", lambda e: self.on_dog_give())
        self.host.on(by_id("fold"), "click", lambda e: self.dog_act("fold"))
        self.host.on(by_id("cancel"), "click", lambda e: self.dog_clear())
        self.host.on(by_id("seven-undo"), "click", lambda e: self.on_dog_undo())
        self.host.on(by_id("ranks"), "click", self.on_dog_rank)
        self.host.on(document, "keydown", self.on_dog_key)
        # a phone turned: the lit targets' sizes and the zoom follow the board's new size
        self.host.on(window, "resize", lambda e: self.render_dog_hits(*self.dog_lit))
        self.dog_lit: tuple[list[list[str]], list[str], list[str]] = ([], [], [])
        self.host.on(document, "pointerdown", lambda e: setattr(self, "dog_keys", False))
        self.dog_keys = False  # the last input was a key: the lit choices take the focus

    def build(self, parts: Mapping[str, Any]) -> None:
        fill(by_id("table"), TABLE_HTML, parts)
        self.build_dog_table(parts)

    def build_dog_table(self, keep: Mapping[str, Any]) -> None:
        table = by_id("table")
        main = make("div", "dog-main")
        holder = make("div", "dog-board-box")
        board = svg("svg", id="board", viewBox="0 0 100 100", role="group")
        board.setAttribute("aria-labelledby", "board-label")
        holder.appendChild(board)
        holder.appendChild(make("p", "sr-only", t(self.host.lang, "dog_board_label"), id="board-label"))
        holder.appendChild(make("div", "dog-discard", id="discard", role="img"))
        main.appendChild(holder)
        side = make("div", "dog-side")
        side.appendChild(make("ul", "dog-seats", id="dog-seats"))
        row = make("div", "dog-row")
        row.appendChild(make("p", "dog-turn", id="turn-line"))
        row.appendChild(keep["timer"])
        side.appendChild(row)
        hand = make("div", "hand dog-hand", id="hand", role="group")
        hand.setAttribute("aria-label", t(self.host.lang, "your_hand"))
        side.appendChild(hand)
        ranks = make("div", "dog-ranks", id="ranks", role="group", hidden="")
        ranks.appendChild(
            make("p", "dog-ranks-title", t(self.host.lang, "dog_ranks_title"), data_i18n="dog_ranks_title")
        )
        for r in RANKS:
            b = make("button", "dog-rank", r, type="button")
            b.dataset.rank = r
            ranks.appendChild(b)
        side.appendChild(ranks)
        seven = make("div", "dog-seven", id="seven", hidden="")
        seven.appendChild(make("span", "dog-seven-left", id="seven-left"))
        seven.appendChild(make("span", "dog-seven-sent", id="seven-sent"))
        seven.appendChild(
            make(
                "button",
                "ghost small",
                t(self.host.lang, "dog_undo"),
                id="seven-undo",
                type="button",
                data_i18n="dog_undo",
            )
        )
        side.appendChild(seven)
        actions = make("div", "actions dog-actions", id="actions")
        for name, key, cls in (
            ("give", "dog_give", "action primary"),
            ("fold", "dog_fold", "action"),
            ("cancel", "dog_cancel", "action ghost"),
            ("new-game", "play_again", "action primary"),
            ("dog-replay", "dog_replay", "action ghost"),
            ("dog-review", "review_hand", "action ghost"),
        ):
            b = make("button", cls, t(self.host.lang, key), id=name, type="button")
            b.dataset.i18n = key
            actions.appendChild(b)
        actions.appendChild(keep["coach"])
        side.appendChild(actions)
        side.appendChild(keep["hint"])
        side.appendChild(keep["coach-text"])
        main.appendChild(side)
        table.insertBefore(main, table.querySelector("#curtain"))
        table.dataset.game = "dog"

    def draw_board(self, shown: int, names: list[str]) -> None:
        """The fields of the board turned so that ``shown`` sits at the bottom."""
        b = by_id("board")
        board_fields(b, shown, names, self.host.lang)
        # the lit choices' larger targets (WCAG 2.5.8), under the fields and pawns: a tap that
        # misses a lit field or pawn by a few pixels still takes it, a tap on another field
        # is that field's
        b.insertBefore(svg("g", id="dog-hits"), b.querySelector(".dog-fields"))
        b.appendChild(svg("g", id="dog-pawns"))
        self.dog_at = {}
        for walking in self.dog_walks.values():
            walking.cancel()
        self.dog_walks = {}

    # -- the replay viewer (web/shell/replay_ui.py) -----------------------------------------

    def draw_replay_board(self, b: dict[str, Any]) -> None:
        """A replayed position (:meth:`web.dog.replays.DogBook.board`): the board turned to the
        viewed seat with every pawn, the last card played, the round, and each seat's cards
        (a hidden hand as card backs)."""
        lang = self.host.lang
        pane = by_id("replay-board")
        shown = 0 if self.host.replay.rp_seat is None else self.host.replay.rp_seat
        board = pane.querySelector("svg.replay-own")
        if not board or str(board.dataset.shown) != str(shown):
            if board:
                board.remove()
            board = svg("svg", viewBox="0 0 100 100", role="img", **{"class": "replay-own replay-dog"})
            board.setAttribute("aria-label", t(lang, "dog_board_label"))
            board.dataset.shown = str(shown)
            board_fields(board, shown, b["names"], lang)
            board.appendChild(svg("g", **{"class": "dog-pawns"}))
            pane.insertBefore(board, pane.firstChild)
        layer = board.querySelector(".dog-pawns")
        clear(layer)
        for s, i, at, fresh, index in geo.placed(b["pawns"]):
            el = pawn_el(s, f"{s}.{i}", lang)
            el.dataset.at = at
            if fresh:
                el.dataset.fresh = "true"
            x, y = geo.field_xy(at, shown, index)
            el.setAttribute("transform", f"translate({x} {y})")
            layer.appendChild(el)
        pile = by_id("replay-discard")
        clear(pile)
        top = str(b["discard"][-1]) if b["discard"] else ""
        code, _, rank = top.partition("=")
        said = card_words(top, lang, True) if top else t(lang, "dog_no_card")
        pile.setAttribute("aria-label", t(lang, "dog_last_card") + ": " + said)
        if code:
            pile.dataset.card = code
            pile.appendChild(self.dog_card_face(code, rank))
        else:
            pile.removeAttribute("data-card")
        facts = by_id("replay-facts")
        clear(facts)
        game = int(by_id("replay").dataset.hand or 1)
        facts.appendChild(make("li", "", t(lang, "dog_round", game=game, round=b["round"], cards=b["cards"])))
        clear(by_id("replay-seats"))
        for s in range(geo.SEATS):
            n = b["counts"][s]
            chips = [letter(lang, s), cards_n(lang, n)]
            if b["given"][s]:
                gave = b["given"][s]
                said = " " + card_words(gave, lang, True) if isinstance(gave, str) else ""
                chips.append(t(lang, "dog_gave_mark") + said)
            row, cards = self.host.replay.replay_seat_row(b, s, chips)
            row.dataset.team = str(geo.team_of(s))
            row.style.setProperty("--seat", COLOURS[s])
            hand = b["hands"][s]
            if hand is None:
                self.host.replay.replay_hidden(cards, n)
                continue
            cards.setAttribute(
                "aria-label", ", ".join(card_words(c, lang, True) for c in hand) or t(lang, "none_left")
            )
            for c in hand:
                face = self.dog_card_face(c)
                face.dataset.card = c
                cards.appendChild(face)

    # -- drawing ----------------------------------------------------------------------------

    def forget_drawn(self) -> None:
        """The board (its seats' names, its pawns' letters) and the log drawn again, in the
        new language."""
        self.dog_shown = -1
        self.dog_log_seen = (0, 0)

    def seat_passed(self) -> None:
        self.dog_clear(render=False)  # the last person's choice stays with them

    def render(self, st: dict[str, Any]) -> None:
        self.dog_state = st
        names = list(st.get("names") or [])
        me = self.host.seat
        turn = st.get("turn")
        over = bool(st.get("hand_over"))
        table = self.host.mark_table(turn, over, over)  # a game of DOG is the whole match
        table.dataset.phase = str(st.get("phase"))
        winner = st.get("winner")
        if winner is None:
            table.removeAttribute("data-winner")
        else:
            table.dataset.winner = str(winner)
        by_id("hand-info").textContent = self.dog_round_info(st)
        legal = [m for m in st.get("legal") or [] if m not in ("abandon", "timeout")]
        if self.dog_pick is not None and not self.dog_pick.options(legal):
            self.dog_pick = None
        if self.dog_give is not None and f"give {self.dog_give}" not in legal:
            self.dog_give = None
        covered = self.host.curtain.show_curtain(names, bool(st.get("hand_over")))
        if self.dog_shown != me or self.dog_drawn_for is not self.host.session:
            # another seat, or another match (a lesson, a new game): the pawns are put where
            # they stand, none walks from where the last match left it
            self.draw_board(me, names)
            self.dog_shown = me
            self.dog_drawn_for = self.host.session
            self.dog_log_seen = (0, 0)  # its log from its own first move
        self.render_dog_pawns(st, legal)
        self.render_dog_seats(st, names)
        self.render_dog_discard(st)
        dealing = self.dog_hold_deal(st)
        if covered:
            clear(by_id("hand"))
            clear(by_id("log"))
            by_id("log-last").textContent = ""
            self.dog_log_seen = (0, 0)
        else:
            if dealing:  # the new round's cards come once the last pawn has arrived
                clear(by_id("hand"))
            else:
                self.render_dog_hand(st, legal)
            self.render_dog_log(st, names)
        self.render_dog_controls(st, legal, covered or dealing)
        self.render_dog_turn(st, names, legal, covered or dealing)
        self.render_timer()

    def dog_hold_deal(self, st: dict[str, Any]) -> bool:
        """A new round was dealt while pawns still walk to where the last move took them:
        its cards wait until they have arrived (then the table is drawn again)."""
        shown = (st.get("hand_no"), st.get("round"))
        if shown == self.dog_round_seen:
            return False
        walks = [w for w in self.dog_walks.values() if not w.done()]
        if not walks or self.dog_round_seen is None or st.get("hand_over"):
            self.dog_round_seen = shown
            return False
        task = self.dog_deal_task
        if task is None or task.done():
            self.dog_deal_task = asyncio.ensure_future(self.dog_after_walks(walks, shown))
        return True

    async def dog_after_walks(self, walks: list[Any], shown: tuple[Any, Any]) -> None:
        await asyncio.gather(*walks, return_exceptions=True)
        self.dog_round_seen = shown
        self.host.render()

    def dog_tally(self, st: dict[str, Any]) -> tuple[int, int, int]:
        """(games won by the shown seat's team, by the other, games to win the match)."""
        score: list[Any] = st["score"] if isinstance(st.get("score"), list) else [0, 0]
        games: int = st["games"] if isinstance(st.get("games"), int) else 1
        us = geo.team_of(self.host.seat)
        return int(score[us]), int(score[1 - us]), games

    def dog_round_info(self, st: dict[str, Any]) -> str:
        """ "Game 2 · round 3: 4 cards", and in a series (RULES §12) the games each team won."""
        lang = self.host.lang
        text = t(lang, "dog_round", game=st.get("hand_no", 1), round=st.get("round"), cards=st.get("cards"))
        us, them, games = self.dog_tally(st)
        if games > 1:
            text += " · " + t(lang, "dog_tally_short", us=us, them=them, n=games)
        return text

    def dog_helping(self, st: dict[str, Any], seat: int | None = None) -> bool:
        """``seat`` (the shown one by default) has its four pawns home: its cards move the
        partner's pawns (RULES §12)."""
        row = st["pawns"][self.host.seat if seat is None else seat]
        return all(str(p).startswith("h") for p in row)

    def dog_nest(self, st: dict[str, Any]) -> str:
        """The nest ``out`` brings a pawn from: one's own, the partner's once finished (§12)."""
        me = self.host.seat
        mine = st["pawns"][me]
        if all(str(p).startswith("h") for p in mine):
            return f"n{geo.partner(me)}"
        return f"n{me}"

    def shown_pawns(self, st: dict[str, Any]) -> list[list[str]]:
        """The pawns as drawn: the position's, with a 7's parts chosen so far played."""
        pawns: list[list[str]] = [list(row) for row in st["pawns"]]
        if self.dog_pick is not None and self.dog_pick.parts:
            pawns = geo.after_parts(pawns, self.dog_pick.parts)
        return pawns

    def dog_would_send(
        self, pick: Pick, legal: list[str], pawns: list[list[str]], tok: str, nest: str
    ) -> list[geo.Victim]:
        """The pawns choosing ``tok`` would send home (RULES §8, §11): for a 7's part, those
        of the parts that would then play by themselves too (one way left to finish it)."""
        seven = is_seven(pick.head)
        hit = geo.sends_home(pawns, tok, seven, nest)
        if not seven or "-" not in tok:
            return hit
        prefix = " ".join([pick.head, *(f"{a}-{b}" for a, b in pick.parts), tok])
        ways = [m for m in legal if m == prefix or m.startswith(prefix + " ")]
        if len(ways) != 1 or ways[0] == prefix:
            return hit
        a, b = tok.split("-")
        board = geo.after_parts(pawns, [(a, b)])
        for part in ways[0][len(prefix) + 1 :].split(" "):
            hit += geo.sends_home(board, part, True)
            x, y = part.split("-")
            board = geo.after_parts(board, [(x, y)])
        return hit

    def dog_seven_sent(self, st: dict[str, Any]) -> list[list[Any]]:
        """The pawns a 7's parts chosen so far send home: on the track before, in the nest
        on the provisional board."""
        shown = self.shown_pawns(st)
        out: list[list[Any]] = []
        for s, row in enumerate(st["pawns"]):
            for i, p in enumerate(row):
                at = geo.parse_pawn(str(p))[0]
                if geo.is_track(at) and str(shown[s][i]).startswith("n"):
                    out.append([s, i, at])
        return out

    def render_dog_pawns(self, st: dict[str, Any], legal: list[str]) -> None:
        lang = self.host.lang
        layer = by_id("dog-pawns")
        pawns = self.shown_pawns(st)
        nest = self.dog_nest(st)
        pick = self.dog_pick
        movable: list[str] = []
        targets: list[str] = []
        #: (pawn, target field) -> the pawns that move would send home (RULES §8, §11)
        threats: dict[tuple[str, str], list[geo.Victim]] = {}
        if pick is not None and st.get("turn") == self.host.seat:
            movable = pick.movable(legal, nest) if pick.pawn is None else [pick.pawn]
            for a in movable:
                for f, tok in pick.targets(legal, a, nest):
                    if pick.pawn is not None:
                        targets.append(f)
                    hit = self.dog_would_send(pick, legal, pawns, tok, nest)
                    if hit:
                        threats[(a, f)] = hit
        self.dog_threats = threats
        threatened = {f"{s}.{i}" for hit in threats.values() for s, i, _at in hit}
        sending = {f: hit for (_a, f), hit in threats.items() if f in targets}
        last = (st.get("log") or [[None, ""]])[-1][1]
        moves: list[tuple[str, Any, list[tuple[float, float]], bool]] = []
        for s, i, at, fresh, index in geo.placed(pawns):
            pid = f"{s}.{i}"
            el = layer.querySelector(f'[data-pawn="{pid}"]')
            if not el:
                el = pawn_el(s, pid, lang)
                layer.appendChild(el)
            x, y = geo.field_xy(at, self.dog_shown, index)
            old = self.dog_at.get(pid)
            el.dataset.at = at
            if fresh:
                el.dataset.fresh = "true"
            else:
                el.removeAttribute("data-fresh")
            where = at if not at.startswith("n") else t(lang, "dog_nest")
            el.setAttribute(
                "aria-label",
                t(lang, "dog_pawn_label", colour=t(lang, f"dog_colour_{s}"), i=i + 1, at=where),
            )
            on = at in movable or (at.startswith("n") and at == nest and nest in movable)
            tgt = at in targets and not at.startswith("n")
            self.dog_flag(el, "movable", on)
            self.dog_flag(el, "target", tgt)
            self.dog_flag(el, "threatened", pid in threatened)
            self.dog_flag(el, "sends", tgt and at in sending)
            if tgt and at in sending:
                el.setAttribute("aria-label", self.dog_sends_label(at, sending[at]))
            el.setAttribute("tabindex", "0" if on or tgt else "-1")
            el.setAttribute("role", "button" if on or tgt else "img")
            walking = self.dog_walks.get(pid)
            if old == at and self.dog_pick is None and walking is not None and not walking.done():
                continue  # still walking to where it stands: let it arrive
            if walking is not None:
                walking.cancel()
                del self.dog_walks[pid]
            if old is None or old == at or self.dog_pick is not None:
                el.setAttribute("transform", f"translate({x} {y})")
                el.classList.remove("going-home")
            else:
                moves.append((pid, el, self.dog_path(old, at, last, index), at.startswith("n")))
            self.dog_at[pid] = at
        nodes = by_id("board").querySelectorAll(".dog-fields [data-field]")
        for k in range(nodes.length):
            f = nodes.item(k)
            name = str(f.dataset.field)
            lit = name in targets or (name == nest and nest in movable)
            self.dog_flag(f, "target", name in targets)
            self.dog_flag(f, "sends", name in sending)
            self.dog_flag(f, "movable", name == nest and nest in movable)
            if lit:  # reachable by keyboard while lit
                f.setAttribute("tabindex", "0")
                f.setAttribute("role", "button")
                label = t(lang, "dog_field_label", f=field_words_of(lang, name))
                if name in sending:
                    label = self.dog_sends_label(name, sending[name])
                f.setAttribute("aria-label", label)
            elif f.hasAttribute("tabindex"):
                f.removeAttribute("tabindex")
                f.setAttribute("role", "img")
                f.setAttribute("aria-label", str(f.dataset.label or name))
        for pid, el, steps, home in moves:
            self.dog_walks[pid] = asyncio.ensure_future(self.dog_walk(el, steps, home))
        self.render_dog_hits(pawns, movable, targets)

    def render_dog_hits(self, pawns: list[list[str]], movable: list[str], targets: list[str]) -> None:
        """A larger transparent target under each lit field and pawn, at least 25 px across
        however small the board is drawn (WCAG 2.5.8: phones draw fields 12–15 px wide); and
        on a board too small for lit targets 26 px apart (neighbouring fields of a 7 are some
        14 px apart on a phone), the board zoomed to the part in play: the lit fields and
        pawns, and the pawn chosen."""
        layer = by_id("dog-hits")
        if layer is None:
            return
        self.dog_lit = (pawns, movable, targets)
        clear(layer)
        # the pawn chosen first (under the others: its ends win a tap between them), then
        # the fields it may go to, then the pawns a J may swap with
        placed = [(at, f"p:{s}.{i}") for s, i, at, _f, _x in geo.placed(pawns) if not at.startswith("n")]
        lit = [x for x in placed if x[0] in movable and x[0] not in targets]  # the nest: large
        lit += [(f, f"f:{f}") for f in targets if not f.startswith("n")]
        lit += [x for x in placed if x[0] in targets]
        points = [geo.field_xy(at, self.dog_shown) for at, _hit in lit]
        nests = [f for f in movable + targets if f.startswith("n")]
        points += [geo.nest_center(int(f[1:]), self.dog_shown) for f in nests]
        width = float(by_id("board").getBoundingClientRect().width or 0)
        size = self.dog_zoom(geo.zoom_box(points, width))
        if not lit:
            return
        spots = sorted(set(points))
        least = min((math.dist(a, b) for k, a in enumerate(spots) for b in spots[k + 1 :]), default=100.0)
        # 12.5 px of radius, or the field's own circle and a little more when that is larger,
        # but never over half the way to the next lit target
        r = max(geo.FIELD_R + 0.4, 12.5 * size / width) if width > 0 else 3.6
        r = max(min(r, least / 2), 12.5 * size / width) if width > 0 else r
        for at, hit in lit:
            x, y = geo.field_xy(at, self.dog_shown)
            el = svg("circle", cx=x, cy=y, r=round(r, 2), **{"class": "dog-hit"})
            el.dataset.hit = hit
            layer.appendChild(el)

    def dog_zoom(self, box: tuple[float, float, float] | None) -> float:
        """Shows the part ``box`` of the board (the whole board when ``None``); the size, in
        board units, of the square shown."""
        board = by_id("board")
        x, y, size = box if box is not None else (0.0, 0.0, 100.0)
        view = f"{x:g} {y:g} {size:g} {size:g}"
        if str(board.getAttribute("viewBox")) != view:
            board.setAttribute("viewBox", view)
        holder = board.parentElement
        if box is not None:
            holder.setAttribute("data-zoom", "true")
        else:
            holder.removeAttribute("data-zoom")
        return size

    def dog_threat_words(self) -> str:
        """What the moves on offer would send home, said before one is chosen (RULES §8):
        "Moving to 36 sends Bianca's pawn on 36 home.", the targets that send the same pawns
        in one sentence ("10 → 11–17 sends …": a 7 passing a pawn), at most two, then "…"."""
        lang = self.host.lang
        names, me = self.dog_names(), self.host.seat
        chosen = self.dog_pick is not None and self.dog_pick.pawn is not None
        groups: dict[tuple[str, str], list[str]] = {}  # (pawn moved, pawns sent) -> targets
        for (a, f), hit in self.dog_threats.items():
            pawns = pawns_words(lang, names, me, [list(v) for v in hit])
            if f.startswith("n"):  # a pawn coming out onto the start field (§10)
                f = str(geo.start_of(int(f[1:])))
            groups.setdefault(("" if chosen else a, pawns), []).append(f)
        said = []
        for (a, pawns), fields in groups.items():
            at = fields_words(lang, fields)
            if chosen:
                said.append(t(lang, "dog_would_send", at=at, pawns=pawns))
            else:
                said.append(t(lang, "dog_would_send_from", a=field_words_of(lang, a), at=at, pawns=pawns))
        more = " …" if len(said) > 2 else ""
        return "".join(" " + x for x in said[:2]) + more

    def dog_sends_label(self, at: str, hit: list[geo.Victim]) -> str:
        lang = self.host.lang
        field = t(lang, "dog_field_label", f=field_words_of(lang, at))
        pawns = pawns_words(lang, self.dog_names(), self.host.seat, [list(v) for v in hit])
        return t(lang, "dog_target_sends", field=field, pawns=pawns)

    def dog_names(self) -> list[str]:
        return list((self.dog_state or {}).get("names") or [])

    def dog_flag(self, el: Any, name: str, on: bool) -> None:
        if on:
            el.setAttribute(f"data-{name}", "true")
        else:
            el.removeAttribute(f"data-{name}")

    def dog_path(self, old: str, new: str, last: str, index: int) -> list[tuple[float, float]]:
        """The points a pawn walks through, field by field (RULES §6): straight to its nest
        when sent home, straight for a swap or coming out."""
        shown = self.dog_shown
        if new.startswith("n") or old.startswith("n") or "x" in last:
            return [geo.field_xy(new, shown, index)]
        backward = False
        if geo.is_track(old) and geo.is_track(new):
            fwd = (int(new) - int(old)) % geo.TRACK
            backward = fwd > 13 and (int(old) - int(new)) % geo.TRACK == 4
            if fwd > 13 and not backward:
                return [geo.field_xy(new, shown)]
        return [geo.field_xy(f, shown) for f in geo.path(old, new, backward)]

    async def dog_walk(self, el: Any, points: list[tuple[float, float]], home: bool) -> None:
        """A pawn walks field by field (or goes home in one slower step); the next render
        cancels a walk not finished and puts the pawn where it stands."""
        el.classList.toggle("going-home", home)
        for x, y in points:
            el.setAttribute("transform", f"translate({x} {y})")
            await asyncio.sleep((STEP_MS if not home else 450) / 1000)
        el.classList.remove("going-home")

    def render_dog_seats(self, st: dict[str, Any], names: list[str]) -> None:
        box = by_id("dog-seats")
        clear(box)
        lang = self.host.lang
        me = self.host.seat
        hands = st.get("hands") or []
        given = st.get("given") or []
        out = st.get("out") or []
        for k in range(geo.SEATS):
            s = (me + k) % geo.SEATS
            li = make("li", "dog-seat")
            li.dataset.seat = str(s)
            li.dataset.team = str(geo.team_of(s))
            li.style.setProperty("--seat", COLOURS[s])
            if st.get("turn") == s:
                li.classList.add("to-act")
            li.appendChild(make("span", "dog-letter", letter(lang, s), aria_hidden="true"))
            who = make("span", "dog-who")
            who.appendChild(make("span", "dog-name", names[s] if s < len(names) else str(s)))
            # a second line (phones: the name keeps the first line whole): team and state
            facts = make("span", "dog-facts")
            if s != me:
                tag = "dog_partner" if s == geo.partner(me) else "dog_team_them"
                facts.appendChild(make("span", "dog-team", t(lang, tag)))
            if s < len(given) and given[s] and st.get("phase") == "exchange":
                facts.appendChild(make("span", "dog-state", t(lang, "dog_gave_mark")))
            if s in out:
                facts.appendChild(make("span", "dog-state dog-out", t(lang, "dog_out_round")))
            if self.dog_helping(st, s) and not st.get("hand_over"):
                chip = make("span", "dog-state dog-helping", t(lang, "dog_helping_chip"))
                chip.setAttribute("title", t(lang, "dog_helping", who=names[geo.partner(s)]))
                facts.appendChild(chip)
            if facts.childNodes.length:
                who.appendChild(facts)
            li.appendChild(who)
            held = hands[s] if s < len(hands) else 0
            count = len(held) if isinstance(held, list) else int(held or 0)
            label = cards_n(lang, count)
            li.appendChild(make("span", "chip dog-count", f"🂠 {count}", aria_label=label))
            li.dataset.cards = str(count)
            box.appendChild(li)

    def render_dog_discard(self, st: dict[str, Any]) -> None:
        el = by_id("discard")
        pile = st.get("discard") or []
        lang = self.host.lang
        if not pile:
            el.removeAttribute("data-card")
            el.removeAttribute("data-as")
            el.textContent = t(lang, "dog_last_card") + ": " + t(lang, "dog_no_card")
            el.setAttribute("aria-label", el.textContent)
            return
        top = str(pile[-1])
        code, _, rank = top.partition("=")
        el.dataset.card = code
        if rank:
            el.setAttribute("data-as", rank)
        else:
            el.removeAttribute("data-as")
        clear(el)
        el.appendChild(make("span", "dog-discard-label", t(lang, "dog_last_card")))
        el.appendChild(self.dog_card_face(code, rank))
        el.setAttribute("aria-label", t(lang, "dog_last_card") + ": " + card_words(top, lang, True))

    def dog_card_face(self, code: str, rank: str = "") -> Any:
        r, suit = card_text(code)
        face = make("span", "dog-card")
        face.dataset.suit = code[-1] if code != "JK" else "J"
        face.appendChild(make("span", "dog-card-rank", r))
        face.appendChild(make("span", "dog-card-suit", suit if not rank else "=" + rank))
        return face

    def render_dog_hand(self, st: dict[str, Any], legal: list[str]) -> None:
        hand = by_id("hand")
        clear(hand)
        held = st["hands"][self.host.seat] if isinstance(st["hands"][self.host.seat], list) else []
        exchange = st.get("phase") == "exchange"
        usable = gives(legal) if exchange else usable_cards(legal)
        chosen = self.dog_give if exchange else (self.dog_pick.head.split("=")[0] if self.dog_pick else None)
        pressed_done = False
        got = st.get("got") if not exchange else None  # the partner's card (§4), once exchanged
        for code in held:
            b = make("button", "card dog-hand-card", None, type="button")
            b.dataset.card = code
            b.appendChild(self.dog_card_face(code))
            face = card_words(code, self.host.lang, True)
            b.setAttribute("aria-label", f"{face}, {card_spoken(code, self.host.lang)}")
            ok = code in usable
            b.setAttribute("aria-disabled", "false" if ok else "true")
            b.classList.toggle("playable", ok)
            press = code == chosen and not pressed_done
            pressed_done = pressed_done or press
            b.setAttribute("aria-pressed", "true" if press else "false")
            if got and code == got:
                got = None
                b.dataset.received = "true"
                said = t(self.host.lang, "dog_received", card=card_spoken(code, self.host.lang))
                b.setAttribute("aria-label", f"{face}, {said}")
            hand.appendChild(b)

    def render_dog_controls(self, st: dict[str, Any], legal: list[str], covered: bool) -> None:
        lang = self.host.lang
        exchange = st.get("phase") == "exchange"
        give = by_id("give")
        give.hidden = covered or not exchange or not gives(legal)
        give.disabled = self.dog_give is None
        fold = by_id("fold")
        fold.disabled = covered or "fold" not in legal
        fold.hidden = exchange or bool(st.get("hand_over"))
        pick = self.dog_pick
        ranks = by_id("ranks")
        ranks.hidden = covered or not self.dog_ranks_for
        if self.dog_ranks_for:
            allowed = jolly_ranks(legal)
            nodes = ranks.querySelectorAll("[data-rank]")
            for i in range(nodes.length):
                b = nodes.item(i)
                b.disabled = str(b.dataset.rank) not in allowed
        seven = by_id("seven")
        if pick is not None and is_seven(pick.head) and not covered:
            seven.hidden = False
            left = pick.left()
            seven.dataset.left = str(left)
            by_id("seven-left").textContent = t(lang, "dog_seven_left", n=left)
            sent = self.dog_seven_sent(st)
            by_id("seven-sent").textContent = (
                t(lang, "dog_seven_sent", pawns=pawns_words(lang, self.dog_names(), self.host.seat, sent))
                if sent
                else ""
            )
            by_id("seven-undo").disabled = not pick.parts
        else:
            seven.hidden = True
            seven.removeAttribute("data-left")
        idle = pick is None and not self.dog_ranks_for and self.dog_give is None
        by_id("cancel").hidden = covered or idle
        # a game's end is shown on the table: its buttons are the shell's flows (the next
        # game of the series, or a new match; the replay; the review), worded by the shell
        self.host.flows.end_buttons(
            bool(st.get("hand_over")), by_id("new-game"), by_id("dog-replay"), by_id("dog-review")
        )

    def render_dog_turn(self, st: dict[str, Any], names: list[str], legal: list[str], covered: bool) -> None:
        lang = self.host.lang
        line = by_id("turn-line")
        me = self.host.seat
        turn = st.get("turn")
        if st.get("hand_over"):
            text = self.dog_result(st)
        elif covered:
            text = ""
        elif st.get("phase") == "exchange":
            if gives(legal):
                text = t(lang, "dog_exchange_pick")
            elif st.get("gave"):
                text = t(lang, "dog_exchange_wait", card=card_words(str(st.get("gave")), lang, True))
            else:
                text = t(lang, "dog_wait_exchange")
        elif turn == me:
            pick = self.dog_pick
            if legal == ["fold"]:
                text = t(lang, "dog_must_fold")
            elif pick is None:
                text = t(lang, "dog_your_turn")
            elif pick.pawn is None:
                text = t(lang, "dog_pick_pawn")
                text += self.dog_threat_words()
            else:
                jack = (pick.head.startswith("J") and pick.head[1:2] != "K") or pick.head == "JK=J"
                text = t(lang, "dog_pick_swap" if jack else "dog_pick_target")
                text += self.dog_threat_words()

        else:
            who = names[turn] if isinstance(turn, int) and turn < len(names) else ""
            text = t(lang, "dog_wait_turn", who=who)
        lost = "" if covered or st.get("hand_over") else self.dog_lost_words(st, names)
        if lost:  # easy to miss in the log's one line: said first, until the seat plays (§8)
            text = lost + " " + text
        if self.dog_helping(st) and not st.get("hand_over") and not covered:
            mate = self.dog_name(geo.partner(me))
            text = t(lang, "dog_for_partner", who=mate) + " " + text
        held = st["hands"][me] if isinstance(st["hands"][me], list) else []
        if st.get("got") in held and st.get("phase") == "play" and not covered:
            got = t(lang, "dog_received", card=card_words(str(st.get("got")), lang, True))
            text = got + " " + text if turn == me and self.dog_pick is None else text
        line.textContent = text
        key = (turn, st.get("phase"), st.get("round"))
        if turn == me and key != getattr(self, "dog_turn_said", None) and not covered:
            self.dog_turn_said = key
            self.host.say.announce(text)
        elif lost and lost != getattr(self, "dog_lost_said", ""):
            self.host.say.announce(text)
        self.dog_lost_said = lost

    def dog_lost_words(self, st: dict[str, Any], names: list[str]) -> str:
        """The shown seat's pawns sent home by the others' moves since its own last move
        (RULES §8): "Bianca sent your pawn on 61 home." (empty when none)."""
        lang, me = self.host.lang, self.host.seat
        said: list[str] = []
        for e in reversed(st.get("log") or []):
            if not isinstance(e, list) or len(e) < 2:
                continue
            if e[0] == me and not str(e[1]).startswith("give"):
                break
            fx = e[2] if len(e) > 2 and isinstance(e[2], dict) else {}
            sent = [p for p in fx.get("sent") or [] if isinstance(p, list) and p and p[0] == me]
            if sent and isinstance(e[0], int):
                pawns = pawns_words(lang, names, me, sent)
                said.append(t(lang, "dog_lost", who=name_of(names, e[0]), pawns=pawns))
        return " ".join(reversed(said))

    def dog_result(self, st: dict[str, Any]) -> str:
        lang = self.host.lang
        winner = st.get("winner")
        us = geo.team_of(self.host.seat)
        ended = st.get("ended")
        if ended in ("abandon", "timeout"):
            how = t(lang, f"dog_how_{ended}")
            series = " " + t(lang, "dog_series_ended") if self.dog_tally(st)[2] > 1 else ""
            return t(lang, "dog_won_ended" if winner == us else "dog_lost_ended", how=how) + series
        mine, theirs, games = self.dog_tally(st)
        if games > 1 and max(mine, theirs) >= games:  # the match is decided: its winner said once
            if mine >= games:
                return t(lang, "dog_home_us") + " " + t(lang, "dog_match_won_us", us=mine, them=theirs)
            return t(lang, "dog_match_won_them", us=mine, them=theirs)
        more: str = self.dog_series_words(st)
        return t(lang, "dog_won_us" if winner == us else "dog_won_them") + more

    def dog_series_words(self, st: dict[str, Any]) -> str:
        """After a game of a series (RULES §12): the games each team has won, and who won the
        match once it is over."""
        lang = self.host.lang
        mine, theirs, games = self.dog_tally(st)
        if games <= 1:
            return ""
        if mine >= games or theirs >= games:
            key = "dog_match_won_us" if mine >= games else "dog_match_won_them"
            return " " + t(lang, key, us=mine, them=theirs)
        return " " + t(lang, "dog_tally", us=mine, them=theirs, n=games)

    def render_dog_log(self, st: dict[str, Any], names: list[str]) -> None:
        log = st.get("log") or []
        box = by_id("log")
        game = int(st.get("hand_no") or 1)
        seen_game, seen = self.dog_log_seen
        if seen_game != game or seen > len(log):
            clear(box)
            by_id("log-last").textContent = ""  # no line of the last match or lesson stays
            seen = 0
        me = self.host.seat
        lines = []
        for e in log[seen:]:
            fx = e[2] if len(e) > 2 and isinstance(e[2], dict) else None
            text = log_line(self.host.lang, names, int(e[0]), str(e[1]), fx=fx, me=me)
            lines.append(text)
            box.appendChild(make("li", "", text))
            dealt = round_words(self.host.lang, fx)
            if dealt:  # the next round begins: a separator in the log (RULES §4)
                box.appendChild(make("li", "dog-log-round", dealt))
                lines.append(dealt)
        if lines:
            by_id("log-last").textContent = lines[-1]
            if seen:  # the moves since the last render, for screen readers
                self.host.say.announce(" · ".join(lines[-3:]))
        box.scrollTop = box.scrollHeight  # the newest moves in view (the box may have grown)
        self.dog_log_seen = (game, len(log))

    def render_timer(self) -> None:
        st = self.dog_state
        turn = st.get("turn") if st else None
        if not st or turn is None or st.get("hand_over"):
            self.host.clock.draw_timer(0, None, False)
            return
        key = (int(st.get("hand_no") or 1), int(st.get("move_no") or 0), turn)  # each move its clock
        self.host.clock.draw_timer(int(st.get("timer") or 0), key, turn == self.host.seat)

    def open_summary(self, *args: Any) -> None:
        """The end of a game is shown on the table itself (the result line, ``#new-game``)."""

    # -- input ------------------------------------------------------------------------------

    def dog_legal(self) -> list[str]:
        st = self.dog_state or {}
        return [m for m in st.get("legal") or [] if m not in ("abandon", "timeout")]

    def dog_act(self, move: str) -> None:
        self.dog_pick = None
        self.dog_give = None
        self.dog_ranks_for = False
        refused = self.host.act(move)
        if refused:
            self.host.say.hint(t(self.host.lang, "dog_refused", why=refused), refused=True)
            self.host.render()
        else:
            self.host.say.hint("")

    def dog_clear(self, render: bool = True) -> None:
        self.dog_pick = None
        self.dog_give = None
        self.dog_ranks_for = False
        if render:
            self.host.say.hint("")
            self.host.render()

    def on_dog_hand(self, evt: Any) -> None:
        btn = evt.target.closest("[data-card]")
        if not btn or self.curtain_up():
            return
        code = str(btn.dataset.card)
        st = self.dog_state or {}
        legal = self.dog_legal()
        if st.get("phase") == "exchange":
            if code in gives(legal):
                self.dog_give = None if self.dog_give == code else code
                self.host.render()
            return
        if code not in usable_cards(legal):
            why = self.dog_unusable_why(code)
            if st.get("turn") != self.host.seat:
                why = t(self.host.lang, "dog_wait_turn", who=self.dog_name(st.get("turn")))
            self.host.say.hint(why, refused=True)
            return
        self.host.say.hint("")
        if code == "JK":
            ranks = jolly_ranks(legal)
            if len(ranks) == 1:
                self.dog_start(f"JK={next(iter(ranks))}")
                return
            self.dog_pick = None
            self.dog_ranks_for = True
            self.host.render()
            first = by_id("ranks").querySelector("[data-rank]:not([disabled])")
            if first:
                first.focus()
            return
        self.dog_start(code)

    def dog_unusable_why(self, code: str) -> str:
        """Why a card of the hand has no move now, in the player's words (RULES §6–§11)."""
        st = self.dog_state or {}
        lang = self.host.lang
        card = card_words(code, lang, True)  # as its face shows it: 2♥, never 2H
        me = self.host.seat
        if st.get("turn") != me:
            return t(lang, "dog_wait_turn", who=self.dog_name(st.get("turn")))
        mover = geo.partner(me) if self.dog_helping(st) else me
        row = [geo.parse_pawn(str(p)) for p in st["pawns"][mover]]
        track = [int(at) for at, _fresh in row if geo.is_track(at)]
        rank = "JK" if code == "JK" else code[:-1]
        start = geo.start_of(mover)
        if rank in ("A", "K") and (str(start), True) in row:
            return t(lang, "dog_why_start_fresh", card=card)
        if not track and not any(at.startswith("h") for at, _fresh in row):
            return t(lang, "dog_why_none_out", card=card)
        if rank == "J":
            return t(lang, "dog_why_jack", card=card)
        if rank == "7":
            return t(lang, "dog_why_seven", card=card)
        reach = {"A": 11, "K": 13, "Q": 12}.get(rank, int(rank) if rank.isdigit() else 13)
        fresh = {
            int(at)
            for r in st["pawns"]
            for at, f in map(geo.parse_pawn, map(str, r))
            if f and geo.is_track(at)
        }
        if any((a + k) % geo.TRACK in fresh for a in track for k in range(1, reach + 1)):
            return t(lang, "dog_why_fresh", card=card)
        return t(lang, "dog_why_room", card=card, n=reach)

    def dog_name(self, seat: Any) -> str:
        names = list((self.dog_state or {}).get("names") or [])
        return names[seat] if isinstance(seat, int) and seat < len(names) else ""

    def dog_start(self, head: str) -> None:
        """A card (or a Jolly's rank) chosen: a lone move plays at once, else its pawns light up."""
        self.dog_ranks_for = False
        legal = self.dog_legal()
        pick = Pick(head)
        options = pick.options(legal)
        if len(options) == 1:
            self.dog_act(options[0])
            return
        self.dog_pick = pick
        self.dog_advance()

    def dog_advance(self) -> None:
        """After a choice: one pawn left to move chooses itself; one target plays."""
        pick = self.dog_pick
        if pick is None:
            return
        st = self.dog_state or {}
        legal = self.dog_legal()
        nest = self.dog_nest(st)
        if pick.pawn is None:
            movable = pick.movable(legal, nest)
            if len(movable) == 1:
                pick.pawn = movable[0]
        if pick.pawn is not None:
            targets = pick.targets(legal, pick.pawn, nest)
            if len(targets) == 1:
                self.dog_take(targets[0][1])
                return
        self.host.render()
        self.dog_focus_lit()

    def dog_take(self, token: str) -> None:
        pick = self.dog_pick
        if pick is None:
            return
        whole = pick.choose(self.dog_legal(), token)
        if whole is not None:
            self.dog_act(whole)
            return
        self.dog_advance()

    def dog_focus_lit(self) -> None:
        lit = '[data-target="true"][tabindex="0"], [data-movable="true"][tabindex="0"]'
        el = by_id("board").querySelector(lit)
        active = document.activeElement
        # the hand is drawn anew, so the card chosen by key may have left the focus on the body
        inside = not active or active == document.body or active.closest("#table")
        if el and inside and self.dog_keys:
            el.focus()

    def on_dog_board(self, evt: Any) -> None:
        el = evt.target.closest("[data-pawn], [data-field]")
        hit = evt.target.closest("[data-hit]")
        if not el and hit:  # a lit field's or pawn's larger target (render_dog_hits)
            kind, _, name = str(hit.dataset.hit).partition(":")
            key = "data-field" if kind == "f" else "data-pawn"
            el = by_id("board").querySelector(f'[{key}="{name}"]')
        if not el:
            return
        self.dog_board_choice(el)

    def dog_board_choice(self, el: Any) -> None:
        pick = self.dog_pick
        if self.curtain_up():
            return
        if pick is None:  # a pawn tapped before a card: say what comes first
            st = self.dog_state or {}
            if st.get("hand_over"):
                return
            if st.get("phase") == "exchange":
                self.host.say.hint(t(self.host.lang, "dog_exchange_pick"))
            elif st.get("turn") == self.host.seat:
                self.host.say.hint(t(self.host.lang, "dog_card_first"))
            else:
                self.host.say.hint(t(self.host.lang, "dog_wait_turn", who=self.dog_name(st.get("turn"))))
            return
        st = self.dog_state or {}
        legal = self.dog_legal()
        nest = self.dog_nest(st)
        at = str(el.dataset.at) if el.hasAttribute("data-pawn") else str(el.dataset.field)
        if pick.pawn is not None:
            for f, tok in pick.targets(legal, pick.pawn, nest):
                if f == at and not (f.startswith("n") and tok != "out"):
                    self.dog_take(tok)
                    return
        if at in pick.movable(legal, nest):
            pick.pawn = at
            self.dog_advance()
            return
        self.host.say.hint(self.dog_unlit_why(pick, at), refused=True)

    def dog_unlit_why(self, pick: Pick, at: str) -> str:
        """Why a tap on a field or pawn that is not lit moves nothing."""
        lang = self.host.lang
        card = card_words(pick.head, lang, True)
        where = field_words_of(lang, at) if not at.startswith("n") else t(lang, "dog_nest")
        if pick.pawn is None:
            return t(lang, "dog_unlit_pawn", card=card, at=where)
        return t(lang, "dog_unlit_field", card=card, at=where, a=field_words_of(lang, pick.pawn))

    def on_dog_board_key(self, evt: Any) -> None:
        if str(evt.key) in ("Enter", " "):
            el = evt.target.closest("[data-pawn], [data-field]")
            if el:
                evt.preventDefault()
                self.dog_board_choice(el)

    def on_dog_rank(self, evt: Any) -> None:
        b = evt.target.closest("[data-rank]")
        if not b or b.disabled:
            return
        self.dog_start(f"JK={b.dataset.rank}")

    def on_dog_undo(self) -> None:
        if self.dog_pick is not None:
            self.dog_pick.undo()
            self.host.render()

    def on_dog_give(self) -> None:
        if self.dog_give is not None:
            self.dog_act(f"give {self.dog_give}")

    def on_dog_key(self, evt: Any) -> None:
        self.dog_keys = True
        busy = self.dog_pick or self.dog_ranks_for or self.dog_give
        if str(evt.key) == "Escape" and not dialog_open() and busy:
            self.dog_clear()

    def forget_summary(self) -> None:
        """The shell goes on from a game's end (RULES §12: the next game, the next dealer; or
        a new match), or back from the replay viewer: the board drawn afresh, no choice
        kept."""
        self.dog_shown = -1
        self.dog_clear(render=False)

    def hand_buttons(self) -> list[Any]:
        nodes = by_id("hand").querySelectorAll("button[data-card]")
        return [nodes.item(i) for i in range(nodes.length)]

    def after_local_move(self, move: str) -> None:
        """A move of the shown seat sent: nothing is kept for the next one."""

    def focus_card(self, index: int) -> None:
        cards = self.hand_buttons()
        if cards:
            cards[max(0, min(index, len(cards) - 1))].focus()


check_table(DogTable)

__all__ = ["DogTable", "card_of"]
