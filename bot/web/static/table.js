"use strict";
// The table page: the board, players, log and — for a player who opened their own link —
// their moves as the same grouped controls as on Discord, and the board's clickable regions.
// Everything comes from ./state (JSON); ./events (server-sent events) says when to reload it.
// No framework, no third-party code: the page's Content-Security-Policy allows this file only.

const base = location.pathname.replace(/\/+$/, "");
let state = null;   // the last ./state answer
let step = null;    // the step shown now (the root step, or a narrowing step)
let busy = false;   // a move is on its way: controls are disabled

const $ = (id) => document.getElementById(id);
// The page's words, said in its language by the server (the body's data-words: no inline script).
const words = JSON.parse(document.body.dataset.words || "{}");
function word(name, params) {
  return (words[name] || name).replace(/\{(\w+)\}/g, (whole, field) =>
    params && field in params ? String(params[field]) : whole);
}

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null) node.setAttribute(name, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function showError(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

let loading = false; // one ./state request at a time
let again = false;    // a change was announced while loading: load once more afterwards
let shown = "";       // the ./state answer the page shows

async function load() {
  if (loading) {
    again = true;
    return;
  }
  loading = true;
  try {
    let response;
    try {
      response = await fetch(base + "/state", {credentials: "same-origin", cache: "no-store"});
    } catch (error) {
      $("conn").textContent = word("unreachable_retrying");
      return;
    }
    if (!response.ok) {
      $("title").textContent = word("no_table");
      $("turn").textContent = response.status === 404 ? word("wrong_link") : word("not_loaded");
      return;
    }
    const text = await response.text();
    if (text === shown) return;  // nothing changed: leave the page (and the step it shows) alone
    shown = text;
    const fresh = JSON.parse(text);
    // The same version again (an echo of a change already shown): keep the step the player opened.
    const keep = state && fresh.version === state.version && state.me && fresh.me && step !== state.me.step;
    state = fresh;
    if (!keep) step = state.me ? state.me.step : null;
    render();
  } finally {
    loading = false;
    if (again) {
      again = false;
      load();
    }
  }
}

function render() {
  document.title = state.title + " — gamemaster";
  $("title").textContent = word("title_table", {title: state.title, table: state.table});
  $("turn").textContent = state.turn_line;
  renderBoard();
  renderPlayers();
  renderLog();
  renderMe();
  const refused = $("link-refused");
  refused.textContent = state.link_refused || "";
  refused.hidden = !state.link_refused;
  $("replay").hidden = !state.replay;
  if (state.replay) $("replay-link").href = state.replay;
  document.body.dataset.version = String(state.version);
}

function renderBoard() {
  const img = $("board-img");
  if (!state.board) {
    img.hidden = true;
    $("regions").replaceChildren();
    return;
  }
  img.hidden = false;
  const url = base + "/" + state.board.url;
  if (img.getAttribute("src") !== url) img.src = url;
  img.width = state.board.width;
  img.height = state.board.height;
  renderRegions();
}

function renderRegions() {
  const layer = $("regions");
  layer.replaceChildren();
  if (!state.me || !state.board) return;
  const width = state.board.width, height = state.board.height;
  for (const region of state.me.regions) {
    const [left, top, right, bottom] = region.box;
    const button = el("button", {type: "button", class: "region", "data-region": region.name,
                                 "aria-label": region.name, title: region.name});
    button.style.left = (100 * left / width) + "%";
    button.style.top = (100 * top / height) + "%";
    button.style.width = (100 * (right - left) / width) + "%";
    button.style.height = (100 * (bottom - top) / height) + "%";
    if (region.shape === "polygon" && region.points) {
      const corners = region.points.map(([x, y]) =>
        (100 * (x - left) / (right - left)).toFixed(2) + "% " + (100 * (y - top) / (bottom - top)).toFixed(2) + "%");
      button.style.clipPath = "polygon(" + corners.join(", ") + ")";
    }
    button.disabled = busy;
    button.addEventListener("click", () => clickRegion(region));
    layer.append(button);
  }
}

function clickRegion(region) {
  if (region.key) {
    play({key: region.key});
  } else if (region.paths && region.paths.length === 1) {
    openStep(region.paths[0]);
  } else if (region.paths) {
    // The thing is named in several groups (build here, or run there): let the player say which.
    step = {path: [], title: region.name, rows: [region.paths.map((path) => ({
      kind: "button", primary: false, options: [{label: path.join(" › "), group: path}]}))]};
    renderControls();
  }
}

function renderPlayers() {
  const list = $("players");
  list.replaceChildren();
  for (const player of state.players) {
    const item = el("li", {class: player.turn ? "turn" : ""}, player.name);
    if (player.bot) item.append(el("span", {class: "tag"}, " " + word("bot")));
    if (state.me && state.me.seat === player.seat) item.append(el("span", {class: "tag"}, " " + word("you")));
    if (player.turn) item.append(el("span", {class: "tag mark"}, " ← " + word("to_play")));
    list.append(item);
  }
}

function renderLog() {
  const list = $("log");
  list.replaceChildren();
  for (const line of state.recent) list.append(el("li", {}, line));
}

function renderMe() {
  const me = state.me;
  $("me").hidden = !me;
  if (!me) return;
  $("me-name").textContent = word("you_name", {name: me.name});
  $("prompts").textContent = me.prompts.length ? me.prompts.join(" · ") : word("nothing_to_decide");
  const mine = $("mine");
  mine.hidden = !me.picture;
  if (me.picture && mine.getAttribute("src") !== base + "/" + me.picture) mine.src = base + "/" + me.picture;
  renderControls();
}

function renderControls() {
  const box = $("controls");
  box.replaceChildren();
  $("step-title").textContent = step && step.title ? step.title : "";
  if (!step) return;
  for (const row of step.rows) {
    const line = el("div", {class: "row"});
    for (const control of row) line.append(...controlNodes(control));
    box.append(line);
  }
  if (step.path.length || (state.me && step !== state.me.step)) {
    const back = el("button", {type: "button", class: "back"}, "◀ " + word("back"));
    back.addEventListener("click", () => { step = state.me.step; showError(""); renderControls(); });
    const line = el("div", {class: "row"});
    line.append(back);
    box.append(line);
  }
  for (const node of box.querySelectorAll("button, select, input")) node.disabled = busy;
}

function controlNodes(control) {
  if (control.kind === "button") {
    const option = control.options[0];
    const button = el("button", {type: "button", class: control.primary ? "primary" : "",
                                 "data-key": option.key, "data-group": option.group ? option.group.join("/") : null},
                      option.group ? option.label + " …" : option.label);
    button.addEventListener("click", () => pick(option));
    return [button];
  }
  if (control.kind === "select") {
    const select = el("select", {"aria-label": control.placeholder || word("choose")});
    select.append(el("option", {value: ""}, (control.placeholder || word("choose")) + "…"));
    control.options.forEach((option, index) => {
      select.append(el("option", {value: String(index), "data-key": option.key,
                                  "data-group": option.group ? option.group.join("/") : null},
                       option.group ? option.label + " …" : option.label));
    });
    select.addEventListener("change", () => {
      if (select.value !== "") pick(control.options[Number(select.value)]);
    });
    return [select];
  }
  // An amount: the lowest and highest as buttons, any other through the form.
  const amount = control.amount;
  const low = el("button", {type: "button", "data-key": amount.low.key}, amount.low.label);
  low.addEventListener("click", () => play({key: amount.low.key}));
  const high = el("button", {type: "button", "data-key": amount.high.key}, amount.high.label);
  high.addEventListener("click", () => play({key: amount.high.key}));
  const form = el("form", {class: "amount", "data-prefix": amount.prefix});
  const input = el("input", {type: "text", inputmode: "decimal", placeholder: amount.label,
                             "aria-label": amount.label, title: amount.range});
  const submit = el("button", {type: "submit", class: control.primary ? "primary" : ""}, word("play_amount"));
  form.append(input, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    play({amount: {prefix: amount.prefix, text: input.value}});
  });
  return [low, high, form];
}

function pick(option) {
  if (option.key) play({key: option.key});
  else openStep(option.group);
}

async function openStep(path) {
  showError("");
  const query = "?path=" + encodeURIComponent(path.join("/")) + "&v=" + state.version;
  const response = await fetch(base + "/step" + query, {credentials: "same-origin", cache: "no-store"});
  const body = await response.json();
  if (!response.ok) {
    showError(body.error);
    if (body.stale) await load();
    return;
  }
  step = body;
  renderControls();
}

async function play(move) {
  if (busy || !state.me) return;
  setBusy(true);
  document.body.dataset.sent = String(Number(document.body.dataset.sent || 0) + 1);  // moves sent from this page
  showError("");
  let body = null, ok = false;
  try {
    const response = await fetch(base + "/move", {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": state.me.csrf},
      body: JSON.stringify(Object.assign({revision: state.revision}, move)),
    });
    body = await response.json();
    ok = response.ok;
  } catch (error) {
    body = {error: word("not_sent")};
  }
  setBusy(false);
  if (!ok) {
    if (body.stale) await load();
    showError(body.error || word("move_refused"));
    return;
  }
  const said = $("said");
  said.textContent = body.private || "";
  said.hidden = !body.private;
  await load();
}

function setBusy(value) {
  // While a move is on its way every control is disabled, so one click is one move.
  busy = value;
  if (value) document.body.dataset.busy = "1";
  else delete document.body.dataset.busy;
  renderControls();
  renderRegions();
}

function listen() {
  const events = new EventSource(base + "/events");
  events.addEventListener("open", () => { $("conn").textContent = word("live"); });
  events.addEventListener("change", (event) => {
    const version = JSON.parse(event.data).version;
    if (!state || version !== state.version) load();
  });
  events.addEventListener("error", () => { $("conn").textContent = word("reconnecting"); });
}

load().then(listen);
