// The final result: ranks, scores, winners and the tie-break that decided it.
import { h } from "./dom.js";

export function resultPanel(table, name, controls) {
  const r = table.result;
  const order = r.ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return h("section", { class: "result card", id: "final-result" },
    h("h2", {}, r.winners.length > 1 ? "Shared victory" : `${name(r.winners[0])} wins`),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, "Rank"), h("th", {}, "Player"), h("th", {}, "Score"))),
      h("tbody", {}, order.map(({ rank, seat }) =>
        h("tr", { class: r.winners.includes(seat) ? "winner" : "" }, h("td", {}, String(rank)), h("td", {}, name(seat)), h("td", {}, String(r.scores[seat])))))),
    h("p", { class: "tiebreak" }, r.tiebreak ? `Tie-break: ${r.tiebreak}` : "No tie-break was needed."),
    controls || null,
  );
}
