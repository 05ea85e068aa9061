"""Browser entry point, run by PyScript (Pyodide) from index.html: starts the card table
(:mod:`web.shell.page`). Any start-up failure is shown on the page, never a blank screen.

The built site ships the shell in ``app.zip`` and each game in ``games/<name>.zip``
(scripts/build.py): a visit mounts the zips of the game it plays (``?game=``, else the
default), which web/boot.js started downloading as the page opened; the service worker
keeps them."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import sys
import traceback
import zipimport
from types import CodeType

from pyodide.ffi import create_proxy
from pyscript import document, window


class AppZip(zipimport.zipimporter):
    """Imports the game from ``app.zip`` as zipimport does, reading and unmarshalling each
    module once: zipimport's ``find_spec`` asks ``get_filename``, which loads the module's
    code to learn its path, and ``exec_module`` then asks ``get_code``, which loads it again."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.kept: dict[str, CodeType] = {}

    def get_filename(self, fullname: str) -> str:
        # zipimport's own reader gives the code and the module's real path in this archive
        # (the code's co_filename names app.zip whichever zip it comes from, and a
        # package's submodules are looked for beside the path given here)
        read = getattr(zipimport, "_get_module_code", None)
        if read is None:
            return super().get_filename(fullname)
        code, _package, path = read(self, fullname)
        self.kept[fullname] = code
        return str(path)

    def get_code(self, fullname: str) -> CodeType:
        code = self.kept.pop(fullname, None)
        return code if code is not None else super().get_code(fullname)


def use_app_zip(archive: str) -> None:
    """Put ``archive`` on ``sys.path``, its packages imported through :class:`AppZip`."""

    def hook(path: str) -> AppZip:
        if path == archive or path.startswith(archive + "/"):
            return AppZip(path)
        raise ImportError(path)

    sys.path_hooks.insert(0, hook)
    sys.path.insert(0, archive)


#: the heading of a start-up failure, in the page's language (web/boot.js chose it): no game's
#: name, since a failure may come before the visit's game is known
START_FAILED = {"en": "The game could not start", "it": "Il gioco non è partito"}


#: a game's code that could not be downloaded (offline, and not kept by the service worker:
#: it keeps every game's at an idle moment of a first visit), said in words, not a traceback
NOT_FETCHED = {
    "en": "This game could not be downloaded: the device seems to be offline, and this game "
    "is not kept on it yet. Connect to the internet and reload the page.",
    "it": "Questo gioco non è stato scaricato: il dispositivo sembra offline, e il gioco non "
    "vi è ancora conservato. Collegati a internet e ricarica la pagina.",
}
RELOAD = {"en": "Reload", "it": "Ricarica"}


def start_failed(lang: str) -> str:
    return START_FAILED.get(lang, START_FAILED["en"])


class NotFetched(Exception):
    """A game's zip could not be downloaded (no network, or an error from the server)."""


def show_not_fetched() -> None:
    """Why the game cannot start, in words in the page's language, with a button that
    reloads the page (once the device is online again)."""
    lang = str(document.documentElement.lang)
    status = document.getElementById("status")
    status.hidden = False
    status.textContent = NOT_FETCHED.get(lang, NOT_FETCHED["en"]) + " "
    button = document.createElement("button")
    button.type = "button"
    button.id = "reload-page"
    button.className = "primary"
    button.textContent = RELOAD.get(lang, RELOAD["en"])
    button.addEventListener("click", create_proxy(lambda _event: window.location.reload()))
    status.appendChild(button)
    document.body.dataset.error = "fetch"


def show_error(text: str) -> None:
    status = document.getElementById("status")
    status.hidden = False
    status.textContent = start_failed(str(document.documentElement.lang)) + ":\n" + text
    status.classList.add("error")
    document.body.dataset.error = "start"


def game_zip_links() -> list[str]:
    """The game zips this visit loads, in order: web/boot.js preloads them as the page
    opens (``<link rel=preload data-game-zip>``, from the build's ``#game-zips`` block), so
    that they download in parallel with the runtime; fetching them here uses those preloads.
    Without them (web/boot.js did not run) every game's zips: more than the visit needs,
    never a start that fails."""
    links = [str(link.href) for link in document.querySelectorAll("link[data-game-zip]")]
    block = document.getElementById("game-zips")
    if links or block is None:
        return links
    needs = json.loads(str(block.textContent))["needs"]
    return sorted({url for urls in needs.values() for url in urls})


async def fetch_zip(url: str) -> bytes:
    try:
        resp = await window.fetch(url)
        if not resp.ok:
            raise NotFetched(f"{url}: HTTP {resp.status}")
        data: bytes = (await resp.arrayBuffer()).to_bytes()
    except NotFetched:
        raise
    except Exception as exc:  # the network failed (a JsException: "Failed to fetch")
        raise NotFetched(f"{url}: {exc}") from exc
    return data


def mount(url: str, data: bytes) -> None:
    """A game's zip, written beside app.zip and imported in place like it."""
    name = url.rsplit("/", 1)[-1].split("?", 1)[0]
    path = os.path.abspath(f"game-{name}")
    with open(path, "wb") as out:
        out.write(data)
    folders = _folders(path)
    import_shared_packages(folders)
    use_app_zip(path)
    extend_packages(path, folders)


def _folders(archive: str) -> list[str]:
    """The folders of ``archive`` and their parents, outer ones first."""
    import zipfile

    with zipfile.ZipFile(archive) as zf:
        folders = {name.rsplit("/", 1)[0] for name in zf.namelist() if "/" in name.rstrip("/")}
    packages = {"/".join(f.split("/")[: i + 1]) for f in folders for i in range(f.count("/") + 1)}
    return sorted(packages, key=lambda f: (f.count("/"), f))


def import_shared_packages(folders: list[str]) -> None:
    """Import each package whose folder an archive about to be mounted shares with what is
    already mounted (``web``; ``web.dog``, which app.zip holds for the game's spec alone), so
    that it is the mounted one's (``web``: app.zip's; ``web.dog``: a namespace package) and
    :func:`extend_packages` adds the archive's folder to it: found first in the archive,
    ``web/dog/__init__.py`` would make a package of that folder alone, without the spec."""
    for folder in folders:
        name = folder.replace("/", ".")
        parent = name.rpartition(".")[0]
        if name in sys.modules or (parent and parent not in sys.modules):
            continue
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)


def extend_packages(archive: str, folders: list[str]) -> None:
    """Each package already imported whose folder ``archive`` also holds gets that folder on
    its ``__path__``, outer packages first, so that its modules there (``web.dog.words``)
    import: a package looks for its submodules on its own ``__path__`` only, never on
    sys.path."""
    for folder in folders:
        module = sys.modules.get(folder.replace("/", "."))
        paths = getattr(module, "__path__", None)
        where = f"{archive}/{folder}"
        # list(): a namespace package's path is brought up to date with its parent's first
        if paths is not None and where not in list(paths):
            paths.append(where)


#: the start that waits for a game's code (kept referenced until it is done)
STARTING: list[asyncio.Future[None]] = []


async def start_later(urls: list[str]) -> None:
    try:
        for url, data in zip(urls, await asyncio.gather(*map(fetch_zip, urls)), strict=True):
            mount(url, data)
        from web.shell import page

        page.main()
    except NotFetched as exc:
        window.console.warn(str(exc))
        show_not_fetched()
    except Exception:
        show_error(traceback.format_exc())


def start() -> None:
    try:
        # the built site ships the code as zips, imported in place: app.zip (the shell) and
        # the zips of the visit's game (games/<name>.zip)
        if os.path.isfile("app.zip"):
            use_app_zip(os.path.abspath("app.zip"))
            urls = game_zip_links()
            if urls:
                STARTING.append(asyncio.ensure_future(start_later(urls)))
                return
        from web.shell import page

        page.main()
    except Exception:
        show_error(traceback.format_exc())


start()
