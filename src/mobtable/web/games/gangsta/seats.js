// The players round the table, each with their score and the cards they put into the trick:
// the card a seat just played flies in, the trick's winner is marked, whose turn it is shows.
import { h } from "../../dom.js";
import { cardFace, mafia } from "./cards.js";
import { animate } from "./motion.js";

export function seatStrip(view, ctx, fresh) {
  const current = view.trick.length > 0;
  const shown = current ? view.trick : view.last_trick ? view.last_trick.plays : [];
  const winner = current || !view.last_trick ? null : view.last_trick.winner;
  const plays = new Map(shown.map((p) => [p.seat, p.cards]));
  const leader = shown.length ? shown[0].seat : null;
  const justPlayed = fresh.filter((e) => e.kind === "play").map((e) => e.data.seat);
  const justWon = fresh.some((e) => e.kind === "trick-won");
  // only once the view itself is over: a replay's table knows the result from its first step
  const winners = view.phase === "over" && ctx.table.result ? ctx.table.result.winners : [];
  const seats = [];
  for (let seat = 0; seat < view.players; seat++) {
    const turn = view.turn === seat && view.phase !== "over";
    const classes = ["g-seat"];
    if (seat === ctx.seat) classes.push("me");
    if (turn) classes.push("turn");
    if (seat === winner) classes.push("winner");
    if (winners.includes(seat)) classes.push("champion");
    if (!view.hand_sizes[seat] && view.phase === "play") classes.push("out");
    const cards = plays.get(seat);
    let play;
    if (cards) {
      play = h("div", { class: "g-seat-cards" }, cards.map((code) => cardFace(view, code, { size: "trick" })));
      const k = justPlayed.indexOf(seat);
      if (k >= 0) animate(play, seat === ctx.seat ? "g-fly-up" : "g-fly-down", 480, ctx.motion, 300 * k);
    } else {
      play = h("div", { class: `g-seat-cards empty${turn ? " waiting" : ""}` }, slotWords(view, ctx, seat, turn));
      if (view.phase === "redraw" && fresh.some((e) => (e.kind === "keep" || e.kind === "redraw") && e.data.seat === seat)) animate(play, "g-gather", 420, ctx.motion);
    }
    const tags = [];
    if (seat === leader && current) tags.push(h("span", { class: "g-tag" }, "led"));
    if (seat === winner) tags.push(h("span", { class: "g-tag win" }, "won the trick"));
    if (winners.includes(seat)) tags.push(h("span", { class: "g-tag win" }, winners.length > 1 ? "shares the win" : "wins"));
    const voids = (view.voids[seat] || []).map((letter) => mafia(view, letter).name);
    const el = h("div", { class: classes.join(" "), "aria-label": seatWords(view, ctx, seat, voids) },
      h("div", { class: "g-seat-name" }, nameParts(ctx, seat)),
      h("div", { class: "g-seat-meta" },
        h("span", { class: "g-seat-score" }, `${view.scores[seat]} pts`),
        h("span", { class: "g-seat-count" }, h("span", { class: "g-sep" }, " · "), count(view.hand_sizes[seat], "card")),
        h("span", { class: "g-best" }, ` · best trick ${view.best_trick[seat]}`)),
      voids.length ? h("div", { class: "g-seat-void" }, `no ${voids.join(", no ")}`) : null,
      play,
      tags.length ? h("div", { class: "g-seat-tags" }, tags) : null);
    if (seat === winner && justWon) animate(el, "g-win", 900, ctx.motion, 300 * justPlayed.length);
    seats.push(el);
  }
  return h("div", { class: "g-seats", "aria-label": current ? `trick ${view.tricks_played + 1}` : "the last trick" }, seats);
}

// An empty trick slot: whose card is awaited, or, at the redraw, what each seat decided.
function slotWords(view, ctx, seat, turn) {
  const thinking = ctx.thinking.includes(seat);
  if (view.phase === "redraw") {
    if (view.redraw.redrew.includes(seat)) return "redrew 3 cards";
    if (!view.redraw.waiting.includes(seat)) return "kept the hand";
    if (turn) return thinking ? "thinking…" : seat === ctx.seat ? "your turn" : "deciding…";
    return "";
  }
  if (!turn || view.phase !== "play") return "";
  return thinking ? "thinking…" : seat === ctx.seat ? "your card" : "to play";
}

// "Ann" and " (you)" apart, so a narrow seat may drop the second (its frame marks it).
function nameParts(ctx, seat) {
  const name = ctx.name(seat);
  const you = name.endsWith(" (you)") ? " (you)" : "";
  return [name.slice(0, name.length - you.length), you ? h("span", { class: "g-you" }, you) : null];
}

function seatWords(view, ctx, seat, voids) {
  const bits = [`${ctx.name(seat)}: ${view.scores[seat]} points`, count(view.hand_sizes[seat], "card"), `best trick ${view.best_trick[seat]}`];
  if (voids.length) bits.push(`has no ${voids.join(" and no ")}`);
  return bits.join(", ");
}

export function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
