// What just happened, for highlights and animations: the events of a new update (not of a
// redraw after a local pick), and a memory of this trick's placements that outlives them.
let seen = null;
// placed: cell -> seat who placed it since the last trick; over: the game-over line
let memory = { table: null, placed: new Map(), over: null };

export function newEvents(ctx) {
  const isNew = ctx.fresh !== seen;
  seen = ctx.fresh;
  if (memory.table !== ctx.table.id) memory = { table: ctx.table.id, placed: new Map(), over: null };
  if (!isNew) return [];
  for (const e of ctx.fresh || []) {
    if (e.kind === "trick-won") memory.placed.clear();
    else if (e.kind === "place") memory.placed.set(e.data.cell, e.data.seat);
    else if (e.kind === "raid") for (const cell of e.data.cells || []) memory.placed.delete(cell);
    else if (e.kind === "game-over") memory.over = e.text;
  }
  return ctx.fresh || [];
}

export function gameOverText() {
  return memory.over;
}

export function placedThisTrick() {
  return memory.placed;
}

// Play a CSS keyframe animation on `el`, its timing multiplied by the player's duration factor
// (`ctx.motion`: 1 normal, 0.4 fast, 0 none).
export function animate(el, name, ms, motion, delay = 0, fill = "backwards") {
  if (!motion || motion <= 0) return el;
  el.style.animation = `${name} ${Math.round(ms * motion)}ms cubic-bezier(.2,.7,.3,1) ${Math.round(delay * motion)}ms ${fill}`;
  return el;
}
