/* Pope Joan variants: the Play page. It draws and sends clicks; the rules are all Python's,
 * run in a web worker (play-worker.js).
 *
 * The root element's data-state says where things stand: loading, ready, your-lead (your legal
 * leads are enabled button[data-card]), waiting (the engine is playing) and over. The address
 * holds the deal (ruleset, players, seat, policy, seed and o.<option>=value), so a link deals
 * the same cards again.
 */
const GLYPHS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANKS = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king",
};
const MAX_SEED = 2 ** 53 - 1;

const root = document.querySelector("[data-pj-play]");
const $ = (name) => root.querySelector("[data-pj-" + name + "]");
const form = $("controls");
const field = (name) => form.elements.namedItem(name);
const tryButton = root.querySelector("[data-action=try]");
const nextButton = root.querySelector("[data-action=next]");
const readyButton = root.querySelector("[data-action=ready]");
let shownSeat = null; /* with people passing the screen, the seat whose hand is on it */
const resumeButton = root.querySelector("[data-action=resume]");
const skipButton = root.querySelector("[data-action=skip]");
const calm = window.matchMedia("(prefers-reduced-motion: reduce)");
const PACE = 350; /* milliseconds between two cards laid by the others */
let skipping = false;

/* Whether two states of the table are of the same deal, the later one further on. */
function sameDeal(before, after) {
  return Boolean(before) && before.ruleset === after.ruleset
    && before.game.number === after.game.number && before.dealer === after.dealer;
}

/* The cards played since ``before``, laid on the table one at a time with who played them
   (at once when the person prefers less motion, or asks to skip). */
async function layOut(before, after, instant) {
  const done = sameDeal(before, after) ? before.plays.length : 0;
  const fresh = after.plays.slice(done);
  const box = $("laid");
  replace(box, []);
  $("laying").hidden = fresh.length === 0;
  skipping = calm.matches || Boolean(instant);
  skipButton.hidden = skipping || fresh.length < 2;
  for (const [seat, card] of fresh) {
    const item = el("span", "pj-run__item");
    item.append(cardFace(card), el("span", "pj-run__seat", personName(seat, after)));
    box.appendChild(item);
    if (!skipping) await new Promise((resolve) => setTimeout(resolve, PACE));
  }
  skipButton.hidden = true;
}
const JOURNAL = "pj-play-game";
/* The game in play, kept on this device so that it can be taken up again: the deal asked for,
   then each lead and each next deal, in order. The engine is deterministic, so asking them
   again comes to the same table. */
let journal = null;

function keep() {
  try {
    if (journal) localStorage.setItem(JOURNAL, JSON.stringify(journal));
    else localStorage.removeItem(JOURNAL);
  } catch (error) {
    /* storage refused (a private window): the game is simply not kept */
  }
}

function kept() {
  try {
    return JSON.parse(localStorage.getItem(JOURNAL) || "null");
  } catch (error) {
    return null;
  }
}

function noted(answer) {
  if (journal && answer.state === "over" && answer.game.over) {
    journal = null; /* a game played out is not taken up again */
  }
  keep();
}
let catalog = [];
let pending = new Map();
let asked = 0;
let state = null;
let keepFocus = false; /* the person led from the keyboard or the hand had focus: keep it there */

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardName(name) {
  return RANKS[name.slice(0, -1)] + " of " + SUITS[name.slice(-1)];
}

function cardFace(name) {
  const suit = name.slice(-1);
  const red = suit === "D" || suit === "H";
  const node = el("span", "pj-pc pj-pc--" + (red ? "red" : "black"), name.slice(0, -1) + GLYPHS[suit]);
  node.title = cardName(name);
  return node;
}

function replace(node, children) {
  node.replaceChildren(...children);
}

function signed(n) {
  return n > 0 ? "+" + n : n < 0 ? "−" + -n : "0";
}

function cardsWord(n) {
  return n + (n === 1 ? " card" : " cards");
}

function setState(name, status) {
  root.setAttribute("data-state", name);
  if (status !== undefined) $("status").textContent = status;
}

/* ---- The worker ---------------------------------------------------------------------- */

const worker = new Worker(new URL("play-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  const data = event.data;
  if (data.progress !== undefined) {
    $("progress").value = data.progress;
    const size = root.dataset.pjFetching;
    $("status").textContent = data.text + (size && data.progress < 3 ? " (" + size + " to fetch the first time)" : "");
  } else if (data.ready) {
    $("progress").value = 4;
    $("progress").hidden = true;
    if (!catalog.length) {
      catalog = data.catalog;
      fillControls();
    }
    if (root.getAttribute("data-state") === "loading") setState("ready", "Choose the rules and deal.");
  } else if (data.failed) {
    $("status").textContent = "The engine could not start: " + data.failed;
  } else if (pending.has(data.id)) {
    pending.get(data.id)(data.answer);
    pending.delete(data.id);
  }
};

function ask(request) {
  asked += 1;
  const id = asked;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id: id, request: request });
  });
}

/* ---- The controls ---------------------------------------------------------------------- */

function option(value, label, selected) {
  const node = el("option", "", label);
  node.value = value;
  node.selected = Boolean(selected);
  return node;
}

function chosen() {
  return catalog.find((r) => r.id === field("ruleset").value) || catalog[0];
}

function policyLabel(ruleset, name) {
  if (name === "random") return "Lead at random";
  if (name === "lowest") return "Lead their lowest card";
  if (name === "advised") {
    return ruleset.advice ? "Follow this source's advice" : "Lead their lowest card (this source gives no advice)";
  }
  const other = catalog.find((r) => "advice:" + r.id === name);
  return "Follow the advice of " + (other ? other.title : name);
}

function fillRuleset(params) {
  const ruleset = chosen();
  const players = field("players");
  const wanted = Number(params.get("players")) || Number(players.value) || Math.min(Math.max(4, ruleset.min), ruleset.max);
  const counts = [];
  for (let n = ruleset.min; n <= ruleset.max; n += 1) counts.push(option(String(n), String(n), n === wanted));
  replace(players, counts);
  if (!players.value) players.value = String(ruleset.min);
  fillSeats(params);
  const policy = field("policy");
  const policyWanted = params.get("policy") || policy.value || "advised";
  replace(policy, ruleset.policies.map((p) => option(p, policyLabel(ruleset, p), p === policyWanted)));
  const box = $("options");
  const rows = ruleset.options.map((o) => {
    const wrap = el("div", "pj-field");
    const id = "pj-option-" + o.id;
    const label = el("label", "", o.label);
    label.htmlFor = id;
    const select = el("select");
    select.id = id;
    select.name = "o." + o.id;
    const value = params.get("o." + o.id) || o.default;
    o.values.forEach((v) => select.appendChild(option(v.value, v.label + (v.value === o.default ? " (default)" : ""), v.value === value)));
    wrap.append(label, select);
    if (o.reading) wrap.append(readingLink(ruleset.id, o.reading));
    return wrap;
  });
  replace(box, [el("legend", "", rows.length ? "Options" : "Options: this ruleset has none"), ...rows]);
  summarise();
}

/* The line beside "change": the rules in play, in a few words. */
function summarise() {
  const ruleset = chosen();
  const changed = ruleset.options.filter((o) => {
    const select = form.elements.namedItem("o." + o.id);
    return select && select.value !== o.default;
  });
  const rules = changed.length === 0
    ? "The default rules"
    : changed.length === 1
      ? "One option changed"
      : changed.length + " options changed";
  const seat = field("seat");
  const where = seat.selectedIndex >= 0 ? seat.options[seat.selectedIndex].text.split(" (")[0] : "Player 1";
  const people = Number(field("people").value) || 1;
  $("summary").textContent = rules + "; you are " + (where === "The dealer" ? "the dealer" : where)
    + (people > 1 ? ", " + people + " people at this screen" : "");
}

/* An option whose values are readings of a silent, unclear or lost passage: marked, and linked
   to the interpretation on the ruleset's page, which says what the source says and what is read. */
function readingLink(rulesetId, reading) {
  const root = document.querySelector("[data-pj-play]");
  const href = root.dataset.pjInterpretation.replace("RULESET", rulesetId).replace("READING", reading);
  const link = el("a", "pj-reading", "a reading");
  link.href = href;
  link.title = "Not the source's words: its values are readings of a passage that is silent, unclear or lost";
  return link;
}

function fillPeople(params) {
  const people = field("people");
  const players = Number(field("players").value);
  const wanted = params.get("people") || people.value || "1";
  const counts = [option("1", "Only you", wanted === "1")];
  for (let n = 2; n <= players; n += 1) {
    counts.push(option(String(n), n + ", passing the screen to the left", String(n) === wanted));
  }
  replace(people, counts);
}

function fillSeats(params) {
  fillPeople(params);
  const seat = field("seat");
  const players = Number(field("players").value);
  const wanted = params.get("place") ?? seat.value ?? "";
  const seats = [option("", "Player 1, the elder hand (on the dealer's left)", wanted === "")];
  for (let p = 2; p < players; p += 1) seats.push(option(String(p), "Player " + p, String(p) === wanted));
  seats.push(option("0", "The dealer", wanted === "0"));
  replace(seat, seats);
  summarise();
}

/* The rulesets grouped by the game their source names, each game where its first ruleset is. */
function byGame(rulesets) {
  const games = new Map();
  for (const r of rulesets) {
    if (!games.has(r.game)) games.set(r.game, []);
    games.get(r.game).push(r);
  }
  return [...games.entries()];
}

function chosenTitle(rulesetId) {
  const ruleset = catalog.find((r) => r.id === rulesetId);
  return ruleset ? ruleset.short : rulesetId;
}

function fillControls() {
  const params = new URLSearchParams(location.search);
  const wanted = params.get("ruleset") || root.dataset.pjRecommended;
  replace(field("ruleset"), byGame(catalog).map(([game, members]) => {
    const group = el("optgroup");
    group.label = game;
    members.forEach((r) => group.appendChild(option(r.id, r.short, r.id === wanted)));
    return group;
  }));
  fillRuleset(params);
  if (params.get("seed")) field("seed").value = params.get("seed");
  for (const control of form.elements) control.disabled = false;
  tryButton.disabled = false;
  $("deals").disabled = false;
  tryButton.addEventListener("click", () => tryOptions());
  nextButton.addEventListener("click", () => nextDeal());
  skipButton.addEventListener("click", () => { skipping = true; });
  readyButton.addEventListener("click", () => {
    shownSeat = state.seat;
    keepFocus = true;
    draw(state);
  });
  field("ruleset").addEventListener("change", () => fillRuleset(new URLSearchParams()));
  field("players").addEventListener("change", () => fillSeats(new URLSearchParams()));
  form.addEventListener("change", () => summarise());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    deal();
  });
  const left = kept();
  if (left && left.asked && !params.get("seed") && catalog.some((r) => r.id === left.asked.ruleset)) {
    resumeButton.textContent = "Take up your game of " + left.title;
    resumeButton.hidden = false;
    resumeButton.addEventListener("click", () => deal(left));
  }
  if (params.get("try")) {
    $("deals").value = params.get("try");
    tryOptions();
  } else if (params.get("ruleset") && params.get("seed")) {
    deal();
  }
}

function request() {
  let seed = field("seed").value.trim();
  if (!/^\d{1,16}$/.test(seed) || Number(seed) > MAX_SEED) {
    seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);
    field("seed").value = seed;
  }
  const options = {};
  for (const control of $("options").querySelectorAll("select")) options[control.name.slice(2)] = control.value;
  const place = field("seat").value;
  return {
    do: "deal",
    ruleset: field("ruleset").value,
    players: Number(field("players").value),
    place: place === "" ? null : Number(place),
    policy: field("policy").value,
    seed: Number(seed),
    options: options,
    people: Number(field("people").value) || 1,
  };
}

function linkTo(asked, trial) {
  const params = new URLSearchParams();
  if (trial) params.set("try", String(trial));
  params.set("ruleset", asked.ruleset);
  params.set("players", String(asked.players));
  if (asked.place !== null && asked.place !== undefined) params.set("place", String(asked.place));
  params.set("policy", asked.policy);
  if (asked.people > 1) params.set("people", String(asked.people));
  params.set("seed", String(asked.seed));
  const ruleset = catalog.find((r) => r.id === asked.ruleset);
  for (const o of ruleset.options) {
    if (asked.options[o.id] !== o.default) params.set("o." + o.id, asked.options[o.id]);
  }
  return location.pathname + "?" + params.toString();
}

async function deal(again) {
  const asking = again ? again.asked : request();
  const starting = root.getAttribute("data-state") === "loading";
  setState("waiting", (again ? "Taking up your game…" : "Dealing…") + (starting ? " The engine is still starting." : ""));
  /* The table from the first click, even while the engine starts: it is drawn when the deal
     comes. */
  const first = $("game").hidden;
  shownSeat = null;
  $("game").hidden = false;
  $("more").open = false;
  if (first && window.matchMedia("(min-width: 60em)").matches) $("log").open = true;
  $("game").scrollIntoView({ block: "start" });
  let answer = await ask(asking);
  if (answer.error) {
    $("game").hidden = first;
    setState("ready", answer.error);
    return;
  }
  journal = { asked: asking, actions: [], title: chosenTitle(asking.ruleset) };
  for (const action of again ? again.actions : []) {
    const next = await ask(action.lead ? { do: "lead", card: action.lead } : { do: "next" });
    if (next.error) break;
    answer = next;
    journal.actions.push(action);
  }
  noted(answer);
  resumeButton.hidden = true;
  await layOut(null, answer, true);
  const link = linkTo(asking);
  history.replaceState(null, "", link);
  $("link").href = link;
  $("link").textContent = location.origin + link;
  draw(answer);
  $("game").scrollIntoView({ block: "start" });
}

async function nextDeal() {
  keepFocus = true;
  setState("waiting", "Dealing the next deal…");
  const answer = await ask({ do: "next" });
  if (answer.error) {
    setState("over", answer.error);
    return;
  }
  if (journal) journal.actions.push({ next: true });
  noted(answer);
  await layOut(null, answer, true);
  shownSeat = null;
  draw(answer);
  $("game").scrollIntoView({ block: "start" });
}

async function lead(card) {
  keepFocus = $("hand").contains(document.activeElement);
  setState("waiting", "The others are playing…");
  drawHand(state, true);
  const answer = await ask({ do: "lead", card: card });
  if (answer.error) {
    setState("your-lead", answer.error);
    drawHand(state, false);
    return;
  }
  if (journal) journal.actions.push({ lead: card });
  noted(answer);
  await layOut(state, answer);
  draw(answer);
}

/* ---- The table ------------------------------------------------------------------------- */

/* A seat named as people at the table name it, counting round to the left from the dealer. */
function personName(s, data) {
  const place = (s - data.dealer + data.players) % data.players;
  return place === 0 ? "Dealer" : "Player " + place;
}

/* The seats as people sit, from the dealer's left round to the dealer. */
function fromTheLeft(data) {
  return Array.from({ length: data.players }, (_, i) => (data.dealer + 1 + i) % data.players);
}

function seatName(s, data) {
  const roles = [];
  if (s === data.seat) roles.push("you");
  if (s === (data.dealer + 1) % data.players) roles.push("elder hand");
  return personName(s, data) + (roles.length ? " (" + roles.join(", ") + ")" : "");
}

function drawHand(data, waiting) {
  const hint = $("hint");
  const buttons = data.hand.map((c) => {
    const button = el("button", "pj-play__card");
    button.type = "button";
    button.setAttribute("data-card", c.card);
    button.appendChild(cardFace(c.card));
    const why = waiting ? "Not your turn: the others are playing." : c.why;
    const legal = c.legal && !waiting;
    const face = button.textContent; /* the accessible name starts with what is seen: 2♣ */
    button.setAttribute("aria-label", face + ", " + cardName(c.card) + (legal ? "" : ". " + why));
    if (legal) {
      button.addEventListener("click", () => lead(c.card));
    } else {
      button.setAttribute("aria-disabled", "true");
      button.title = why;
      const say = () => { hint.textContent = cardName(c.card) + ": " + why; };
      button.addEventListener("focus", say);
      button.addEventListener("mouseenter", say);
      button.addEventListener("click", say);
    }
    return button;
  });
  replace($("hand"), buttons);
  if (!data.hand.length) hint.textContent = "You hold no cards.";
}

function draw(data) {
  const previous = state;
  state = data;
  const over = data.state === "over";
  const passing = data.people.length > 1;
  const hidden = passing && !over && data.seat !== shownSeat;
  $("handover").hidden = !hidden;
  $("handbar").hidden = hidden;
  $("hand-title").textContent = passing ? personName(data.seat, data) + "'s hand" : "Your hand";
  if (hidden) {
    replace($("hand"), []);
    $("handover-say").textContent = "Pass the screen to " + personName(data.seat, data) + ": only they should see what comes next.";
    readyButton.textContent = "I am " + personName(data.seat, data) + ": show my hand";
  } else {
    drawHand(data, false);
  }
  $("hint").textContent = over ? "" : "Your lead: choose a card. Cards you may not lead say why.";
  replace($("turnup"), data.turn_up ? [cardFace(data.turn_up)] : [el("span", "", "None")]);
  replace($("run"), data.run.map((r) => {
    const item = el("span", "pj-run__item");
    item.append(cardFace(r.card), el("span", "pj-run__seat", personName(r.seat, data)));
    return item;
  }));
  $("played").textContent = "(" + cardsWord(data.played.length) + " played)";
  $("spare-name").textContent = data.spare_name.charAt(0).toUpperCase() + data.spare_name.slice(1);
  replace($("spare"), over && data.spare.length
    ? data.spare.map(cardFace)
    : [el("span", "", cardsWord(data.spare_size))]);
  const fresh = data.taken.slice(sameDeal(previous, data) ? previous.taken.length : 0);
  replace($("board"), Object.entries(data.board).map(([id, n]) => {
    const item = el("li", "pj-chips__item");
    item.append(el("span", "pj-chips__label", data.labels[id]), " ", el("span", "pj-chips__n", String(n)));
    const took = fresh.filter(([cid]) => cid === id);
    if (took.length) {
      /* the counters go from the compartment to the player who took them */
      item.classList.add("pj-chips__item--taken");
      for (const [, seat, amount] of took) {
        item.append(el("span", "pj-chips__to", " → " + personName(seat, data) + " +" + amount));
      }
    }
    return item;
  }));
  replace($("seats"), fromTheLeft(data).map((s) => {
    const size = data.sizes[s];
    const item = el("li", s === data.seat ? "pj-play__seat pj-play__seat--you" : "pj-play__seat");
    item.append(el("strong", "", seatName(s, data)), ": " + cardsWord(size) + ", counters " + signed(data.net[s]));
    if (over && s !== data.seat && data.hands[s].length) {
      const left = el("span", "pj-play__left");
      left.append(" holds ", ...data.hands[s].map(cardFace));
      item.append(left);
    }
    return item;
  }));
  replace($("lines"), data.lines.map((line) => el("li", "", line)));
  $("end").hidden = !over;
  const game = data.game;
  const which = game.count > 1 ? "Deal " + game.number + " of " + game.count + ": " : "";
  if (over) {
    drawEnd(data);
    const ended = data.result.winner === null
      ? "the deal is over."
      : "the deal is over, " + seatName(data.result.winner, data) + " went out.";
    setState("over", which + ended + (game.over && game.count > 1 ? " The game is over." : ""));
  } else {
    if (hidden) {
      setState("handover", which + "pass the screen to " + personName(data.seat, data) + ".");
      if (keepFocus) readyButton.focus();
      keepFocus = false;
      return;
    }
    setState("your-lead", which + (passing ? personName(data.seat, data) + " to lead." : "your lead."));
    const first = $("hand").querySelector("button:not([aria-disabled])");
    if (first && keepFocus) first.focus();
  }
  if (over && keepFocus) $("end").querySelector("h2").focus();
  keepFocus = false;
}

function drawEnd(data) {
  replace($("settlement"), fromTheLeft(data).map((s) => {
    const n = data.result.net[s];
    const row = el("tr", s === data.seat ? "pj-play__seat--you" : "");
    row.append(el("td", "", seatName(s, data) + (s === data.result.winner ? ", went out" : "")), el("td", "pj-num", signed(n)));
    row.append(el("td", "pj-num", signed(data.game.totals[s])));
    row.setAttribute("data-net", String(n));
    row.setAttribute("data-seat", String(s));
    return row;
  }));
  const game = data.game;
  $("next-box").hidden = game.over;
  $("next-note").textContent = game.over ? "" : "Deal " + (game.number + 1) + " of " + game.count + " is dealt by the player on this dealer's left.";
  $("game-end").hidden = !(game.over && game.count > 1);
  if (game.over) {
    replace($("closing"), game.closing.map((line) => el("li", "", line)));
    replace($("totals"), fromTheLeft(data).map((s) => {
      const row = el("tr", s === data.seat ? "pj-play__seat--you" : "");
      row.append(el("td", "", seatName(s, data)), el("td", "pj-num", signed(game.totals[s])));
      row.setAttribute("data-seat", String(s));
      row.setAttribute("data-total", String(game.totals[s]));
      return row;
    }));
    const names = game.winners.map((s) => seatName(s, data));
    $("winners").textContent = (names.length === 1 ? names[0] + " wins the game." : names.join(" and ") + " share the game.");
  }
  $("advice-note").textContent = data.compared.length
    ? (data.advice
      ? "At each of your leads, the lead this source's advice would have made:"
      : "This source gives no advice; at each of your leads, the lowest card you could lead:")
    : "You had no lead to make in this deal.";
  replace($("compared"), data.compared.map((c) => {
    const item = el("li");
    if (c.card === c.advised) {
      item.append("You led ", cardFace(c.card), "; so would the advice (" + c.reason + ").");
    } else {
      item.append("You led ", cardFace(c.card), "; the advice would have led ", cardFace(c.advised), " (" + c.reason + ").");
    }
    return item;
  }));
  const download = $("download");
  if (download.href.startsWith("blob:")) URL.revokeObjectURL(download.href);
  download.href = URL.createObjectURL(new Blob([data.deal_file], { type: "application/x-yaml" }));
  download.download = "deal-" + data.ruleset + ".yaml";
  $("result").textContent = JSON.stringify(data.result, null, 2);
  $("file").textContent = data.deal_file;
}

/* ---- Trying the options ----------------------------------------------------------------- */

function figure(stat, percent) {
  const [low, high] = stat.ci95;
  const show = (x) => percent
    ? (100 * x).toFixed(1) + "%"
    : (x < 0 ? "−" + (-x).toFixed(2) : x.toFixed(2));
  return show(percent ? stat.rate : stat.mean) + " (" + show(low) + " to " + show(high) + ")";
}

function figureRows(answer) {
  const [base, chosen] = answer.reports;
  const rows = [];
  base.net_by_position.forEach((seat, i) => {
    rows.push(["Counters won by the " + seat.position + ", per deal", figure(seat), figure(chosen.net_by_position[i])]);
  });
  rows.push(["Deals the turn-up ends before play", figure(base.voided, true), figure(chosen.voided, true)]);
  const pope = answer.chief;
  if (pope) {
    const label = answer.labels[pope];
    const mine = chosen.compartments[pope];
    rows.push([label + " won in play", figure(base.compartments[pope].won_in_play, true), mine ? figure(mine.won_in_play, true) : "not on the board"]);
    rows.push([label + ": counters taken when won", figure(base.compartments[pope].size_when_won), mine ? figure(mine.size_when_won) : "not on the board"]);
  }
  rows.push(["Cards played in a deal", figure(base.cards_played), figure(chosen.cards_played)]);
  return rows;
}

async function tryOptions() {
  const asking = request();
  const deals = Number($("deals").value);
  const bar = $("try-progress");
  tryButton.disabled = true;
  $("try-box").setAttribute("data-try-state", "running");
  $("try-wrap").hidden = true;
  bar.hidden = false;
  bar.value = 0;
  let answer = await ask({
    do: "try", ruleset: asking.ruleset, players: asking.players, policy: asking.policy,
    options: asking.options, deals: deals, seed: asking.seed,
  });
  const started = performance.now();
  while (!answer.error && !answer.reports) {
    bar.value = answer.done / answer.deals;
    $("try-status").textContent = "Played " + answer.done.toLocaleString("en") + " of " + answer.deals.toLocaleString("en") + " deals on each side…";
    answer = await ask({ do: "try-step" });
  }
  bar.hidden = true;
  tryButton.disabled = false;
  if (answer.error) {
    $("try-status").textContent = answer.error;
    $("try-box").setAttribute("data-try-state", "failed");
    return;
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round((2 * deals) / Math.max(seconds, 0.001));
  history.replaceState(null, "", linkTo(asking, deals));
  $("try-status").textContent = deals.toLocaleString("en") + " deals on each side, " + asking.players + " players, in " + seconds.toFixed(1) + " seconds (" + rate.toLocaleString("en") + " deals a second).";
  $("try-status").setAttribute("data-rate", String(rate));
  replace($("try-figures"), figureRows(answer).map((cells) => {
    const row = el("tr");
    row.append(el("th", "", cells[0]), el("td", "", cells[1]), el("td", "", cells[2]));
    row.firstChild.scope = "row";
    return row;
  }));
  $("try-wrap").hidden = false;
  $("try-box").setAttribute("data-try-state", "done");
}

/* The controls from the catalog the site wrote into the page: ready before the engine is. */
catalog = JSON.parse(root.dataset.pjCatalog || "[]");
if (catalog.length) fillControls();
