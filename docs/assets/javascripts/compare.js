/* Pope Joan variants: the comparison page's controls. Plain JavaScript, no dependencies.
 *
 * Without this script the comparison shows the whole matrix. With it, a reader can pick two
 * rulesets (only their columns are shown) or one (compared with all the others: its column is
 * marked), keep only the
 * rows whose values differ (cells are tinted only in rows that differ among those shown), and
 * filter by value: the rows where some visible ruleset's value contains the text are kept, the
 * matching cells are marked, and the status line names the rulesets that match.
 * The state is kept in the page's query string (?a=peel&b=foster&q=8D&differ=1).
 */
(function () {
  "use strict";

  /* One tint to each distinct value among the rulesets shown, in their order: two values
     shown side by side never share a tint, however many values the row has in all. */
  function tint(cells, visible, differs) {
    var order = [];
    cells.forEach(function (td) {
      for (var n = 0; n < 6; n += 1) {
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
      td.classList.add("pj-v" + (order.indexOf(value) % 6));
    });
  }

  function normalise(text) {
    return (text || "").toLowerCase().replace(/\s+/g, " ").trim();
  }

  function init() {
    var root = document.querySelector("[data-pj-compare]");
    if (!root || root.getAttribute("data-pj-ready") === "1") {
      return;
    }
    root.setAttribute("data-pj-ready", "1");

    var form = root.querySelector("[data-pj-controls]");
    var pickA = root.querySelector('[data-pj-pick="a"]');
    var pickB = root.querySelector('[data-pj-pick="b"]');
    var differ = root.querySelector("[data-pj-differ]");
    var filter = root.querySelector("[data-pj-filter]");
    var status = root.querySelector("[data-pj-status]");
    var empty = root.querySelector("[data-pj-empty]");
    var table = root.querySelector("table");
    if (!form || !pickA || !pickB || !differ || !filter || !status || !table) {
      return;
    }
    var heads = Array.prototype.slice.call(table.querySelectorAll("thead th[data-ruleset]"));
    var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr"));
    var names = {};
    heads.forEach(function (th) {
      var link = th.querySelector("a");
      names[th.getAttribute("data-ruleset")] = link ? link.textContent : th.textContent;
    });

    function pickedIds() {
      var picked = [];
      [pickA.value, pickB.value].forEach(function (id) {
        if (id && picked.indexOf(id) < 0) {
          picked.push(id);
        }
      });
      return picked;
    }

    function update(fromPick) {
      var picked = pickedIds();
      var focus = picked.length === 1 ? picked[0] : null;
      var ids = picked.length === 2 ? picked : heads.map(function (th) {
        return th.getAttribute("data-ruleset");
      });
      var query = normalise(filter.value);
      if (fromPick === true) {
        differ.checked = picked.length > 0;
      }
      heads.forEach(function (th) {
        var id = th.getAttribute("data-ruleset");
        th.classList.toggle("pj-col-hidden", ids.indexOf(id) < 0);
        th.classList.toggle("pj-col-focus", id === focus);
      });
      var shown = 0;
      var matched = {};
      rows.forEach(function (row) {
        var cells = Array.prototype.slice.call(row.querySelectorAll("td[data-ruleset]"));
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
      var text;
      if (focus) {
        text = "Showing " + shown + " of " + rows.length + " rules" +
          (differ.checked ? " where " + names[focus] + " differs from at least one other ruleset"
            : ", " + names[focus] + " beside all " + heads.length + " rulesets") + ".";
      } else {
        text =
          "Showing " + shown + " of " + rows.length + " rules for " +
          (ids.length === heads.length ? "all " + ids.length + " rulesets" :
            ids.map(function (id) { return names[id]; }).join(" and ")) + ".";
      }
      if (query) {
        var which = ids.filter(function (id) { return matched[id]; });
        text += which.length
          ? " Values matching \u201c" + filter.value.trim() + "\u201d: " +
            which.map(function (id) { return names[id]; }).join(", ") + "."
          : " No value matches \u201c" + filter.value.trim() + "\u201d.";
      }
      status.textContent = text;
      save();
    }

    function save() {
      if (!window.history || !window.history.replaceState || !window.URLSearchParams) {
        return;
      }
      var params = new URLSearchParams();
      if (pickA.value) { params.set("a", pickA.value); }
      if (pickB.value) { params.set("b", pickB.value); }
      if (filter.value.trim()) { params.set("q", filter.value.trim()); }
      if (differ.checked) { params.set("differ", "1"); }
      var search = params.toString();
      var url = window.location.pathname + (search ? "?" + search : "") + window.location.hash;
      try {
        window.history.replaceState(window.history.state, "", url);
      } catch (error) {
        /* file:// pages may refuse: the state simply is not kept. */
      }
    }

    function restore() {
      if (!window.URLSearchParams) {
        return;
      }
      var params = new URLSearchParams(window.location.search);
      function pick(select, id) {
        if (id && select.querySelector('option[value="' + id.replace(/[^a-z0-9_-]/gi, "") + '"]')) {
          select.value = id;
        }
      }
      pick(pickA, params.get("a"));
      pick(pickB, params.get("b"));
      filter.value = params.get("q") || "";
      differ.checked = params.get("differ") === "1";
    }

    form.addEventListener("submit", function (event) { event.preventDefault(); });
    pickA.addEventListener("change", function () { update(true); });
    pickB.addEventListener("change", function () { update(true); });
    differ.addEventListener("change", function () { update(false); });
    filter.addEventListener("input", function () { update(false); });
    form.hidden = false;
    restore();
    update(false);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
