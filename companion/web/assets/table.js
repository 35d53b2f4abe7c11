// The table view: everything the touchscreen shows about the players, read only.
function render(d) {
  $("headline").textContent = d.headline;
  const sub = [d.space, d.dice.length ? "Dice: " + d.dice.join(" + ") : ""].filter(Boolean).join(" · ");
  $("sub").textContent = sub;
  const banners = clear($("banners"));
  if (d.auction) banners.append(auctionLine(d.auction));
  if (d.trade) banners.append(tradeLine(d.trade));
  for (const line of d.waiting || []) banners.append(el("div", "banner small", line));
  const players = clear($("players"));
  for (const p of d.players) players.append(seatCard(p));
  for (const b of d.boards || []) players.append(boardCard(b));
  const pieces = clear($("pieces"));
  for (const piece of d.pieces) {
    const item = el("li");
    item.append(paint(el("span", "chip"), piece.colour), el("b", "", piece.name), el("span", "muted", piece.place));
    pieces.append(item);
  }
  show($("pieces-box"), d.pieces.length > 0);
  journal($("journal"), d.journal);
  $("stock").textContent = d.stock;
  $("edition").textContent = d.edition + " · " + d.variant;
}

poll();
