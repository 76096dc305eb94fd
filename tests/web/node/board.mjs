// Draws a game's web board from a golden view with no browser: linkedom's DOM stands in for
// the page, and the board module (src/mobtable/web/games/GAME.js) is imported as the browser
// would import it. What the tests read is what a person reads: the text, the accessible names
// (aria-label) and the tooltips (title), never notation.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseHTML } from "linkedom";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..", "..");
const GOLDEN = join(ROOT, "tests", "golden", "views");
const BOARDS = join(ROOT, "src", "mobtable", "web", "games");

const page = parseHTML("<!doctype html><html><head></head><body><main id='app'></main></body></html>");
for (const name of ["window", "document", "Node", "Element", "HTMLElement", "SVGElement", "Event", "CustomEvent", "DocumentFragment", "Text"]) {
  if (page[name] !== undefined) globalThis[name] = page[name];
}
// what the boards ask of a browser beside the DOM: no media query matches, no animation frame
globalThis.matchMedia = () => ({ matches: false, addEventListener() {}, removeEventListener() {} });
globalThis.requestAnimationFrame = (fn) => setTimeout(fn, 0);
globalThis.window.matchMedia = globalThis.matchMedia;

// Every golden position: {file, game, position, about, names, seats: [{seat, view, legal}]}.
export function goldens(game = null) {
  return readdirSync(GOLDEN)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(join(GOLDEN, file), "utf8")) }))
    .filter((g) => game === null || g.game === game);
}

export async function board(game) {
  return import(pathToFileURL(join(BOARDS, `${game}.js`)).href);
}

let tables = 0;

// The board of `entry` (one seat's or the spectator's view and legal moves), drawn as the table
// page draws it (web/table.js builds the same ctx); each drawing is a table of its own, so no
// board's memory of an earlier update carries over.
export async function draw(golden, entry) {
  const mod = await board(golden.game);
  const seat = entry.seat;
  const over = golden.seats[0].view.result || null;
  const acts = [];
  const ctx = {
    seat,
    table: { id: `golden-${++tables}`, game: golden.game, result: over, pending: [], seats: [] },
    legal: entry.legal,
    name: (s) => golden.names[s] + (s === seat ? " (you)" : ""),
    pending: [],
    thinking: [],
    fresh: [],
    motion: 0,
    act: (a) => acts.push(a),
    actAll: (list) => acts.push(...list),
    redraw: () => {},
  };
  const host = document.getElementById("app");
  const root = mod.render(entry.view, ctx);
  host.replaceChildren(root);
  return { root, acts };
}

// Everything a person can read on `el`: its text (each piece apart, as the boxes on the
// screen keep them), the accessible names and the tooltips.
export function readable(el) {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === 3) parts.push(node.textContent);
    if (node.nodeType !== 1) return;
    for (const name of ["aria-label", "title"]) if (node.getAttribute(name)) parts.push(node.getAttribute(name));
    for (const child of node.childNodes) walk(child);
  };
  walk(el);
  return parts.join("\n");
}

// The readable text of the board's parts marked data-role=ROLE (the stable hooks of docs/web.md).
export function role(root, name) {
  return [...root.querySelectorAll(`[data-role=${name}]`)].map(readable).join("\n");
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// `text` as a whole word or phrase (so "Ada 1 weak" is not found in "Ada 10 weak").
export function words(text) {
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, "u");
}

// Whether some element of `root` reads every one of `parts` and none of `others` (a player's
// own block: their name and their counts, no other player's name).
export function readsTogether(root, parts, others = []) {
  for (const el of [root, ...root.querySelectorAll("*")]) {
    const text = readable(el);
    if (parts.every((p) => words(p).test(text)) && !others.some((o) => words(o).test(text))) return true;
  }
  return false;
}

// The players' names, without the "(you)" the board adds for the viewer.
export function otherNames(golden, seat) {
  return golden.names.filter((_, s) => s !== seat);
}

// "1 card", "3 cards": a count as the boards word it.
export const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// The winners' names in the golden's result (empty before the end).
export function winners(golden) {
  const result = golden.seats[0].view.result;
  return result ? result.winners.map((s) => golden.names[s]) : [];
}
