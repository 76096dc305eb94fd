// This seat's hand. A card is picked where it lies (it lifts in place). Playing: a card that
// can only go alone is played by one tap; one that may also make a pair is picked, then
// "Play … alone" confirms it or a tap on a partner plays the pair. Redraw: pick three cards in
// place and confirm, or keep the hand.
import { h } from "../../dom.js";
import { cardFace, cardName } from "./cards.js";
import { button, control } from "./controls.js";
import { partners, redrawOf } from "./legal.js";
import { lift, pickCards } from "./stage.js";

export function hand(view, ctx, moves, stage) {
  if (!view.hand) return h("div", { class: "g-hand watching", "data-role": "hand" }, h("p", { class: "g-hand-note" }, "Watching: the hands are hidden"));
  const redrawing = view.phase === "redraw" && view.turn === ctx.seat;
  const playing = moves.singles.size > 0 || moves.pairs.length > 0;
  const { cards, actions, note } = redrawing ? redrawHand(view, ctx, moves, stage) : playing ? playHand(view, ctx, moves, stage) : plainHand(view);
  const perRow = view.hand.length > 6 ? Math.ceil(view.hand.length / 2) : Math.max(view.hand.length, 1);
  return h("div", { class: "g-hand", "data-role": "hand", "aria-label": "your hand" },
    h("div", { class: "g-hand-bar" },
      h("span", { class: "g-hand-note" }, note),
      actions.length ? h("span", { class: "g-hand-actions" }, actions) : null),
    h("div", { class: "g-hand-cards", style: `--per-row:${perRow};--cards:${view.hand.length}` }, cards));
}

function plainHand(view) {
  const note = view.phase === "over" ? "" : "Your hand";
  return { cards: view.hand.map((code) => cardFace(view, code)), actions: [], note };
}

function playHand(view, ctx, moves, stage) {
  const picked = stage.picked.find((c) => view.hand.includes(c)) || null;
  const mates = picked ? partners(moves, picked) : [];
  const cards = view.hand.map((code) => {
    const mate = mates.find((p) => p.other === code);
    const alone = moves.singles.get(code);
    const pairs = partners(moves, code);
    if (code === picked) {
      const face = lift(stage, cardFace(view, code, { extra: "g-picked" }), code, ctx.motion);
      return control(face, `${cardName(view, code)}, picked: tap again to put it back`, () => pickCards(stage, ctx, []), { pressed: true, key: `card:${code}` });
    }
    if (mate) return control(cardFace(view, code, { extra: "g-mate" }), mate.move.label, () => ctx.act(mate.move.a), { key: `card:${code}` });
    if (!alone && !pairs.length) { // the shell's Chooser asks the server why, when it is tapped
      const dim = cardFace(view, code, { extra: "g-dim" });
      dim.dataset.token = code;
      return dim;
    }
    if (!pairs.length) return control(cardFace(view, code), alone.label, () => ctx.act(alone.a), { key: `card:${code}` });
    return control(cardFace(view, code), `${cardName(view, code)}: pick it to play it alone or with a second card`, () => pickCards(stage, ctx, [code]), { key: `card:${code}` });
  });
  const actions = [];
  let note = view.trick.length ? "Your hand: play a card" : "Your hand: lead a card";
  if (picked) {
    const alone = moves.singles.get(picked);
    if (alone) actions.push(button(`Play ${cardName(view, picked)} alone`, () => ctx.act(alone.a), { role: "confirm", primary: true, title: alone.label, key: "confirm" }));
    actions.push(button("Put back", () => pickCards(stage, ctx, [])));
    note = `or tap ${mates.length === 1 ? "the outlined card" : "an outlined card"} to play a pair`;
  }
  return { cards, actions, note };
}

function redrawHand(view, ctx, moves, stage) {
  if (!moves.redraws.length) {
    const keep = moves.keep ? [button("Keep my hand", () => ctx.act(moves.keep.a), { role: "confirm", primary: true, title: moves.keep.label })] : [];
    return { cards: view.hand.map((code) => cardFace(view, code)), actions: keep, note: "Two cards above 7: you keep your hand" };
  }
  // a card may be picked while some legal redraw still holds every picked card and it
  const fits = (cards) => moves.redraws.some((r) => cards.every((c) => r.cards.includes(c)));
  stage.picked = fits(stage.picked) ? stage.picked : [];
  const picked = stage.picked;
  const cards = view.hand.map((code) => {
    const on = picked.includes(code);
    if (!on && !fits([...picked, code])) return cardFace(view, code, { extra: "g-dim" });
    const toggle = () => pickCards(stage, ctx, on ? picked.filter((c) => c !== code) : [...picked, code]);
    const label = on ? `${cardName(view, code)}, picked to put back: tap to keep it` : `Pick ${cardName(view, code)} to put back`;
    const face = lift(stage, cardFace(view, code, { extra: on ? "g-picked" : "" }), code, ctx.motion);
    return control(face, label, toggle, { pressed: on, key: `card:${code}` });
  });
  const actions = [];
  const chosen = redrawOf(moves, picked);
  const text = chosen ? "Redraw these 3" : `Pick ${3 - picked.length} more to redraw`;
  actions.push(button(text, () => chosen && ctx.act(chosen.a), { role: "confirm", primary: true, disabled: !chosen, title: chosen ? chosen.label : null, key: "confirm" }));
  if (moves.keep) actions.push(button("Keep my hand", () => ctx.act(moves.keep.a), { title: moves.keep.label }));
  return { cards, actions, note: "Keep your hand, or pick your 3 lowest cards to redraw" };
}
