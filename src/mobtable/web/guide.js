// The guided first game in the browser: "Learn to play" in the lobby opens a tutorial
// table (POST /api/tutorials); at the table the guide's bubble, above the board and never
// over it, says the lesson in the game's words (the server's `guide`, from the same lessons
// as `mobtable learn`), points at the board part the lesson is about ([data-role=...],
// highlighted), explains a move the lesson does not teach and, once every lesson is
// learnt, congratulates and offers a real game.
import { api, saveSeat } from "./api.js";
import { h } from "./dom.js";
import { PHONE } from "./frame.js";
import { playNow } from "./playnow.js";

// What the bubble calls each board part it points at (unless the part names itself: aria-label).
const PARTS = {
  hand: "your hand",
  grid: "the grid",
  city: "the city",
  row: "the mobsters",
  players: "the players",
  crew: "your crew",
  seats: "the players' crews",
};

const CLOSED = (tableId) => `mobtable:guide-closed:${tableId}`;

// The lobby's "Learn to play": one button per game that has a guided first game.
export function learnCard(gameList) {
  const taught = gameList.filter((g) => g.tutorial);
  if (!taught.length) return null;
  const message = h("p", { class: "error", role: "alert" });
  const learn = async (game) => {
    message.textContent = "";
    try {
      const created = await api("POST", "/api/tutorials", { game, name: localStorage.getItem("mobtable:name") || null });
      saveSeat(created.id, created.seat, created.token);
      location.href = created.url;
    } catch (err) {
      message.textContent = err.message;
    }
  };
  return h("section", { class: "card learn", id: "learn-card", "aria-labelledby": "learn-title" },
    h("h2", { id: "learn-title" }, "Learn to play"),
    h("p", { class: "muted small" }, "A first game against two bots, dealt for learning: a guide explains each of your first moves."),
    h("div", { class: "learn-games" },
      taught.map((g) => h("button", { type: "button", class: "secondary learn-button", dataset: { learn: g.name }, onclick: () => learn(g.name) }, `Learn ${g.title}`))),
    message);
}

// The guide's bubble at a tutorial table, never over the board: on a desktop the first
// panel of the sidebar beside the board (which keeps its whole height); on a phone in the
// frame's top area, the board fitted below it.
export class Guide {
  constructor(frame) {
    this.el = h("aside", { class: "guide", id: "guide", "data-role": "guide", "aria-live": "polite", hidden: true });
    const mount = () => {
      if (PHONE.matches) frame.top.append(this.el);
      else frame.side.querySelector(".drawer-head").after(this.el);
    };
    mount();
    PHONE.addEventListener("change", () => { mount(); this.folded = PHONE.matches; if (this.msg) this.draw(); });
    this.wrong = null; // the explanation of a refused move, until the table moves on
    this.version = null;
    this.folded = PHONE.matches; // a phone shows the move and the lesson's start ("more": all)
  }

  // A refused move (the WebSocket's error with rule "tutorial"): explained in the bubble.
  refused(message) {
    this.wrong = message;
    this.folded = false; // the explanation in full (folded again at the next move)
    if (this.msg) this.draw();
  }

  // Every state message; `board` is the drawn board, to point into.
  update(m, board) {
    this.msg = m;
    if (this.version !== m.version) {
      if (this.wrong) this.folded = PHONE.matches;
      this.wrong = null;
    }
    this.version = m.version;
    if (this.board !== board) { // the board's height changes with the bubble's: point again
      this.board = board;
      new ResizeObserver(() => this.target?.isConnected && inView(this.target, board)).observe(board);
    }
    this.draw();
  }

  draw() {
    const m = this.msg;
    const g = m.guide;
    for (const el of document.querySelectorAll(".guide-point")) el.classList.remove("guide-point");
    this.target = null;
    if (!g || localStorage.getItem(CLOSED(m.table.id))) {
      this.el.hidden = true;
      return;
    }
    this.el.hidden = false;
    const target = !g.done && g.point && this.board ? this.board.querySelector(`[data-role="${g.point}"]`) : null;
    const head = h("div", { class: "guide-head" },
      h("strong", {}, "Guide"),
      h("span", { class: "muted small", "data-role": "guide-progress" }, g.done ? "all lessons learnt" : `lesson ${g.lesson} of ${g.lessons}`),
      target && g.say ? h("span", { class: "guide-look small", "data-role": "guide-look" }, h("span", { class: "guide-arrow", "aria-hidden": "true" }, PHONE.matches ? "▼" : "◀"), ` ${target.getAttribute("aria-label") || PARTS[g.point] || "the board"}${PHONE.matches ? "" : ", lit on the board"}`) : null,
      g.done || !PHONE.matches ? null : h("button", { type: "button", class: "link guide-fold", "aria-expanded": String(!this.folded), onclick: () => { this.folded = !this.folded; this.draw(); } }, this.folded ? "read more ▾" : "less ▴"));
    if (g.done) {
      this.el.className = "guide done";
      this.el.replaceChildren(head,
        h("p", { class: "guide-congrats", "data-role": "guide-congrats" }, `Well done: you have played your first ${m.table.title} moves!`),
        h("p", { class: "guide-say" }, `${g.farewell} The whole rules are under Rules, whenever you need them.`),
        h("div", { class: "guide-actions" },
          h("button", { type: "button", id: "guide-real-game", onclick: (e) => this.realGame(e.target) }, "Play a real game"),
          h("button", { type: "button", class: "secondary", id: "guide-play-on", onclick: () => { localStorage.setItem(CLOSED(m.table.id), "1"); this.draw(); } }, "Play on")));
      return;
    }
    this.el.className = `guide${this.wrong ? " refused" : ""}${this.folded ? " folded" : ""}${target ? " pointing" : ""}`;
    // the refusal, else the move, before the lesson's reasons (on a phone the bubble scrolls)
    const body = [];
    if (g.welcome && !PHONE.matches) body.push(h("p", { class: "guide-welcome small" }, g.welcome));
    if (this.wrong) body.push(h("p", { class: "guide-wrong", "data-role": "guide-wrong", role: "alert" }, this.wrong));
    if (g.say) {
      if (g.move && !this.wrong) body.push(h("p", { class: "guide-move" }, h("span", { class: "muted" }, "Your move: "), h("strong", {}, g.move)));
      body.push(h("p", { class: "guide-say", "data-role": "guide-say" }, g.say));
    } else {
      body.push(h("p", { class: "guide-say muted", "data-role": "guide-say" }, m.prompt || "Watch the others play."));
    }
    if (g.welcome && PHONE.matches) body.push(h("p", { class: "guide-welcome small" }, g.welcome)); // after the move: the folded bubble shows it
    if (target) {
      target.classList.add("guide-point");
      inView(target, this.board);
    }
    this.target = target;
    this.el.replaceChildren(head, h("div", { class: "guide-body" }, body));
  }

  async realGame(button) {
    button.disabled = true;
    try {
      await playNow(this.msg.table.game, this.msg.table.players);
    } catch (err) {
      button.disabled = false;
      this.refused(err.message);
    }
  }
}

// Scroll the board (not the page) so the part pointed at comes into view, unless it already
// is, keeping the decision's controls (and the hand) in view where both fit; where they do not (COSCA's
// Villa question and the players' panels on a phone), the part the lesson is about comes
// first, and the controls are a scroll (or the Moves tab) away.
function inView(target, board) {
  const r = target.getBoundingClientRect();
  const view = board.getBoundingClientRect();
  const shown = Math.min(r.bottom, view.bottom) - Math.max(r.top, view.top);
  const want = Math.min(r.height, 44);
  if (r.height === 0 || shown >= want - 1) return;
  const needed = r.top < view.top ? r.bottom - want - view.top : r.top + want - view.bottom;
  let delta = needed;
  const controls = [...board.querySelectorAll('[data-legal="1"], [data-role="confirm"], [data-role="hand"]')]
    .filter((el) => !target.contains(el)) // those inside the part come into view with it
    .map((el) => el.getBoundingClientRect()).filter((c) => c.height > 0);
  if (controls.length) {
    const top = Math.min(...controls.map((c) => c.top));
    const bottom = Math.max(...controls.map((c) => c.bottom));
    delta = delta > 0 ? Math.min(delta, Math.max(0, top - view.top)) : Math.max(delta, Math.min(0, bottom - view.bottom));
    if (Math.abs(delta) < Math.abs(needed)) delta = needed; // both do not fit: the part first
  }
  board.scrollTop += delta;
}
