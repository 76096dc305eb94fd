// Gangsta: the players and their trick, the trump and decks, the cards being decided, the 5×5
// territory and your hand, laid out to fit the board slot (gangsta.css). Choices are staged
// here, not by the shared Chooser: see gangsta/hand.js and gangsta/side.js.
import { h } from "../dom.js";
import { restoreFocus } from "./gangsta/controls.js";
import { territory } from "./gangsta/grid.js";
import { hand } from "./gangsta/hand.js";
import { sortMoves } from "./gangsta/legal.js";
import { gameOverText, newEvents } from "./gangsta/motion.js";
import { seatStrip } from "./gangsta/seats.js";
import { decide, info } from "./gangsta/side.js";
import { pickCards, stageFor } from "./gangsta/stage.js";

export function render(view, ctx) {
  const fresh = newEvents(ctx);
  const stage = stageFor(ctx);
  const moves = sortMoves(ctx.seat === null ? [] : ctx.legal);
  const placing = view.phase === "place" && view.turn === ctx.seat;
  let picked = null;
  if (placing) {
    picked = stage.picked.find((c) => moves.places.has(c)) || [...moves.places.keys()][0] || null;
    stage.picked = picked ? [picked] : [];
  }
  const pick = (code) => pickCards(stage, ctx, [code]);
  const targets = picked ? moves.places.get(picked) : new Map();
  const decision = decide(view, ctx, moves, picked, pick, fresh);
  const over = view.phase === "over";
  const deciding = decision && (view.phase === "place" || view.phase === "pick"); // the trick is over
  const root = h("div", { class: `gangsta phase-${view.phase}${deciding ? " deciding" : ""}${placing ? " placing" : ""}${ctx.motion ? "" : " still"}` },
    info(view, ctx),
    seatStrip(view, ctx, fresh),
    decision,
    territory(view, ctx, fresh, targets),
    over ? null : hand(view, ctx, moves, stage),
    over ? finalLine(view, ctx) : null);
  restoreFocus(root);
  return root;
}

// The end on the board: who won and why, in the log's words (the shell's result panel says more).
function finalLine(view, ctx) {
  const result = ctx.table.result;
  const top = Math.max(...view.scores);
  const winners = result ? result.winners : view.scores.flatMap((score, seat) => (score === top ? [seat] : []));
  const names = winners.map((s) => ctx.name(s)).join(" and ");
  const fallback = `Game over: ${names} ${winners.length > 1 ? "share the win" : "wins"} with ${top} points`;
  return h("div", { class: "g-final" }, h("strong", {}, gameOverText() || fallback));
}
