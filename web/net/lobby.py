"""Playing with friends in the page (browser only): the host's lobby and friends' panel,
a friend's join screen and its events, and table talk. The network itself is in
:mod:`web.net` (links, invitations, the hub's heartbeat) over :mod:`web.protocol`,
:mod:`web.signal` and :mod:`web.transport`. A mixin of :class:`web.ui.Page`."""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript import document, window

from web.shell.dom import by_id, clear, make
from web.shell.i18n import STRINGS, t
from web.shell.part import PagePart
from web.shell.session import Session


class FriendsScreens(PagePart):
    """A mixin of :class:`web.ui.Page` (its attributes are set in ``Page.__init__``)."""

    def open_lobby(self, session: Session) -> None:
        from web.net.net import HostNet, spawn

        self.page.driver.stop()
        self.page.session = session
        self.page.settings = session.settings
        if self.page.hub is not None:
            self.page.hub.close()
        self.page.hub = HostNet(self.page, session)
        clear(by_id("lobby-seats"))
        self.page.translate()
        self.page.screen("lobby")
        by_id("start-online").textContent = t(self.page.lang, "start_online")
        from web.net.net import ROOM_SERVER_KEY

        with contextlib.suppress(Exception):
            saved = window.localStorage.getItem(ROOM_SERVER_KEY)
            if isinstance(saved, str) and saved:
                by_id("room-server").value = saved
        self.fill_ice("ice-servers")
        by_id("room-status").textContent = ""
        by_id("lobby").dataset.room = ""
        self.page.hub.render_seats()
        saved = self.page.hub.saved_room()
        if saved is not None:  # the host reloaded: the same room, and the friends come back
            from web.net.roomlink import CLOUD_SERVER

            code, server = saved
            spawn(self.page.hub.reopen_room(None if server == CLOUD_SERVER.text() else server, code))
            return
        for seat in session.friend_seats():
            spawn(self.page.hub.invite(seat))

    def on_start_online(self) -> None:
        hub = self.page.hub
        s = self.page.session
        if hub is None or s is None or not hub.all_in():
            return
        if hub.started:
            self.page.screen("table")
            self.page.render()
            return
        hub.start()
        by_id("start-online").textContent = t(self.page.lang, "back_to_table")
        self.page.begin(s)
        self.page.after_deal()  # a new player's first-time help, as for a match dealt alone

    def on_lobby_back(self) -> None:
        if self.page.hub is not None and self.page.hub.started:
            self.page.screen("table")
            self.page.render()
            return
        self.page.show_setup()

    def on_friends_button(self) -> None:
        if self.page.hub is None:
            return
        self.page.hub.render_seats()
        self.page.screen("lobby")

    def render_talk(self) -> None:
        """The table talk's phrase buttons (drawn once), for every game's table."""
        box = by_id("talk")
        if box.childElementCount:
            return
        for phrase in self.page.game.talk:
            b = make("button", "ghost small", t(self.page.lang, f"talk_{phrase}"), type="button")
            b.dataset.talk = phrase
            box.appendChild(b)

    def on_talk(self, evt: Any) -> None:
        btn = evt.target.closest("button[data-talk]")
        if not btn:
            return
        phrase = str(btn.dataset.talk)
        if self.page.guest is not None:
            ok = self.page.guest.talk(phrase)
        elif self.page.hub is not None:
            ok = self.page.hub.hub.local_talk(self.page.seat, phrase)
        else:
            ok = False
        if not ok:  # said: the host's hub echoes it to every page (talk_notice)
            self.page.hint(t(self.page.lang, "talk_wait"))

    def talk_notice(self, seat: object, phrase: object) -> None:
        """A phrase of the game said at the table, shown as a notice on every page."""
        key = f"talk_{phrase}"
        if key in STRINGS and isinstance(seat, int):
            names = self.page.sv.names if self.page.sv is not None else []
            who = names[seat] if 0 <= seat < len(names) else "?"
            self.page.notice(who + ": " + t(self.page.lang, key))

    def fill_ice(self, box: str) -> None:
        from web.net.net import ice_servers
        from web.net.roomlink import ice_text

        by_id(box).value = ice_text(ice_servers())

    def on_ice_change(self, box: str, status: str) -> None:
        """The ICE servers setting was edited (lobby or join screen): save it; when it
        changed, a friend's page makes a fresh reply code with it and a host remakes what it
        affects (the field losing the focus again changes nothing)."""
        from web.net.net import ice_servers, save_ice, spawn

        before = ice_servers()
        ok, what = save_ice(str(by_id(box).value or ""))
        lang = self.page.lang
        text = t(lang, "ice_saved", n=what) if ok else t(lang, "ice_bad") + ": " + what
        ok = ok and ice_servers() != before
        g = self.page.guest
        if ok and box == "join-ice" and g is not None and g.room is None and not g.connected:
            g.ice = None  # this device's setting now, not the invitation's
            spawn(g.start())
        if ok and box == "ice-servers" and self.page.hub is not None:
            said = self.page.hub.ice_changed()
            text += " " + t(lang, said) if said else ""
        by_id(status).textContent = text

    def on_room_open(self) -> None:
        from web.net.net import spawn

        if self.page.hub is not None and self.page.hub.room is None:
            spawn(self.page.hub.open_room(str(by_id("room-server").value or "")))

    def on_room_cloud(self) -> None:
        """One click: the public PeerJS server introduces the friends' browsers."""
        from web.net.net import spawn

        if self.page.hub is not None and self.page.hub.room is None:
            spawn(self.page.hub.open_room(None))

    def on_join_hash(self) -> None:
        """An invitation opened in a tab already on this page: only the fragment changes
        (no reload), and the page takes it as a fresh load would. A friend's page on
        another invitation leaves that one first; the start screen joins at once; a page
        with a match or a lobby open loads afresh (its match is saved), so that nothing
        of it stays behind the join screen."""
        fragment = str(window.location.hash or "")
        if "join=" not in fragment and "room=" not in fragment:
            return
        if self.page.guest is not None:
            if fragment == self.page.guest_fragment:
                return
            self.page.guest.stop()
            self.page.guest = None
            by_id("reply-box").hidden = True
            by_id("reply").setAttribute("data-reply", "")
        elif self.page.session is not None or self.page.hub is not None:
            window.location.reload()
            return
        self.start_guest(fragment)

    def start_guest(self, fragment: str) -> bool:
        """A page opened from an invitation: ``#join=…`` (answered with a reply code) or
        ``#room=…`` (joined through the signalling server), with the host's ICE servers if
        it carries them. False if the fragment is none."""
        from web.net import roomlink, signal

        room = "room=" in fragment and "join=" not in fragment
        try:
            inv = roomlink.parse_room(fragment) if room else signal.parse_invitation(fragment)
            ice = roomlink.ice_in(fragment)
        except (roomlink.RoomLinkError, signal.SignalError) as e:
            self.page.notice(t(self.page.lang, "join_bad") + " (" + str(e) + ")")
            return False
        if isinstance(inv, roomlink.RoomInvitation):
            self.join_table(t(self.page.lang, "join_room", room=inv.room), fragment, room=inv, ice=ice)
        else:
            heading = t(self.page.lang, "join_heading", who=inv.host_name)
            self.join_table(heading, fragment, invitation=inv, ice=ice)
        return True

    def join_table(
        self, heading: str, fragment: str, invitation: Any = None, room: Any = None, ice: Any = None
    ) -> None:
        """The join screen of a friend's page, and its link to the host on its way."""
        from web.net.net import GuestNet, spawn

        self.page.guest_fragment = fragment
        self.page.guest = GuestNet(self.page, invitation, room, ice)
        self.page.seat = self.page.guest.seat
        by_id("join-heading").textContent = heading
        prefs = self.page.store.prefs()
        by_id("join-name").value = prefs.name if prefs is not None else ""
        by_id("join-name").placeholder = t(self.page.lang, "friend_name", n=self.page.seat + 1)
        self.page.screen("join")
        self.fill_ice("join-ice")
        if ice is not None:  # the host's servers, which this page uses
            from web.net.roomlink import ice_text

            by_id("join-ice").value = ice_text(ice)
        spawn(self.page.guest.start())

    def on_guest_event(self, kind: str, data: Any) -> None:
        lang = self.page.lang
        if kind == "welcome":
            self.page.drop_notices("net")
            # at the table: the reply code, its QR code and its countdown are spent
            by_id("reply-box").hidden = True
            if self.page.sv is None:  # the host has not started the match yet
                by_id("join-status").textContent = t(lang, "join_wait_start")
            elif document.body.dataset.screen == "table":
                self.page.notice(t(lang, "back_at_table"))
        elif kind == "view":
            first = document.body.dataset.screen != "table"
            if first:
                self.page.match_id += 1
                self.page.screen("table")
            sv = self.page.sv
            if sv is not None and sv["hand_no"] != data.get("hand_no") and by_id("summary").open:
                by_id("summary").close()
                clear(by_id("summary-table"))
                self.page.table.forget_summary()
            self.page.render()
            if first and not self.page.help_seen() and not self.page.dialog_open():
                self.page.show_help()  # a new player's first-time help, as the host's
        elif kind == "error":
            code = str(data.get("code", "")) if isinstance(data, dict) else ""
            text = t(lang, f"net_error_{code}") if f"net_error_{code}" in STRINGS else t(lang, "net_error")
            detail = str(data.get("text", "")) if isinstance(data, dict) and code == "illegal" else ""
            self.page.hint(self.page.refusal_words(detail) if detail else text, refused=True)
            self.page.render()
        elif kind == "talk":
            seat, phrase = data if isinstance(data, tuple | list) else (None, "")
            self.talk_notice(seat, phrase)
        elif kind == "bye":
            rejoins = self.page.guest is not None and self.page.guest.may_rejoin()
            self.page.notice(t(lang, "host_left_room" if rejoins else "host_left"), "net", None)
            self.page.render()
        elif kind == "dropped":
            rejoins = self.page.guest is not None and self.page.guest.may_rejoin()
            self.page.notice(t(lang, "host_lost_room" if rejoins else "host_lost"), "net", None)
            if self.page.sv is not None:
                self.page.render()

    def on_leave_table(self) -> None:
        if self.page.guest is not None:
            self.page.guest.leave()
            self.page.notice(t(self.page.lang, "left_table"), seconds=None)
            self.page.render()

    def on_reply_fresh(self) -> None:
        from web.net.net import spawn

        if self.page.guest is not None:
            spawn(self.page.guest.start())

    def on_reply_copy(self) -> None:
        from web.net.net import copy_text, spawn

        text = str(by_id("reply").getAttribute("data-reply") or "")
        spawn(copy_text(text, by_id("reply-copy"), by_id("reply-text"), self.page.lang))
