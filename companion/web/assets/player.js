// A player's own view: their seat (or their mini board), and the inputs the rules want private or quick: their
// own decisions, a Bank Heist dial set in secret, auction bids, trade offers.
const picks = {partner: "", give: {deeds: new Set(), cards: new Set(), cash: 0},
               get: {deeds: new Set(), cards: new Set(), cash: 0}};
let tradeKey = "";
let current = null;

function answer(ok, text) {
  const box = $("answer");
  box.className = ok ? "ok" : "no";
  box.textContent = text;
}

async function send(verb, body, button) {
  if (button) button.disabled = true;
  try {
    const reply = await fetch(API + "/" + verb, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
      credentials: "omit", cache: "no-store"});
    const text = await reply.text();
    if (reply.status === 404) { gone(); return; }
    let data = {};
    try { data = JSON.parse(text); } catch (e) { data = {}; }
    if (data.accepted) {
      answer(true, data.lines.join(" ") || "Done.");
      if (verb === "propose") resetPicks();
    } else {
      const reasons = data.reasons && data.reasons.length ? data.reasons : [data.error || "The table did not take it."];
      answer(false, reasons.join(" "));
    }
  } catch (e) {
    answer(false, "The table did not answer: look at its screen to see whether it arrived.");
  } finally {
    if (button) button.disabled = false;
    poll();
  }
}

// An action the table would refuse stays visible but dimmed; a tap says why instead of sending it.
function actionButton(label, checked, onTap) {
  const button = el("button", checked.enabled ? "" : "off", label);
  if (!checked.enabled) button.style.opacity = "0.5";
  button.addEventListener("click", () => {
    if (checked.enabled) onTap(button); else answer(false, checked.reasons.join(" "));
  });
  return button;
}

function renderAuction(a, words) {
  show($("auction-box"), !!a);
  if (!a) return;
  const head = clear($("auction"));
  head.append(auctionLine(a));
  const raises = clear($("raises"));
  for (const r of a.raises) {
    raises.append(actionButton(r.label + " → " + r.amount + " " + words.currency, r,
                               (b) => send("bid", {amount: r.amount}, b)));
  }
  const pass = $("pass");
  pass.disabled = !a.pass.enabled;
  pass.title = a.pass.reasons.join(" ");
  const bidders = clear($("bidders"));
  for (const b of a.bidders) {
    const state = b.high ? "highest bid" : b.passed ? "out" : "bidding";
    bidders.append(el("li", b.passed ? "muted" : "", b.name + " · " + b.cash + " · " + state));
  }
}

function resetPicks() {
  for (const side of [picks.give, picks.get]) { side.deeds.clear(); side.cards.clear(); side.cash = 0; }
  tradeKey = "";
  if (current) renderTrade(current.trade, current.words);
}

function pickBox(label, why, checked, disabled, onChange) {
  const row = el("label", "pick" + (disabled ? " off" : ""));
  const box = el("input");
  box.type = "checkbox";
  box.checked = checked;
  box.disabled = disabled;
  box.addEventListener("change", () => onChange(box.checked));
  const words = el("span", "", label);
  if (why) words.append(el("span", "why", why));
  row.append(box, words);
  return row;
}

function sideInputs(box, things, pick, prefix, words) {
  clear(box);
  const usable = new Set(things.deeds.filter((d) => !d.reasons.length).map((d) => d.id));
  for (const id of [...pick.deeds]) if (!usable.has(id)) pick.deeds.delete(id);
  for (const d of things.deeds) {
    const label = d.full_name + (d.marks ? " (" + d.marks + ")" : "");
    box.append(pickBox(label, d.reasons[0] || "", pick.deeds.has(d.id), d.reasons.length > 0,
                       (on) => { if (on) pick.deeds.add(d.id); else pick.deeds.delete(d.id); }));
  }
  const cards = new Set(things.cards.map((c) => c.id));
  for (const id of [...pick.cards]) if (!cards.has(id)) pick.cards.delete(id);
  for (const c of things.cards) {
    box.append(pickBox(c.label, "", pick.cards.has(c.id), false,
                       (on) => { if (on) pick.cards.add(c.id); else pick.cards.delete(c.id); }));
  }
  if (!things.deeds.length && !things.cards.length) box.append(el("div", "small muted", "No " + words.deeds + " or cards to trade."));
  const row = el("div", "row");
  const cash = el("input");
  cash.id = prefix + "-cash";
  cash.type = "number";
  cash.inputMode = "numeric";
  cash.min = "0";
  cash.step = "1";
  cash.value = pick.cash ? String(pick.cash) : "";
  cash.placeholder = "0";
  cash.setAttribute("aria-label", things.currency);
  cash.addEventListener("input", () => { pick.cash = Math.max(0, parseInt(cash.value, 10) || 0); });
  row.append(cash, el("span", "small muted", things.currency + " (of " + things.cash_text + ")"));
  box.append(row);
}

function renderTrade(t, words) {
  if (!t) {
    clear($("trade-open"));
    show($("trade-box"), false);
    tradeKey = "";
    return;
  }
  const key = JSON.stringify(t);
  if (key === tradeKey) return;
  const focused = document.activeElement && document.activeElement.id;
  tradeKey = key;
  const open = clear($("trade-open"));
  if (t.open) open.append(tradeLine(t.open));
  show($("trade-box"), t.partners.length > 0 && !t.open);
  if (!t.partners.length) return;
  const select = clear($("partner"));
  if (!t.partners.some((p) => p.id === picks.partner)) {
    picks.partner = t.partners[0].id;
    picks.get.deeds.clear(); picks.get.cards.clear(); picks.get.cash = 0;
  }
  for (const p of t.partners) {
    const option = el("option", "", p.name);
    option.value = p.id;
    option.selected = p.id === picks.partner;
    select.append(option);
  }
  const partner = t.partners.find((p) => p.id === picks.partner);
  $("get-title").textContent = "You get from " + partner.name;
  sideInputs($("give"), t.mine, picks.give, "give", words);
  sideInputs($("get"), partner, picks.get, "get", words);
  if (focused && $(focused)) $(focused).focus();
}

// The three pictures of a Bank Heist dial (a diamond ring, a stack of money, a coin) are drawn in the page itself
// (<template id="pictures">); any other picture is shown by its name only.
function picture(kind, name) {
  const drawn = $("pictures").content.querySelector('[data-picture="' + kind + '"]');
  const art = drawn ? drawn.cloneNode(true) : el("span", "picture", name || kind);
  art.setAttribute("aria-label", name || kind);
  return art;
}

function pictureButton(a) {
  const button = el("button", "dial");
  button.dataset.key = a.key;
  button.append(picture(a.picture, a.label), el("span", "", a.label));
  button.addEventListener("click", () => {
    if (a.enabled) send("act", {key: a.key}, button); else answer(false, a.reasons.join(" "));
  });
  return button;
}

function renderSecret(secret, choices) {
  const asked = choices.find((c) => c.secret);
  show($("secret-box"), !!(secret || asked));
  const dials = clear($("dials"));
  const reveal = clear($("reveal"));
  $("outcome").textContent = "";
  $("secret-mine").textContent = "";
  if (!secret && !asked) return;
  $("secret-title").textContent = secret ? secret.title : "Bank Heist";
  $("secret-text").textContent = secret ? secret.text : asked.line;
  if (asked) for (const a of asked.actions) dials.append(pictureButton(a));
  if (secret && secret.stage === "set") $("secret-mine").textContent = secret.mine;
  if (secret && secret.stage === "revealed") {
    for (const p of secret.pictures) {
      const shown = el("figure", "shown");
      shown.append(picture(p.picture, p.name), el("figcaption", "", p.who + ": the " + p.name));
      reveal.append(shown);
    }
    $("outcome").textContent = secret.outcome;
  }
}

function renderChoices(choices) {
  const open = choices.filter((c) => !c.secret);
  show($("choices-box"), open.length > 0);
  const box = clear($("choices"));
  for (const c of open) {
    const group = el("div", "panel choice");
    group.append(el("div", "", c.line));
    if (c.at_table) group.append(el("div", "small muted", "This one is settled on the table's screen."));
    const buttons = el("div", "raises");
    for (const a of c.actions) {
      const button = actionButton(a.label, a, (b) => send("act", {key: a.key}, b));
      if (a.style === "primary") button.classList.add("primary");
      button.dataset.key = a.key;
      buttons.append(button);
    }
    group.append(buttons);
    box.append(group);
  }
}

function render(d) {
  current = d;
  const me = d.player;
  $("name").textContent = me.name;
  $("cash").textContent = me.cash;
  show($("cash"), !!me.cash);
  $("headline").textContent = d.headline + (me.turn && d.turn_words ? " · " + d.turn_words : "");
  renderSecret(d.secret, d.choices);
  renderChoices(d.choices);
  show($("board-box"), !!d.board);
  show($("mine-box"), !d.board);
  if (d.board) {
    clear($("board")).append(boardCard(d.board));
    if (d.tray) $("board").append(el("div", "small muted", d.tray));
  } else {
    $("mine-title").textContent = "Yours: " + d.words.deeds + " and cards";
    const notes = clear($("notes"));
    notes.append(el("span", "", "On " + me.space));
    for (const note of me.notes) notes.append(document.createTextNode(" · "), el("span", "", note));
    const mine = clear($("mine"));
    for (const group of me.groups) mine.append(groupRow(group));
    if (!me.groups.length) mine.append(el("div", "small muted", "No " + d.words.deeds + " yet."));
    const cards = clear($("cards"));
    for (const card of d.cards) cards.append(el("li", "", card));
  }
  renderAuction(d.auction, d.words);
  renderTrade(d.trade, d.words);
  const others = clear($("others"));
  for (const o of d.others) {
    const what = o.blocks !== undefined ? o.blocks + (o.turn ? " · rolls this round" : "")
                                        : o.cash + (o.turn ? " · their turn" : "");
    others.append(el("li", o.out ? "muted" : "", o.name + " · " + what));
  }
  journal($("journal"), d.journal);
}

$("partner").addEventListener("change", () => {
  picks.partner = $("partner").value;
  picks.get.deeds.clear(); picks.get.cards.clear(); picks.get.cash = 0;
  tradeKey = "";
  if (current) renderTrade(current.trade, current.words);
});

$("bid").addEventListener("click", () => {
  const amount = Number($("amount").value);
  if (!Number.isInteger(amount) || amount < 1) { answer(false, "Type a whole number to bid."); return; }
  send("bid", {amount: amount}, $("bid"));
});

$("pass").addEventListener("click", () => send("pass", {}, $("pass")));

$("propose").addEventListener("click", () => {
  const side = (pick) => ({deeds: [...pick.deeds], cards: [...pick.cards], cash: pick.cash});
  send("propose", {partner: picks.partner, give: side(picks.give), get: side(picks.get)}, $("propose"));
});

poll();
