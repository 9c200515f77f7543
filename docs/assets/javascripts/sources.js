/* Pope Joan variants: a source text's cited lines. Plain JavaScript, no dependencies.
 *
 * A citation links to a source's page at #L95-L99 (or #L12 for one line). Without this script
 * the browser scrolls to the first line and the stylesheet marks it (:target); with it, every
 * line of the range is marked and the range is brought into the middle of the window. The same
 * happens when the address's fragment changes on the page (a line number clicked).
 */
(function () {
  "use strict";

  var RANGE = /^#L(\d+)(?:-L(\d+))?$/;
  var HIT = "pj-line--hit";

  function mark() {
    var text = document.querySelector("[data-pj-text], .pj-citing");
    if (!text) {
      return;
    }
    var old = document.querySelectorAll("." + HIT);
    for (var i = 0; i < old.length; i++) {
      old[i].classList.remove(HIT);
    }
    var found = RANGE.exec(window.location.hash);
    if (!found) {
      return;
    }
    var first = parseInt(found[1], 10);
    var last = found[2] ? parseInt(found[2], 10) : first;
    if (last < first || last - first > 10000) {
      return;
    }
    var start = document.getElementById(window.location.hash.slice(1));
    if (start && start.classList.contains("pj-range")) {
      start = start.parentElement;
    }
    if (start) {
      start.classList.add(HIT);
    }
    for (var n = first; n <= last; n++) {
      var line = document.getElementById("L" + n);
      if (line && line.classList.contains("pj-line")) {
        line.classList.add(HIT);
        start = start || line;
      }
    }
    if (start) {
      start.scrollIntoView({ block: "center" });
    }
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mark);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mark);
  } else {
    mark();
  }
  window.addEventListener("hashchange", mark);
})();
