// The table page's frame: status and prompt on top, the board slot filling the height
// left (CSS var --board-h), and the side panels (moves, seats, log, chat): a sidebar on
// a desktop, a bottom tab bar whose panels open as a drawer over the board on a phone.
import { h } from "./dom.js";

export const PHONE = window.matchMedia("(max-width: 800px)");

const PANELS = [
  { key: "moves", label: "Moves" },
  { key: "log", label: "Log" },
  { key: "seats", label: "Seats" },
  { key: "chat", label: "Chat" },
];

const SIDE_ORDER = ["moves", "seats", "log", "chat"]; // the desktop sidebar, top to bottom

// The page's parts, each a stable hook (ids and data-role) for tests and assistive technology.
export function frameParts() {
  return {
    status: h("div", { class: "status", id: "status", role: "status", "data-role": "status" }),
    tools: h("div", { class: "tools" }),
    rules: h("div", { id: "rules-slot" }),
    prompt: h("p", { class: "prompt", id: "prompt", "data-role": "prompt", "aria-live": "polite" }),
    pregame: h("div", { id: "pregame" }), // web-join: the join screen / waiting room
    board: h("section", { class: "board", id: "board", "data-role": "board", "aria-label": "the table" }),
    toast: h("div", { class: "toast", id: "toast", "aria-live": "polite", hidden: true }),
    note: h("p", { class: "note", id: "note", role: "alert", "data-role": "note" }),
    choice: h("div", { class: "moves", id: "moves", "data-role": "legal-moves" }),
    seats: h("div", { class: "seats", id: "seats" }),
    invite: h("div", { class: "invite" }),
    log: h("ol", { class: "log", id: "log", "data-role": "log", "aria-label": "game log" }),
    chatSlot: h("div", { class: "chat-slot", "data-role": "chat-slot" }),
    result: h("div", { class: "result-overlay", id: "result", "data-role": "result", hidden: true }),
  };
}

// Lays the parts out and keeps the board slot's height fitted to the viewport.
// `panels`: which side panels this page has (the replay has only the log).
export class Frame {
  constructor(root, ui, panels = PANELS.map((p) => p.key)) {
    this.ui = ui;
    this.open = null; // the phone's open drawer panel (null: closed)
    this.tabs = {};
    const content = {
      moves: ["Your moves", ui.choice],
      seats: ["Seats", ui.seats, ui.invite],
      log: ["Log", ui.log],
      chat: ["Chat", ui.chatSlot],
    };
    const panel = (key) => {
      const [title, ...parts] = content[key];
      return h("section", { class: "panel", "data-panel": key, "aria-label": title }, h("h3", { class: "panel-title" }, title), ...parts);
    };
    this.side = h("aside", { class: "side", id: "side" },
      h("div", { class: "drawer-head" },
        h("button", { class: "secondary drawer-close", id: "drawer-close", "aria-label": "Close the panel", onclick: () => this.show(null) }, "Close")),
      SIDE_ORDER.filter((key) => panels.includes(key)).map(panel));
    this.tabbar = h("nav", { class: "tabbar", id: "tabbar", "aria-label": "table panels" },
      PANELS.filter((p) => panels.includes(p.key)).map(({ key, label }) => {
        const tab = h("button", { class: "tab", "data-tab": key, "aria-controls": "side", "aria-expanded": "false", onclick: () => this.show(this.open === key ? null : key) },
          h("span", { class: "tab-label" }, label), h("span", { class: "tab-badge", hidden: true }));
        this.tabs[key] = tab;
        return tab;
      }),
      h("button", { class: "tab", "data-tab": "rules", "aria-label": "Rules", onclick: () => { this.show(null); document.getElementById("rules-open")?.click(); } }, h("span", { class: "tab-label" }, "Rules")));
    this.top = h("div", { class: "top-area" },
      h("div", { class: "status-row" }, ui.status, ui.tools, ui.rules),
      ui.prompt, ui.pregame);
    // what just happened and the table's notes: a strip of its own above the board, never over it
    this.notes = h("div", { class: "board-notes", id: "board-notes" }, ui.toast, ui.note);
    this.layout = h("div", { class: "layout" },
      h("div", { class: "main-col" }, this.notes, h("div", { class: "board-wrap" }, ui.board)),
      this.side);
    this.page = h("div", { class: "table-page" }, this.top, this.layout, this.tabbar, ui.result);
    root.replaceChildren(this.page);
    const refit = () => this.fit();
    window.addEventListener("resize", refit);
    PHONE.addEventListener("change", () => { this.show(null); refit(); });
    // The board gives up the height the status, the prompt or the notes' strip take in the
    // same update that grows them (a mutation's microtask), not a frame later: between the two
    // the page was taller than the window (COSCA's five on a phone, issue 25).
    this.above = -1;
    const follow = () => this.refit();
    new ResizeObserver(follow).observe(this.top);
    new MutationObserver(follow).observe(this.top, { childList: true, subtree: true, characterData: true });
    new MutationObserver(follow).observe(this.notes, { childList: true, subtree: true, characterData: true, attributes: true });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && this.open) this.show(null); });
    this.fit();
  }

  // Fits again if what lies above the board changed height (cheap to call after any change).
  refit() {
    const above = this.top.offsetHeight * 10000 + this.notes.offsetHeight;
    if (above !== this.above) this.fit();
  }

  // The board slot gets the height the viewport has left below the prompt and the notes'
  // strip (and above the phone's tab bar); the sidebar takes the same height, the strip's
  // included. Renderers fit their board to it.
  fit() {
    const top = this.layout.getBoundingClientRect().top + window.scrollY;
    const below = PHONE.matches ? this.tabbar.getBoundingClientRect().height : 0;
    const gap = PHONE.matches ? 4 : 10;
    const height = Math.max(PHONE.matches ? 240 : 320, Math.floor(window.innerHeight - top - below - gap));
    const strip = this.notes.offsetHeight ? this.notes.offsetHeight + 4 : 0;
    this.above = this.top.offsetHeight * 10000 + this.notes.offsetHeight;
    this.ui.board.style.setProperty("--board-h", `${height - strip}px`);
    this.page.style.setProperty("--frame-h", `${height}px`);
    this.page.style.setProperty("--tabbar-h", `${below}px`);
    this.onFit?.();
  }

  // Opens one side panel as the phone's drawer (null: closes it). On a desktop every
  // panel is in the sidebar anyway.
  show(key) {
    this.open = key;
    this.side.classList.toggle("drawer-open", key !== null);
    this.side.dataset.open = key || "";
    for (const [name, tab] of Object.entries(this.tabs)) {
      tab.setAttribute("aria-expanded", String(name === key));
      tab.classList.toggle("active", name === key);
    }
    this.onFit?.();
  }

  // A small count on a tab (moves to choose, unread lines); 0 hides it.
  badge(key, count, urgent = false) {
    const el = this.tabs[key]?.querySelector(".tab-badge");
    if (!el) return;
    el.hidden = !count;
    el.textContent = count ? String(count) : "";
    this.tabs[key].classList.toggle("urgent", Boolean(count) && urgent);
  }
}
