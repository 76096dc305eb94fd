// The territory: a 5×5 grid of cells named by row letter and column number (C2), as the
// rules and the log name them. Won cards drop in, this trick's placements stay outlined, a
// raid's cards flash red and fade away; the cells a picked card may go to are targets.
import { h } from "../../dom.js";
import { cardFace, cardName } from "./cards.js";
import { control } from "./controls.js";
import { animate, placedThisTrick } from "./motion.js";

const ROWS = ["A", "B", "C", "D", "E"];

// targets: Map cell -> legal move for the card being placed (empty when nothing to place).
export function territory(view, ctx, fresh, targets) {
  const placedNow = new Map(fresh.filter((e) => e.kind === "place" || e.kind === "center-card").map((e, k) => [e.data.cell, k]));
  const raid = fresh.find((e) => e.kind === "raid");
  const raided = raid ? new Map((raid.data.cells || []).map((cell, k) => [cell, raid.data.removed[k]])) : new Map();
  const recent = placedThisTrick();
  const cells = [h("span", { class: "g-corner", "aria-hidden": "true" })];
  for (let col = 1; col <= 5; col++) cells.push(h("span", { class: "g-colno", "aria-hidden": "true" }, String(col)));
  for (const row of ROWS) {
    cells.push(h("span", { class: "g-rowno", "aria-hidden": "true" }, row));
    for (let col = 1; col <= 5; col++) cells.push(cell(view, ctx, `${row}${col}`, { placedNow, raided, recent, targets }));
  }
  return h("div", { class: "g-gridwrap", "data-role": "grid" },
    h("div", { class: "g-grid", role: "group", "aria-label": "the territory" }, cells));
}

function cell(view, ctx, name, { placedNow, raided, recent, targets }) {
  const code = view.grid[name];
  const el = h("div", { class: "g-cell", "data-cell": name, "aria-label": `${name}: ${code ? cardName(view, code) : "empty"}` });
  if (code) {
    const face = cardFace(view, code, { size: "cell", trumpTag: false });
    if (placedNow.has(name)) animate(face, "g-drop", 520, ctx.motion, 260 * placedNow.get(name));
    el.append(face);
    if (recent.has(name)) {
      el.classList.add("g-recent");
      el.title = `${ctx.name(recent.get(name))} placed this card`;
    }
  } else {
    el.append(h("span", { class: "g-coord" }, name));
    if (raided.has(name) && raided.get(name)) {
      el.classList.add("g-raided");
      if (ctx.motion > 0) el.append(animate(cardFace(view, raided.get(name), { size: "cell", trumpTag: false, extra: "g-ghost" }), "g-raid", 1400, ctx.motion, 0, "both"));
    }
  }
  const move = targets.get(name);
  if (move) {
    el.classList.add("g-target");
    el.append(...preview(move.label));
    control(el, move.label, () => ctx.act(move.a), { key: `cell:${name}` });
  }
  return el;
}

// What laying the card here brings, read from the move's words ("… — pair, 1 point; completes
// row C: the police raid"): "+1" and "raid" on the cell.
function preview(label) {
  const after = label.split(" — ")[1] || "";
  const points = /(\d+) points?/.exec(after);
  const out = [];
  if (points) out.push(h("span", { class: "g-gain", "aria-hidden": "true" }, `+${points[1]}`));
  if (/police/.test(after)) out.push(h("span", { class: "g-police", "aria-hidden": "true" }, "raid"));
  return out;
}
