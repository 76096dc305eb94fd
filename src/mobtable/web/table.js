// One table: a WebSocket that brings this seat's view, legal moves and log.
import { api, forgetSeat, loadSeat, saveSeat, seatLabel, seatName } from "./api.js";
import { Chat } from "./chat.js";
import { preGame } from "./join.js";
import { h } from "./dom.js";
import { rendererFor } from "./games/index.js";
import { Chooser } from "./moves.js";
import { resultPanel } from "./result.js";
import { rulesPanel } from "./rules.js";

const MAX_LISTED = 40;

export async function showTable(root, tableId) {
  const me = loadSeat(tableId);
  const ui = {
    status: h("div", { class: "status", id: "status", role: "status", "data-role": "status" }),
    prompt: h("p", { class: "prompt", id: "prompt", "data-role": "prompt", "aria-live": "polite" }),
    rules: h("div", { id: "rules-slot" }),
    board: h("section", { class: "board", id: "board", "data-role": "board", "aria-label": "the table" }),
    choice: h("div", { class: "moves", id: "moves", "data-role": "legal-moves" }),
    note: h("p", { class: "note", id: "note", role: "alert", "data-role": "note" }),
    seats: h("div", { class: "seats", id: "seats" }),
    result: h("div", { id: "result", "data-role": "result" }),
    log: h("ol", { class: "log", id: "log", "data-role": "log", "aria-label": "game log" }),
    invite: h("div", { class: "invite" }),
    pregame: h("div", { id: "pregame" }), // web-join: the join screen / waiting room
    chatSlot: h("div", { "data-role": "chat-slot" }),
  };
  ui.page = h("div", { class: "table-page" },
    h("div", { class: "status-row" }, ui.status, ui.rules),
    ui.pregame,
    h("div", { class: "layout" },
      h("div", { class: "main-col" }, ui.prompt, ui.board, ui.note, ui.choice, ui.result),
      h("aside", {}, ui.seats, ui.invite, h("h3", {}, "Log"), ui.log, ui.chatSlot),
    ),
  );
  root.replaceChildren(ui.page);
  const t = new TableClient(tableId, me, ui);
  t.connect();
}

class TableClient {
  constructor(tableId, me, ui) {
    this.tableId = tableId;
    this.me = me;
    this.ui = ui;
    this.chooser = new Chooser();
    this.msg = null;
    this.log = [];
    this.retry = 0;
    this.renderer = null;
    this.fresh = []; // the events of the latest update (empty after a full reload)
    this.motion = Number(localStorage.getItem("mobtable:motion") ?? "1"); // animation speed; 0 = off
    this.chat = new Chat((text) => this.send({ type: "chat", text }));
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
      this.setConnection("reconnecting…");
      this.retry = Math.min(this.retry + 1, 8);
      setTimeout(() => this.connect(), 300 * this.retry);
    };
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
      this.msg = m;
      this.chooser.setLegal(m.legal);
      this.render();
    } else if (m.type === "chat") {
      this.chat.receive(m);
    } else if (m.type === "error" && m.rule === "chat") {
      this.chat.refused(m.message);
    } else if (m.type === "error") {
      this.showNote(m.message, true);
    } else if (m.type === "explain") {
      this.showNote(m.message || "That move is legal.", Boolean(m.message));
    }
  }

  showNote(text, isError = false) {
    this.ui.note.textContent = text;
    this.ui.note.className = isError ? "note error" : "note";
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
    this.showNote("");
    this.chooser.clear();
    this.send({ type: "act", action: notation });
  }

  // Several moves of this seat in order (a staged choice confirmed at once, e.g. Capo's crew).
  playAll(notations) {
    this.showNote("");
    this.chooser.clear();
    for (const a of notations) this.send({ type: "act", action: a });
  }

  render() {
    const m = this.msg;
    const table = m.table;
    document.title = `${table.title} — mobtable`;
    document.getElementById("crumb").textContent = ` / ${table.title} / ${table.id}`;
    // web-join: before the game starts (or once the table closed) the join screen or the
    // waiting room replaces the table (join.js); the chat sits in whichever is shown.
    const pre = preGame(this);
    this.ui.page.classList.toggle("pregame", Boolean(pre));
    this.ui.pregame.replaceChildren(pre || "");
    this.chat.mount(pre ? pre.querySelector("[data-role=chat-slot]") : this.ui.chatSlot);
    if (pre) return;
    this.renderStatus();
    if (!this.ui.rules.firstChild) this.ui.rules.replaceChildren(rulesPanel(table.game, table.title));
    this.ui.prompt.textContent = m.prompt || "";
    // What a game's renderer gets (docs/web.md, "The renderer contract").
    const ctx = {
      seat: this.seat,
      table,
      legal: m.legal,
      name: (seat) => this.name(seat),
      pending: table.pending,
      thinking: table.thinking,
      fresh: this.fresh, // events of this update: what to highlight or animate
      motion: this.motion, // animation speed factor; 0 = no animation
      act: (notation) => this.play(notation),
      actAll: (notations) => this.playAll(notations),
      redraw: () => this.render(),
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
    this.ui.board.dataset.version = String(m.version);
    this.ui.board.dataset.status = table.status;
    this.renderMoves();
    this.renderSeats();
    this.renderLog();
    this.ui.result.replaceChildren(table.result ? resultPanel(table, (s) => this.label(s), this.rematchControls()) : "");
  }

  renderStatus() {
    const table = this.msg.table;
    const bits = [];
    if (table.status === "over") bits.push(h("strong", {}, "Game over"));
    else if (this.seat !== null && table.pending.includes(this.seat)) bits.push(h("strong", { class: "your-turn" }, "Your move"));
    else if (table.pending.length) {
      bits.push(`Waiting for ${listing(table.pending.map((s) => this.name(s)))}`);
    }
    if (table.thinking.length) bits.push(h("span", { class: "thinking" }, ` ${listing(table.thinking.map((s) => seatName(table, s)))} thinking…`));
    bits.push(h("span", { class: "muted" }, this.seat === null ? " · watching" : ` · you are ${seatName(table, this.seat)}`));
    this.ui.status.replaceChildren(...bits);
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
      el.addEventListener("click", () => this.clickToken(el.dataset.explain || token, token));
    }
  }

  clickToken(explainAs, token) {
    const outcome = this.chooser.click(token);
    if (outcome.play) this.play(outcome.play);
    else if (outcome.explain) this.send({ type: "explain", action: explainAs });
    else this.render();
  }

  renderMoves() {
    const m = this.msg;
    if (this.seat === null || !m.legal.length) {
      this.ui.choice.replaceChildren();
      return;
    }
    const candidates = this.chooser.candidates();
    const shown = candidates.slice(0, MAX_LISTED);
    this.ui.choice.replaceChildren(h("div", {},
      h("div", { class: "moves-head" },
        this.chooser.selected.length ? h("span", {}, `${candidates.length} moves use what you picked on the board `, h("button", { class: "link", onclick: () => { this.chooser.clear(); this.render(); } }, "clear")) : h("span", {}, "Your legal moves:"),
      ),
      h("div", { class: "move-list" }, shown.map((mv) =>
        h("button", { class: "move", "data-action": mv.a, onclick: () => this.play(mv.a) }, mv.label))),
      candidates.length > MAX_LISTED ? h("p", { class: "muted small" }, `…and ${candidates.length - MAX_LISTED} more: pick on the board to narrow them down.`) : null,
    ));
  }

  renderSeats() {
    const table = this.msg.table;
    const now = Date.now() / 1000;
    const rows = table.seats.map((info) => {
      const s = info.seat;
      const flags = [];
      if (info.kind === "bot") { /* the label already says "(bot, level)" */ }
      else if (!info.claimed) flags.push(h("span", { class: "badge free" }, "free"));
      else flags.push(h("span", { class: info.connected ? "dot on" : "dot off", title: info.connected ? "connected" : "away" }));
      if (table.thinking.includes(s)) flags.push(h("span", { class: "thinking" }, "thinking…"));
      else if (table.pending.includes(s)) flags.push(h("span", { class: "muted" }, "to move"));
      const deadline = table.deadlines[String(s)];
      if (deadline) flags.push(h("span", { class: "clock", "data-deadline": String(deadline) }, clockText(deadline)));
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
    this.ui.seats.replaceChildren(h("h3", {}, "Seats"), h("ul", { class: "seat-list" }, rows));
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

  rematchControls() {
    const table = this.msg.table;
    if (table.rematch) {
      return h("a", { class: "button", id: "go-rematch", href: `/t/${table.rematch}`, onclick: () => this.me && saveSeat(table.rematch, this.me.seat, this.me.token) }, "Go to the rematch");
    }
    return h("span", {},
      this.seat !== null ? h("button", { id: "rematch", onclick: () => this.rematch() }, "Rematch") : null,
      " ", h("a", { class: "button secondary", href: `/replay/${table.id}` }, "Replay"));
  }

  async claim(seat) {
    const name = localStorage.getItem("mobtable:name") || null;
    try {
      this.seated(await api("POST", `/api/tables/${this.tableId}/seats/${seat}/claim`, { name }));
    } catch (err) {
      this.showNote(err.message, true);
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
      this.showNote(err.message, true);
    }
  }

  async reclaim() {
    try {
      await api("POST", `/api/tables/${this.tableId}/reclaim`, { seat: this.me.seat, token: this.me.token });
    } catch (err) {
      this.showNote(err.message, true);
    }
  }

  async rematch() {
    try {
      const created = await api("POST", `/api/tables/${this.tableId}/rematch`, { seat: this.me.seat, token: this.me.token });
      saveSeat(created.id, this.me.seat, this.me.token);
      location.href = created.url;
    } catch (err) {
      this.showNote(err.message, true);
    }
  }

  tick() {
    for (const el of document.querySelectorAll("[data-deadline]")) el.textContent = clockText(Number(el.dataset.deadline));
  }
}

// "a, b and c": names in a sentence.
function listing(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}

function clockText(deadline) {
  const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
  return `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}
