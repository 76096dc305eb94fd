// The end of a game: who won, the scores and ranks, and what decided it, in an overlay
// over the final board (dismissible, to look at the board; "Result" brings it back).
import { listing } from "./words.js";
import { h } from "./dom.js";

// The result card. `why` is the game's own sentence about the outcome (its tie-break
// in words), `tiebreak` the game's line on what decided it (none where the scores alone
// did), `breakdown` how each score was made ({columns, rows} in the game's words, rows
// in seat order), `controls` the buttons under it.
export function resultPanel(table, name, controls, why, tiebreak, breakdown) {
  const r = table.result;
  const order = r.ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return h("section", { class: "result card", id: "final-result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, r.winners.length > 1 ? `Shared victory: ${listing(r.winners.map(name))}` : `${name(r.winners[0])} wins`),
    why ? h("p", { class: "why", id: "result-why" }, why) : null,
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, "Rank"), h("th", {}, "Player"), h("th", {}, "Score"))),
      h("tbody", {}, order.map(({ rank, seat }) =>
        h("tr", { class: r.winners.includes(seat) ? "winner" : "" }, h("td", {}, String(rank)), h("td", {}, name(seat)), h("td", {}, String(r.scores[seat])))))),
    breakdownTable(breakdown, order, name),
    (tiebreak || tiebreakLine(r)) ? h("p", { class: "tiebreak", id: "result-tiebreak" }, tiebreak || tiebreakLine(r)) : null,
    controls && controls.length ? h("div", { class: "result-actions" }, controls) : null,
  );
}

// How each score was made, a row per player in rank order (on a phone each row is a
// block of "heading: cells" lines: see social.css).
function breakdownTable(breakdown, order, name) {
  if (!breakdown || !breakdown.columns.length) return null;
  return h("details", { class: "breakdown", id: "result-breakdown", open: true, "data-role": "breakdown" },
    h("summary", {}, "How the scores were made"),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), breakdown.columns.map((c) => h("th", {}, c)))),
      h("tbody", {}, order.map(({ seat }) => h("tr", {}, h("th", { scope: "row" }, name(seat)),
        (breakdown.rows[seat] || []).map((cell, k) => h("td", { "data-label": breakdown.columns[k] }, cell)))))));
}

// Only for a server that sends no `tiebreak` line: the engine's name of the tie-break
// (nothing where none was needed).
function tiebreakLine(r) {
  if (!r.tiebreak) return "";
  if (r.tiebreak === "tie not broken: shared victory") return "Tied on every tie-break: the victory is shared.";
  if (r.tiebreak.includes("shared victory")) return `${r.tiebreak[0].toUpperCase()}${r.tiebreak.slice(1)}.`;
  return `Decided by the tie-break: ${r.tiebreak}.`;
}

export class ResultOverlay {
  constructor(el) {
    this.el = el;
    this.dismissed = false;
    this.reopen = h("button", { class: "secondary", id: "show-result", hidden: true, onclick: () => this.toggle(true) }, "Result");
  }

  // Shows the result once the table has one (`actions()` makes its buttons), else hides it.
  update(table, why, name, actions, toolbar, tiebreak, breakdown) {
    if (!this.reopen.isConnected) toolbar.prepend(this.reopen);
    if (!table.result) {
      this.el.hidden = true;
      this.el.replaceChildren();
      this.reopen.hidden = true;
      return;
    }
    const look = h("button", { class: "secondary", id: "look-at-board", onclick: () => this.toggle(false) }, "Look at the board");
    this.el.replaceChildren(h("div", { class: "result-box" }, resultPanel(table, name, [...actions(), look], why, tiebreak, breakdown)));
    this.toggle(!this.dismissed);
  }

  toggle(open) {
    this.dismissed = !open;
    this.el.hidden = !open;
    this.reopen.hidden = open;
    if (open) this.el.querySelector("#final-result")?.focus?.();
  }
}
