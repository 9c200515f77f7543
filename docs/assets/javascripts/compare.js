/* Pope Joan variants: the comparison page's controls. Plain JavaScript, no dependencies.
 *
 * Without this script the comparison shows the whole matrix. With it, a reader can pick two
 * rulesets (only their columns are shown: on a phone, a card to each rule with the two values
 * side by side) or one (compared with the others: its column is marked), show one game's
 * rulesets only, keep only the rows whose values differ among the rulesets shown (cells are
 * tinted only there), and filter by value: the rows where some ruleset shown has the text in its
 * value are kept, the matching cells are marked, and the status line names the rulesets that
 * match. The row of ruleset names stays in view below the site's bar as the page scrolls.
 *
 * What the page shows is kept in its address (?a=peel&b=foster&game=pope-joan&q=8D&differ=0),
 * and read back from it by the same function that the controls use: a shared link shows what
 * the page showed. "Only rows that differ" is on whenever a ruleset is picked, unless the reader
 * turns it off; the address says so only then (differ=0), or when it is turned on with none
 * picked (differ=1).
 */
(function () {
  "use strict";

  var TINTS = 6;

  /* One tint to each distinct value among the rulesets shown, in their order: two values
     shown side by side never share a tint, however many values the row has in all. */
  function tint(cells, visible, differs) {
    var order = [];
    cells.forEach(function (td) {
      for (var n = 0; n < TINTS; n += 1) {
        td.classList.remove("pj-v" + n);
      }
    });
    if (!differs) {
      return;
    }
    visible.forEach(function (td) {
      var value = td.getAttribute("data-value");
      if (order.indexOf(value) < 0) {
        order.push(value);
      }
      td.classList.add("pj-v" + (order.indexOf(value) % TINTS));
    });
  }

  function normalise(text) {
    return (text || "").toLowerCase().replace(/\s+/g, " ").trim();
  }

  function list(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  /* "Only rows that differ" as it stands when the rulesets picked change: on when any is. */
  function differsByDefault(picked) {
    return picked.length > 0;
  }

  function init() {
    var root = document.querySelector("[data-pj-compare]");
    if (!root || root.getAttribute("data-pj-ready") === "1") {
      return;
    }
    var form = root.querySelector("[data-pj-controls]");
    var pickA = root.querySelector('[data-pj-pick="a"]');
    var pickB = root.querySelector('[data-pj-pick="b"]');
    var differ = root.querySelector("[data-pj-differ]");
    var filter = root.querySelector("[data-pj-filter]");
    var gamesBox = root.querySelector("[data-pj-games]");
    var status = root.querySelector("[data-pj-status]");
    var empty = root.querySelector("[data-pj-empty]");
    var table = root.querySelector("table");
    var thead = table && table.querySelector("thead");
    if (!form || !pickA || !pickB || !differ || !filter || !gamesBox || !status || !thead) {
      return;
    }
    root.setAttribute("data-pj-ready", "1");
    var radios = list(gamesBox, "[data-pj-game]");
    var heads = list(table, "thead th[data-ruleset]");
    var rows = list(table, "tbody tr");
    var order = heads.map(function (th) { return th.getAttribute("data-ruleset"); });
    var names = {};
    var gameOf = {};
    heads.forEach(function (th) {
      var link = th.querySelector("a");
      var id = th.getAttribute("data-ruleset");
      names[id] = (link ? link.textContent : th.textContent).trim();
      gameOf[id] = th.getAttribute("data-game");
    });
    var gameNames = {};
    radios.forEach(function (radio) {
      var label = form.querySelector('label[for="' + radio.id + '"]');
      gameNames[radio.value] = label && label.firstChild ? label.firstChild.textContent.trim() : "";
    });

    function picked() {
      var found = [];
      [pickA.value, pickB.value].forEach(function (id) {
        if (id && found.indexOf(id) < 0) {
          found.push(id);
        }
      });
      return found;
    }

    function game() {
      var on = radios.filter(function (radio) { return radio.checked; })[0];
      return on ? on.value : "";
    }

    /* The columns shown: the pair, in the table's order; else the game's rulesets (all, when
       no game is chosen) and the one ruleset picked. */
    function shownIds(pick, chosenGame) {
      return order.filter(function (id) {
        if (pick.length === 2) {
          return pick.indexOf(id) >= 0;
        }
        return !chosenGame || gameOf[id] === chosenGame || pick.indexOf(id) >= 0;
      });
    }

    function describe(pick, ids, chosenGame, shown) {
      var of = "Showing " + shown + " of " + rows.length + " rules";
      var gameName = chosenGame ? gameNames[chosenGame] + " " : "";
      if (pick.length === 2) {
        return of + " for " + names[ids[0]] + " and " + names[ids[1]] +
          (differ.checked ? ", where they differ." : ".");
      }
      if (pick.length === 1) {
        var focus = pick[0];
        var others = ids.length - 1;
        if (others === 0) {
          return of + " for " + names[focus] + ".";
        }
        var kin = !chosenGame || gameOf[focus] === chosenGame ? "other " : "";
        if (differ.checked) {
          return of + " where " + names[focus] + " differs from at least one " +
            (kin || "") + gameName + "ruleset.";
        }
        return of + ", " + names[focus] + " beside the " + kin + others + " " + gameName +
          (others === 1 ? "ruleset." : "rulesets.");
      }
      return of + (differ.checked ? " that differ" : "") + " for " +
        (chosenGame ? "the " + ids.length + " " + gameName + "rulesets."
          : "all " + ids.length + " rulesets.");
    }

    function apply() {
      var pick = picked();
      var chosenGame = game();
      var pair = pick.length === 2;
      var focus = pick.length === 1 ? pick[0] : null;
      var ids = shownIds(pick, chosenGame);
      var query = normalise(filter.value);
      pickB.disabled = !pickA.value;
      gamesBox.disabled = pair;
      root.classList.toggle("pj-compare--pair", pair);
      table.style.setProperty("--pj-cols", String(ids.length));
      var lastGame = null;
      heads.forEach(function (th) {
        var id = th.getAttribute("data-ruleset");
        var on = ids.indexOf(id) >= 0;
        th.classList.toggle("pj-col-hidden", !on);
        th.classList.toggle("pj-col-focus", id === focus);
        /* The game's name heads the first of its columns shown. */
        th.classList.toggle("pj-game-start", on && gameOf[id] !== lastGame);
        if (on) {
          lastGame = gameOf[id];
        }
      });
      var shown = 0;
      var matched = {};
      rows.forEach(function (row) {
        var cells = list(row, "td[data-ruleset]");
        var values = {};
        var visible = [];
        cells.forEach(function (td) {
          var id = td.getAttribute("data-ruleset");
          var on = ids.indexOf(id) >= 0;
          td.classList.toggle("pj-col-hidden", !on);
          td.classList.toggle("pj-col-focus", id === focus);
          td.classList.remove("pj-match", "pj-dim");
          if (on) {
            visible.push(td);
            values[td.getAttribute("data-value")] = true;
          }
        });
        var differs = Object.keys(values).length > 1;
        row.classList.toggle("pj-row-same", !differs);
        tint(cells, visible, differs);
        var keep = !differ.checked || differs;
        if (keep && query) {
          var label = row.querySelector("th[scope=row]");
          var byLabel = label && normalise(label.getAttribute("data-search")).indexOf(query) >= 0;
          var hits = visible.filter(function (td) {
            return normalise(td.getAttribute("data-search")).indexOf(query) >= 0;
          });
          keep = byLabel || hits.length > 0;
          if (hits.length > 0) {
            visible.forEach(function (td) {
              var hit = hits.indexOf(td) >= 0;
              td.classList.toggle("pj-match", hit);
              td.classList.toggle("pj-dim", !hit);
              if (hit) {
                matched[td.getAttribute("data-ruleset")] = true;
              }
            });
          }
        }
        row.classList.toggle("pj-row-hidden", !keep);
        if (keep) {
          shown += 1;
        }
      });
      if (empty) {
        empty.hidden = shown > 0;
      }
      var text = describe(pick, ids, chosenGame, shown);
      if (query) {
        var which = ids.filter(function (id) { return matched[id]; });
        text += which.length
          ? " Values matching \u201c" + filter.value.trim() + "\u201d: " +
            which.map(function (id) { return names[id]; }).join(", ") + "."
          : " No value matches \u201c" + filter.value.trim() + "\u201d.";
      }
      status.textContent = text;
      save(pick, chosenGame);
      placeHead();
    }

    function save(pick, chosenGame) {
      if (!window.history || !window.history.replaceState || !window.URLSearchParams) {
        return;
      }
      var params = new URLSearchParams();
      if (pickA.value) { params.set("a", pickA.value); }
      if (pickB.value) { params.set("b", pickB.value); }
      if (chosenGame) { params.set("game", chosenGame); }
      if (filter.value.trim()) { params.set("q", filter.value.trim()); }
      if (differ.checked !== differsByDefault(pick)) {
        params.set("differ", differ.checked ? "1" : "0");
      }
      var search = params.toString();
      var url = window.location.pathname + (search ? "?" + search : "") + window.location.hash;
      try {
        window.history.replaceState(window.history.state, "", url);
      } catch (error) {
        /* file:// pages may refuse: the state simply is not kept. */
      }
    }

    function choose(select, id) {
      var known = list(select, "option").some(function (option) {
        return option.value === id;
      });
      select.value = id && known ? id : "";
    }

    /* The rulesets picked as the reader sets them: with none to compare, none to compare it
       with; "only rows that differ" as it stands for them. */
    function setPicks(a, b) {
      choose(pickA, a);
      choose(pickB, pickA.value ? b : "");
      differ.checked = differsByDefault(picked());
    }

    function restore() {
      if (!window.URLSearchParams) {
        return;
      }
      var params = new URLSearchParams(window.location.search);
      var a = params.get("a") || "";
      setPicks(a || params.get("b") || "", a ? params.get("b") || "" : "");
      var chosenGame = params.get("game") || "";
      radios.forEach(function (radio) {
        radio.checked = radio.value === chosenGame;
      });
      if (!radios.some(function (radio) { return radio.checked; }) && radios.length) {
        radios[0].checked = true;
      }
      filter.value = params.get("q") || "";
      if (params.has("differ")) {
        differ.checked = params.get("differ") === "1";
      }
    }

    /* The row of names follows the page's scroll, kept just below the site's bar until the
       table's end: the table scrolls sideways in its own frame, which would otherwise hold a
       sticky head to the frame, not to the page. */
    var bar = document.querySelector(".md-header");
    var waiting = false;
    function placeHead() {
      waiting = false;
      var top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
      var box = table.getBoundingClientRect();
      var height = thead.offsetHeight;
      var shift = Math.min(top - box.top, box.height - 2 * height);
      shift = shift > 0 ? Math.round(shift) : 0;
      thead.style.transform = shift ? "translateY(" + shift + "px)" : "";
      root.classList.toggle("pj-compare--stuck", shift > 0);
    }
    function onScroll() {
      if (!waiting) {
        waiting = true;
        window.requestAnimationFrame(placeHead);
      }
    }

    form.addEventListener("submit", function (event) { event.preventDefault(); });
    pickA.addEventListener("change", function () {
      setPicks(pickA.value, pickB.value);
      apply();
    });
    pickB.addEventListener("change", function () {
      setPicks(pickA.value, pickB.value);
      apply();
    });
    differ.addEventListener("change", apply);
    filter.addEventListener("input", apply);
    radios.forEach(function (radio) { radio.addEventListener("change", apply); });
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    form.hidden = false;
    restore();
    apply();
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
