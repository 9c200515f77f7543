/* Pope Joan variants: a rules card's choice of options. Plain JavaScript, no dependencies.
 *
 * The card holds every line that an option changes once for each choice of the options it
 * depends on, each marked with those values (data-when="dressing=dealer&five_pool=yes"); without
 * this script the default rules are shown. With it, the reader chooses each option's value in
 * the form, the card shows the lines for those values and names the values in force, and the
 * address keeps them (?dressing=dealer), so that a link opens, and prints, the same card.
 */
(function () {
  "use strict";

  function matches(when, chosen) {
    var wanted = new URLSearchParams(when);
    var ok = true;
    wanted.forEach(function (value, option) {
      if (chosen[option] !== value) {
        ok = false;
      }
    });
    return ok;
  }

  function init() {
    var card = document.querySelector("[data-pj-card]");
    if (!card || !window.URLSearchParams) {
      return;
    }
    var tools = card.querySelector("[data-pj-card-tools]");
    if (tools && window.print) {
      tools.hidden = false;
      tools.querySelector("[data-pj-card-print]").addEventListener("click", function () {
        window.print();
      });
    }
    var form = card.querySelector("[data-pj-card-form]");
    if (!form) {
      return;
    }
    var selects = Array.prototype.slice.call(form.querySelectorAll("select"));
    var said = card.querySelector("[data-pj-card-chosen]");
    var asked = new URLSearchParams(window.location.search);
    selects.forEach(function (select) {
      var value = asked.get(select.name);
      var known = Array.prototype.some.call(select.options, function (option) {
        return option.value === value;
      });
      if (known) {
        select.value = value;
      }
    });

    function show(remember) {
      var chosen = {};
      var changed = [];
      selects.forEach(function (select) {
        chosen[select.name] = select.value;
        if (select.value !== select.getAttribute("data-default")) {
          changed.push(select);
        }
      });
      card.querySelectorAll("[data-when]").forEach(function (variant) {
        variant.hidden = !matches(variant.getAttribute("data-when"), chosen);
      });
      if (said) {
        said.textContent = changed.length
          ? "Played with: " +
            changed
              .map(function (select) {
                var label = select.parentNode.querySelector("span").textContent;
                return label + ": " + select.options[select.selectedIndex].text;
              })
              .join("; ") +
            "."
          : "Every option at its default.";
      }
      if (remember && window.history && window.history.replaceState) {
        var params = new URLSearchParams();
        changed.forEach(function (select) {
          params.set(select.name, select.value);
        });
        var query = params.toString();
        var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
        window.history.replaceState(window.history.state, "", url);
      }
    }

    selects.forEach(function (select) {
      select.addEventListener("change", function () {
        show(true);
      });
    });
    form.hidden = false;
    show(false);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
