// Capo della Mafia's board: the job (assignment, event) and the respect track, the table
// (every player's row: status, last move, cards down; the targets of a suspicion), the last
// round's reveal, and your cards with the confirm button. Choices are staged in the browser
// and sent as a whole on confirm (capo/stage.js); moves are p<n>, d<card>, u<card>, s<seat>, s-.
import { h } from "../dom.js";
import { setInitials } from "./capo/art.js";
import { handArea } from "./capo/hand.js";
import { jobPanel, respectTrack } from "./capo/job.js";
import { revealPanel, winnerLine } from "./capo/reveal.js";
import { seatRows, statusOf } from "./capo/seats.js";
import { stageOf } from "./capo/stage.js";

export { refused } from "./capo/stage.js";
import { RECONSTRUCTED } from "../words.js";

const MOVE_KINDS = new Set(["committed", "declared", "placed", "turning", "face-down"]);

let lastFresh = null; // the events already animated (a redraw of the same update animates nothing)
let memory = { table: null, moves: new Map(), tab: new Map(), reveal: null };
const REVEAL_MS = 3200; // the whole reveal at motion 1 (arrows, crews, verdicts, the track)

// What this update brings: each seat's latest move in words, cards just turned up, respect moved.
function takeFresh(view, ctx) {
  if (memory.table !== ctx.table.id) memory = { table: ctx.table.id, moves: new Map(), tab: new Map(), reveal: null };
  const isNew = ctx.fresh !== lastFresh;
  lastFresh = ctx.fresh;
  const fresh = isNew ? ctx.fresh || [] : [];
  for (const m of memory.moves.values()) m.fresh = false;
  const turnedNow = new Set();
  let moved = null;
  let resolved = false;
  for (const e of fresh) {
    const seat = e.data && e.data.seat;
    if (MOVE_KINDS.has(e.kind) && Number.isInteger(seat)) memory.moves.set(seat, { text: e.text, fresh: true });
    if (e.kind === "turned-up") for (const ids of e.data.face_up || []) for (const id of ids) turnedNow.add(id);
    if (e.kind === "scored") {
      moved = e.data.change;
      resolved = true;
    }
  }
  // a reveal keeps playing through the redraws that follow (bots moving on) until it is over
  if (resolved) memory.reveal = { round: view.last_round && view.last_round.round, start: performance.now(), moved };
  const r = memory.reveal;
  const k = Number(ctx.motion) || 0; // a duration factor: 1 normal, 0.4 fast, 0 off
  const elapsed = r ? performance.now() - r.start : Infinity;
  const playing = r && view.last_round && r.round === view.last_round.round && elapsed < REVEAL_MS * k;
  return { turnedNow, moved: playing ? r.moved : null, reveal: playing ? elapsed : null };
}

function tabs(view, stageKey, current, redraw) {
  const choose = (tab) => () => {
    memory.tab.set(stageKey, tab);
    redraw();
  };
  const tab = (name, words) => h("button", { type: "button", class: `capo-tab${current === name ? " on" : ""}`, "aria-pressed": String(current === name), onclick: choose(name) }, words);
  return h("div", { class: "capo-tabs", role: "group", "aria-label": "show" },
    tab("table", view.phase === "over" ? "Final table" : "This round"),
    tab("reveal", `Round ${view.last_round.round} revealed`));
}

export function render(view, ctx) {
  const n = view.players;
  setInitials(Array.from({ length: n }, (_, i) => ctx.name(i)));
  const { turnedNow, moved, reveal } = takeFresh(view, ctx);
  const stage = stageOf(view, ctx);
  const stageKey = `${view.round}:${view.phase}`;
  const playing = ctx.seat !== null && ctx.seat !== undefined && view.hand;
  const motion = Number(ctx.motion) || 0;
  const root = h("div", {
    class: `capo players-${n}${motion ? "" : " capo-still"}`,
    style: `--capo-k:${motion};--capo-e:${Math.round(reveal || 0)}ms`,
  });

  const main = h("div", { class: "capo-main" });
  let sync = () => {};
  const send = (moves) => ctx.actAll(moves);
  const tab = view.last_round ? memory.tab.get(stageKey) || (view.phase === "play" || view.phase === "over" ? "reveal" : "table") : "table";
  if (view.phase === "over") main.append(h("div", { class: "capo-winner", "data-role": "capo-winner" }, winnerLine(view, ctx)));
  const redraw = ctx.redraw || (() => root.replaceWith(render(view, ctx))); // the replay has no redraw
  if (view.last_round) main.append(tabs(view, stageKey, tab, redraw));
  if (tab === "reveal") main.append(h("div", { class: "capo-reveal-box" }, revealPanel(view, ctx, {
    animate: reveal !== null && motion > 0,
    wide: !matchMedia("(max-width: 700px)").matches,
    status: (seat) => {
      const st = statusOf(view, ctx, seat);
      const move = memory.moves.get(seat);
      return st && { ...st, fresh: Boolean(move && move.fresh) };
    },
  })));
  else main.append(seatRows(view, ctx, { stage, lastMoves: memory.moves, turnedNow, onSuspect: (seat) => { stage.target = seat; sync(); } }));

  let mine;
  if (playing) {
    const built = handArea(view, ctx, { stage, onSend: send });
    mine = built.area;
    sync = built.sync;
  } else {
    mine = h("section", { class: "capo-hand-area capo-watching" }, h("div", { class: "capo-hint" }, "Watching — hands and face-down cards are hidden from spectators"));
  }
  root.append(
    h("div", { class: "capo-side" }, jobPanel(view), respectTrack(view, ctx, moved)),
    main,
    mine,
    provenance(view));
  sync();
  return root;
}

// Which card data is our own design (✱ on a card), and how to play with the real deck's.
function provenance(view) {
  const parts = view.reconstructed || [];
  if (!parts.length) return null;
  return h("p", { class: "capo-reconstructed small muted" }, `✱ Card data: ${parts.join(", ")} (${RECONSTRUCTED})`);
}
