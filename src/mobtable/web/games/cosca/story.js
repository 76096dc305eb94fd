// The reveal, paced: the city phase and the loyalty resolution reach the table in one
// update; this module plays its events back one beat at a time — the dice revealed, each
// place of the city in order, each hat, each fight (who offered what, who won) — marking
// the place or mobster on the board, and keeps the day's story in view until the next
// reveal. It also remembers each seat's last action for the player panels, and while the
// story plays it holds the panels at what the players had before it (the board asks
// `held()`), so no panel tells the end of the day before the story reaches it.
// Beat lengths are multiplied by ctx.motion (1 normal, 0.4 fast, 0 = no pacing).
import { h } from "../../dom.js";

const BEAT_MS = 800;
const SHORT_MS = 550; // a hat under a card
const LONG_MS = 1500; // the dice reveal and the fights: more to read
// where each event happens in the city (by place index)
const PLACE_OF = { bank: 0, "gun-shop": 1, racetrack: 2, club: 3, villa: 4, "street-money": 5, "street-weapons": 5 };
const AT_MOBSTER = new Set(["hat-placed", "no-free-hat", "drink-spent", "fight", "fight-tied", "loyalty-gained", "loyalty-kept"]);
const OWN = new Set(["setup", "committed", "my-choice", "over-the-limit"]);

const story = {
  table: null,
  day: null,
  beats: [],
  shown: 0,
  timer: null,
  seen: new WeakSet(), // the fresh event lists already taken (a redraw shows the same list again)
  last: new Map(), // seat → {text, batch}
  told: [], // [beat index, seat, text]: last actions that wait for their beat
  batch: 0,
  board: null,
  before: null, // the players as they were before the playing story (null: not holding)
  done: null, // called once the story has played to its end
  panel: h("section", { class: "cosca-story", "aria-live": "polite", "aria-label": "what just happened" }),
};

function seatsOf(e) {
  const d = e.data || {};
  if (d.paid) return Object.keys(d.paid).map(Number);
  if (d.offers) return Object.keys(d.offers).map(Number);
  if (typeof d.seat === "number") return [d.seat];
  return [];
}

function beatOf(e) {
  if (e.kind === "dice-revealed") return { kind: e.kind, text: e.text, all: true, ms: LONG_MS };
  if (e.kind in PLACE_OF) return { kind: e.kind, text: e.text, place: PLACE_OF[e.kind], ms: BEAT_MS };
  if (AT_MOBSTER.has(e.kind)) return { kind: e.kind, text: e.text, pos: e.data.pos + 1, ms: e.kind === "fight" ? LONG_MS : e.kind === "hat-placed" ? SHORT_MS : BEAT_MS };
  if (e.kind === "new-day" || e.kind === "game-over") return { kind: e.kind, text: e.text, ms: BEAT_MS };
  return null;
}

// Take this update's events (once per update); returns true when they are new.
export function take(ctx) {
  const tableId = ctx.table ? ctx.table.id : null;
  if (story.table !== tableId) {
    clearTimeout(story.timer);
    Object.assign(story, { table: tableId, day: null, beats: [], shown: 0, timer: null, last: new Map(), told: [], batch: 0, before: null });
  }
  const fresh = ctx.fresh || [];
  if (story.seen.has(fresh)) return false;
  story.seen.add(fresh);
  story.batch += 1;
  for (const e of fresh) {
    const beat = OWN.has(e.kind) ? null : beatOf(e);
    if (e.kind === "dice-revealed") {
      story.shown = story.beats.length; // a story cut short tells all it had
      tell();
      story.beats = [];
      story.shown = 0;
      story.day = e.data.round + 1;
    }
    if (e.kind !== "dice-revealed" && e.kind !== "new-day" && e.kind !== "game-over") {
      // a beat's seats learn their last action when the story reaches that beat
      const at = beat ? story.beats.length : -1;
      for (const seat of seatsOf(e)) story.told.push([at, seat, e.text]);
    }
    if (beat) story.beats.push(beat);
  }
  const motion = Number(ctx.motion) || 0;
  if (motion <= 0) {
    story.shown = story.beats.length;
    story.before = null;
  } else if (story.timer === null) advance(motion);
  tell();
  return fresh.length > 0;
}

// The last actions whose beats have been shown (the others wait for theirs).
function tell() {
  const waiting = [];
  for (const item of story.told) {
    const [at, seat, text] = item;
    if (at < story.shown) story.last.set(seat, { text, batch: story.batch });
    else waiting.push(item);
  }
  story.told = waiting;
}

// Each seat's last action: {text, fresh} (fresh: it came with this update).
export function lastOf(seat) {
  const last = story.last.get(seat);
  return last ? { text: last.text, fresh: last.batch === story.batch } : undefined;
}

// Hold the player panels at `players` (the board's players before this update) while the
// story that this update started plays.
export function hold(players) {
  if (story.timer !== null) story.before = players;
}

// The players the panels show now: those before the story while it plays, else null.
export function held() {
  return story.timer !== null ? story.before : null;
}

// Whether a paced story is playing now.
export function playing() {
  return story.timer !== null;
}

// `callback` runs once a paced story has played to its end (the board redraws its panels).
export function whenDone(callback) {
  story.done = callback;
}

function advance(motion) {
  if (story.shown >= story.beats.length) {
    const played = story.timer !== null; // not a story that had nothing to play
    story.timer = null;
    story.before = null;
    tell();
    paint();
    if (played && story.done) story.done();
    return;
  }
  story.shown += 1;
  tell();
  paint();
  story.timer = setTimeout(() => advance(motion), story.beats[story.shown - 1].ms * motion);
}

// The story's panel: one element, moved into each new board.
export function panel() {
  return story.panel;
}

// The board drawn last: the beat being played is marked on it.
export function attach(board) {
  story.board = board;
  paint();
}

function paint() {
  const beats = story.beats.slice(0, story.shown);
  const now = story.timer !== null ? beats[beats.length - 1] : null;
  story.panel.classList.toggle("playing", now !== null);
  story.panel.replaceChildren(
    h("h4", {}, story.day ? `Day ${story.day}: what happened` : "What happened"),
    beats.length ? h("ol", {}, beats.map((b) => h("li", { class: `cosca-beat ev-${b.kind}${b === now ? " now" : ""}` }, b.text))) : h("p", { class: "small muted" }, "The dice are shown when everyone has set theirs."),
  );
  const list = story.panel.querySelector("ol");
  if (list) list.scrollTop = list.scrollHeight;
  const board = story.board;
  if (!board) return;
  for (const el of board.querySelectorAll(".cosca-now")) el.classList.remove("cosca-now");
  if (!now) return;
  if (now.all) board.querySelectorAll(".cosca-city").forEach((el) => el.classList.add("cosca-now"));
  if (now.place !== undefined) board.querySelector(`.cosca-city[data-place="${now.place}"]`)?.classList.add("cosca-now");
  if (now.pos !== undefined) board.querySelector(`.cosca-mob[data-pos="${now.pos}"]`)?.classList.add("cosca-now");
}
