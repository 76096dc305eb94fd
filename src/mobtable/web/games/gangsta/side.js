// Beside the grid: the trump, the two decks, the cards out of the game, and the cards being
// decided now (the won cards to place, or the two opened cards to keep one of).
import { h } from "../../dom.js";
import { cardFace, cardName, mafia, pile } from "./cards.js";
import { control } from "./controls.js";
import { animate } from "./motion.js";
import { count } from "./seats.js";

export function info(view, ctx) {
  const trump = mafia(view, view.trump_mafia);
  const reconstructed = view.reconstructed || [];
  const ambushReconstructed = reconstructed.includes("ambush cards");
  const out = [];
  if (view.box.length) out.push(`${count(view.box.length, "card")} raided out of the game`);
  if (view.discard.length) out.push(`${count(view.discard.length, "card")} discarded`);
  const mine = view.redraw && view.redraw.mine ? view.redraw.mine : null;
  return h("div", { class: "g-info" },
    h("div", { class: "g-trump", style: `--m:${trump.color}` },
      h("span", { class: "g-trump-word" }, "Trumps: ", h("strong", {}, `${trump.symbol} ${trump.name}`)),
      cardFace(view, view.trump, { size: "mini", trumpTag: false, extra: "g-trumpcard" })),
    h("div", { class: "g-piles" },
      pile(view.deck_size, "deck"),
      pile(view.ambush_deck_size, "police", { kind: "police", note: ambushReconstructed ? "reconstructed" : null })),
    out.length || mine || reconstructed.length ? h("details", { class: "g-more" },
      h("summary", {}, out.length ? out.join(", ") : "More"),
      view.box.length ? h("p", {}, "Raided: ", names(view, view.box)) : null,
      view.discard.length ? h("p", {}, "Discarded: ", names(view, view.discard)) : null,
      mine ? h("p", {}, "You put back: ", names(view, mine)) : null,
      reconstructed.length ? h("p", { class: "gangsta-reconstructed" },
        `Card data reconstructed (${reconstructed.join(", ")}) — use --cards FILE with the real deck's data`) : null) : null);
}

function names(view, codes) {
  return codes.map((c) => cardName(view, c)).join(", ");
}

// The cards being decided: won cards to place (this seat picks one, then a cell) or the
// opened cards to keep one of. `picked` is the won card staged for placing.
export function decide(view, ctx, moves, picked, onPick, fresh) {
  const placing = view.to_place.length > 0;
  const opening = !placing && view.opened.length > 0;
  if (!placing && !opening) return null;
  const who = view.turn;
  const mine = who === ctx.seat;
  const arrived = fresh.some((e) => e.kind === "trick-won" || e.kind === "extra-cards" || e.kind === "opened");
  let title;
  if (placing) title = mine ? "You won the trick: pick a card, then an empty cell" : `${ctx.name(who)} won the trick and places these cards`;
  else title = mine ? "Keep one of the opened cards" : "Opened cards";
  const cards = (placing ? view.to_place : view.opened).map((code, k) => {
    const face = cardFace(view, code, { size: "trick", extra: code === picked ? "g-picked" : "" });
    if (placing && mine && moves.places.has(code)) {
      control(face, `Place ${cardName(view, code)}${code === picked ? " (picked)" : ""}`, () => onPick(code), { pressed: code === picked, key: `won:${code}` });
    } else if (opening && mine && moves.picks.has(code)) {
      const move = moves.picks.get(code);
      control(face, move.label, () => ctx.act(move.a), { key: `won:${code}` });
    }
    if (arrived) animate(face, "g-gather", 420, ctx.motion, 80 * k);
    return face;
  });
  return h("div", { class: `g-decide${mine ? " mine" : ""}` },
    h("div", { class: "g-decide-title" }, title),
    h("div", { class: "g-decide-cards" }, cards));
}
