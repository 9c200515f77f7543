/* Pope Joan variants: a source text's cited lines. Plain JavaScript, no dependencies.
 *
 * A citation links to a source's page at #L95-L99 (or #L12 for one line). Without this script
 * the browser scrolls to the first line, leaving room above it (the stylesheet's
 * scroll-margin-top), and the stylesheet marks it (:target); with it, every line of the range
 * is marked, with the notes of what cites the passages inside it, and the first line is brought
 * a third of the way down the window, below the header, a few lines of the text above it (or
 * nearer the top when the range is too long to show whole there). The same happens when the
 * address's fragment changes on the page (a line number clicked). A reading folded away on a
 * source's apparatus is opened when the address names it.
 */
(function () {
  "use strict";

  var RANGE = /^#L(\d+)(?:-L(\d+))?$/;
  var HIT = "pj-line--hit";

  function headerHeight() {
    var header = document.querySelector(".md-header");
    return header ? header.getBoundingClientRect().height : 0;
  }

  function bringIntoView(first, last) {
    var above = headerHeight();
    var room = window.innerHeight - above;
    var top = first.getBoundingClientRect().top + window.scrollY;
    var height = last.getBoundingClientRect().bottom + window.scrollY - top;
    var lineHeight = first.getBoundingClientRect().height || 24;
    // A third of the way down; higher when the range would not fit below that, but never
    // closer to the header than three lines of context.
    var offset = Math.max(Math.min(room / 3, room - height - lineHeight), 3 * lineHeight);
    window.scrollTo(0, Math.max(0, top - above - offset));
  }

  function openReading() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    var fold = target ? target.closest("details") : null;
    if (fold && !fold.open) {
      fold.open = true;
      target.scrollIntoView();
    }
  }

  function mark() {
    var text = document.querySelector("[data-pj-text], .pj-citing");
    if (!text) {
      openReading();
      return;
    }
    var old = document.querySelectorAll("." + HIT);
    for (var i = 0; i < old.length; i++) {
      old[i].classList.remove(HIT);
    }
    var found = RANGE.exec(window.location.hash);
    if (!found) {
      openReading();
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
    var end = document.getElementById("L" + last);
    if (start && start.classList.contains("pj-line") && !start.id.match(/^L\d+$/)) {
      // a modern page's locator: one item holds the range
      start.classList.add(HIT);
      start.scrollIntoView({ block: "center" });
      return;
    }
    if (!start) {
      start = document.getElementById("L" + first);
    }
    if (!start || !end || !start.classList.contains("pj-line")) {
      return;
    }
    // Every line from the first to the last, and what cites the passages between them.
    for (var node = start; node; node = node.nextElementSibling) {
      if (node.classList.contains("pj-line") || node.classList.contains("pj-citedby")) {
        node.classList.add(HIT);
      }
      if (node === end) {
        break;
      }
    }
    bringIntoView(start, end);
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
