// The table: one row per player with respect, what they are doing, their last move in
// words and the cards they have down. In the suspicion step the others' rows are the
// targets: a tap stages the suspicion, the confirm button lays it.
import { h } from "../../dom.js";
import { backSvg, cardLabel, cardSvg, seatColor } from "./art.js";

// A row's small cards, drawn at the smallest height a row gives them (CSS: .capo-mini), so their
// stars print at 11 px or more however the rows share the board.
const CW = 28;
const CH = 38;

export function statusOf(view, ctx, seat) {
  const step = view.step;
  if (!step || !step.seats.includes(seat)) return null;
  // [words a phone leaves out, the rest]
  const [extra, done] = { play: ["crew ", "ready"], turn: ["", "chosen"], suspect: ["suspicion ", "laid"] }[step.phase] || ["", "ready"];
  if (step.committed.includes(seat)) return { text: `✔ ${extra}${done}`, parts: ["✔ ", h("span", { class: "capo-wide" }, extra), done], cls: "ok" };
  if ((ctx.thinking || []).includes(seat)) return { text: "thinking…", cls: "wait" };
  return { text: step.phase === "turn" ? `turning ${view.table[seat].must_turn} up…` : "deciding…", cls: "wait" };
}

// The cards a row shows: your own crew as you know it; the others' backs and turned-up cards.
function crewCards(view, ctx, seat, turnedNow) {
  const spot = view.table[seat];
  const out = [];
  const piece = (el, cls) => h("span", { class: `capo-mini ${cls}` }, el);
  if (seat === ctx.seat && spot.cards) {
    for (const id of spot.cards) {
      const up = spot.face_up.includes(id);
      out.push(piece(cardSvg(view, id, { w: CW, h: CH, down: !up }), up ? "up" : "down"));
    }
  } else {
    for (const id of spot.face_up) {
      out.push(h("span", { class: `capo-mini up${turnedNow.has(id) ? " capo-flip" : ""}`, title: cardLabel(view, id), role: "img", "aria-label": `${cardLabel(view, id)} (turned face up)` }, cardSvg(view, id, { w: CW, h: CH })));
    }
    for (let k = spot.face_up.length; k < (spot.played || 0); k++) out.push(piece(backSvg({ w: CW, h: CH, label: "a card face down" }), "down"));
  }
  if (spot.played == null) {
    const ready = view.step && view.step.committed.includes(seat);
    out.push(h("span", { class: "capo-sealed small muted" }, ready ? "face down, hidden until all have played" : "choosing a crew…"));
  } else if (!spot.played && view.phase === "play") out.push(h("span", { class: "small muted" }, "no cards down yet"));
  return out;
}

function rowInfo(view, ctx, seat, lastMove) {
  const st = statusOf(view, ctx, seat);
  const first = seat === view.counter ? h("span", { class: "capo-badge", title: "counts first this round" }, h("span", { class: "capo-wide" }, "counts "), "first") : null;
  return h("div", { class: "capo-who" },
    h("div", { class: "capo-who-line" },
      h("span", { class: "capo-dot", style: `background:${seatColor(seat)}` }, ctx.name(seat).charAt(0).toUpperCase()),
      h("span", { class: "capo-name" }, ctx.name(seat)), first),
    h("div", { class: "capo-who-line" },
      h("span", { class: "capo-resp", title: "respect" }, `${view.respect[seat]} respect`),
      st ? h("span", { class: `capo-status ${st.cls}${lastMove && lastMove.fresh ? " capo-fresh" : ""}` }, st.parts || st.text) : null),
    lastMove ? h("div", { class: `capo-last-move small${lastMove.fresh ? " capo-fresh" : ""}` }, lastMove.text) : null);
}

export function seatRows(view, ctx, { stage, lastMoves, turnedNow, onSuspect }) {
  const suspecting = view.phase === "suspect" && ctx.legal.some((m) => m.a.startsWith("s"));
  const rows = [];
  for (let seat = 0; seat < view.players; seat++) {
    const mine = seat === ctx.seat;
    const children = [rowInfo(view, ctx, seat, lastMoves.get(seat)), h("div", { class: "capo-crew", "data-seat": String(seat) }, crewCards(view, ctx, seat, turnedNow))];
    const cls = `capo-seat${mine ? " me" : ""}`;
    if (suspecting && !mine) {
      const chosen = stage.target === seat;
      rows.push(h("button", {
        class: `${cls} capo-target${chosen ? " chosen" : ""}`, "data-seat": String(seat), "data-legal": "1", "data-suspect": String(seat),
        "aria-pressed": String(chosen), "aria-label": `suspect ${ctx.name(seat)}`,
        onclick: () => onSuspect(chosen ? undefined : seat),
      }, children, chosen ? h("span", { class: "capo-pin" }, "your suspicion") : null));
    } else {
      rows.push(h("div", { class: cls, "data-seat": String(seat) }, children));
    }
  }
  return h("div", { class: "capo-seats", "data-role": "seats", "aria-label": "the players at the table" }, rows);
}
