// Runs before the page is first drawn, while Python starts (a few seconds): it picks the
// page's language (the link's lang=, the remembered choice, the browser's) and, for a match
// link or an invitation, puts a neutral loading state where the start screen would be, so
// that the start form never flashes before the table. web/shell/ui.py removes data-boot once up.
// On the built site it also writes the fixed text in Italian for an Italian visitor, and
// starts downloading the code of the visit's game.
// The start form can be used before Python is up: what the visitor changes is marked
// data-touched (web/shell/ui.py keeps it), and a Deal pressed early waits in html[data-deal-queued]
// (web/shell/ui.py then deals) instead of submitting the form.
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
  document.addEventListener("DOMContentLoaded", function () {
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
})();
