// The sealed-bid test game: prize, coins, scores, who has bid, and the bid buttons.
import { s, svgRoot, text } from "../dom.js";

export function render(view, ctx) {
  const n = view.coins.length;
  const width = 120 + n * 140;
  const parts = [
    text(20, 40, `Round ${Math.min(view.round + 1, 3)} of 3`, { class: "title" }),
    view.prize !== null ? s("g", {}, s("rect", { x: 20, y: 60, width: 70, height: 100, rx: 8, class: "card" }), text(55, 120, String(view.prize), { class: "big on-card", "text-anchor": "middle" }), text(55, 178, "prize", { "text-anchor": "middle", class: "small" })) : null,
  ];
  for (let i = 0; i < n; i++) {
    const x = 120 + i * 140;
    const committed = view.bidding.committed.includes(i);
    parts.push(s("g", { class: i === ctx.seat ? "me" : "" },
      s("rect", { x, y: 60, width: 120, height: 100, rx: 10, class: "seat-box" }),
      text(x + 10, 82, ctx.name(i), { class: "small" }),
      text(x + 10, 110, `coins ${view.coins[i]}`),
      text(x + 10, 132, `score ${view.scores[i]}`),
      text(x + 10, 152, committed ? "✔ has bid" : "…", { class: committed ? "ok small" : "muted small" })));
  }
  if (ctx.seat !== null && ctx.seat !== undefined) {
    for (let b = 0; b <= 10; b++) {
      const x = 20 + (b % 11) * (width - 40) / 11;
      parts.push(s("g", { "data-token": `b${b}` },
        s("circle", { cx: x + 20, cy: 220, r: 18, class: "chip" }),
        text(x + 20, 226, String(b), { "text-anchor": "middle" })));
    }
    if (view.my_bid !== null) parts.push(text(20, 270, `your sealed bid: ${view.my_bid}`, { class: "small" }));
  }
  return svgRoot(width, 290, parts);
}
