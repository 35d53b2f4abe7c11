"use strict";
// Shared by both pages: the code comes from the address, the page asks the table for fresh data every two
// seconds (an unchanged answer costs the table a "304 Not Modified"), and everything shown is set as text.
const PARTS = location.pathname.split("/");
const KIND = PARTS[1];
const TOKEN = PARTS[2] || "";
const API = "/api/" + KIND + "/" + TOKEN;
const POLL_MS = 2000;
const HIDDEN_POLL_MS = 10000;
let lastText = "";
let timer = 0;
let stopped = false;

function $(id) { return document.getElementById(id); }

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

function paint(node, hex) {
  if (/^#[0-9a-fA-F]{3,8}$/.test(hex || "")) node.style.backgroundColor = hex;
  return node;
}

function show(node, visible) { node.hidden = !visible; return node; }

function status(text, bad) {
  const line = $("status");
  line.textContent = text;
  line.classList.toggle("bad", !!bad);
}

function errorOf(text) {
  try { return JSON.parse(text).error || "The table did not answer."; } catch (e) { return "The table did not answer."; }
}

function gone() {
  stopped = true;
  clear(document.querySelector("main")).append(
    el("p", "gone", "This code no longer opens anything. Scan the code shown on the table again."));
  status("", false);
}

async function poll() {
  clearTimeout(timer);
  if (stopped) return;
  try {
    const reply = await fetch(API, {cache: "no-cache", credentials: "omit"});
    const text = await reply.text();
    if (reply.status === 404) { gone(); return; }
    if (reply.ok) {
      if (text !== lastText) { lastText = text; render(JSON.parse(text)); }
      status("Live · " + new Date().toLocaleTimeString(), false);
    } else {
      status(errorOf(text), true);
    }
  } catch (e) {
    status("No connection to the table: trying again…", true);
  }
  timer = setTimeout(poll, document.hidden ? HIDDEN_POLL_MS : POLL_MS);
}

document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });

function seatCard(p) {
  const card = el("article", "seat" + (p.turn ? " turn" : "") + (p.out ? " out" : ""));
  card.append(paint(el("div", "band"), p.colour));
  const body = el("div", "body");
  const who = el("div", "who");
  who.append(el("b", "", p.name), el("span", "muted small", "  " + p.token + (p.side ? " · " + p.side : "")));
  body.append(who, el("div", "cash", p.cash));
  const notes = el("div", "notes");
  notes.append(el("span", "", "On " + p.space));
  for (const note of p.notes) {
    notes.append(document.createTextNode(" · "), el("span", note.startsWith("In ") ? "jail" : "", note));
  }
  body.append(notes);
  for (const group of p.groups) body.append(groupRow(group));
  card.append(body);
  return card;
}

function groupRow(group) {
  const row = el("div", "group" + (group.complete ? " complete" : ""));
  row.append(paint(el("span", "chip"), group.colour), el("span", "gname", group.name));
  const list = el("ul", "deeds");
  for (const deed of group.deeds) {
    const item = el("li", deed.mortgaged ? "mortgaged" : "");
    item.append(el("span", "", deed.name));
    if (deed.marks) item.append(el("span", "marks", deed.marks));
    list.append(item);
  }
  row.append(list);
  return row;
}

function journal(list, lines) {
  clear(list);
  for (const line of lines.slice().reverse()) {
    list.append(el("li", line.undone ? "undone" : "", "#" + line.seq + " " + line.text));
  }
}

function auctionLine(a) {
  const line = el("div", "banner");
  if (/^#[0-9a-fA-F]{3,8}$/.test(a.colour || "")) line.style.borderLeftColor = a.colour;
  line.append(el("b", "", "Auction: " + a.lot), el("div", "", "Highest bid: " + a.high));
  if (a.info) line.append(el("div", "small muted", a.info));
  if (a.waiting) line.append(el("div", "small muted", a.waiting));
  return line;
}

function tradeLine(t) {
  const line = el("div", "banner");
  line.append(el("b", "", "Trade offer from " + t.proposer + " to " + t.partner));
  line.append(el("div", "", t.proposer + " gives: " + (t.gives.join(", ") || "nothing")));
  line.append(el("div", "", t.partner + " gives: " + (t.gets.join(", ") || "nothing")));
  line.append(el("div", "small muted", t.partner + " accepts or rejects it on the table."));
  return line;
}

// A game on mini boards (MONOPOLY GO!): a board as a card, its Build squares as stacks of painted blocks (the
// first block at the bottom), its Mr. Monopoly tracker as steps and its kept Chance tiles. No money.
function boardCard(b) {
  const card = el("article", "seat board" + (b.turn ? " turn" : "") + (b.out ? " out" : ""));
  card.append(paint(el("div", "band"), b.colour));
  const body = el("div", "body");
  const who = el("div", "who");
  who.append(el("b", "", b.name), el("span", "muted small", "  " + b.face));
  body.append(who);
  const notes = el("div", "notes");
  notes.append(el("span", "", "On " + b.space + " · " + b.blocks + (b.die ? " · rolled " + b.die : "")));
  for (const note of b.notes) notes.append(document.createTextNode(" · "), el("span", "jail", note));
  body.append(notes);
  const squares = el("div", "squares");
  for (const q of b.squares) {
    const square = el("div", "square" + (q.landmark ? " landmark" : ""));
    const stack = el("div", "stack");
    for (let i = 0; i < q.height; i++) stack.append(paint(el("span", "block"), q.paint));
    square.append(stack, el("div", "label", q.height ? q.height + " " + q.colour : "empty"),
                  el("div", "label muted", "Square " + q.square));
    squares.append(square);
  }
  body.append(squares);
  const tracker = el("div", "tracker");
  if (b.tracker) {
    for (let step = 0; step <= b.tracker; step++) {
      tracker.append(el("span", "step" + (step === b.marker_step ? " here" : "") + (step === b.tracker ? " end" : ""),
                        step === 0 ? "S" : String(step)));
    }
  }
  tracker.append(el("span", "small muted", b.marker));
  body.append(tracker);
  body.append(el("div", "tiles small", b.tiles.length ? "Chance tiles kept: " + b.tiles.join(", ") : "No Chance tile kept"));
  card.append(body);
  return card;
}
