// The job of the round (the Assignment card and the Event card) and the respect track.
import { h, s, svgRoot, text } from "../../dom.js";
import { CREAM, INK, fit, seatDot, symbolRow, title, wrap } from "./art.js";

const AW = 140;
const AH = 196;
const GAP = 8;
const EW = 152;

function assignmentCard(view) {
  const a = view.assignment;
  const needs = a.symbols.length + a.choice;
  const symSize = needs > 4 ? 22 : 26;
  const anyLabel = a.choice > 1 ? `${a.choice} identical symbols of your choice` : "one symbol of your choice";
  const nameLines = wrap(a.name, 15).slice(0, 2);
  return s("g", { class: "capo-assignment" },
    title(`Assignment: ${a.name}${a.reconstructed ? " (a reconstructed card)" : ""}`),
    s("rect", { width: AW, height: AH, rx: 9, fill: CREAM, stroke: "#8a6d1c", "stroke-width": 2 }),
    s("rect", { x: 4, y: 4, width: AW - 8, height: 18, rx: 4, fill: "#8a6d1c" }),
    text(AW / 2, 17, a.reconstructed ? "ASSIGNMENT ✱" : "ASSIGNMENT", { "text-anchor": "middle", style: "fill:#fff;font-size:10px;font-weight:800;letter-spacing:1.5px" }),
    nameLines.map((line, k) => fit(AW / 2, 40 + k * 16, line, AW - 14, 14, { "text-anchor": "middle", style: `fill:${INK};font-size:14px;font-weight:800` })),
    text(AW / 2, 42 + nameLines.length * 16, "needs", { "text-anchor": "middle", style: "fill:#777;font-size:9px" }),
    symbolRow(view, a.symbols, AW / 2, 56 + nameLines.length * 16 + symSize / 2, { size: symSize, gap: 4, perRow: 4, any: a.choice, anyLabel }),
    a.choice > 1 ? text(AW / 2, 146, `the ${a.choice} ? all the same`, { "text-anchor": "middle", style: "fill:#7a4fb5;font-size:9.5px;font-weight:700" }) : null,
    !needs ? text(AW / 2, 110, "no symbols", { "text-anchor": "middle", style: "fill:#777;font-size:10px" }) : null,
    s("line", { x1: 12, x2: AW - 12, y1: 156, y2: 156, stroke: "#d8ceb4" }),
    text(AW / 2, 178, `at most ${a.max_stars} ★`, { "text-anchor": "middle", style: `fill:${INK};font-size:17px;font-weight:800` }),
    a.max_stars !== a.stars ? text(AW / 2, 191, `(the card says ${a.stars} ★)`, { "text-anchor": "middle", style: "fill:#a33;font-size:9px" }) : null);
}

function eventCard(view) {
  const x = AW + GAP;
  if (!view.event) {
    return s("g", { class: "capo-event none", transform: `translate(${x},0)` },
      s("rect", { width: EW, height: AH, rx: 9, fill: "rgba(0,0,0,.18)", stroke: "rgba(255,255,255,.25)", "stroke-dasharray": "5 4" }),
      text(EW / 2, AH / 2 - 4, "No event", { "text-anchor": "middle", class: "muted" }),
      text(EW / 2, AH / 2 + 14, "the usual rules apply", { "text-anchor": "middle", class: "small muted capo-track-n" }));
  }
  const e = view.event;
  const lines = wrap(e.text, 25);
  const size = lines.length > 10 ? 9 : 10.5;
  return s("g", { class: "capo-event", transform: `translate(${x},0)` },
    title(`Event: ${e.name}: ${e.text}`),
    s("rect", { width: EW, height: AH, rx: 9, fill: "#efe6f7", stroke: "#6b3f9a", "stroke-width": 2 }),
    s("rect", { x: 4, y: 4, width: EW - 8, height: 18, rx: 4, fill: "#6b3f9a" }),
    text(EW / 2, 17, e.reconstructed ? "EVENT ✱" : "EVENT", { "text-anchor": "middle", style: "fill:#fff;font-size:10px;font-weight:800;letter-spacing:2px" }),
    fit(EW / 2, 40, e.name, EW - 14, 13, { "text-anchor": "middle", style: `fill:${INK};font-size:13px;font-weight:800` }),
    lines.slice(0, 13).map((line, k) => text(8, 56 + k * (size + 2.5), line, { style: `fill:#2c2236;font-size:${size}px` })));
}

// The round, the job and what comes next.
export function jobPanel(view) {
  const envelope = view.next_assignment_envelope;
  const next = envelope ? "next round brings an Event card (envelope on the next Assignment)" : "no Event card next round";
  return h("div", { class: "capo-job" },
    h("div", { class: "capo-round" }, h("strong", {}, `Round ${view.round}`), ` · ${view.target} respect wins`),
    svgRoot(AW + GAP + EW, AH, [assignmentCard(view), eventCard(view)]),
    h("div", { class: "capo-next small muted", title: `Assignment cards left ${view.assignments_left}, Event cards left ${view.events_left}, Mafioso stack ${view.stack_size}, discard pile ${view.discard.size}` },
      `${next} · stack ${view.stack_size} · discard ${view.discard.size}`));
}

// The respect track: one lane per player; after a round the dots slide from where they were.
export function respectTrack(view, ctx, moved) {
  const n = view.players;
  const cells = view.target + 1;
  const W = 300, tx = 8, lane = 17, top = 4;
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
        seatDot(seat, tx + at * cw + cw / 2, y, 7.5)),
      r > view.target ? text(tx + at * cw - 4, y + 4, String(r), { "text-anchor": "end", class: "capo-track-over" }) : null));
  }
  const svg = svgRoot(W, top + n * lane + 18, p);
  return h("div", { class: "capo-track", "aria-label": "respect track" },
    h("div", { class: "capo-track-head" }, "Respect"), svg);
}
