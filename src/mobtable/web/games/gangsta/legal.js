// This seat's legal moves sorted by kind, from their notation (which is never shown):
// keep / redraw A,B,C / a single card / a pair A+B / pick A / a placement A@C2.
const CARD = "[A-Z]\\d+[SW]";
const SINGLE = new RegExp(`^${CARD}$`);
const PAIR = new RegExp(`^(${CARD})\\+(${CARD})$`);
const PLACE = new RegExp(`^(${CARD})@([A-E][1-5])$`);
const PICK = new RegExp(`^pick (${CARD})$`, "i");
const REDRAW = /^redraw (.+)$/i;

export function sortMoves(legal) {
  const moves = { singles: new Map(), pairs: [], places: new Map(), picks: new Map(), redraws: [], keep: null };
  for (const move of legal || []) {
    const a = move.a;
    let m;
    if (a === "keep") moves.keep = move;
    else if (SINGLE.test(a)) moves.singles.set(a, move);
    else if ((m = PAIR.exec(a))) moves.pairs.push({ cards: [m[1], m[2]], move });
    else if ((m = PLACE.exec(a))) {
      if (!moves.places.has(m[1])) moves.places.set(m[1], new Map());
      moves.places.get(m[1]).set(m[2], move);
    } else if ((m = PICK.exec(a))) moves.picks.set(m[1], move);
    else if ((m = REDRAW.exec(a))) moves.redraws.push({ cards: m[1].split(/[\s,]+/).filter(Boolean), move });
  }
  return moves;
}

// The cards a pair with `code` may be made of.
export function partners(moves, code) {
  return moves.pairs.filter((p) => p.cards.includes(code)).map((p) => ({ other: p.cards[0] === code ? p.cards[1] : p.cards[0], move: p.move }));
}

// The legal redraw of exactly these cards, if any.
export function redrawOf(moves, picked) {
  if (picked.length !== 3) return null;
  const want = new Set(picked);
  const found = moves.redraws.find((r) => r.cards.length === 3 && r.cards.every((c) => want.has(c)));
  return found ? found.move : null;
}
