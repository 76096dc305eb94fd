// What this browser has picked but not yet sent: a crew, the cards to turn up, a suspicion.
// Nothing reaches the server until the player confirms (K-23: a crew is sealed only then),
// so a pick can be changed freely; a new round or step starts with nothing staged.

const stages = new Map(); // "table:round:phase" -> {cards: Set, target}

function keyOf(view, ctx) {
  return `${ctx.table.id}:${view.round}:${view.phase}`;
}

export function stageOf(view, ctx) {
  const key = keyOf(view, ctx);
  if (!stages.has(key)) {
    stages.clear(); // only the step under way matters
    stages.set(key, { cards: new Set(), target: undefined });
  }
  return stages.get(key);
}

export function toggleCard(stage, id, limit = Infinity) {
  if (stage.cards.has(id)) stage.cards.delete(id);
  else if (stage.cards.size < limit) stage.cards.add(id);
  else if (limit === 1) stage.cards = new Set([id]);
}

// The legal counts of a crew this round (the engine's p<n> moves), e.g. [1, 2, 3, 4, 5].
export function crewSizes(legal) {
  return legal.filter((m) => /^p\d+$/.test(m.a)).map((m) => Number(m.a.slice(1)));
}

// The moves a confirmed crew is sent as: the count (unless already declared), then each card.
export function crewMoves(cards, declared) {
  const places = [...cards].map((id) => `d${id}`);
  return declared == null ? [`p${cards.size}`, ...places] : places;
}

// A confirmed choice was refused (a guided game's lesson wants another move): it may be
// changed and sent again at once (the renderer's optional refused(), docs/web.md).
export function refused() {
  for (const stage of stages.values()) stage.sentAt = 0;
}
