import { animate } from "./motion.js";

// A choice being staged on this browser (the card picked before its partner or its cell, the
// three cards of a redraw): kept across redraws, dropped when the legal moves change.
// `lifting`: the card just picked, which rises once (the board is drawn anew for each pick).
let stage = { key: null, picked: [], lifting: null };

export function stageFor(ctx) {
  const key = `${ctx.table.id}:${ctx.seat}:${ctx.legal.map((m) => m.a).join("|")}`;
  if (stage.key !== key) stage = { key, picked: [], lifting: null };
  return stage;
}

// Pick `codes` (the last one added rises) and draw again.
export function pickCards(stage, ctx, codes) {
  stage.lifting = codes.find((c) => !stage.picked.includes(c)) || null;
  stage.picked = codes;
  ctx.redraw();
}

// The card just picked rises from where it lay: a short animation, once.
export function lift(stage, el, code, motion) {
  if (stage.lifting !== code) return el;
  stage.lifting = null;
  return animate(el, "g-lift", 160, motion);
}
