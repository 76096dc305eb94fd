// Your cards: the hand, your crew once it is down, and the confirm button of the step.
// Picking works where the cards lie: a tap lifts a card (it joins the crew, or is to be
// turned up), a second tap puts it back; nothing is sent until the confirm button
// (data-role="confirm") sends the whole choice with ctx.actAll.
import { h } from "../../dom.js";
import { cardLabel, cardSvg } from "./art.js";
import { crewMoves, crewSizes, toggleCard } from "./stage.js";

const SENT_FOR_MS = 4000; // a confirmed choice waits this long for the server before it may be sent again

function plural(k, one, many = `${one}s`) {
  return `${k} ${k === 1 ? one : many}`;
}

// What this step asks of your cards: which ones are pickable, how many, and how to send them.
export function taskOf(view, ctx) {
  const me = view.me || {};
  const legal = ctx.legal || [];
  if (view.phase === "play" && !me.committed && legal.length) {
    if (me.declared == null) {
      const sizes = crewSizes(legal);
      return { kind: "crew", from: "hand", sizes, limit: Math.max(...sizes, 0), moves: (stage) => crewMoves(stage.cards, null) };
    }
    const need = me.declared - (me.placed || []).length;
    return { kind: "crew", from: "hand", sizes: [need], limit: need, moves: (stage) => crewMoves(stage.cards, me.declared) };
  }
  if (view.phase === "turn" && legal.some((m) => m.a.startsWith("u"))) {
    const need = view.table[ctx.seat].must_turn - (me.turning || []).length;
    return { kind: "turn", from: "crew", sizes: [need], limit: need, moves: (stage) => [...stage.cards].map((id) => `u${id}`) };
  }
  if (view.phase === "suspect" && legal.some((m) => m.a.startsWith("s"))) {
    return { kind: "suspect", moves: (stage) => [stage.target == null ? "s-" : `s${stage.target}`] };
  }
  return null;
}

// The confirm button's words and whether it may be pressed now.
export function confirmState(view, ctx, task, stage) {
  if (stage.sentAt && Date.now() - stage.sentAt < SENT_FOR_MS) return { ok: false, words: "Sent…" };
  if (task.kind === "suspect") {
    if (stage.target === undefined) return { ok: false, words: "Tap a player to suspect" };
    return { ok: true, words: stage.target === null ? "Suspect nobody" : `Suspect ${ctx.name(stage.target)}` };
  }
  const k = stage.cards.size;
  const what = task.kind === "crew" ? "face down" : "face up";
  const verb = task.kind === "crew" ? "Play" : "Turn";
  if (task.sizes.includes(k)) return { ok: true, words: `${verb} ${k === 1 ? "this card" : `these ${k} cards`} ${what}` };
  if (!k) return { ok: false, words: task.kind === "crew" ? "Tap cards to pick your crew" : `Tap ${plural(task.limit, "card")} to turn up` };
  const least = Math.min(...task.sizes);
  if (k < least) return { ok: false, words: task.sizes.length > 1 ? `Pick at least ${plural(least, "card")}` : `Pick ${task.limit - k} more` };
  return { ok: false, words: `At most ${plural(task.limit, "card")}` };
}

// A card's size on screen, which its drawing is made at (so its text prints at 11 px or
// more): what this step picks in full, the rest small (on a laptop, all in full while nothing
// is to be picked); smaller when more cards than usual must share the row.
const FULL = { w: 84, h: 118 };
const MEDIUM = { w: 66, h: 93 };
const SMALL = { w: 54, h: 76 };
const TINY = { w: 40, h: 56 };

function sizeOf(task, can, count) {
  if (matchMedia("(max-width: 700px)").matches) {
    if (!can) return TINY;
    return count <= 5 ? MEDIUM : count <= 6 ? SMALL : TINY;
  }
  if (!can && task) return SMALL;
  return count <= 5 ? FULL : count <= 7 ? MEDIUM : SMALL;
}

function pickable(view, ctx, id, { task, stage, sync, where, count }) {
  const can = task && task.from === where;
  const size = sizeOf(task, can, count);
  const label = cardLabel(view, id);
  const attrs = { class: "capo-hcard", "data-card": String(id), "aria-label": label, title: label, style: `width:${size.w}px;height:${size.h}px` };
  if (!can) return h("div", { ...attrs, role: "img" }, cardSvg(view, id, { ...size, down: where === "crew" && !view.table[ctx.seat].face_up.includes(id) }));
  return h("button", {
    ...attrs,
    "data-legal": "1",
    "data-pick": String(id),
    "aria-pressed": String(stage.cards.has(id)),
    onclick: () => {
      toggleCard(stage, id, task.limit);
      sync();
    },
  }, cardSvg(view, id, { ...size, down: where === "crew" }));
}

// Words above your cards: what to do, or what you have done.
function hintOf(view, ctx, task) {
  const me = view.me || {};
  if (task && task.kind === "crew") return task.sizes.length > 1 ? "Your hand — tap cards to pick your crew (tap again to put one back)" : `Your hand — pick ${plural(task.limit, "more card")} for your crew`;
  if (task && task.kind === "turn") return `Your crew — tap ${plural(task.limit, "card")} to turn face up`;
  if (task && task.kind === "suspect") return "Tap a player on the table to suspect them, or suspect nobody";
  if (view.phase === "play" && me.committed) return "Your crew is down, sealed until everyone has played";
  if (view.phase === "suspect" && me.committed) return me.suspects == null ? "You suspect nobody (sealed)" : `You suspect ${ctx.name(me.suspects)} (sealed)`;
  if (view.phase === "turn") return "Your crew on the table";
  if (view.phase === "over") return "Your hand at the end";
  return "Your hand";
}

export function handArea(view, ctx, { stage, onSend }) {
  const task = taskOf(view, ctx);
  const hand = view.hand || [];
  const crew = (view.table[ctx.seat] && view.table[ctx.seat].cards) || [];
  const confirm = h("button", { class: "capo-confirm", "data-role": "confirm", type: "button" });
  const nobody = task && task.kind === "suspect"
    ? h("button", { class: "capo-nobody secondary", type: "button", "data-legal": "1", "data-suspect": "nobody", "aria-pressed": String(stage.target === null), onclick: () => { stage.target = stage.target === null ? undefined : null; sync(); } }, "Suspect nobody")
    : null;
  const count = h("span", { class: "capo-staged small", "aria-live": "polite" });
  const area = h("section", { class: `capo-hand-area${task ? ` acting-${task.kind}` : ""}`, "aria-label": "your cards" });
  function sync() {
    const root = area.closest(".capo") || area;
    for (const el of root.querySelectorAll("[data-pick]")) {
      const on = stage.cards.has(Number(el.dataset.pick));
      el.classList.toggle("staged", on);
      el.setAttribute("aria-pressed", String(on));
    }
    for (const el of root.querySelectorAll("[data-suspect]")) {
      const id = el.dataset.suspect === "nobody" ? null : Number(el.dataset.suspect);
      const on = stage.target === id;
      el.classList.toggle("chosen", on);
      el.setAttribute("aria-pressed", String(on));
    }
    if (!task) return;
    const st = confirmState(view, ctx, task, stage);
    confirm.textContent = st.words;
    confirm.disabled = !st.ok;
    if (st.ok) confirm.setAttribute("data-legal", "1");
    else confirm.removeAttribute("data-legal");
    if (task.kind !== "suspect") count.textContent = stage.cards.size ? `${plural(stage.cards.size, "card")} picked` : "";
  }
  confirm.addEventListener("click", () => {
    if (confirm.disabled) return;
    stage.sentAt = Date.now();
    const moves = task.moves(stage);
    sync();
    onSend(moves);
  });
  const opts = { task, stage, sync, where: "hand", count: Math.max(hand.length, 1) + crew.length }; // an empty hand's words take a card's room
  const resting = (where) => (!task ? " idle" : task.from === where ? "" : " resting"); // not what this step picks
  const handRow = h("div", { class: `capo-hand${resting("hand")}`, "data-role": "hand", "aria-label": "your hand" },
    hand.length ? hand.map((id) => pickable(view, ctx, id, opts)) : h("span", { class: "capo-empty small muted" }, "no cards in hand"));
  const crewRow = crew.length
    ? h("div", { class: `capo-my-crew${resting("crew")}`, "data-role": "crew", "aria-label": "your crew on the table" },
      h("span", { class: "capo-tag small" }, "your crew"),
      crew.map((id) => pickable(view, ctx, id, { ...opts, where: "crew" })))
    : null;
  const mine = view.discard.mine || [];
  area.append(...[
    h("div", { class: "capo-hint" }, hintOf(view, ctx, task)),
    h("div", { class: "capo-cards" }, handRow, crewRow),
    task ? h("div", { class: "capo-actions" }, count, nobody, confirm) : null,
    mine.length ? h("div", { class: "capo-unseen small muted" }, `your unseen discards: ${mine.map((c) => (view.cards[String(c)] || {}).name || "a card").join(", ")}`) : null,
  ].filter(Boolean));
  return { area, sync };
}
