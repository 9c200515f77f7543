/* The search index (over a megabyte) is fetched only when the reader first opens or uses the
 * search box, not on every page's arrival. Material's bundle asks for the index as soon as it
 * starts; this script, run before the bundle, holds that one request back until the search box
 * is focused, its toggle is used, or the address asks for a search (?q=...), and then sends
 * it. Every other request goes out as it always did. */
(() => {
  const INDEX = /\/search\/search_index\.json$/;
  const held = [];
  let wanted = false;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;

  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.pjHeld = !wanted && INDEX.test(new URL(String(url), document.baseURI).pathname);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (this.pjHeld && !wanted) {
      held.push(() => send.apply(this, args));
      return undefined;
    }
    return send.apply(this, args);
  };

  const want = () => {
    if (wanted) return;
    wanted = true;
    for (const release of held.splice(0)) release();
  };
  const isSearch = (target) =>
    target instanceof Element &&
    (target.id === "__search" || target.closest("[data-md-component='search']") !== null);

  document.addEventListener("focusin", (event) => isSearch(event.target) && want());
  document.addEventListener("change", (event) => isSearch(event.target) && want());
  document.addEventListener("pointerdown", (event) => isSearch(event.target) && want());
  document.addEventListener("keydown", (event) => {
    // Material's shortcuts for the search box: "/", "s" and "f" outside a text field.
    const field = event.target instanceof Element && event.target.closest("input, textarea, select");
    if (!field && ["/", "s", "f"].includes(event.key)) want();
  });
  if (new URLSearchParams(location.search).has("q")) want();
})();
