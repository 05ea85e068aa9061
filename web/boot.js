// Runs before the page is first drawn, while Python starts (a few seconds): it picks the
// page's language (the link's lang=, the remembered choice, the browser's) and, for a match
// link or an invitation, puts a neutral loading state where the start screen would be, so
// that the start form never flashes before the table. web/shell/ui.py removes data-boot once up.
// On the built site it also writes the fixed text in Italian for an Italian visitor, and
// starts downloading the code of the visit's game.
// The start form can be used before Python is up: what the visitor changes is marked
// data-touched (web/shell/ui.py keeps it), and a Deal pressed early waits in html[data-deal-queued]
// (web/shell/ui.py then deals) instead of submitting the form.
// PyScript's core keeps two IndexedDB stores of its own ("IDBMap/…": its package cache, which
// this page never fills, since it loads no package, and pyscript.fs, which it never uses) and
// opens them while it starts; where the browser denies storage (a frame on another site, a
// private window) the open fails and PyScript never starts (its error handler throws).
// Those stores are kept in memory instead: nothing in the start depends on storage
// (docs/LOADING.md, "Storage denied").
(function () {
  var memoryOpen = function () {
    var stores = {};
    var answer = function (fn) {
      var req = { result: undefined, error: null, onsuccess: null, onerror: null };
      Promise.resolve().then(function () {
        try {
          req.result = fn();
        } catch (e) {
          req.error = e;
          if (req.onerror) req.onerror({ type: "error", target: req });
          return;
        }
        if (req.onsuccess) req.onsuccess({ type: "success", target: req });
      });
      return req;
    };
    var db = {
      objectStoreNames: { length: 1, contains: function () { return true; } },
      createObjectStore: function () { return null; },
      transaction: function (name) {
        var store = stores[name] || (stores[name] = new Map());
        return {
          objectStore: function () {
            return {
              count: function () { return answer(function () { return store.size; }); },
              clear: function () { return answer(function () { store.clear(); }); },
              delete: function (k) { return answer(function () { store.delete(k); }); },
              get: function (k) { return answer(function () { return store.get(k); }); },
              getKey: function (k) { return answer(function () { return store.has(k) ? k : undefined; }); },
              getAllKeys: function () { return answer(function () { return Array.from(store.keys()); }); },
              put: function (v, k) { return answer(function () { store.set(k, v); return k; }); }
            };
          }
        };
      },
      close: function () {}
    };
    return answer(function () { return db; });
  };
  var ours = function (name) { return /^IDBMap\//.test(String(name)); };
  var factory = null;
  try { factory = window.indexedDB; } catch (e) { factory = null; }
  try {
    if (factory) {
      var open = factory.open;
      factory.open = function (name) {
        return ours(name) ? memoryOpen() : open.apply(factory, arguments);
      };
    } else {
      // no IndexedDB at all (refused outright): every database is kept in memory
      Object.defineProperty(window, "indexedDB", { configurable: true, value: { open: memoryOpen } });
    }
  } catch (e) { /* a browser that lets no one change it: PyScript meets its own storage */ }
})();
(function () {
  var root = document.documentElement;
  var params = new URLSearchParams(location.search);
  // The visit's game: the link's first registered game= (web/shell/params.py game_of), else
  // the default. The built site lists the games (#game-zips); without that list any name
  // that could be a game's is taken (a name no game has then finds no remembered choice).
  var plan = null;
  var zips = document.getElementById("game-zips");
  if (zips) {
    try { plan = JSON.parse(zips.textContent); } catch (e) { plan = null; }
  }
  var game = null;
  var asked = params.getAll("game");
  for (var i = 0; i < asked.length && !game; i++) {
    var name = asked[i].trim().toLowerCase();
    if (plan ? Object.prototype.hasOwnProperty.call(plan.needs, name) : /^[a-z_][a-z0-9_]*$/.test(name)) {
      game = name;
    }
  }
  // each game remembers its choices under its own key (web/shell/session.py Store.key): the
  // default game's is the key it always had
  var prefsKey = game ? game + ".prefs.v1" : "dernier.prefs.v1";
  if (!game && plan) game = plan["default"];
  var lang = params.get("lang");
  if (lang !== "it" && lang !== "en") {
    lang = null;
    try {
      var prefs = JSON.parse(localStorage.getItem(prefsKey) || "null");
      if (prefs && (prefs.lang === "it" || prefs.lang === "en")) lang = prefs.lang;
    } catch (e) { /* no storage or not ours: the browser's language */ }
    if (!lang) lang = /^it\b/i.test(navigator.language || "") ? "it" : "en";
  }
  root.lang = lang;
  // Storage refused from the start (a frame on another site, a private window, storage turned
  // off): the line that says so shows at once, with a link to the same page in its own tab in
  // a frame, and a button asking for storage (the Storage Access API) where the browser has it
  // (web/shell/ui.py shows the line too, and when a write is refused later).
  var storageOff = false;
  try { window.localStorage.getItem("page.probe"); } catch (e) { storageOff = true; }
  var framed = true;
  try { framed = window.top !== window.self; } catch (e) { framed = true; }
  // A match link: any parameter that starts a match of the visit's game (web/shell/params.py
  // start_params). The built site lists each game's (#match-params: the shared ones and the
  // game's own, such as a number of games); without that list, the shared ones.
  var keys = ["players", "rules", "levels", "seed", "hands", "target"];
  var starts = document.getElementById("match-params");
  if (starts) {
    try {
      var lists = JSON.parse(starts.textContent);
      // the link's first registered game= (web/shell/params.py game_of), else the default
      var known = null;
      for (var j = 0; j < asked.length && !known; j++) {
        var named = asked[j].trim().toLowerCase();
        if (Object.prototype.hasOwnProperty.call(lists.games, named)) known = named;
      }
      keys = lists.games[known || lists["default"]] || keys;
      // the visit's game's name in the page's title and heading from the first paint (the
      // HTML's are the default game's): the heading is written as soon as it is parsed
      var titles = lists.titles && lists.titles[known || lists["default"]];
      var title = titles && (titles[lang] || titles.en);
      // a visit that names no game and opens on the start screen (no match, invitation or
      // replay in its link) offers every game: its heading is the house's (web/shell/game_choice.py)
      var house = lists.house && (lists.house[lang] || lists.house.en);
      // A plain visit over an unfinished saved match of the default game resumes that match
      // (web/shell/session.py resume_or_new): its heading is the game's from the first paint,
      // never the house's first (a match counted in the record is over: the start screen)
      var resumes = false;
      try {
        var saved = JSON.parse(localStorage.getItem(lists["default"] + ".match.v1") || "null");
        resumes = !!saved && typeof saved === "object" && !!saved.match && !saved.stats_counted;
      } catch (e) { resumes = false; }
      var startScreen = !known && !resumes && !/[#&](join|room|replay)=/.test(location.hash) &&
        !(lists.games[lists["default"]] || []).some(function (k) { return params.has(k); });
      var heading = house && startScreen ? house : title;
      if (typeof title === "string" && title) {
        document.title = title;
        var titled = false;
        var named = function () {
          var brand = document.querySelector(".brand");
          if (brand && !titled) {
            brand.textContent = heading;
            titled = true;
          }
          return titled;
        };
        if (!named() && window.MutationObserver) {
          var watch = new MutationObserver(function () { if (named()) watch.disconnect(); });
          watch.observe(root, { childList: true, subtree: true });
          document.addEventListener("DOMContentLoaded", function () { watch.disconnect(); named(); });
        }
      }
    } catch (e) { /* the shared ones */ }
  }
  var match = keys.some(function (k) {
    return params.has(k);
  });
  if (match || /[#&]join=/.test(location.hash)) root.dataset.boot = "link";
  // The built site ships each game's code apart (scripts/build.py: games/<name>.zip): the
  // zips this visit's game needs start downloading now, in parallel with the runtime, as
  // preloads that web/main.py fetches and mounts once Python is up. The game is the link's
  // first registered game=, else the default (web/shell/params.py game_of).
  if (plan && game) {
    try {
      (plan.needs[game] || []).forEach(function (href) {
        var link = document.createElement("link");
        link.rel = "preload";
        link.as = "fetch";
        link.crossOrigin = "anonymous";
        link.href = href;
        link.dataset.gameZip = game;
        document.head.appendChild(link);
      });
    } catch (e) { /* web/main.py then fetches the game's own zip itself */ }
    // the game's own style (GameSpec.style), with the page's first paint; without the list
    // the page links it itself once Python is up (web/shell/page.py use_style)
    var style = plan.styles && plan.styles[game];
    if (style) {
      var sheet = document.createElement("link");
      sheet.rel = "stylesheet";
      sheet.href = style;
      sheet.dataset.gameStyle = game;
      sheet.setAttribute("blocking", "render");
      document.head.appendChild(sheet);
    }
  }
  // The built site lists what a visit downloads while it starts (#load-sizes): a progress bar
  // of it, and the game's rules to read meanwhile (a slow phone network takes half a minute).
  var sizes = document.getElementById("load-sizes");
  if (sizes && game) {
    try { loading(JSON.parse(sizes.textContent), game, plan, lang); } catch (e) { /* no bar */ }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var tab = document.getElementById("storage-tab");
    if (tab && framed) {
      // the page's address as it is when the link is used (the page may change its query)
      var here = function () { tab.href = location.href; };
      here();
      ["pointerdown", "focus", "click", "contextmenu"].forEach(function (type) {
        tab.addEventListener(type, here);
      });
      tab.hidden = false;
    }
    var ask = document.getElementById("storage-ask");
    if (ask && framed && typeof document.requestStorageAccess === "function") ask.hidden = false;
    var note = document.getElementById("storage-note");
    if (note && storageOff) note.hidden = false;
    // The built site carries the fixed text's Italian words (scripts/build.py boot_words):
    // an Italian visitor reads them at once, not after Python is up (which writes the same).
    var words = lang === "it" && document.getElementById("boot-words-it");
    if (words) {
      try {
        var it = JSON.parse(words.textContent);
        document.querySelectorAll("[data-i18n]").forEach(function (el) {
          var text = it.i18n[el.dataset.i18n];
          if (typeof text === "string") el.textContent = text;
        });
        Object.keys(it.choices).forEach(function (id) {
          var select = document.getElementById(id);
          if (!select) return;
          for (var i = 0; i < select.options.length; i++) {
            var text = it.choices[id][select.options[i].value];
            if (typeof text === "string") select.options[i].textContent = text;
          }
        });
        Object.keys(it.placeholders).forEach(function (id) {
          var input = document.getElementById(id);
          if (input) input.placeholder = it.placeholders[id];
        });
      } catch (e) { /* the English words stay until Python writes the Italian ones */ }
    }
    var choice = document.getElementById("opt-lang");
    if (choice) choice.value = lang;  // the form's language is the page's
    var form = document.getElementById("setup-form");
    if (!form) return;
    var python = function () { return document.body.dataset.ready === "true"; };
    var mark = function (e) {
      if (!python() && e.target && e.target.dataset) e.target.dataset.touched = "true";
    };
    form.addEventListener("input", mark);
    form.addEventListener("change", mark);
    form.addEventListener("submit", function (e) {
      if (python()) return;
      e.preventDefault();
      root.dataset.dealQueued = "true";
      var start = document.getElementById("start");
      if (start) start.setAttribute("aria-busy", "true");
    });
  });
  // The progress bar (#load-progress) of what is downloaded of the runtime and the game: each
  // file's share is its size over the wire (gzip, as GitHub Pages sends it). Files that are
  // done are read from the browser's resource timing; the runtime's and the game's downloads
  // in flight (fetched by Pyodide, PyScript and web/main.py) are counted as their bytes arrive,
  // from a copy of each response (the page gets the response itself, untouched). Once all is
  // downloaded the bar says the game is starting. The rules (#boot-rules, and the Rules
  // button) open from rules/<game>.<lang>.json (scripts/build.py rules_files) until Python is
  // up, which then shows them itself (web/shell/ui.py show_rules).
  function loading(sizes, game, plan, lang) {
    var files = {};
    var add = function (rel, s) { if (s) files[rel] = { raw: s[0], gz: s[1], got: 0 }; };
    Object.keys(sizes.start).forEach(function (rel) { add(rel, sizes.start[rel]); });
    ((plan && plan.needs[game]) || []).forEach(function (href) {
      var rel = href.replace(/^\.\//, "");
      add(rel, sizes.games[rel]);
    });
    var total = 0;
    Object.keys(files).forEach(function (rel) { total += files[rel].gz; });
    var base = location.href.split("#")[0].split("?")[0].replace(/[^/]*$/, "");
    var relOf = function (url) {
      try {
        var href = new URL(url, location.href).href.split("#")[0].split("?")[0];
        return href.indexOf(base) === 0 ? href.slice(base.length) : null;
      } catch (e) { return null; }
    };
    var seen = function (rel, bytes) {
      var f = files[rel];
      if (f && bytes > f.got) f.got = Math.min(bytes, f.raw);
    };
    var finished = function (entry) {
      var rel = relOf(entry.name);
      if (rel && files[rel] && entry.responseEnd > 0) seen(rel, files[rel].raw);
    };
    try {
      new PerformanceObserver(function (list) { list.getEntries().forEach(finished); })
        .observe({ type: "resource", buffered: true });
    } catch (e) { /* only the fetches below count */ }
    var fetch0 = window.fetch;
    var counting = function (input) {
      var promise = fetch0.apply(window, arguments);
      var rel = relOf(typeof input === "string" ? input : (input && input.url) || String(input));
      if (!rel || !files[rel]) return promise;
      return promise.then(function (resp) {
        try {
          if (resp.ok && resp.body) {
            var reader = resp.clone().body.getReader();
            var got = 0;
            var pump = function () {
              return reader.read().then(function (r) {
                if (r.done) { seen(rel, files[rel].raw); return null; }
                got += r.value.byteLength;
                seen(rel, got);
                return pump();
              });
            };
            pump().catch(function () { /* the page's own read decides */ });
          }
        } catch (e) { /* counted when done (resource timing) */ }
        return resp;
      });
    };
    if (fetch0) window.fetch = counting;
    var ready = function () { return document.body && document.body.dataset.ready === "true"; };
    var words = {
      en: { got: "Downloaded: {n}%", start: "Starting the game…",
            failed: "The rules could not be loaded now: try again in a moment." },
      it: { got: "Scaricato: {n}%", start: "Avvio del gioco…",
            failed: "Le regole non si possono caricare ora: riprova tra poco." }
    }[lang === "it" ? "it" : "en"];
    var timer = null;
    var draw = function () {
      var bar = document.getElementById("load-progress");
      var line = document.getElementById("load-words");
      if (ready() || document.body.dataset.error) {
        clearInterval(timer);
        if (window.fetch === counting) window.fetch = fetch0;
        return;
      }
      if (!bar || !line) return;
      var got = 0;
      Object.keys(files).forEach(function (rel) {
        var f = files[rel];
        got += f.raw ? f.gz * f.got / f.raw : f.gz;
      });
      var share = total ? Math.min(1, got / total) : 1;
      if (share >= 0.999) {
        bar.removeAttribute("value");  // downloaded: Python starts (a moving bar)
        line.textContent = words.start;
      } else {
        bar.value = Math.round(share * 1000);
        line.textContent = words.got.replace("{n}", String(Math.floor(share * 100)));
      }
    };
    var rules = function () {
      if (ready()) return;  // Python's own handler shows them
      var dlg = document.getElementById("rules-dialog");
      var body = document.getElementById("rules-body");
      var title = document.getElementById("rules-title");
      if (!dlg || !body) return;
      var show = function () {
        if (!dlg.open) dlg.showModal();
        var close = document.getElementById("rules-close");
        if (close) close.focus();
      };
      fetch0.call(window, "./rules/" + game + "." + lang + ".json")
        .then(function (r) { return r.ok ? r.json() : Promise.reject(new Error(String(r.status))); })
        .then(function (data) {
          if (title && data.title) title.textContent = data.title;
          body.innerHTML = data.html;  // the game's static rules page (scripts/build.py)
          show();
        })
        .catch(function () {
          body.textContent = words.failed;
          show();
        });
    };
    document.addEventListener("DOMContentLoaded", function () {
      var box = document.getElementById("boot-load");
      if (!box || ready()) return;
      box.hidden = false;
      draw();
      timer = setInterval(draw, 200);
      var button = document.getElementById("boot-rules");
      if (button) {
        button.hidden = false;
        button.addEventListener("click", rules);
      }
      var top = document.getElementById("show-rules");
      if (top) {
        top.disabled = false;
        top.addEventListener("click", rules);
      }
      var close = document.getElementById("rules-close");
      if (close) {
        close.addEventListener("click", function () {
          var dlg = document.getElementById("rules-dialog");
          if (!ready() && dlg && dlg.open) dlg.close();
        });
      }
    });
  }
})();
