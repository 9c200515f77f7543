/* Pope Joan variants: the replay's step-through. Plain JavaScript, no dependencies.
 *
 * A replay page holds the deal's steps as JSON (<script type="application/json" id="replay-data">):
 * for each step, every seat's hand, the current run, the cards of the runs before it (the pile),
 * the counters on each compartment and each seat's net, with card names in ASCII (10H). The narration of each step is the page's own list
 * of steps (li#step-N), already escaped, each with a link to the rule it applies on the ruleset's
 * page, shown with the current step's line. This script draws the table for the current step, with
 * suit glyphs and colours, and moves between steps by the buttons, the slider, the arrow keys
 * (Left/Right, Home/End) and the address (#step-17 opens step 17; moving updates it). The view
 * shows every hand, or one seat's: the others face down, with only how many cards they hold.
 * The buttons and the step's line stay in view as the page scrolls (CSS), just below the site's
 * header (its height, measured here, is --pj-header-height); a click on a step button brings the
 * whole table (controls, board and hands) into view when it fits on the screen; when a move disables
 * the button that had the focus, the focus goes to the nearest button still enabled.
 * A card dealt face up (Matrimony: data.face_up, one a seat) is marked, in words as well as by
 * an outline, and stays in sight in a hidden hand; where the hands are shown instead of played
 * (data.shown), a hand once shown is open to every view, and the run's box lists the hands shown.
 */
(function () {
  "use strict";

  var GLYPHS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  var SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  var RANKS = {
    A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king"
  };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function card(name) {
    var rank = name.slice(0, -1);
    var suit = name.slice(-1);
    var red = suit === "D" || suit === "H";
    var node = el("span", "pj-pc pj-pc--" + (red ? "red" : "black"), rank + GLYPHS[suit]);
    node.setAttribute("data-card", name);
    node.title = RANKS[rank] + " of " + SUITS[suit];
    return node;
  }

  function upCard(name) {
    var node = card(name);
    node.classList.add("pj-pc--up");
    node.title += ", dealt face up";
    return [node, el("span", "pj-up", "face up")];
  }

  function handCards(hand, up) {
    var nodes = [];
    hand.forEach(function (name) {
      nodes = nodes.concat(name === up ? upCard(name) : [card(name)]);
    });
    return nodes;
  }

  function backs(count, label) {
    var wrap = el("span", "pj-backs");
    var shown = Math.min(count, 12);
    for (var i = 0; i < shown; i += 1) {
      wrap.appendChild(el("span", "pj-pc pj-pc--back"));
    }
    wrap.appendChild(el("span", "pj-backs__count", label));
    wrap.setAttribute("data-count", String(count));
    return wrap;
  }

  function cardsWord(count) {
    return count + (count === 1 ? " card" : " cards");
  }

  function signed(n) {
    return n > 0 ? "+" + n : n < 0 ? "−" + -n : "0";
  }

  function netTitle(n) {
    return n > 0 ? "Up " + cardsOrCounters(n) + " so far" :
      n < 0 ? "Down " + cardsOrCounters(-n) + " so far" : "Even so far";
  }

  function cardsOrCounters(n) {
    return n + (n === 1 ? " counter" : " counters");
  }

  function replace(node, children) {
    while (node.firstChild) {
      node.removeChild(node.firstChild);
    }
    children.forEach(function (child) {
      node.appendChild(child);
    });
  }

  function init() {
    var root = document.querySelector("[data-pj-replay]");
    var source = document.getElementById("replay-data");
    if (!root || !source || root.getAttribute("data-pj-ready") === "1") {
      return;
    }
    root.setAttribute("data-pj-ready", "1");
    var data = JSON.parse(source.textContent);
    var steps = data.steps;
    var total = steps.length;
    var turnUpAt = -1;
    var shownAt = [];
    var faceUp = data.face_up || [];
    steps.forEach(function (step, index) {
      if (turnUpAt < 0 && step.kind === "TurnedUp") {
        turnUpAt = index;
      }
      if (step.kind === "Shown") {
        shownAt[step.seat] = index;
      }
    });

    function isShown(seat) {
      return shownAt[seat] !== undefined && current >= shownAt[seat];
    }

    var slider = root.querySelector("[data-pj-slider]");
    var counter = root.querySelector("[data-pj-counter]");
    var view = root.querySelector("[data-pj-view]");
    var pick = root.querySelector("[data-pj-replay-pick]");
    var line = root.querySelector("[data-pj-line]");
    var turnUp = root.querySelector("[data-pj-turnup]");
    var run = root.querySelector("[data-pj-run]");
    var played = root.querySelector("[data-pj-played]");
    var runCount = root.querySelector("[data-pj-run-count]");
    var pile = root.querySelector("[data-pj-pile]");
    var spare = root.querySelector("[data-pj-spare]");
    var chips = {};
    Array.prototype.forEach.call(root.querySelectorAll("[data-pj-compartment]"), function (li) {
      chips[li.getAttribute("data-pj-compartment")] = li;
    });
    var seats = [];
    Array.prototype.forEach.call(root.querySelectorAll("[data-pj-seat]"), function (box) {
      seats[Number(box.getAttribute("data-pj-seat"))] = box;
    });
    var current = 0;

    function stepFromHash() {
      var match = /^#step-(\d+)$/.exec(window.location.hash);
      if (!match) {
        return -1;
      }
      var n = Number(match[1]);
      return n >= 1 && n <= total ? n - 1 : -1;
    }

    var items = document.querySelectorAll(".pj-steps > li");

    function narration(index) {
      var item = items[index];
      var text = item && item.querySelector(".pj-steps__text");
      return text ? Array.prototype.map.call(text.childNodes, function (n) {
        return n.cloneNode(true);
      }) : [];
    }

    // The rule the step applies, linked to the ruleset's page: the list's own link, copied.
    function ruleLink(index) {
      var item = items[index];
      var rule = item && item.querySelector(".pj-steprule");
      return rule ? [document.createTextNode(" "), rule.cloneNode(true)] : [];
    }

    function draw() {
      var step = steps[current];
      var previous = current > 0 ? steps[current - 1] : null;
      var last = current === total - 1;
      var seen = view.value === "all" ? -1 : Number(view.value);
      slider.value = String(current + 1);
      counter.textContent = "Step " + (current + 1) + " of " + total;
      root.querySelector('[data-pj-go="first"]').disabled = current === 0;
      root.querySelector('[data-pj-go="prev"]').disabled = current === 0;
      root.querySelector('[data-pj-go="next"]').disabled = last;
      root.querySelector('[data-pj-go="last"]').disabled = last;
      replace(line, [el("span", "pj-replay__n", String(current + 1))]
        .concat(narration(current), ruleLink(current)));

      if (data.turn_up && turnUpAt >= 0 && current >= turnUpAt) {
        var trump = data.trump ? SUITS[data.trump] + " are trumps" : "no trumps";
        replace(turnUp, [card(data.turn_up), el("span", "pj-replay__note", trump)]);
      } else if (data.turn_up) {
        replace(turnUp, [el("span", "pj-replay__note", "not yet turned")]);
      } else if (faceUp.length) {
        replace(turnUp, [el("span", "pj-replay__note", "none: each seat's last card is face up")]);
      } else {
        replace(turnUp, [el("span", "pj-replay__note", "none")]);
      }

      if (data.shown) {
        var shownSeats = [];
        seats.forEach(function (box, seat) {
          if (isShown(seat)) {
            shownSeats.push(seat);
          }
        });
        shownSeats.sort(function (a, b) { return shownAt[a] - shownAt[b]; });
        replace(run, shownSeats.map(function (seat) {
          var slot = el("span", "pj-run__play");
          step.hands[seat].forEach(function (name) {
            slot.appendChild(card(name));
          });
          slot.appendChild(el("span", "pj-run__seat", data.names[seat]));
          return slot;
        }));
        if (!shownSeats.length) {
          run.appendChild(el("span", "pj-replay__note", "no hand shown yet"));
        }
        runCount.textContent = "";
      } else {
        replace(run, step.run.map(function (play) {
          var slot = el("span", "pj-run__play");
          slot.appendChild(card(play.card));
          slot.appendChild(el("span", "pj-run__seat", data.names[play.seat]));
          return slot;
        }));
        if (!step.run.length) {
          run.appendChild(el("span", "pj-replay__note", "no card played yet"));
        }
        runCount.textContent = step.run.length ? "· " + cardsWord(step.run.length) : "";
        var earlier = step.pile || [];
        replace(pile, earlier.length ? earlier.map(card) :
          [el("span", "pj-replay__note", "none yet")]);
        played.textContent = "· " + cardsWord(earlier.length) +
          " (" + step.played + " played in the deal so far)";
      }

      if (!data.spare.length) {
        replace(spare, [el("span", "pj-replay__note", "none")]);
      } else if (last || seen < 0) {
        replace(spare, data.spare.map(card));
      } else {
        replace(spare, [backs(data.spare.length, cardsWord(data.spare.length))]);
      }

      Object.keys(chips).forEach(function (id) {
        var li = chips[id];
        var n = step.board[id] || 0;
        li.querySelector("[data-pj-count]").textContent = String(n);
        li.classList.toggle("pj-chips__item--empty", n === 0);
        li.classList.toggle(
          "pj-chips__item--changed", previous !== null && (previous.board[id] || 0) !== n
        );
      });

      seats.forEach(function (box, seat) {
        var hand = step.hands[seat];
        var handBox = box.querySelector("[data-pj-hand]");
        var open = seen < 0 || seen === seat || last || isShown(seat);
        var up = faceUp[seat];
        box.classList.toggle("pj-rseat--active", step.seat === seat);
        box.classList.toggle("pj-rseat--hidden", !open);
        box.classList.toggle("pj-rseat--out", last && data.winner === seat);
        if (!hand.length) {
          replace(handBox, [el("span", "pj-replay__note", "no cards left")]);
        } else if (open) {
          replace(handBox, handCards(hand, up));
        } else if (up && hand.indexOf(up) >= 0) {
          var down = hand.length - 1;
          replace(handBox, upCard(up).concat([backs(down, cardsWord(down) + " face down")]));
        } else {
          replace(handBox, [backs(hand.length, cardsWord(hand.length))]);
        }
        var net = box.querySelector("[data-pj-net]");
        net.textContent = signed(step.net[seat]);
        net.title = netTitle(step.net[seat]);
        net.classList.toggle("pj-rseat__net--up", step.net[seat] > 0);
        net.classList.toggle("pj-rseat__net--down", step.net[seat] < 0);
      });

      Array.prototype.forEach.call(items, function (li, i) {
        if (i === current) {
          li.setAttribute("aria-current", "step");
        } else {
          li.removeAttribute("aria-current");
        }
      });
    }

    // The sticky controls sit just below the site's header, however tall it is on this screen.
    function measureHeader() {
      var header = document.querySelector(".md-header");
      if (header) {
        document.documentElement.style.setProperty(
          "--pj-header-height", header.getBoundingClientRect().height + "px");
      }
    }
    measureHeader();
    window.addEventListener("resize", measureHeader);

    // After a click on a step button, the whole table is brought into view if it fits there.
    var stage = root.querySelector("[data-pj-stage]");
    function showStage() {
      var header = document.querySelector(".md-header");
      var top = header ? header.getBoundingClientRect().bottom : 0;
      var box = stage ? stage.getBoundingClientRect() : null;
      if (!box || box.height > window.innerHeight - top) {
        return;
      }
      if (box.top < top || box.bottom > window.innerHeight) {
        stage.scrollIntoView({ block: "nearest" });
      }
    }

    var order = ["first", "prev", "next", "last"];

    // A button that had the focus and is now disabled has lost it (to the page's body).
    function keepFocus(focused) {
      if (!focused || !focused.disabled || !root.contains(focused)) {
        return;
      }
      var at = order.indexOf(focused.getAttribute("data-pj-go"));
      var nearest = at < 2 ? ["next", "last"] : ["prev", "first"];
      for (var i = 0; i < nearest.length; i += 1) {
        var button = root.querySelector('[data-pj-go="' + nearest[i] + '"]');
        if (button && !button.disabled) {
          button.focus();
          return;
        }
      }
    }

    function go(index, fromAddress) {
      var focused = document.activeElement;
      current = Math.max(0, Math.min(total - 1, index));
      draw();
      keepFocus(focused);
      if (!fromAddress) {
        var hash = "#step-" + (current + 1);
        if (window.location.hash !== hash) {
          window.history.replaceState(null, "", hash);
        }
      }
    }

    var moves = {
      first: function () { return 0; },
      prev: function () { return current - 1; },
      next: function () { return current + 1; },
      last: function () { return total - 1; }
    };
    Array.prototype.forEach.call(root.querySelectorAll("[data-pj-go]"), function (button) {
      button.addEventListener("click", function () {
        go(moves[button.getAttribute("data-pj-go")]());
        showStage();
      });
    });
    slider.addEventListener("input", function () {
      go(Number(slider.value) - 1);
    });
    view.addEventListener("change", draw);
    if (pick) {
      pick.addEventListener("change", function () {
        window.location.href = pick.value;
      });
    }

    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      var target = event.target;
      var tag = target && target.tagName ? target.tagName.toLowerCase() : "";
      if (tag === "input" || tag === "select" || tag === "textarea" ||
          (target && target.isContentEditable)) {
        return;
      }
      var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
      var move = keys[event.key];
      if (!move) {
        return;
      }
      event.preventDefault();
      go(moves[move]());
    });

    // Each step's address (#step-N) names an empty element just above the table, so opening
    // it, or following a link to it from the list of steps, brings the table into view.
    window.addEventListener("hashchange", function () {
      var index = stepFromHash();
      if (index >= 0) {
        go(index, true);
      }
    });

    root.hidden = false;
    var start = stepFromHash();
    go(start >= 0 ? start : 0, true);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
