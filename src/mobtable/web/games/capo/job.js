// The job of the round (the Assignment card and the Event card) and the respect track.
import { h, s, svgRoot, text } from "../../dom.js";
import { CREAM, INK, fit, seatDot, symbolRow, title, wrap } from "./art.js";

// The cards' sizes in their drawing's units, which are screen pixels (CSS: .capo-job): the
// side column on a laptop, a corner beside the track on a phone, where the Event card is a
// button that opens its words (they do not fit a card that small at 11 px).
const GAP = 8;
const WIDE = { AW: 140, AH: 196, EW: 152 };
const NARROW = { AW: 92, AH: 104 };
const SHORT = { AW: 92, AH: 84 }; // a phone with six or seven rows to show: no name (in the tooltip)

// The round's star limit in words: "at most 3 ★", or "no ★ allowed" for a job that takes none.
export function starLimit(limit, sign = "★") {
  return limit === 0 ? `no ${sign} allowed` : `at most ${limit} ${sign}`;
}

function assignmentCard(view, narrow) {
  const a = view.assignment;
  const { AW, AH } = narrow || WIDE;
  const needs = a.symbols.length + a.choice;
  const symSize = narrow ? (needs > 4 ? 14 : 17) : needs > 4 ? 22 : 26;
  const anyLabel = a.choice > 1 ? `${a.choice} identical symbols of your choice` : "one symbol of your choice";
  const nameSize = narrow ? 12 : 14;
  const nameLines = narrow && AH < 100 ? [] : wrap(a.name, narrow ? 12 : 15).slice(0, 2);
  const nameY = narrow ? 32 : 40;
  const symY = narrow ? (nameLines.length ? nameY + (nameLines.length - 1) * 13 + 6 : 28) + symSize / 2 : 56 + nameLines.length * 16 + symSize / 2;
  const alike = a.choice > 1 ? (narrow ? `the ${a.choice} ? alike` : `the ${a.choice} ? all the same`) : null;
  return s("g", { class: "capo-assignment" },
    title(`Assignment: ${a.name}${a.reconstructed ? " (a reconstructed card)" : ""}; needs ${a.symbols.map((k) => view.symbols[k] || k).join(", ") || "no fixed symbols"}${a.choice ? ` and ${anyLabel}` : ""}; ${starLimit(a.max_stars, "stars")}${a.max_stars !== a.stars ? ` this round (the card says ${a.stars})` : ""}`),
    s("rect", { width: AW, height: AH, rx: 9, fill: CREAM, stroke: "#8a6d1c", "stroke-width": 2 }),
    s("rect", { x: 4, y: 4, width: AW - 8, height: 17, rx: 4, fill: "#8a6d1c" }),
    fit(AW / 2, 17, a.reconstructed ? "ASSIGNMENT ✱" : "ASSIGNMENT", AW - 12, 11.5, { "text-anchor": "middle", style: `fill:#fff;font-size:11.5px;font-weight:800;letter-spacing:${narrow ? 0 : 1.5}px` }),
    nameLines.map((line, k) => fit(AW / 2, nameY + k * (nameSize + (narrow ? 1 : 2)), line, AW - 10, nameSize, { "text-anchor": "middle", style: `fill:${INK};font-size:${nameSize}px;font-weight:800` })),
    narrow ? null : text(AW / 2, 44 + nameLines.length * 16, "needs", { "text-anchor": "middle", style: "fill:#777;font-size:12px" }),
    symbolRow(view, a.symbols, AW / 2, symY, { size: symSize, gap: narrow ? 2 : 4, perRow: narrow ? 5 : 4, any: a.choice, anyLabel }),
    alike ? fit(AW / 2, narrow ? AH - 24 : 146, alike, AW - 10, 12, { "text-anchor": "middle", style: "fill:#7a4fb5;font-size:12px;font-weight:700" }) : null,
    !needs ? text(AW / 2, narrow ? symY + 4 : 110, "no symbols", { "text-anchor": "middle", style: "fill:#777;font-size:12px" }) : null,
    narrow ? null : s("line", { x1: 12, x2: AW - 12, y1: 156, y2: 156, stroke: "#d8ceb4" }),
    fit(AW / 2, narrow ? AH - 7 : 178, starLimit(a.max_stars), AW - 12, narrow ? 13 : 17, { "text-anchor": "middle", style: `fill:${INK};font-size:${narrow ? 13 : 17}px;font-weight:800` }),
    !narrow && a.max_stars !== a.stars ? fit(AW / 2, 192, `(the card says ${a.stars} ★)`, AW - 10, 12, { "text-anchor": "middle", style: "fill:#a33;font-size:12px" }) : null);
}

function eventCard(view) {
  const { AW, AH, EW } = WIDE;
  const x = AW + GAP;
  if (!view.event) {
    return s("g", { class: "capo-event none", transform: `translate(${x},0)` },
      s("rect", { width: EW, height: AH, rx: 9, fill: "rgba(0,0,0,.18)", stroke: "rgba(255,255,255,.25)", "stroke-dasharray": "5 4" }),
      text(EW / 2, AH / 2 - 4, "No event", { "text-anchor": "middle", class: "muted" }),
      text(EW / 2, AH / 2 + 14, "the usual rules apply", { "text-anchor": "middle", class: "small muted" }));
  }
  const e = view.event;
  const size = 12;
  const lines = wrap(e.text, 21);
  return s("g", { class: "capo-event", transform: `translate(${x},0)` },
    title(`Event: ${e.name}: ${e.text}`),
    s("rect", { width: EW, height: AH, rx: 9, fill: "#efe6f7", stroke: "#6b3f9a", "stroke-width": 2 }),
    s("rect", { x: 4, y: 4, width: EW - 8, height: 17, rx: 4, fill: "#6b3f9a" }),
    text(EW / 2, 17, e.reconstructed ? "EVENT ✱" : "EVENT", { "text-anchor": "middle", style: "fill:#fff;font-size:11.5px;font-weight:800;letter-spacing:2px" }),
    fit(EW / 2, 40, e.name, EW - 12, 13, { "text-anchor": "middle", style: `fill:${INK};font-size:13px;font-weight:800` }),
    lines.slice(0, 10).map((line, k) => fit(8, 58 + k * (size + 2.5), line, EW - 14, size * 0.95, { style: `fill:#2c2236;font-size:${size}px` })));
}

// A phone's Event card: a button with the event's name that opens its words over the board.
function eventButton(view) {
  const e = view.event;
  if (!e) return h("div", { class: "capo-event-btn none" }, h("span", { class: "capo-event-head" }, "EVENT"), h("span", {}, "none this round"));
  const pop = h("div", { id: "capo-event-words", class: "capo-event-words", popover: "auto", role: "dialog", "aria-label": `Event: ${e.name}` },
    h("strong", {}, `${e.name}${e.reconstructed ? " ✱" : ""}`), h("p", {}, e.text),
    h("button", { type: "button", class: "secondary", popovertarget: "capo-event-words", popovertargetaction: "hide" }, "Close"));
  return [h("button", { type: "button", class: "capo-event-btn", popovertarget: "capo-event-words", "aria-label": `Event: ${e.name} — read it`, "data-role": "capo-event" },
    h("span", { class: "capo-event-head" }, e.reconstructed ? "EVENT ✱" : "EVENT"),
    h("span", { class: "capo-event-name" }, e.name),
    h("span", { class: "capo-event-more" }, "read ›")), pop];
}

// The round, the job and what comes next.
export function jobPanel(view) {
  const narrow = matchMedia("(max-width: 700px)").matches;
  const envelope = view.next_assignment_envelope;
  const next = envelope ? "next round brings an Event card (envelope on the next Assignment)" : "no Event card next round";
  const size = view.players >= 6 ? SHORT : NARROW;
  const cards = narrow
    ? h("div", { class: `capo-job-cards${size === SHORT ? " short" : ""}` }, svgRoot(size.AW, size.AH, [assignmentCard(view, size)]), eventButton(view))
    : svgRoot(WIDE.AW + GAP + WIDE.EW, WIDE.AH, [assignmentCard(view, null), eventCard(view)]);
  return h("div", { class: "capo-job" },
    h("div", { class: "capo-round" }, h("strong", {}, `Round ${view.round}`), ` · ${view.target} respect wins`),
    cards,
    h("div", { class: "capo-next small muted", title: `Assignment cards left ${view.assignments_left}, Event cards left ${view.events_left}, Mafioso stack ${view.stack_size}, discard pile ${view.discard.size}` },
      `${next} · stack ${view.stack_size} · discard ${view.discard.size}`));
}

// The respect track: one lane per player; after a round the dots slide from where they were.
export function respectTrack(view, ctx, moved) {
  const n = view.players;
  const cells = view.target + 1;
  // drawn at about its width on screen (a laptop's side column; a phone's corner beside the job)
  const narrow = matchMedia("(max-width: 700px)").matches;
  const W = narrow ? 170 : 288, tx = 8, lane = narrow ? (n >= 6 ? 9 : 12) : 17, top = 4;
  const cw = (W - tx - 4) / cells;
  const p = [];
  for (let v = 0; v < cells; v++) {
    const x = tx + v * cw;
    p.push(s("rect", { x, y: top, width: cw - 1, height: n * lane + 2, fill: v === view.target ? "rgba(217,164,65,.3)" : v % 5 === 0 ? "rgba(0,0,0,.3)" : "rgba(0,0,0,.16)" }));
    if (v % 5 === 0 || v === view.target) p.push(text(x + cw / 2, top + n * lane + 14, String(v), { "text-anchor": "middle", class: "small muted capo-track-n" }));
  }
  for (let seat = 0; seat < n; seat++) {
    const y = top + 1 + seat * lane + lane / 2;
    const r = view.respect[seat];
    const at = Math.min(r, view.target);
    const change = moved ? moved[seat] || 0 : 0;
    const from = Math.max(0, Math.min(r - change, view.target));
    const dx = (from - at) * cw;
    p.push(s("g", { class: "capo-respect", "data-seat": String(seat), "data-respect": String(r) },
      title(`${ctx.name(seat)}: ${r} respect`),
      s("g", { class: dx ? "capo-slide" : "", style: dx ? `--dx:${dx.toFixed(1)}px` : undefined },
        seatDot(seat, tx + at * cw + cw / 2, y, narrow ? lane * 0.42 : 7.5)),
      r > view.target ? text(tx + at * cw - 4, y + 4, String(r), { "text-anchor": "end", class: "capo-track-over" }) : null));
  }
  const svg = svgRoot(W, top + n * lane + 18, p);
  return h("div", { class: "capo-track", "aria-label": "respect track" },
    h("div", { class: "capo-track-head" }, "Respect"), svg);
}
