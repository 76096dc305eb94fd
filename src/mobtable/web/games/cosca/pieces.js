// COSCA's pieces drawn in SVG: place glyphs, minion dice, hats, coins, the small
// icons of the panels; and the colours and words that go with them. The places are
// known by their index in the city (the view's `city`, Bank … Street); the
// notation letters are used only to build moves, never shown.
import { s, svgRoot, text } from "../../dom.js";

const SEAT_COLORS = ["#e2574c", "#4caf6a", "#4a8fe0", "#e6c33f", "#c264d6"];
// by place index: Bank, Gun Shop, Racetrack, Club, Villa, Street
export const PLACE_COLORS = ["#b8902a", "#8c5a4a", "#3f8a55", "#8a4f9e", "#3a7aa3", "#5f6672"];
export const PLACE_HINT = [
  ["+1 money", "per die"],
  ["per die: 1 money", "→ 1 weapon"],
  ["per die: +2 money", ""],
  ["per die: a drink", "for your mobster"],
  ["a die from the Don", "for tomorrow"],
  ["the most dice:", "1 money + 1 weapon"],
];
export const RACETRACK = 2;
export const DAY_NAMES = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
export const WEEK = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
export const WEAPON_VALUE = 3; // an offer's value: money + 3 × weapons

export const seatColor = (seat) => SEAT_COLORS[seat % SEAT_COLORS.length];
// a move's letter for a place (Bank→B, Gun Shop→G, …): the notation, for building moves only
export const letterOf = (title) => title[0].toUpperCase();

// How many dice of a setting (notation) stand on each place, by place index.
export function diceByPlace(setting, city) {
  const letters = city.map(letterOf);
  const out = city.map(() => 0);
  for (const ch of setting || "") {
    const i = letters.indexOf(ch);
    if (i >= 0) out[i] += 1;
  }
  return out;
}

function glyph(place, color) {
  const f = { fill: color };
  switch (place) {
    case 0: return [s("path", { d: "M12 2 L22 8 H2 Z", ...f }), s("rect", { x: 4, y: 10, width: 3, height: 8, ...f }), s("rect", { x: 10.5, y: 10, width: 3, height: 8, ...f }), s("rect", { x: 17, y: 10, width: 3, height: 8, ...f }), s("rect", { x: 2, y: 19, width: 20, height: 3, ...f })];
    case 1: return [s("path", { d: "M2 6 H22 V11 H12.5 L11 14 H8.8 L7.2 21 H2.6 L4.6 11 H2 Z", ...f }), s("rect", { x: 19, y: 4, width: 2, height: 2, ...f })];
    case 2: return [ // a horseshoe, nail holes and all
      s("path", { d: "M5.5 2.5 L6.2 12 A5.8 6.5 0 0 0 17.8 12 L18.5 2.5", fill: "none", stroke: color, "stroke-width": 4.4, "stroke-linecap": "square" }),
      ...[[6, 5], [6.4, 9.5], [18, 5], [17.6, 9.5]].map(([cx, cy]) => s("circle", { cx, cy, r: 0.9, fill: "rgba(0,0,0,.55)" })),
      s("rect", { x: 3, y: 1, width: 5, height: 2.2, fill: color }), s("rect", { x: 16, y: 1, width: 5, height: 2.2, fill: color })];
    case 3: return [s("path", { d: "M3 3 H21 L12 13 Z", ...f }), s("rect", { x: 11, y: 12, width: 2, height: 8, ...f }), s("rect", { x: 7, y: 19.5, width: 10, height: 2.5, ...f })];
    case 4: return [s("path", { d: "M12 2 L23 11 H20 V22 H4 V11 H1 Z", ...f }), s("rect", { x: 10, y: 15, width: 4, height: 7, fill: "rgba(0,0,0,.45)" })];
    case 5: return [s("rect", { x: 11, y: 5, width: 2, height: 16, ...f }), s("rect", { x: 7, y: 20, width: 10, height: 2.5, ...f }), s("path", { d: "M12 5 H18", stroke: color, "stroke-width": 2 }), s("path", { d: "M15 6 H21 L18 10.5 Z", ...f })];
    default: return [];
  }
}

// A place's glyph in a size×size box at (x, y).
export function icon(place, x, y, size, color = "#fff") {
  return s("g", { transform: `translate(${x},${y}) scale(${size / 24})` }, glyph(place, color));
}

// A minion die in its owner's colour, showing a place (or blank).
export function die(x, y, size, place, color, { dashed = false, title = null, cls = "" } = {}) {
  const shows = place !== null && place !== undefined;
  return s("g", { class: `cosca-die ${cls}`, transform: `translate(${x},${y})` },
    title ? s("title", {}, title) : null,
    s("rect", { width: size, height: size, rx: size * 0.2, fill: shows ? color : "rgba(255,255,255,.08)", stroke: dashed ? "#fff" : "rgba(0,0,0,.55)", "stroke-width": dashed ? 1.6 : 1, "stroke-dasharray": dashed ? "3 2" : "" }),
    shows ? icon(place, size * 0.17, size * 0.17, size * 0.66) : null);
}

// A die face as a small standalone SVG (HTML panels: your dice, a seat's shown dice).
export function dieFace(place, title, color = PLACE_COLORS[place]) {
  const el = svgRoot(24, 24, s("rect", { width: 24, height: 24, rx: 5, fill: color }), icon(place, 3, 3, 18));
  el.setAttribute("class", "cosca-face");
  el.setAttribute("aria-label", title);
  return el;
}

export function hat(x, y, color, scale = 1, title = null) {
  return s("g", { class: "cosca-hat", transform: `translate(${x},${y}) scale(${scale})` },
    title ? s("title", {}, title) : null,
    s("path", { d: "M-7 1 L-5.5 -8 Q0 -10.5 5.5 -8 L7 1 Z", fill: color, stroke: "#111", "stroke-width": 0.8 }),
    s("rect", { x: -6.6, y: -2.6, width: 13.2, height: 2.4, fill: "#111", opacity: 0.55 }),
    s("ellipse", { cx: 0, cy: 1.2, rx: 11, ry: 2.6, fill: color, stroke: "#111", "stroke-width": 0.8 }));
}

export function coin(x, y, r = 8) {
  return s("g", { transform: `translate(${x},${y})` },
    s("circle", { r, fill: "#e1b53f", stroke: "#7a5a10", "stroke-width": 1.2 }),
    s("circle", { r: r * 0.55, fill: "none", stroke: "#5a3d05", "stroke-width": r * 0.16 })); // a ring, not a "$" too small to read
}

// Small HTML-embeddable icons for the player panels and the hand.
export function tinyIcon(kind, color = "#c9ccd4") {
  const parts = {
    money: [coin(12, 12, 10)],
    weapons: [icon(1, 1, 1, 22, color)],
    dice: [s("rect", { x: 2, y: 2, width: 20, height: 20, rx: 4, fill: "#f2f2f2" }), ...[[7, 7], [12, 12], [17, 17]].map(([cx, cy]) => s("circle", { cx, cy, r: 2, fill: "#222" }))],
    hat: [hat(12, 16, color, 1)],
  }[kind];
  const el = svgRoot(24, 24, parts);
  el.setAttribute("class", "cosca-tiny");
  el.setAttribute("aria-hidden", "true");
  return el;
}

// A line of print that must stay inside `width` units: `fitText` squeezes it there once drawn
// if it would run past (narrower glyphs, never a smaller size or a cut word).
export function fits(width) {
  return { "data-fit": String(width) };
}

export function fitText(root) {
  for (const el of root.querySelectorAll("text[data-fit]")) {
    if (typeof el.getComputedTextLength !== "function") return; // a DOM without layout (tests/web/node)
    const width = Number(el.dataset.fit);
    if (el.getComputedTextLength() > width) {
      el.setAttribute("textLength", String(width));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

// An SVG tile that scales with its box (viewBox), with its classes.
export function tile(width, height, cls, ...children) {
  const el = svgRoot(width, height, ...children);
  el.setAttribute("class", `board-svg ${cls}`);
  return el;
}

export function clip(name, most) {
  return name.length > most ? `${name.slice(0, most - 1)}…` : name;
}

export function wrapWords(name, width) {
  const lines = [];
  for (const word of name.split(" ")) {
    const last = lines[lines.length - 1];
    if (last && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 2);
}
