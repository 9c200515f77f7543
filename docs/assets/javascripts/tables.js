/* Pope Joan variants: tables wider than the page. Plain JavaScript, no dependencies.
 *
 * A wide table scrolls sideways inside its frame. While it does, and holds nothing else that
 * takes the keyboard's focus, the frame takes it (tabindex="0"), so that the arrow keys can
 * scroll it; it is then a region named after the table's caption, when there is one. The frames
 * are looked at again whenever the window changes size.
 */
(function () {
  "use strict";

  var FRAMES = ".md-typeset .pj-table-wrap, .md-typeset .md-typeset__scrollwrap";
  var FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

  function mark() {
    var frames = document.querySelectorAll(FRAMES);
    for (var i = 0; i < frames.length; i += 1) {
      var frame = frames[i];
      var ours = frame.hasAttribute("data-pj-scrolls");
      var scrolls = frame.scrollWidth > frame.clientWidth + 1;
      if (scrolls && !ours && !frame.querySelector(FOCUSABLE)) {
        frame.setAttribute("data-pj-scrolls", "");
        frame.setAttribute("tabindex", "0");
        var caption = frame.querySelector("caption");
        if (caption && caption.textContent.trim()) {
          frame.setAttribute("role", "region");
          frame.setAttribute("aria-label", caption.textContent.trim());
        }
      } else if (!scrolls && ours) {
        ["data-pj-scrolls", "tabindex", "role", "aria-label"].forEach(function (name) {
          frame.removeAttribute(name);
        });
      }
    }
  }

  var pending = null;
  function later() {
    if (pending === null) {
      pending = window.setTimeout(function () {
        pending = null;
        mark();
      }, 150);
    }
  }

  function init() {
    mark();
    window.addEventListener("resize", later);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
