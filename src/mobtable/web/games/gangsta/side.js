// Beside the grid: the trump, the two decks, the cards out of the game, and the cards being
// decided now (the won cards to place, or the two opened cards to keep one of).
import { h } from "../../dom.js";
import { cardFace, cardName, mafia, pile } from "./cards.js";
import { control } from "./controls.js";
import { animate } from "./motion.js";
import { count } from "./seats.js";
import { RECONSTRUCTED } from "../../words.js";

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
        `Card data (${reconstructed.join(", ")}): ${RECONSTRUCTED}`) : null) : null);
}

function names(view, codes) {
  return codes.map((c) => cardName(view, c)).join(", ");
}

// The cards being decided: won cards to place (this seat picks one, then a cell), the opened
// cards to keep one of each two (variant two), or, during a trick, the cards opened for the
// players sitting out. `picked` is the won card staged for placing.
export function decide(view, ctx, moves, picked, onPick, fresh) {
  const mine = view.turn === ctx.seat;
  const arrived = fresh.some((e) => e.kind === "trick-won" || e.kind === "extra-cards" || e.kind === "opened");
  const face = (code, k, extra = "") => {
    const el = cardFace(view, code, { size: "trick", extra });
    if (arrived) animate(el, "g-gather", 420, ctx.motion, 80 * k);
    return el;
  };
  let title, cards;
  if (view.phase === "place" && view.to_place.length) {
    title = mine ? "You won the trick: pick a card, then an empty cell" : `${ctx.name(view.turn)} won the trick and places these cards`;
    cards = view.to_place.map((code, k) => {
      const el = face(code, k, code === picked ? "g-picked" : "");
      if (mine && moves.places.has(code)) control(el, `Place ${cardName(view, code)}${code === picked ? " (picked)" : ""}`, () => onPick(code), { pressed: code === picked, key: `won:${code}` });
      return el;
    });
  } else if (view.phase === "pick") {
    title = mine ? "Keep one of the two opened cards; the other is discarded" : `${ctx.name(view.turn)} keeps one of the two opened cards`;
    cards = view.opened.map((code, k) => {
      const el = face(code, k, k >= 2 ? "g-dim" : "");
      const move = moves.picks.get(code);
      if (mine && move) control(el, move.label, () => ctx.act(move.a), { key: `won:${code}` });
      return el;
    });
    if (view.to_place.length) cards.push(h("span", { class: "g-decide-also" }, `and ${count(view.to_place.length, "won card")} to place`));
  } else if (view.opened.length) {
    title = `Opened for ${view.absent.length === 1 ? "the player" : "the players"} sitting out: the trick's winner takes ${view.opened.length === 1 ? "it" : "them"}`;
    cards = view.opened.map((code, k) => face(code, k));
  } else {
    return null;
  }
  return h("div", { class: `g-decide${mine ? " mine" : ""}` },
    h("div", { class: "g-decide-title" }, title),
    h("div", { class: "g-decide-cards" }, cards));
}
