// Capo's card art: symbols, Mafioso card fronts and backs, the fedora, the Overview card,
// seat dots and suspicion arrows (SVG pieces, drawn from the view's card data; never a card id).
import { s, text } from "../../dom.js";

export const SEAT_COLORS = ["#e0b83a", "#4fb0c6", "#e0645a", "#a98ae0", "#5cbf77", "#e8934a", "#e07ab8"];
const SYMBOL_COLORS = { pistol: "#2b2b2b", knife: "#5d6b78", cash: "#2f8a4a", car: "#3d6fc4", dynamite: "#c8453c" };
const FALLBACK_COLORS = ["#7a4fb5", "#b5804f", "#4f9bb5", "#b54f7a", "#6b8a2f"];
export const CREAM = "#f7f3e8";
export const INK = "#1b1b1b";

export const seatColor = (seat) => SEAT_COLORS[seat % SEAT_COLORS.length];

export function wrap(words, width) {
  const lines = [];
  let line = "";
  for (const word of String(words).split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function clip(str, n) {
  return str.length > n ? `${str.slice(0, n - 1)}…` : str;
}

// Text squeezed into `width` px when a bold line of `size` px would not fit.
export function fit(x, y, content, width, size, attrs = {}) {
  const guess = String(content).length * size * 0.62;
  const squeeze = guess > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
  return text(x, y, content, { ...attrs, ...squeeze });
}

export function title(content) {
  return s("title", {}, content);
}

// -- symbols ----------------------------------------------------------------------------------

// A symbol drawn in a 20×20 box centred on (cx, cy), `size` px wide; its name as a tooltip.
export function symbol(view, key, cx, cy, size = 18) {
  const k = size / 20;
  const color = SYMBOL_COLORS[key] || FALLBACK_COLORS[Object.keys(view.symbols).indexOf(key) % FALLBACK_COLORS.length] || "#666";
  const name = view.symbols[key] || key;
  let art;
  switch (key) {
    case "pistol":
      art = [
        s("path", { d: "M2 5h16v5H9.5l-1 1.5V17H3.2l1.8-7H2z", fill: color }),
        s("path", { d: "M9.5 10.5q.6 3 -2.2 3", fill: "none", stroke: color, "stroke-width": 1.3 }),
      ];
      break;
    case "knife":
      art = [
        s("path", { d: "M7.5 12.5L17 2.5q1.5 2.5-1.2 5.8L10 14z", fill: "#c9d1d8", stroke: color, "stroke-width": 1 }),
        s("path", { d: "M8.2 12L3 17.3", stroke: "#6b4a2b", "stroke-width": 3.6, "stroke-linecap": "round" }),
      ];
      break;
    case "cash":
      art = [
        s("rect", { x: 1, y: 5, width: 18, height: 10, rx: 1.5, fill: color }),
        s("rect", { x: 2.6, y: 6.6, width: 14.8, height: 6.8, rx: 1, fill: "none", stroke: "#bfe3c9", "stroke-width": 0.8 }),
        s("circle", { cx: 10, cy: 10, r: 2.4, fill: "#bfe3c9" }),
      ];
      break;
    case "car":
      art = [
        s("path", { d: "M1.5 14v-3.5l2.2-.8 2.6-3.6h7l3 3.6 2.2.6V14z", fill: color }),
        s("path", { d: "M7 9.8l1.8-2.4h2.2v2.4zM12 7.4h1.4l2 2.4H12z", fill: "#cfe0ff" }),
        s("circle", { cx: 5.5, cy: 14.3, r: 2.3, fill: "#222", stroke: "#ddd", "stroke-width": 0.8 }),
        s("circle", { cx: 14.5, cy: 14.3, r: 2.3, fill: "#222", stroke: "#ddd", "stroke-width": 0.8 }),
      ];
      break;
    case "dynamite":
      art = [
        s("rect", { x: 3, y: 8, width: 4.4, height: 10, rx: 1, fill: color }),
        s("rect", { x: 7.8, y: 7, width: 4.4, height: 11, rx: 1, fill: color }),
        s("rect", { x: 12.6, y: 8, width: 4.4, height: 10, rx: 1, fill: color }),
        s("rect", { x: 2.6, y: 12, width: 14.8, height: 1.8, fill: "#3a2a1a" }),
        s("path", { d: "M10 7q0-3 3.5-4", fill: "none", stroke: "#3a2a1a", "stroke-width": 1 }),
        s("circle", { cx: 14, cy: 2.8, r: 1.8, fill: "#ffb02e" }),
      ];
      break;
    default:
      art = [
        s("circle", { cx: 10, cy: 10, r: 9, fill: color }),
        text(10, 14, name.slice(0, 2), { "text-anchor": "middle", style: "fill:#fff;font-size:10px;font-weight:700" }),
      ];
  }
  return s("g", { class: "capo-symbol", transform: `translate(${cx - size / 2},${cy - size / 2}) scale(${k})` }, title(name), art);
}

// A question mark: a symbol of the player's choice.
export function anySymbol(cx, cy, size = 18, label = "any symbol of your choice") {
  const r = size / 2 - 1;
  return s("g", { class: "capo-symbol" }, title(label),
    s("circle", { cx, cy, r, fill: "#fff", stroke: "#7a4fb5", "stroke-width": 1.4, "stroke-dasharray": "3 2" }),
    text(cx, cy + size * 0.22, "?", { "text-anchor": "middle", style: `fill:#7a4fb5;font-size:${Math.max(12, Math.round(size * 0.7))}px;font-weight:800` }));
}

// Icons in a row (wrapping after `perRow`) centred on cx.
export function symbolRow(view, keys, cx, y, { size = 18, gap = 3, perRow = 3, any = 0, anyLabel } = {}) {
  const items = [...keys.map((k) => ({ k })), ...Array.from({ length: any }, () => ({ any: true }))];
  const out = [];
  items.forEach((item, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, items.length - row * perRow);
    const x0 = cx - (inRow * size + (inRow - 1) * gap) / 2 + size / 2;
    const x = x0 + (i % perRow) * (size + gap);
    const yy = y + row * (size + gap);
    out.push(item.any ? anySymbol(x, yy, size, anyLabel) : symbol(view, item.k, x, yy, size));
  });
  return out;
}

// `n` stars as glyphs (past `most`: a number and one star); none: "no ★" ("0★" on a small card).
export function stars(n, x, y, size, { anchor = "middle", color = "#b8860b", most = 5 } = {}) {
  if (n <= 0) return text(x, y, most < 3 ? "0★" : "no ★", { "text-anchor": anchor, style: `fill:#888;font-size:${size}px` });
  const glyphs = n <= most ? "★".repeat(n) : `${n}★`;
  return text(x, y, glyphs, { "text-anchor": anchor, style: `fill:${color};font-size:${size}px;letter-spacing:-1px` });
}

// -- cards ------------------------------------------------------------------------------------

export function cardLabel(view, id) {
  const info = view.cards[String(id)];
  if (!info) return `card ${id}`;
  const syms = info.symbols.map((k) => view.symbols[k] || k).join(", ") || "no symbols";
  const hint = info.text;
  return `${info.name}: ${syms}; ${info.stars}★${hint ? ` — ${hint}` : ""}`;
}

// The smallest text a card prints, in its drawing's units. Every card is drawn where a unit
// is about a screen pixel (the hand at its CSS size; a row's or the reveal's small cards at a
// scale of 0.94 or more), so this is what a player reads: 11 px or more.
export const CARD_TEXT = 12;

// A Mafioso card's front. `down`: your own card lying face down (only you see it);
// `outline`: a coloured border (a card shown at the reveal). A card narrower than 60 units is
// drawn small (symbols and stars; its name and power in its tooltip and label).
export function front(view, id, x, y, { w = 84, h = 118, down = false, outline = null, note = "" } = {}) {
  const info = view.cards[String(id)] || { name: "a card", symbols: [], stars: 0, special: null };
  const body = w < 60 ? smallFace(view, info, w, h, down) : fullFace(view, info, w, h, down);
  const stroke = outline || (down ? "#5a2330" : "#222");
  return s("g", { class: "ccard", "data-card": String(id), transform: `translate(${x},${y})` },
    title(cardLabel(view, id) + (down ? " (face down: only you see it)" : "") + note),
    s("rect", { width: w, height: h, rx: w < 60 ? 4 : 6, fill: CREAM, stroke, "stroke-width": outline || down ? 2.2 : 1, "stroke-dasharray": down && !outline ? "4 2" : undefined }),
    s("g", {}, body));
}

// A hand card: the name (up to two lines), the symbols, the stars, the power's words where they
// fit (else "special power"), and "face down" along the bottom of your own crew's hidden cards.
function fullFace(view, info, w, h, down) {
  const big = w >= 80;
  const nameSize = big ? 12.5 : CARD_TEXT;
  const perLine = Math.max(6, Math.floor((w - 8) / (nameSize * 0.6)));
  const nameLines = wrap(info.name, perLine).slice(0, 2);
  const symSize = big ? 20 : 15;
  const head = nameLines.length * (nameSize + 1) + 5;
  const symY = 3 + head + 4 + symSize / 2;
  const rows = Math.ceil(Math.max(info.symbols.length, 1) / 3);
  const starSize = big ? 14 : CARD_TEXT;
  const starY = symY + symSize / 2 + (rows - 1) * (symSize + 2) + starSize + 2;
  const body = [
    s("rect", { x: 3, y: 3, width: w - 6, height: head, rx: 3, fill: info.special ? "#3b2a4d" : "#3a3326" }),
    nameLines.map((line, k) => fit(w / 2, 3 + (k + 1) * (nameSize + 1), line, w - 8, nameSize, { "text-anchor": "middle", style: `fill:#f3e9cf;font-size:${nameSize}px;font-weight:700` })),
    info.special === "vincenzo-forza"
      ? anySymbol(w / 2, symY, symSize + 2, "Vincenzo Forza: any one symbol")
      : symbolRow(view, info.symbols, w / 2, symY, { size: symSize, gap: 2 }),
    stars(info.stars, w / 2, starY, starSize),
  ];
  const strip = down ? 15 : 0;
  if (info.special && info.text) {
    const size = CARD_TEXT - 0.5;
    const room = Math.floor((h - strip - 3 - (starY + 3)) / (size + 1));
    const lines = wrap(info.text, Math.floor((w - 6) / (size * 0.5)));
    if (room > 0) {
      const shown = lines.length <= room ? lines : ["special power"]; // its words in the tooltip and label
      shown.forEach((line, k) => body.push(fit(w / 2, starY + 3 + (k + 1) * (size + 1) - 2, line, w - 6, size, { "text-anchor": "middle", style: `fill:#4a3a60;font-size:${size}px;font-style:italic` })));
    }
  }
  if (strip) {
    body.push(s("rect", { x: 0, y: h - strip, width: w, height: strip, fill: "rgba(90,35,48,.92)" }));
    body.push(fit(w / 2, h - 3.5, "face down", w - 4, CARD_TEXT - 0.5, { "text-anchor": "middle", style: `fill:#fff;font-size:${CARD_TEXT - 0.5}px;font-weight:700` }));
  }
  return body;
}

// A small card (a row's, the reveal's, a resting hand's): a band (purple: a power), the
// symbols and the stars; your own hidden card darker at the bottom.
function smallFace(view, info, w, h, down) {
  const band = Math.max(4, Math.round(h * 0.1));
  const symSize = Math.min(Math.floor((w - 6) / 2), Math.round(h * 0.3));
  const n = Math.max(info.symbols.length, 1);
  const symY = band + 3 + symSize / 2;
  const starY = h - (down ? 7 : 4);
  const body = [s("rect", { x: 2, y: 2, width: w - 4, height: band, rx: 2, fill: info.special ? "#6b3f9a" : "#3a3326" })];
  body.push(info.special === "vincenzo-forza"
    ? anySymbol(w / 2, symY + 1, Math.max(symSize + 2, 17), "Vincenzo Forza: any one symbol")
    : symbolRow(view, info.symbols, w / 2, symY, { size: n > 2 ? Math.min(symSize, Math.floor((w - 4) / 3)) : symSize, gap: 1, perRow: n > 2 && w >= 40 ? 3 : 2 }));
  if (down) body.push(s("rect", { x: 0, y: h - 4, width: w, height: 4, fill: "#5a2330" }));
  body.push(stars(info.stars, w / 2, starY, CARD_TEXT + 0.5, { most: w >= 40 ? 3 : 2 }));
  return body;
}

// A card lying face down that you cannot see.
export function back(x, y, { w = 56, h = 80, label = "face down" } = {}) {
  return s("g", { class: "cback", transform: `translate(${x},${y})` },
    title(label),
    s("rect", { width: w, height: h, rx: 6, fill: "#5a2330", stroke: "#d9a441", "stroke-width": 1.2 }),
    s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: 4, fill: "none", stroke: "#d9a441", "stroke-width": 0.6, "stroke-dasharray": "2 2" }),
    hat(w / 2, h / 2, w * 0.5, "#d9a441"));
}

// A fedora, centred on (cx, cy), `size` px wide.
export function hat(cx, cy, size, color) {
  const k = size / 40;
  return s("g", { transform: `translate(${cx - size / 2},${cy - size * 0.3}) scale(${k})` },
    s("path", { d: "M2 17q18 8 36 0q-6 4-18 4T2 17z", fill: color }),
    s("path", { d: "M9 17q0-13 5-15q3 2 6 0q3 2 6 0q5 2 5 15q-11 3-22 0z", fill: color }),
    s("path", { d: "M9.4 13q10.6 3 21.2 0v2.6q-10.6 3-21.2 0z", fill: "#1b1b1b", opacity: 0.55 }));
}

// The Overview card: hat side (the job went well) or prison side.
export function overview(x, y, success, { w = 40, h = 56, why = "" } = {}) {
  const parts = [title(`${success ? "Overview card: hat side (success)" : "Overview card: prison side"}${why ? ` — ${why}` : ""}`)];
  if (success) {
    parts.push(s("rect", { width: w, height: h, rx: 5, fill: "#f3e4b3", stroke: "#8a6d1c", "stroke-width": 1.5 }),
      hat(w / 2, h / 2 - 4, w * 0.78, "#2b2b2b"),
      w >= 56 ? text(w / 2, h - 6, "success", { "text-anchor": "middle", style: `fill:${INK};font-size:${CARD_TEXT}px;font-weight:700` }) : null);
  } else {
    parts.push(s("rect", { width: w, height: h, rx: 5, fill: "#6b6f78", stroke: "#2b2b2b", "stroke-width": 1.5 }));
    for (let k = 1; k <= 4; k++) parts.push(s("rect", { x: (w * k) / 5 - 1.5, y: 5, width: 3, height: h - 20, fill: "#2b2e35" }));
    parts.push(s("rect", { x: 3, y: 5, width: w - 6, height: 3, fill: "#2b2e35" }),
      s("rect", { x: 3, y: h - 18, width: w - 6, height: 3, fill: "#2b2e35" }),
      w >= 56 ? text(w / 2, h - 5, "prison", { "text-anchor": "middle", style: `fill:#fff;font-size:${CARD_TEXT}px;font-weight:700` }) : null);
  }
  return s("g", { class: success ? "capo-hat" : "capo-prison", transform: `translate(${x},${y})` }, parts);
}

// The initial of each seat's name, set by the renderer: a dot names a player, not a seat number.
let initials = [];

export function setInitials(names) {
  initials = names.map((name) => (name || "?").charAt(0).toUpperCase());
}

export function seatDot(seat, cx, cy, r = 8) {
  return s("g", {},
    s("circle", { cx, cy, r, fill: seatColor(seat), stroke: "#111", "stroke-width": 1 }),
    text(cx, cy + r * 0.45, initials[seat] || "", { class: "capo-initial", "text-anchor": "middle", style: `fill:#111;font-size:${Math.max(CARD_TEXT, Math.round(r * 1.25))}px;font-weight:800` }));
}

// A suspicion: from (x, ys) round the left margin to (x, yt), arrowhead pointing right.
export function arrow(x, ys, yt, seat, { dashed = false, bend = 20, label = null } = {}) {
  const color = dashed ? "#bbb" : seatColor(seat);
  const cx = Math.max(4, x - bend);
  return s("g", { class: "capo-arrow", "data-from": String(seat) },
    label ? title(label) : null,
    s("circle", { cx: x - 2, cy: ys, r: 3, fill: color }),
    s("path", { d: `M${x - 2} ${ys}C${cx} ${ys} ${cx} ${yt} ${x - 8} ${yt}`, fill: "none", stroke: color, "stroke-width": 2.2, "stroke-dasharray": dashed ? "5 3" : undefined }),
    s("path", { d: `M${x} ${yt}l-9 -5v10z`, fill: color }));
}


// A card as an SVG of its own (for HTML layouts): it scales to its box (viewBox).
export function cardSvg(view, id, { w = 84, h = 118, ...opts } = {}) {
  return s("svg", { viewBox: `0 0 ${w} ${h}`, class: "capo-card-svg", "aria-hidden": "true" }, front(view, id, 0, 0, { w, h, ...opts }));
}

export function backSvg({ w = 84, h = 118, label = "face down" } = {}) {
  return s("svg", { viewBox: `0 0 ${w} ${h}`, class: "capo-card-svg", role: "img", "aria-label": label }, back(0, 0, { w, h, label }));
}
