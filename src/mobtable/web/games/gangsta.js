// Gangsta: the 5×5 grid, the trick, the trump, scores, police raids and your hand.
import { h, s, svgRoot, text } from "../dom.js";

const COLORS = { Y: "#e0b83a", I: "#3f9d5b", C: "#c8453c", R: "#3d6fc4" };
const ROWS = ["A", "B", "C", "D", "E"];
const CW = 64, CH = 84;
// Card data that is our reconstruction, not the printed deck (view.reconstructed).
const RECONSTRUCTED_STYLE = "fill:#e0b83a";

function parse(code) {
  const m = /^([A-Z])(\d+)([SW])$/.exec(code || "");
  return m ? { mafia: m[1], value: m[2], power: m[3] } : { mafia: "?", value: "?", power: "" };
}

// One card; `token` makes it a candidate for moves that name it.
export function card(x, y, code, { w = CW, h = CH, token = null, trump = null } = {}) {
  const c = parse(code);
  const color = COLORS[c.mafia] || "#888";
  return s("g", { class: "gcard", "data-token": token || undefined, transform: `translate(${x},${y})` },
    s("rect", { width: w, height: h, rx: 7, fill: "#f7f3e8", stroke: "#222", "stroke-width": 1 }),
    c.mafia === trump ? s("rect", { x: 2.5, y: 2.5, width: w - 5, height: h - 5, rx: 5, fill: "none", stroke: "#b48cff", "stroke-width": 1.5, "stroke-dasharray": "3 2" }) : null,
    s("rect", { x: 4, y: 4, width: w - 8, height: 16, rx: 3, fill: color }),
    text(8, 16, c.mafia, { class: "small", style: "fill:#fff;font-weight:700" }),
    text(w - 8, 16, c.power === "S" ? "strong" : "weak", { class: "small", "text-anchor": "end", style: "fill:#fff;font-size:9px" }),
    text(w / 2, h / 2 + 14, c.value, { "text-anchor": "middle", style: `fill:${color};font-size:${Math.round(h / 2.6)}px;font-weight:800` }),
    c.power === "S" ? text(w / 2, h - 8, "★", { "text-anchor": "middle", style: `fill:${color};font-size:12px` }) : null,
  );
}

function back(x, y, n, label) {
  return s("g", { transform: `translate(${x},${y})` },
    s("rect", { width: 46, height: 62, rx: 6, fill: "#5a2330", stroke: "#d9a441" }),
    text(23, 36, String(n), { "text-anchor": "middle", style: "font-weight:700" }),
    text(23, 78, label, { "text-anchor": "middle", class: "small muted" }));
}

// Everyone is asked about the redraw (G-27); only this seat's legal moves say whether it may.
function handTitle(view, ctx) {
  if (view.phase !== "redraw" || view.turn !== ctx.seat) return "Your hand";
  const mayRedraw = (ctx.legal || []).some((m) => m.a.startsWith("redraw"));
  return mayRedraw ? "Your hand: keep it, or pick 3 to redraw" : "Your hand: two above 7, so keep it";
}

export function render(view, ctx) {
  const n = view.players;
  const trumpMafia = view.trump_mafia;
  const raided = new Set(view.last_raid ? view.last_raid.cells : []);
  let parts = [];
  // the grid
  const gx = 34, gy = 52;
  parts.push(text(gx, 22, "Territory", { class: "title" }));
  ROWS.forEach((row, r) => {
    parts.push(text(gx - 20, gy + r * (CH + 6) + CH / 2 + 5, row, { class: "small muted" }));
    for (let col = 1; col <= 5; col++) {
      const cell = `${row}${col}`;
      const x = gx + (col - 1) * (CW + 6), y = gy + r * (CH + 6);
      if (r === 0) parts.push(text(x + CW / 2, gy - 4, String(col), { class: "small muted", "text-anchor": "middle" }));
      const code = view.grid[cell];
      parts.push(s("g", { "data-token": cell, class: "cell" },
        s("rect", { x, y, width: CW, height: CH, rx: 7, fill: "rgba(0,0,0,.22)", stroke: raided.has(cell) ? "#ef6b6b" : "rgba(255,255,255,.18)", "stroke-width": raided.has(cell) ? 2.5 : 1, "stroke-dasharray": code ? "" : "4 3" }),
        code ? card(x, y, code, { trump: trumpMafia }) : text(x + CW / 2, y + CH / 2 + 4, cell, { class: "small muted", "text-anchor": "middle" })));
    }
  });
  const hy = gy + 5 * (CH + 6) + 30;
  if (view.hand) {
    parts.push(text(gx, hy, handTitle(view, ctx), { class: "title" }));
    const step = Math.min(CW + 6, (470 - gx - CW) / Math.max(view.hand.length - 1, 1));
    view.hand.forEach((code, k) => parts.push(card(gx + k * step, hy + 12, code, { token: code, trump: trumpMafia })));
  } else {
    parts.push(text(gx, hy, "Watching: hands are hidden", { class: "small muted" }));
  }
  const footer = [];
  const few = (codes) => (codes.length > 10 ? `${codes.slice(0, 10).join(" ")} +${codes.length - 10}` : codes.join(" "));
  if (view.box.length) footer.push(`box (${view.box.length}): ${few(view.box)}`);
  if (view.discard.length) footer.push(`discarded (${view.discard.length}): ${few(view.discard)}`);
  if (view.redraw && view.redraw.mine) footer.push(`you redrew away: ${view.redraw.mine.join(" ")}`);
  const voids = (view.voids || []).map((v, seat) => (v.length ? `${ctx.name(seat)}: ${v.join(" ")}` : null)).filter(Boolean);
  if (voids.length) footer.push(`known voids — ${voids.join("; ")}`);
  footer.forEach((line, k) => parts.push(text(gx, hy + CH + 34 + k * 16, line, { class: "small muted" })));
  const left = svgRoot(480, hy + CH + 40 + footer.length * 16, parts);
  parts = [];
  // trump, decks, police
  const ix = 10;
  parts.push(text(ix, 26, `Trump: ${view.mafias[trumpMafia] || trumpMafia}`, { class: "title" }));
  parts.push(card(ix, 40, view.trump, { trump: trumpMafia }));
  parts.push(back(ix + 80, 40, view.deck_size, "deck"));
  const reconstructed = view.reconstructed || [];
  const ambushReconstructed = reconstructed.includes("ambush cards");
  parts.push(s("g", { transform: `translate(${ix + 140},40)` },
    s("rect", { width: 46, height: 62, rx: 6, fill: "#223456", stroke: "#8fb3ff", "stroke-dasharray": ambushReconstructed ? "4 2" : "" }),
    text(23, 28, "P", { "text-anchor": "middle", style: "font-weight:800;fill:#8fb3ff" }),
    text(23, 50, String(view.ambush_deck_size), { "text-anchor": "middle", class: "small" }),
    text(23, 78, "police", { "text-anchor": "middle", class: "small muted" }),
    ambushReconstructed ? text(23, 92, "reconstructed", { "text-anchor": "middle", class: "small", style: RECONSTRUCTED_STYLE }) : null));
  if (view.last_raid) {
    parts.push(text(ix + 200, 56, `Raid: ${view.last_raid.label}${ambushReconstructed ? " (reconstructed card)" : ""}`, { class: "small", style: "fill:#ef6b6b" }));
    parts.push(text(ix + 200, 74, view.last_raid.removed.length ? `removed ${view.last_raid.removed.join(" ")}` : "nothing removed", { class: "small muted" }));
  }
  // scores
  const sy = 150;
  parts.push(text(ix, sy, "Scores", { class: "title" }));
  for (let i = 0; i < n; i++) {
    const y = sy + 22 + i * 22;
    const turn = view.turn === i;
    parts.push(s("g", { class: i === ctx.seat ? "me" : "" },
      text(ix, y, `${turn ? "▶ " : ""}${ctx.name(i)}`, { class: turn ? "" : "muted", style: turn ? "fill:#ffd166" : "" }),
      text(ix + 270, y, `${view.scores[i]} pts`, { "text-anchor": "end" }),
      text(ix + 345, y, `${view.hand_sizes[i]} cards`, { "text-anchor": "end", class: "small muted" }),
      text(ix + 460, y, `best trick ${view.best_trick[i]}`, { "text-anchor": "end", class: "small muted" })));
  }
  // the trick (or the last one)
  const ty = sy + 40 + n * 22;
  const trick = view.trick.length ? view.trick : null;
  parts.push(text(ix, ty, trick ? `Trick ${view.tricks_played + 1}` : view.last_trick ? `Last trick: won by ${ctx.name(view.last_trick.winner)}` : "Trick", { class: "title" }));
  const plays = trick || (view.last_trick ? view.last_trick.plays : []);
  let x = ix;
  for (const play of plays) {
    parts.push(text(x, ty + 18, ctx.name(play.seat), { class: "small muted" }));
    play.cards.forEach((code, k) => parts.push(card(x + k * 22, ty + 24, code, { w: 56, h: 74, trump: trumpMafia })));
    x += 70 + (play.cards.length - 1) * 22;
  }
  if (!plays.length) parts.push(text(ix, ty + 40, "no cards yet", { class: "small muted" }));
  // cards to place / opened for absent players
  const py = ty + 120;
  if (view.to_place.length || view.opened.length) {
    const placing = view.to_place.length;
    parts.push(text(ix, py, placing ? "Won cards to place on the grid" : "Opened cards", { class: "title" }));
    (placing ? view.to_place : view.opened).forEach((code, k) => parts.push(card(ix + k * 62, py + 10, code, { w: 56, h: 74, token: code, trump: trumpMafia })));
  }
  const right = svgRoot(480, py + 100, parts);
  const board = h("div", { class: "split-board" }, left, right);
  if (!reconstructed.length) return board;
  return h("div", {},
    h("p", { class: "small gangsta-reconstructed", style: RECONSTRUCTED_STYLE.replace("fill", "color") },
      `Card data reconstructed (${reconstructed.join(", ")}) — use --cards FILE with the real deck's data`),
    board);
}
