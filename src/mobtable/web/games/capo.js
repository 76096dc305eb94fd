// Capo della Mafia: the job (assignment and event), the respect track, your hand,
// the table (every seat's crew, who has committed) and how the last round was resolved.
// Card data (names, symbols, stars) comes from the view; moves are p<n>, d<card>, u<card>, s<seat>, s-.
import { h, s, svgRoot, text } from "../dom.js";

const W = 480;
const SEAT_COLORS = ["#e0b83a", "#4fb0c6", "#e0645a", "#a98ae0", "#5cbf77", "#e8934a", "#e07ab8"];
const SYMBOL_COLORS = { pistol: "#2b2b2b", knife: "#5d6b78", cash: "#2f8a4a", car: "#3d6fc4", dynamite: "#c8453c" };
const FALLBACK_COLORS = ["#7a4fb5", "#b5804f", "#4f9bb5", "#b54f7a", "#6b8a2f"];
const CREAM = "#f7f3e8";
const INK = "#1b1b1b";
const STEP_WORDS = { play: "Playing cards", turn: "Turning cards up", suspect: "Suspicions" };
const RECONSTRUCTED = "reconstructed — owners of the real deck can load its data with --cards FILE";

const seatColor = (seat) => SEAT_COLORS[seat % SEAT_COLORS.length];

function wrap(words, width) {
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

// The seat's name ("Ann (you)"); the coloured seat dot shows which seat it is.
function shortName(ctx, seat) {
  return ctx.name(seat);
}

function clip(str, n) {
  return str.length > n ? `${str.slice(0, n - 1)}…` : str;
}

// Text squeezed into `width` px when a bold line of `size` px would not fit.
function fit(x, y, content, width, size, attrs = {}) {
  const guess = String(content).length * size * 0.62;
  const squeeze = guess > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
  return text(x, y, content, { ...attrs, ...squeeze });
}

function title(content) {
  return s("title", {}, content);
}

// -- symbols ----------------------------------------------------------------------------------

// A symbol drawn in a 20×20 box centred on (cx, cy), `size` px wide; its name as a tooltip.
function symbol(view, key, cx, cy, size = 18) {
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
function anySymbol(cx, cy, size = 18, label = "any symbol of your choice") {
  const r = size / 2 - 1;
  return s("g", { class: "capo-symbol" }, title(label),
    s("circle", { cx, cy, r, fill: "#fff", stroke: "#7a4fb5", "stroke-width": 1.4, "stroke-dasharray": "3 2" }),
    text(cx, cy + size * 0.22, "?", { "text-anchor": "middle", style: `fill:#7a4fb5;font-size:${Math.round(size * 0.7)}px;font-weight:800` }));
}

// Icons in a row (wrapping after `perRow`) centred on cx.
function symbolRow(view, keys, cx, y, { size = 18, gap = 3, perRow = 3, any = 0, anyLabel } = {}) {
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

function stars(n, x, y, size, anchor = "middle", color = "#b8860b") {
  if (n <= 0) return text(x, y, "no ★", { "text-anchor": anchor, style: `fill:#888;font-size:${Math.max(8, size - 3)}px` });
  const glyphs = n <= 5 ? "★".repeat(n) : `${n}★`;
  return text(x, y, glyphs, { "text-anchor": anchor, style: `fill:${color};font-size:${size}px;letter-spacing:-1px` });
}

// -- cards ------------------------------------------------------------------------------------

function cardLabel(view, id) {
  const info = view.cards[String(id)];
  if (!info) return `card ${id}`;
  const syms = info.symbols.map((k) => view.symbols[k] || k).join(", ") || "no symbols";
  const hint = info.text;
  return `${info.name}: ${syms}; ${info.stars}★${hint ? ` — ${hint}` : ""}`;
}

// A Mafioso card's front. `down`: your own card lying face down (only you see it);
// `mark`: a caption strip along the bottom; `outline`: a coloured border (a card shown at the reveal).
function front(view, id, x, y, { w = 54, h = 84, token, down = false, mark = null, markColor = "#5a2330", outline = null, note = "" } = {}) {
  const info = view.cards[String(id)] || { name: "a card", symbols: [], stars: 0, special: null };
  const big = w >= 80;
  const nameSize = big ? 10.5 : w >= 54 ? 9 : 8;
  const perLine = Math.max(8, Math.floor((w - 8) / (nameSize * 0.62)));
  const nameLines = wrap(info.name, perLine).slice(0, 2);
  const symSize = big ? 24 : w >= 54 ? 15 : 13;
  const symY = 8 + nameLines.length * (nameSize + 1) + symSize / 2 + 3;
  const special = info.special ? info.text : null;
  const body = [
    s("rect", { x: 3, y: 3, width: w - 6, height: nameLines.length * (nameSize + 1) + 5, rx: 3, fill: info.special ? "#3b2a4d" : "#3a3326" }),
    nameLines.map((line, k) => fit(w / 2, 3 + (k + 1) * (nameSize + 1), line, w - 8, nameSize, { "text-anchor": "middle", style: `fill:#f3e9cf;font-size:${nameSize}px;font-weight:700` })),
    info.special === "vincenzo-forza"
      ? anySymbol(w / 2, symY, symSize, "Vincenzo Forza: any one symbol")
      : symbolRow(view, info.symbols, w / 2, symY, { size: symSize, gap: 2 }),
  ];
  const starY = symY + symSize / 2 + (big ? 16 : 12) + (info.symbols.length > 3 ? symSize : 0);
  body.push(stars(info.stars, w / 2, starY, big ? 15 : 11));
  const strip = down || mark ? (big ? 18 : 13) : 0;
  if (special && big) {
    wrap(special, Math.floor((w - 6) / 4.6)).slice(0, 3).forEach((line, k) =>
      body.push(text(w / 2, starY + 13 + k * 10, line, { "text-anchor": "middle", style: "fill:#4a3a60;font-size:8.5px;font-style:italic" })));
  } else if (special && starY + 10 < h - strip - 2) {
    body.push(text(w / 2, starY + 10, "special", { "text-anchor": "middle", style: "fill:#4a3a60;font-size:8px;font-style:italic" }));
  }
  else if (w >= 54 && !strip) body.push(text(w - 4, h - 4, String(id), { "text-anchor": "end", style: "fill:#aaa;font-size:7px" }));
  if (strip) {
    body.push(s("rect", { x: 0, y: h - strip, width: w, height: strip, fill: mark ? markColor : "rgba(90,35,48,.92)" }));
    body.push(text(w / 2, h - (big ? 5 : 3.5), mark || "face down", { "text-anchor": "middle", style: `fill:#fff;font-size:${big ? 10 : 8}px;font-weight:700` }));
  }
  const stroke = outline || (down ? "#5a2330" : "#222");
  return s("g", { class: "ccard", "data-token": token || undefined, "data-card": String(id), transform: `translate(${x},${y})` },
    title(cardLabel(view, id) + (down ? " (face down: only you see it)" : "") + note),
    s("rect", { width: w, height: h, rx: 6, fill: CREAM, stroke, "stroke-width": outline || down ? 2.2 : 1, "stroke-dasharray": down && !outline ? "4 2" : undefined }),
    s("g", {}, body));
}

// A card lying face down that you cannot see.
function back(x, y, { w = 56, h = 80, label = "face down" } = {}) {
  return s("g", { class: "cback", transform: `translate(${x},${y})` },
    title(label),
    s("rect", { width: w, height: h, rx: 6, fill: "#5a2330", stroke: "#d9a441", "stroke-width": 1.2 }),
    s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: 4, fill: "none", stroke: "#d9a441", "stroke-width": 0.6, "stroke-dasharray": "2 2" }),
    hat(w / 2, h / 2, w * 0.5, "#d9a441"));
}

// A fedora, centred on (cx, cy), `size` px wide.
function hat(cx, cy, size, color) {
  const k = size / 40;
  return s("g", { transform: `translate(${cx - size / 2},${cy - size * 0.3}) scale(${k})` },
    s("path", { d: "M2 17q18 8 36 0q-6 4-18 4T2 17z", fill: color }),
    s("path", { d: "M9 17q0-13 5-15q3 2 6 0q3 2 6 0q5 2 5 15q-11 3-22 0z", fill: color }),
    s("path", { d: "M9.4 13q10.6 3 21.2 0v2.6q-10.6 3-21.2 0z", fill: "#1b1b1b", opacity: 0.55 }));
}

// The Overview card: hat side (the job went well) or prison side.
function overview(x, y, success, { w = 40, h = 56, why = "" } = {}) {
  const parts = [title(`${success ? "Overview card: hat side (success)" : "Overview card: prison side"}${why ? ` — ${why}` : ""}`)];
  if (success) {
    parts.push(s("rect", { width: w, height: h, rx: 5, fill: "#f3e4b3", stroke: "#8a6d1c", "stroke-width": 1.5 }),
      hat(w / 2, h / 2 - 4, w * 0.78, "#2b2b2b"),
      text(w / 2, h - 6, "success", { "text-anchor": "middle", style: `fill:${INK};font-size:8px;font-weight:700` }));
  } else {
    parts.push(s("rect", { width: w, height: h, rx: 5, fill: "#6b6f78", stroke: "#2b2b2b", "stroke-width": 1.5 }));
    for (let k = 1; k <= 4; k++) parts.push(s("rect", { x: (w * k) / 5 - 1.5, y: 5, width: 3, height: h - 20, fill: "#2b2e35" }));
    parts.push(s("rect", { x: 3, y: 5, width: w - 6, height: 3, fill: "#2b2e35" }),
      s("rect", { x: 3, y: h - 18, width: w - 6, height: 3, fill: "#2b2e35" }),
      text(w / 2, h - 5, "prison", { "text-anchor": "middle", style: "fill:#fff;font-size:8px;font-weight:700" }));
  }
  return s("g", { class: success ? "capo-hat" : "capo-prison", transform: `translate(${x},${y})` }, parts);
}

// The initial of each seat's name, set by render(): a dot names a player, not a seat number.
let initials = [];

function seatDot(seat, cx, cy, r = 8) {
  return s("g", {},
    s("circle", { cx, cy, r, fill: seatColor(seat), stroke: "#111", "stroke-width": 1 }),
    text(cx, cy + r * 0.42, initials[seat] || "", { "text-anchor": "middle", style: `fill:#111;font-size:${Math.round(r * 1.2)}px;font-weight:800` }));
}

// A suspicion: from (x, ys) round the left margin to (x, yt), arrowhead pointing right.
function arrow(x, ys, yt, seat, { dashed = false, bend = 20, label = null } = {}) {
  const color = dashed ? "#bbb" : seatColor(seat);
  const cx = Math.max(4, x - bend);
  return s("g", { class: "capo-arrow", "data-from": String(seat) },
    label ? title(label) : null,
    s("circle", { cx: x - 2, cy: ys, r: 3, fill: color }),
    s("path", { d: `M${x - 2} ${ys}C${cx} ${ys} ${cx} ${yt} ${x - 8} ${yt}`, fill: "none", stroke: color, "stroke-width": 2.2, "stroke-dasharray": dashed ? "5 3" : undefined }),
    s("path", { d: `M${x} ${yt}l-9 -5v10z`, fill: color }));
}

// -- panels -----------------------------------------------------------------------------------

function jobPanel(view, ctx) {
  const a = view.assignment;
  const p = [];
  const phase = view.phase === "over" ? "game over" : (STEP_WORDS[view.phase] || view.phase).toLowerCase();
  p.push(text(12, 22, `Round ${view.round}`, { class: "title" }), text(100, 22, `· ${phase} · ${view.target} respect wins`, { class: "small muted" }));
  // the assignment card
  const ax = 12, ay = 34, aw = 150, ah = 196;
  const needs = a.symbols.length + a.choice;
  const symSize = needs > 4 ? 24 : 28;
  const anyLabel = a.choice > 1 ? `${a.choice} identical symbols of your choice` : "one symbol of your choice";
  const nameLines = wrap(a.name, 16).slice(0, 2);
  p.push(s("g", { class: "capo-assignment", transform: `translate(${ax},${ay})` },
    title(`Assignment: ${a.name}${a.reconstructed ? " (a reconstructed card)" : ""}`),
    s("rect", { width: aw, height: ah, rx: 9, fill: CREAM, stroke: "#8a6d1c", "stroke-width": 2 }),
    s("rect", { x: 4, y: 4, width: aw - 8, height: 18, rx: 4, fill: "#8a6d1c" }),
    text(aw / 2, 17, a.reconstructed ? "ASSIGNMENT ✱" : "ASSIGNMENT", { "text-anchor": "middle", style: "fill:#fff;font-size:10px;font-weight:800;letter-spacing:2px" }),
    nameLines.map((line, k) => fit(aw / 2, 40 + k * 16, line, aw - 14, 14, { "text-anchor": "middle", style: `fill:${INK};font-size:14px;font-weight:800` })),
    text(aw / 2, 40 + nameLines.length * 16 + 2, "needs", { "text-anchor": "middle", style: "fill:#777;font-size:9px" }),
    symbolRow(view, a.symbols, aw / 2, 56 + nameLines.length * 16 + symSize / 2, { size: symSize, gap: 4, perRow: 4, any: a.choice, anyLabel }),
    a.choice > 1 ? text(aw / 2, 146, `the ${a.choice} ? all the same`, { "text-anchor": "middle", style: "fill:#7a4fb5;font-size:9.5px;font-weight:700" }) : null,
    !needs ? text(aw / 2, 110, "no symbols", { "text-anchor": "middle", style: "fill:#777;font-size:10px" }) : null,
    s("line", { x1: 12, x2: aw - 12, y1: 156, y2: 156, stroke: "#d8ceb4" }),
    text(aw / 2, 178, `at most ${a.max_stars} ★`, { "text-anchor": "middle", style: `fill:${INK};font-size:17px;font-weight:800` }),
    a.max_stars !== a.stars ? text(aw / 2, 191, `(card says ${a.stars} ★)`, { "text-anchor": "middle", style: "fill:#a33;font-size:9px" }) : null));
  // the event card, or none
  const ex = 176, ew = W - ex - 12;
  const lines = view.event ? wrap(view.event.text, 42).slice(0, 7) : [];
  const eh = Math.max(104, 62 + lines.length * 14);
  if (view.event) {
    p.push(s("g", { class: "capo-event", transform: `translate(${ex},${ay})` },
      title(`Event: ${view.event.name}${view.event.reconstructed ? " (a reconstructed card)" : ""}`),
      s("rect", { width: ew, height: eh, rx: 9, fill: "#efe6f7", stroke: "#6b3f9a", "stroke-width": 2 }),
      s("rect", { x: 4, y: 4, width: ew - 8, height: 18, rx: 4, fill: "#6b3f9a" }),
      text(ew / 2, 17, view.event.reconstructed ? "EVENT ✱" : "EVENT", { "text-anchor": "middle", style: "fill:#fff;font-size:10px;font-weight:800;letter-spacing:2px" }),
      fit(10, 40, view.event.name, ew - 20, 14, { style: `fill:${INK};font-size:14px;font-weight:800` }),
      lines.map((line, k) => text(10, 58 + k * 14, line, { style: "fill:#2c2236;font-size:11px" }))));
  } else {
    p.push(s("g", { class: "capo-event none", transform: `translate(${ex},${ay})` },
      s("rect", { width: ew, height: eh, rx: 9, fill: "rgba(0,0,0,.18)", stroke: "rgba(255,255,255,.25)", "stroke-dasharray": "5 4" }),
      text(ew / 2, eh / 2 - 2, "No event this round", { "text-anchor": "middle", class: "muted" }),
      text(ew / 2, eh / 2 + 16, "the usual rules apply", { "text-anchor": "middle", class: "small muted" })));
  }
  // the next assignment's back, and the stacks
  const by = ay + eh + 10;
  const envelope = view.next_assignment_envelope;
  p.push(s("g", { class: "capo-next", transform: `translate(${ex},${by})` },
    title(envelope ? "The next Assignment card shows an envelope on its back" : "The next Assignment card's back shows no envelope"),
    s("rect", { width: 40, height: 54, rx: 5, fill: "#3a3326", stroke: "#8a6d1c" }),
    envelope ? s("g", {},
      s("rect", { x: 8, y: 17, width: 24, height: 17, rx: 1.5, fill: CREAM, stroke: "#8a6d1c" }),
      s("path", { d: "M8 17l12 9 12-9", fill: "none", stroke: "#8a6d1c", "stroke-width": 1.2 })) : text(20, 32, "A", { "text-anchor": "middle", style: "fill:#8a6d1c;font-weight:800" }),
    text(48, 14, `next assignment${envelope ? ": envelope" : ""}`, { class: "small" }),
    text(48, 30, `assignments ${view.assignments_left} · events ${view.events_left}`, { class: "small muted" }),
    text(48, 46, `stack ${view.stack_size} · discard ${view.discard.size}${view.box.length ? ` · box ${view.box.length}` : ""}`, { class: "small muted" })));
  // the respect track: one lane per seat
  const ty = Math.max(ay + ah, by + 54) + 30;
  p.push(text(12, ty, "Respect", { class: "title" }));
  const tx = 40, cells = view.target + 1;
  const cw = (W - tx - 12) / cells;
  const lane = 18;
  const n = view.players;
  const top = ty + 10;
  for (let v = 0; v < cells; v++) {
    const x = tx + v * cw;
    p.push(s("rect", { x, y: top, width: cw - 1, height: n * lane + 4, fill: v === view.target ? "rgba(217,164,65,.25)" : v % 5 === 0 ? "rgba(0,0,0,.28)" : "rgba(0,0,0,.16)" }));
    p.push(text(x + cw / 2, top + n * lane + 17, String(v), { "text-anchor": "middle", class: "small muted" }));
  }
  for (let seat = 0; seat < n; seat++) {
    const y = top + 2 + seat * lane + lane / 2;
    const r = view.respect[seat];
    const at = Math.min(r, view.target);
    p.push(s("g", { class: "capo-respect", "data-seat": String(seat), "data-respect": String(r) },
      title(`${shortName(ctx, seat)}: ${r} respect`),
      s("line", { x1: tx, x2: tx + cells * cw, y1: y, y2: y, stroke: "rgba(255,255,255,.08)" }),
      text(tx - 8, y + 4, `${r}`, { "text-anchor": "end", class: "small" }),
      seatDot(seat, tx + at * cw + cw / 2, y, 7.5),
      r > view.target ? text(tx + cells * cw - 2, y - 6, `${r}`, { "text-anchor": "end", style: "font-size:9px;fill:#ffd166" }) : null));
  }
  return svgRoot(W, top + n * lane + 26, p);
}

function handPanel(view, ctx) {
  const p = [];
  const me = view.me || {};
  const phase = view.phase;
  const legal = new Set((ctx.legal || []).map((m) => m.a));
  const hand = view.hand || [];
  p.push(text(12, 22, `Your hand (${hand.length})`, { class: "title" }));
  const committed = view.step && view.step.committed.includes(ctx.seat);
  const taking = view.step && view.step.seats.includes(ctx.seat);
  let hint = "";
  let y = 34;
  if (phase === "play" && !committed && me.declared == null) {
    hint = "How many cards do you play?";
    const total = hand.length;
    p.push(text(12, 47, hint, { class: "small", style: "fill:#ffd166" }));
    for (let k = 1; k <= total; k++) {
      const cx = 210 + (k - 1) * 40;
      p.push(s("g", { class: "capo-count", "data-token": `p${k}` },
        title(legal.has(`p${k}`) ? `play ${k} card${k > 1 ? "s" : ""}` : `you cannot play ${k} now`),
        s("circle", { cx, cy: 42, r: 15, fill: "#2b2f3a", stroke: "#777" }),
        text(cx, 47, String(k), { "text-anchor": "middle", style: "font-weight:800" })));
    }
    y = 64;
  } else {
    if (phase === "play" && !committed) {
      const left = me.declared - (me.placed || []).length;
      hint = `Crew of ${me.declared}: click ${left} more card${left === 1 ? "" : "s"} to put face down`;
    } else if (phase === "play") hint = "Your crew is down; waiting for the others";
    else if (phase === "turn" && taking && !committed) {
      const must = view.table[ctx.seat].must_turn - (me.turning || []).length;
      hint = `Turn ${must} of your face-down cards up: click them on the table`;
    } else if (phase === "turn") hint = taking ? "Chosen; waiting for the others" : "The others turn cards up";
    else if (phase === "suspect" && !committed) hint = "Suspect a seat: click its row on the table (or nobody)";
    else if (phase === "suspect") hint = me.suspects == null ? "You suspect nobody" : `You suspect ${shortName(ctx, me.suspects)}`;
    else if (phase === "over") hint = "The game is over";
    p.push(text(12, 46, hint, { class: "small", style: "fill:#ffd166" }));
    y = 58;
  }
  const cw = 84, ch = 110, step = Math.min(cw + 8, (W - 24 - cw) / Math.max(hand.length - 1, 1));
  hand.forEach((id, k) => p.push(front(view, id, 12 + k * step, y, { w: cw, h: ch, token: phase === "play" ? `d${id}` : undefined })));
  if (!hand.length) p.push(text(12, y + 30, "no cards in hand", { class: "small muted" }));
  const mineDiscard = view.discard.mine || [];
  const foot = y + ch + 18;
  if (mineDiscard.length) p.push(text(12, foot, `your unseen discards: ${mineDiscard.map((c) => (view.cards[String(c)] || {}).name || c).join(", ")}`.slice(0, 90), { class: "small muted" }));
  return svgRoot(W, foot + (mineDiscard.length ? 8 : -6), p);
}

function watchingPanel(view) {
  return svgRoot(W, 60, [
    text(12, 24, "Watching", { class: "title" }),
    text(12, 46, "Hands and face-down cards are hidden from spectators.", { class: "small muted" }),
  ]);
}

function statusOf(view, ctx, seat) {
  const step = view.step;
  if (!step || !step.seats.includes(seat)) return null;
  if (step.committed.includes(seat)) return { text: "✔ ready", cls: "ok" };
  if ((ctx.thinking || []).includes(seat)) return { text: "thinking…", cls: "capo-wait" };
  return { text: "deciding…", cls: "capo-wait" };
}

function tablePanel(view, ctx) {
  const n = view.players;
  const p = [];
  const phase = view.phase;
  const step = view.step;
  p.push(text(12, 22, "Table", { class: "title" }));
  if (step) {
    const w = step.waiting;
    const names = w.map((s) => (s === ctx.seat ? "you" : ctx.name(s)));
    const waiting = !w.length ? "" : w.length > 3 ? `waiting for ${w.length} players` : `waiting for ${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0]}`;
    p.push(text(72, 22, `${STEP_WORDS[step.phase] || step.phase}${waiting ? ` · ${waiting}` : ""}`, { class: "small muted" }));
  }
  const top = 34, RH = 96, lane = 34;
  const rowY = (seat) => top + seat * RH;
  for (let seat = 0; seat < n; seat++) {
    const y = rowY(seat);
    const spot = view.table[seat];
    const mine = seat === ctx.seat;
    // the row itself is where a suspicion points
    p.push(s("g", { class: "capo-seat", "data-token": phase === "suspect" ? `s${seat}` : undefined, "data-seat": String(seat) },
      title(mine ? "you" : `suspect ${shortName(ctx, seat)}`),
      s("rect", { x: lane, y: y + 2, width: W - lane - 6, height: RH - 6, rx: 8, fill: mine ? "rgba(255,209,102,.08)" : "rgba(0,0,0,.22)", stroke: mine ? "rgba(255,209,102,.55)" : "rgba(255,255,255,.14)" })));
    const info = [
      seatDot(seat, lane + 16, y + 20, 9),
      text(lane + 30, y + 25, clip(shortName(ctx, seat), 14), { style: "font-size:13px;font-weight:700" }),
      text(lane + 10, y + 45, `respect ${view.respect[seat]}`, { style: "font-size:12.5px" }),
      text(lane + 10, y + 62, `hand ${view.hand_sizes[seat]} · played ${spot.played == null ? "?" : spot.played}`, { class: "small muted" }),
    ];
    if (seat === view.counter) info.push(s("g", {}, title("counts first this round"), s("rect", { x: lane + 90, y: y + 34, width: 48, height: 15, rx: 7, fill: "#d9a441" }), text(lane + 114, y + 45, "counts", { "text-anchor": "middle", style: "fill:#1b1406;font-size:10px;font-weight:700" })));
    const st = statusOf(view, ctx, seat);
    if (st) info.push(text(lane + 10, y + 80, st.text, { class: `small ${st.cls}` }));
    if (phase === "turn" && spot.must_turn) info.push(text(lane + 80, y + 79, `turns ${spot.must_turn} up`, { class: "small muted" }));
    p.push(s("g", { "pointer-events": "none" }, info));
    // the cards on the table
    const cx0 = lane + 146, cw = 54, ch = 84;
    const gap = Math.min(cw + 4, (W - 10 - cx0 - cw) / Math.max(spot.played - 1, 1));
    const cards = [];
    if (mine && spot.cards) {
      const turning = new Set((view.me && view.me.turning) || []);
      spot.cards.forEach((id, k) => {
        const up = spot.face_up.includes(id);
        cards.push(front(view, id, cx0 + k * gap, y + 6, {
          w: cw, h: ch,
          token: phase === "turn" && !up ? `u${id}` : undefined,
          down: !up,
          mark: turning.has(id) ? "turning up" : null,
          markColor: "#2f7a4a",
        }));
      });
    } else {
      spot.face_up.forEach((id, k) => cards.push(front(view, id, cx0 + k * gap, y + 6, { w: cw, h: ch })));
      for (let k = spot.face_up.length; k < spot.played; k++) cards.push(back(cx0 + k * gap, y + 6, { w: cw, h: ch }));
    }
    // K-23: another seat's crew stays off the table until every seat has played
    const ready = step && step.committed.includes(seat);
    if (spot.played == null) cards.push(text(cx0, y + 50, ready ? "crew ready · hidden until all have played" : "choosing a crew…", { class: "small muted capo-sealed" }));
    else if (!spot.played) cards.push(text(cx0, y + 50, phase === "play" ? "no cards down yet" : "—", { class: "small muted" }));
    p.push(s("g", { class: "capo-crew", "data-seat": String(seat), "pointer-events": phase === "turn" && mine ? undefined : "none" }, cards));
  }
  let bottom = top + n * RH;
  // your own sealed suspicion (nobody else's is known before the reveal)
  const me = view.me || {};
  if (phase === "suspect" && me.committed && me.suspects != null) {
    p.push(arrow(lane, rowY(ctx.seat) + RH * 0.35, rowY(me.suspects) + RH * 0.62, ctx.seat, { bend: 30, label: "your suspicion (sealed)" }));
  }
  if (phase === "suspect" && ctx.seat !== null && ctx.seat !== undefined) {
    const chosen = me.committed && me.suspects == null;
    p.push(s("g", { class: "capo-nobody", "data-token": "s-" },
      title("lay your Suspicion card face down: suspect nobody"),
      s("rect", { x: lane, y: bottom + 4, width: 150, height: 30, rx: 15, fill: chosen ? "#40502e" : "#2b2f3a", stroke: "#777" }),
      text(lane + 75, bottom + 24, chosen ? "✔ suspect nobody" : "Suspect nobody", { "text-anchor": "middle" })));
    bottom += 40;
  }
  return svgRoot(W, bottom + 6, p);
}

function lastRoundPanel(view, ctx) {
  const last = view.last_round;
  const n = view.players;
  const p = [];
  const RH = 84, top = 52, lane = 56;
  p.push(text(12, 22, `Round ${last.round} revealed`, { class: "title" }));
  const extra = last.little_tony_stars ? ` · Little Tony +${last.little_tony_stars}★` : "";
  p.push(text(12, 40, clip(`${last.assignment_name} · at most ${last.max_stars}★${extra}`, 70), { class: "small muted" }));
  const rowY = (seat) => top + seat * RH;
  for (let seat = 0; seat < n; seat++) {
    const y = rowY(seat);
    const change = last.change[seat];
    const suspected = last.suspected[seat];
    p.push(s("rect", { x: lane, y: y + 2, width: W - lane - 6, height: RH - 6, rx: 8, fill: last.success[seat] ? "rgba(0,0,0,.18)" : "rgba(120,30,30,.28)", stroke: "rgba(255,255,255,.12)" }));
    const total = last.stars[seat];
    let why = suspected ? "" : "not suspected: succeeds unseen";
    if (suspected) why = total > last.max_stars ? `${total}★, more than ${last.max_stars}★` : last.success[seat] ? "the crew fits the job" : "the crew lacks required symbols";
    p.push(overview(lane + 5, y + 9, last.success[seat], { w: 40, h: 60, why }));
    const who = [
      seatDot(seat, lane + 59, y + 17, 8),
      text(lane + 71, y + 21, clip(shortName(ctx, seat), 10), { style: "font-size:12px;font-weight:700" }),
      text(lane + 52, y + 39, change > 0 ? `+${change} respect` : change < 0 ? `${change} respect` : "±0 respect", { class: "small", style: `font-weight:700;fill:${change > 0 ? "#6fcf8f" : change < 0 ? "#ef6b6b" : "#9a9aa3"}` }),
      suspected
        ? text(lane + 52, y + 55, `suspected: ${total}★`, { class: "small", style: total > last.max_stars ? "fill:#ef6b6b" : "" })
        : text(lane + 52, y + 55, "not suspected", { class: "small muted" }),
    ];
    if (seat === last.counter) who.push(text(lane + 52, y + 71, "counted first", { class: "small muted" }));
    p.push(s("g", { class: "capo-outcome", "data-seat": String(seat), "data-success": String(last.success[seat]) }, who));
    const cx0 = lane + 148, cw = 46, ch = 66;
    const revealed = last.revealed[seat];
    const count = last.played[seat];
    const gap = Math.min(cw + 4, (W - 10 - cx0 - cw) / Math.max(count - 1, 1));
    const cards = [];
    if (revealed) {
      revealed.forEach((id, k) => {
        const up = last.face_up[seat].includes(id);
        cards.push(front(view, id, cx0 + k * gap, y + 7, { w: cw, h: ch, outline: up ? null : "#e0645a", note: up ? " (turned up)" : " (shown at the reveal)" }));
      });
    } else {
      const shown = last.face_up[seat];
      shown.forEach((id, k) => cards.push(front(view, id, cx0 + k * gap, y + 7, { w: cw, h: ch })));
      for (let k = shown.length; k < count; k++) cards.push(back(cx0 + k * gap, y + 7, { w: cw, h: ch, label: "never shown" }));
    }
    p.push(s("g", { class: "capo-revealed", "data-seat": String(seat) }, cards));
  }
  // the legend; Giulia Napoli shown to claim her respect (K-11) is listed apart (the view does not say whose)
  const foot = [];
  if (last.revealed.some((r) => r && r.length)) foot.push("red border: shown because suspected");
  if (last.laid.some((x, seat) => x != null && last.suspicions[seat] == null)) foot.push("dashed grey: suspicions withdrawn (they sat down)");
  if (last.giulia_shown.length) foot.push(`shown to claim respect: ${last.giulia_shown.map((c) => (view.cards[String(c)] || {}).name || c).join(", ")}`);
  foot.forEach((line, k) => p.push(text(lane, top + n * RH + 12 + k * 15, line, { class: "small muted" })));
  // suspicion arrows, in the left margin
  const incoming = Array(n).fill(0);
  const into = Array(n).fill(0);
  last.laid.forEach((t) => { if (t != null) incoming[t] += 1; });
  last.laid.forEach((target, seat) => {
    if (target == null) return;
    const k = into[target]++;
    const spread = incoming[target] > 1 ? (k - (incoming[target] - 1) / 2) * 9 : 0;
    const withdrawn = last.suspicions[seat] == null;
    const span = Math.abs(target - seat);
    p.push(arrow(lane, rowY(seat) + RH * 0.3, rowY(target) + RH * 0.62 + spread, seat, {
      dashed: withdrawn,
      bend: Math.min(lane - 6, 14 + span * 9 + seat * 2),
      label: `${shortName(ctx, seat)} suspected ${shortName(ctx, target)}${withdrawn ? " (withdrawn: they sat down)" : ""}`,
    }));
  });
  const nobody = last.laid.map((t, seat) => (t == null ? seat : null)).filter((x) => x !== null);
  if (nobody.length) p.push(text(W - 8, 22, `${nobody.map((seat) => shortName(ctx, seat)).join(", ")} suspected nobody`, { "text-anchor": "end", class: "small muted" }));
  return svgRoot(W, top + n * RH + foot.length * 15 + 6, p);
}

function resultPanel(view, ctx) {
  const winners = view.result ? view.result.winners || [] : [];
  return svgRoot(W, 44, [
    text(12, 28, `Game over — ${winners.map((w) => clip(ctx.name(w), 24)).join(", ") || "nobody"} ${winners.length > 1 ? "share the win" : "wins"}`, { class: "title", style: "fill:#ffd166" }),
  ]);
}

// Two columns on a wide screen (the job and your hand | the table and the last round),
// one column on a phone in the same order.
export function render(view, ctx) {
  initials = Array.from({ length: view.players || (view.respect || []).length }, (_, i) => (ctx.name(i) || "?").charAt(0).toUpperCase());
  const over = view.phase === "over";
  const left = [wrapPanel("capo-job", jobPanel(view, ctx)), view.hand ? wrapPanel("capo-hand", handPanel(view, ctx)) : wrapPanel("capo-watching", watchingPanel(view))];
  const right = [];
  if (!over) right.push(wrapPanel("capo-table", tablePanel(view, ctx)));
  if (view.last_round) right.push(wrapPanel("capo-last", lastRoundPanel(view, ctx)));
  return h("div", { class: "capo-board" },
    over ? wrapPanel("capo-over", resultPanel(view, ctx)) : null,
    h("div", { class: "capo-col" }, left),
    h("div", { class: "capo-col" }, right),
    provenance(view));
}

// Which card data is our own design (✱ on a card), and how to play with the real deck's.
function provenance(view) {
  const parts = view.reconstructed || [];
  if (!parts.length) return null;
  return h("p", { class: "capo-reconstructed small muted", style: "flex: 1 1 100%; margin: 0" },
    `✱ Card data: ${parts.join(", ")} (${RECONSTRUCTED})`);
}

function wrapPanel(cls, svg) {
  svg.classList.add(cls);
  return svg;
}
