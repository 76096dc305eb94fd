// One table: a WebSocket that brings this seat's view, legal moves and log.
import { api, claimSeat, forgetSeat, inWords, loadSeat, saveSeat, seatLabel, seatName } from "./api.js";
import { listing } from "./words.js";
import { Chat } from "./chat.js";
import { preGame } from "./join.js";
import { h } from "./dom.js";
import { rendererFor } from "./games/index.js";
import { Frame, PHONE, frameParts } from "./frame.js";
import { Chooser, MovePages } from "./moves.js";
import { ResultOverlay } from "./result.js";
import { rulesPanel } from "./rules.js";
import { readMotion, settingsControl } from "./settings.js";
import { Settle } from "./settle.js";
import { Sounds } from "./sounds.js";
import { notify } from "./notify.js";
import { timeLeft } from "./time.js";
import { Toast } from "./toast.js";
import { awayFlag, awayLine, awayText, awayUntil, seatBanner } from "./presence.js";
import { Guide } from "./guide.js";

export async function showTable(root, tableId) {
  const me = loadSeat(tableId);
  const ui = frameParts();
  const frame = new Frame(root, ui);
  const t = new TableClient(tableId, me, ui, frame);
  t.connect();
}

class TableClient {
  constructor(tableId, me, ui, frame) {
    this.tableId = tableId;
    this.me = me;
    this.ui = ui;
    this.frame = frame;
    this.chooser = new Chooser();
    this.settle = new Settle();
    this.pages = new MovePages();
    this.toast = new Toast(ui.toast, () => PHONE.matches && frame.show("log"));
    this.sounds = new Sounds();
    this.result = new ResultOverlay(ui.result);
    this.banner = h("div", { class: "banner-slot" }); // a bot holds this seat: say so, in view
    frame.top.append(this.banner);
    this.guide = new Guide(frame); // a tutorial table's guide, beside or above the board (guide.js)
    ui.note.addEventListener("click", () => this.toggleNote());
    ui.note.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.toggleNote(); } });
    let measured = ui.note.clientWidth;
    new ResizeObserver(() => { // the strip's width changed: the note may now fit, or no longer
      if (ui.note.clientWidth !== measured) { measured = ui.note.clientWidth; this.measureNote(); }
    }).observe(ui.note);
    this.hintButton = h("button", { class: "secondary", id: "hint", hidden: true, "aria-label": "Ask for a hint", onclick: () => this.askHint() }, "Hint");
    this.autoOpened = null; // the phone's drawer panel that opened by itself (closes by itself too)
    frame.onFit = () => this.msg && this.renderMoves();
    ui.tools.append(this.hintButton, settingsControl((motion) => { this.motion = motion; if (this.msg) this.render(); }));
    this.msg = null;
    this.log = [];
    this.retry = 0;
    this.renderer = null;
    this.fresh = []; // the events of the latest update (empty after a full reload)
    this.motion = readMotion(); // animation duration factor: 1 normal, 0.4 fast, 0 off
    this.chat = new Chat((text) => this.send({ type: "chat", text }));
    this.unreadChat = 0; // chat lines the phone's closed Chat tab has not shown yet
    frame.tabs.chat?.addEventListener("click", () => { this.unreadChat = 0; frame.badge("chat", 0); });
    setInterval(() => this.tick(), 1000);
  }

  get seat() {
    return this.me ? this.me.seat : null;
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${this.tableId}`);
    this.ws = ws;
    this.setConnection("connecting…");
    ws.onopen = () => {
      const name = localStorage.getItem("mobtable:name"); // a spectator's name in the chat
      ws.send(JSON.stringify(this.me ? { type: "hello", seat: this.me.seat, token: this.me.token } : { type: "hello", name: name || undefined }));
    };
    ws.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    ws.onclose = (event) => {
      if (event.code === 4403) {
        forgetSeat(this.tableId);
        this.me = null;
        this.showNote("This browser's seat token was refused; you are watching.");
        setTimeout(() => this.connect(), 200);
        return;
      }
      if (event.code === 4400) {
        this.setConnection("table unavailable");
        return;
      }
      if (event.code === 4430 || event.code === 4431) { // too many sockets: the note says why
        this.setConnection("too many connections");
        setTimeout(() => this.connect(), 15000);
        return;
      }
      this.setConnection("reconnecting…");
      this.retry = Math.min(this.retry + 1, 8);
      setTimeout(() => this.connect(), 300 * this.retry);
    };
  }

  // It just became this seat's move (not on the page's first message: that is no news).
  becameMine(m) {
    const mine = (msg) => this.seat !== null && msg.table.pending.includes(this.seat);
    return Boolean(this.msg) && !m.log_reset && mine(m) && !mine(this.msg);
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  async onMessage(m) {
    if (m.type === "state") {
      this.retry = 0;
      if (!this.renderer || (this.msg && this.msg.table.game !== m.table.game)) this.renderer = await rendererFor(m.table.game);
      if (m.log_reset) this.log = [];
      this.fresh = m.log_reset ? [] : m.events;
      this.log.push(...m.events);
      if (!this.msg || this.msg.version !== m.version) this.hinted = null; // a hint is for one position
      this.sounds.update(m.log_reset ? null : this.msg, m, this.seat);
      if (this.becameMine(m)) notify(`Your move: ${m.table.title}`, m.prompt || "It is your move.", this.tableId);
      this.msg = m;
      this.chooser.setLegal(m.legal);
      this.settle.update(m.legal);
      this.render();
      if (!this.renderer.showsWhatHappened) this.toast.show(this.fresh); // else the board does
    } else if (m.type === "notice") {
      this.log.push({ kind: "notice", text: m.text });
      this.toast.announce(m.text);
      if (this.msg) this.renderLog();
    } else if (m.type === "hint") {
      this.showHint(m);
    } else if (m.type === "chat") {
      this.chat.receive(m);
      const shown = !PHONE.matches || this.frame.open === "chat" || this.frame.page.classList.contains("pregame");
      if (!m.history && !shown) this.frame.badge("chat", (this.unreadChat += m.messages.length));
    } else if (m.type === "error" && m.rule === "chat") {
      this.chat.refused(m.message);
    } else if (m.type === "error" && m.rule === "tutorial") {
      this.guide.refused(m.message); // the lesson explains: try again
      this.renderer?.refused?.(); // a staged choice may be sent again
      if (this.msg) this.render();
    } else if (m.type === "error") {
      this.hintButton.disabled = false;
      this.showNote(inWords(m), true);
    } else if (m.type === "explain") {
      this.showNote(m.message || "That move is legal.", Boolean(m.message));
    }
  }

  askHint() {
    this.hintButton.disabled = true;
    this.showNote("Asking for a hint…");
    this.send({ type: "hint" });
  }

  // The hint level's suggestion for this seat (the server's words): the move and why.
  showHint(m) {
    this.hintButton.disabled = false;
    this.hinted = m.action; // marked in the move list until the next update
    if (this.msg) this.renderMoves();
    this.showNote(`Hint: ${m.label} — ${m.reason}`, false, "hint");
  }

  // A note takes one line of the strip above the board; a longer one ends in "…" and opens
  // whole over the board's top edge on a tap (or Enter), closing on another or the next note.
  showNote(text, isError = false, kind = isError ? "error" : "") {
    const note = this.ui.note;
    note.textContent = text;
    note.className = kind ? `note ${kind}` : "note";
    this.measureNote();
  }

  // Whether the note is longer than its line, measured again whenever the strip's width
  // changes (a turned phone, a resized window); an open note stays open while it is long.
  measureNote() {
    const note = this.ui.note;
    const open = note.classList.contains("open");
    note.classList.remove("long", "open");
    for (const name of ["title", "tabindex", "aria-expanded"]) note.removeAttribute(name);
    if (note.textContent && note.scrollWidth > note.clientWidth + 1) {
      note.classList.add("long");
      if (open) note.classList.add("open");
      note.title = note.textContent;
      note.tabIndex = 0;
      note.setAttribute("aria-expanded", String(open));
    }
  }

  toggleNote() {
    const note = this.ui.note;
    if (!note.classList.contains("long")) return;
    const open = note.classList.toggle("open");
    note.setAttribute("aria-expanded", String(open));
  }

  setConnection(text) {
    this.ui.status.replaceChildren(h("span", { class: "muted" }, text));
  }

  // A seat's name on the board and in lists ("Ann (you)" for this browser's seat).
  name(seat) {
    const name = seatName(this.msg.table, seat);
    return seat === this.seat ? `${name} (you)` : name;
  }

  // The name with a bot's level, for the seat list and the result ("Vito (bot, hard)").
  label(seat) {
    const label = seatLabel(this.msg.table, seat);
    return seat === this.seat ? `${label} (you)` : label;
  }

  play(notation) {
    if (this.refusedTooSoon()) return;
    this.showNote("");
    this.chooser.clear();
    if (this.frame.open === "moves") this.frame.show(null); // the phone's drawer: back to the board
    this.send({ type: "act", action: notation });
  }

  // Several moves of this seat in order (a staged choice confirmed at once, e.g. Capo's crew).
  playAll(notations) {
    if (this.refusedTooSoon()) return;
    this.showNote("");
    this.chooser.clear();
    if (this.frame.open === "moves") this.frame.show(null);
    for (const a of notations) this.send({ type: "act", action: a });
  }

  // web-settle: a tap aimed at the screen before this decision appeared plays nothing.
  refusedTooSoon() {
    if (!this.settle.tooSoon()) return false;
    this.showNote("The table changed just as you tapped, so nothing was played: look, then tap again.", true);
    return true;
  }

  render() {
    const m = this.msg;
    const table = m.table;
    document.title = `${table.title} — mobtable`;
    document.getElementById("crumb").textContent = ` / ${table.title} / ${table.id}`;
    // web-join: before the game starts (or once the table closed) the join screen or the
    // waiting room replaces the table (join.js); the chat sits in whichever is shown.
    const pre = preGame(this);
    this.frame.page.classList.toggle("pregame", Boolean(pre));
    this.ui.pregame.replaceChildren(pre || "");
    this.chat.mount(pre ? pre.querySelector("[data-role=chat-slot]") : this.ui.chatSlot);
    this.banner.replaceChildren(pre ? "" : seatBanner(table, this.seat, () => this.reclaim()) || "");
    if (pre) return;
    this.renderStatus();
    if (!this.ui.rules.firstChild) this.ui.rules.replaceChildren(rulesPanel(table.game, table.title));
    this.ui.prompt.textContent = m.prompt || "";
    let held = null; // the prompt while a board holds the result back (ctx.holdEnd)
    // What a game's renderer gets (docs/web.md, "The renderer contract").
    const ctx = {
      seat: this.seat,
      table,
      legal: m.legal,
      name: (seat) => this.name(seat),
      pending: table.pending,
      thinking: table.thinking,
      fresh: this.fresh, // events of this update: what to highlight or animate
      motion: this.motion, // duration factor: every animation lasts its time × motion; 0 = none
      act: (notation) => this.play(notation),
      actAll: (notations) => this.playAll(notations),
      redraw: () => this.render(),
      // a board still telling how the game ended (COSCA's last day) holds the result back
      holdEnd: (line) => { held = line; },
    };
    let board;
    try {
      board = this.renderer.render(m.view, ctx);
    } catch (err) {
      console.error(err);
      board = h("pre", { class: "error" }, `cannot draw this view: ${err.message}`);
    }
    this.decorate(board);
    this.ui.board.replaceChildren(board);
    this.frame.refit(); // the board's height after this update's status and prompt, before scrolling in it
    showControls(this.ui.board);
    this.guide.update(m, this.ui.board);
    this.ui.board.dataset.version = String(m.version);
    this.ui.board.dataset.status = table.status;
    const mayHint = Boolean(table.hints) && this.seat !== null && m.legal.length > 0;
    this.hintButton.hidden = !mayHint;
    if (!mayHint) this.hintButton.disabled = false;
    this.renderMoves();
    this.renderSeats();
    this.renderLog();
    if (held) this.ui.prompt.textContent = held;
    const shown = held ? { ...table, result: null } : table; // no result before the board has told it
    this.result.update(shown, m.outcome, (seat) => this.label(seat), () => this.resultActions(), this.ui.tools, m.tiebreak, m.breakdown);
  }

  renderStatus() {
    const table = this.msg.table;
    const bits = [];
    const clock = (seat) => {
      const deadline = table.deadlines[String(seat)];
      return deadline ? h("span", { class: "clock", "data-deadline": String(deadline), "aria-label": "time left" }, timeLeft(deadline)) : null;
    };
    if (table.status === "over") bits.push(h("strong", {}, "Game over"));
    else if (this.seat !== null && table.pending.includes(this.seat)) bits.push(h("strong", { class: "your-turn" }, "Your move"), " ", clock(this.seat));
    else if (table.pending.some((s) => !table.thinking.includes(s))) { // a thinking bot is named once, below
      bits.push(`Waiting for ${listing(table.pending.filter((s) => !table.thinking.includes(s)).map((s) => this.name(s)))}`);
      const timed = table.pending.filter((s) => table.deadlines[String(s)]);
      if (timed.length === 1) bits.push(" ", clock(timed[0]));
    }
    if (table.thinking.length) {
      const who = table.thinking.map((s) => seatName(table, s));
      bits.push(h("span", { class: "thinking" }, ` ${listing(who)} ${who.length > 1 ? "are" : "is"} thinking…`));
    }
    bits.push(awayLine(table, (s) => seatName(table, s), this.seat === null ? null : (s) => this.seatBot(s)));
    bits.push(h("span", { class: "muted whoami" }, this.seat === null ? " · watching" : ` · you are ${seatName(table, this.seat)}`));
    this.ui.status.replaceChildren(...bits.filter((bit) => bit !== null));
  }

  // Board elements with data-token become clickable when a legal move uses them.
  decorate(board) {
    const mine = this.seat !== null && this.msg.legal.length > 0;
    for (const el of board.querySelectorAll("[data-token]")) {
      const token = el.dataset.token;
      const state = mine ? this.chooser.stateOf(token) : "off";
      el.classList.add("tok", `tok-${state}`);
      if (state === "legal" || state === "selected") {
        el.setAttribute("data-legal", "1");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
      }
      if (state === "off") continue;
      const choose = () => this.clickToken(el.dataset.explain || token, token);
      el.addEventListener("click", choose);
      el.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        choose();
      });
    }
  }

  clickToken(explainAs, token) {
    const outcome = this.chooser.click(token);
    if (outcome.play) this.play(outcome.play);
    else if (outcome.explain) this.send({ type: "explain", action: explainAs });
    else this.render();
  }

  // The legal moves, a page at a time (frame: the sidebar on a desktop, the Moves
  // drawer on a phone, which opens by itself when the board offers nothing to pick).
  renderMoves() {
    const m = this.msg;
    const mine = this.seat !== null && m.legal.length > 0;
    this.frame.badge("moves", mine ? Math.min(m.legal.length, 99) : 0, mine);
    this.autoDrawer(mine);
    if (!mine) {
      this.ui.choice.replaceChildren(h("p", { class: "muted small" }, m.table.status === "over" ? "The game is over." : "Nothing to choose now."));
      return;
    }
    const candidates = this.chooser.candidates();
    const list = h("div", { class: "move-list" });
    const pager = h("div", { class: "pager-row" });
    this.ui.choice.replaceChildren(
      h("div", { class: "moves-head" },
        this.chooser.selected.length
          ? h("span", {}, `${candidates.length} moves use what you picked on the board `, h("button", { class: "link", "aria-label": "Clear what you picked", onclick: () => { this.chooser.clear(); this.render(); } }, "clear"))
          : null),
      list, pager);
    this.pages.fill(list, pager, candidates, (mv) =>
      h("button", { class: mv.a === this.hinted ? "move hinted" : "move", "data-action": mv.a, onclick: () => this.play(mv.a) }, mv.label));
  }

  // On a phone a drawer opens by itself when it holds what the player needs now: the
  // moves, when the board offers nothing to pick; the seats, for a visitor who may take
  // a free one (once per update). It closes by itself once not needed, unless the
  // player opened it.
  autoDrawer(mine) {
    if (!PHONE.matches) return;
    const table = this.msg.table;
    const boardOffers = this.ui.board.querySelector("[data-legal='1'], [data-role='confirm']");
    let wanted = null;
    if (mine && !boardOffers) wanted = "moves";
    else if (this.seat === null && table.free_seats.length && table.status !== "over") wanted = "seats";
    const stamp = `${this.msg.version}:${wanted}`; // once per update: closed by hand, it stays closed
    if (this.frame.open === null && wanted && stamp !== this.autoStamp) {
      this.autoStamp = stamp;
      this.autoOpened = wanted;
      this.frame.open = wanted; // set first: show() refits, which renders the moves again
      this.frame.show(wanted);
    } else if (this.autoOpened && this.frame.open === this.autoOpened && wanted !== this.autoOpened) {
      this.autoOpened = null;
      this.frame.open = null;
      this.frame.show(null);
      if (wanted) this.autoDrawer(mine);
    }
    if (this.frame.open !== this.autoOpened) this.autoOpened = null;
  }

  renderSeats() {
    const table = this.msg.table;
    const now = Date.now() / 1000;
    const rows = table.seats.map((info) => {
      const s = info.seat;
      const flags = [];
      if (info.kind === "bot") { /* the label already says "(bot, level)" */ }
      else if (!info.claimed) flags.push(h("span", { class: "badge free" }, "free"));
      else {
        flags.push(h("span", { class: info.connected ? "dot on" : "dot off", title: info.connected ? "connected" : "away" }));
        const until = table.status === "over" ? null : awayUntil(table, info);
        if (until !== null) flags.push(awayFlag(until));
      }
      if (table.thinking.includes(s)) flags.push(h("span", { class: "thinking" }, "thinking…"));
      else if (table.pending.includes(s)) flags.push(h("span", { class: "muted" }, "to move"));
      const deadline = table.deadlines[String(s)];
      if (deadline) flags.push(h("span", { class: "clock", "data-deadline": String(deadline) }, timeLeft(deadline)));
      const actions = [];
      if (this.seat === null && info.kind === "human" && !info.claimed && table.status !== "over") {
        actions.push(h("button", { class: "small", "data-claim": String(s), onclick: () => this.claim(s) }, "Take this seat"));
      }
      const away = info.claimed && !info.connected && info.away_since && now - info.away_since >= table.replace_after;
      if (this.seat !== null && s !== this.seat && info.kind === "human" && (!info.claimed || away) && table.status !== "over") {
        actions.push(h("button", { class: "small secondary", onclick: () => this.seatBot(s) }, "Seat a bot"));
      }
      if (s === this.seat && info.kind === "bot") {
        actions.push(h("button", { class: "small", onclick: () => this.reclaim() }, "Take back my seat"));
      }
      return h("li", { class: s === this.seat ? "me" : "" }, h("span", {}, this.label(s)), " ", flags, " ", actions);
    });
    this.ui.seats.replaceChildren(h("ul", { class: "seat-list" }, rows));
    const invite = `${location.origin}/t/${table.id}`;
    const parts = [];
    if (table.free_seats.length) {
      parts.push(h("p", { class: "small" }, "Invite link: ", h("input", { readonly: true, value: invite, id: "invite-link", onclick: (e) => e.target.select() })));
    }
    if (this.me) {
      const own = `${invite}#seat=${this.me.seat}&token=${encodeURIComponent(this.me.token)}`;
      parts.push(h("details", { class: "small" }, h("summary", {}, "Your private link (resume on another device)"), h("input", { readonly: true, value: own, onclick: (e) => e.target.select() })));
    }
    this.ui.invite.replaceChildren(...parts);
  }

  renderLog() {
    const items = this.log.map((e) => h("li", { class: `ev-${e.kind}` }, e.text));
    this.ui.log.replaceChildren(...items);
    this.ui.log.scrollTop = this.ui.log.scrollHeight;
  }

  // The result's buttons: Rematch (or go to it), Replay, Back to the lobby.
  resultActions() {
    const table = this.msg.table;
    const asSeat = this.seat !== null && table.end_reveal === "everything"; // else a spectator's replay
    const replay = asSeat ? `/replay/${table.id}?seat=${this.seat}` : `/replay/${table.id}`;
    return [
      table.rematch
        ? h("a", { class: "button", id: "go-rematch", href: `/t/${table.rematch}`, onclick: () => this.me && saveSeat(table.rematch, this.me.seat, this.me.token) }, "Go to the rematch")
        : this.seat !== null ? h("button", { id: "rematch", onclick: () => this.rematch() }, "Rematch") : null,
      h("a", { class: "button secondary", id: "replay", href: replay }, "Replay"),
      h("a", { class: "button secondary", id: "to-lobby", href: "/" }, "Back to the lobby"),
    ];
  }

  async claim(seat) {
    const name = localStorage.getItem("mobtable:name") || null;
    try {
      this.seated(await claimSeat(this.tableId, seat, name));
    } catch (err) {
      this.showNote(inWords(err), true);
    }
  }

  // A seat was taken (here or on the join screen): keep its token and reconnect as it.
  seated(claimed) {
    saveSeat(this.tableId, claimed.seat, claimed.token);
    this.me = { seat: claimed.seat, token: claimed.token };
    this.ws.onclose = null;
    this.ws.close();
    this.connect();
  }

  redraw() {
    this.render();
  }

  async seatBot(target) {
    try {
      await api("POST", `/api/tables/${this.tableId}/seats/${target}/bot`, { seat: this.me.seat, token: this.me.token });
    } catch (err) {
      this.showNote(inWords(err), true);
    }
  }

  async reclaim() {
    try {
      await api("POST", `/api/tables/${this.tableId}/reclaim`, { seat: this.me.seat, token: this.me.token });
    } catch (err) {
      this.showNote(inWords(err), true);
    }
  }

  async rematch() {
    try {
      const created = await api("POST", `/api/tables/${this.tableId}/rematch`, { seat: this.me.seat, token: this.me.token });
      saveSeat(created.id, this.me.seat, this.me.token);
      location.href = created.url;
    } catch (err) {
      this.showNote(inWords(err), true);
    }
  }

  tick() {
    const mine = this.msg && this.seat !== null && this.msg.table.pending.includes(this.seat);
    if (mine) this.sounds.tick(this.msg.table.deadlines[String(this.seat)]);
    for (const el of document.querySelectorAll("[data-deadline]")) {
      el.textContent = timeLeft(Number(el.dataset.deadline));
      el.classList.toggle("low", Number(el.dataset.deadline) - Date.now() / 1000 <= 10);
    }
    let due = false; // an away player's time is up: "Seat a bot" appears
    for (const el of document.querySelectorAll("[data-away-until]")) {
      const until = Number(el.dataset.awayUntil);
      el.textContent = awayText(until);
      if (el.dataset.due !== "1" && until <= Date.now() / 1000) due = true;
    }
    if (due && this.msg) this.render();
  }
}

// The decision's controls on the board in view: when some lie under the board's fold (a long
// row of COSCA mobsters on a phone) and all of them fit its height, the board scrolls just
// enough to show them, as a person would, keeping the first of them in view.
function showControls(board) {
  const rects = [...board.querySelectorAll('[data-legal="1"]')]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
  if (!rects.length) return;
  const view = board.getBoundingClientRect();
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  if (bottom <= view.bottom + 1 || bottom - top > view.height) return;
  board.scrollTop += Math.min(bottom - view.bottom, top - view.top);
}
