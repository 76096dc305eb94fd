// A choice being staged on this browser (the card picked before its partner or its cell, the
// three cards of a redraw): kept across redraws, dropped when the legal moves change.
let stage = { key: null, picked: [] };

export function stageFor(ctx) {
  const key = `${ctx.table.id}:${ctx.seat}:${ctx.legal.map((m) => m.a).join("|")}`;
  if (stage.key !== key) stage = { key, picked: [] };
  return stage;
}
