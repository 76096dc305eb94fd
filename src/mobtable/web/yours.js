// "Your tables": every table this browser holds a seat at, where it is your move first.
import { api } from "./api.js";
import { h } from "./dom.js";
import { listing } from "./words.js";
import { notify, notifyControl } from "./notify.js";
import { clockWords, timeLeft } from "./time.js";

const SEAT_KEY = /^mobtable:seat:([A-Za-z0-9_-]{1,32})$/;

// The seats this browser holds (table, seat, token), as the server's /api/your-tables takes them.
export function heldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const match = SEAT_KEY.exec(localStorage.key(i) || "");
    if (!match) continue;
    try {
      const { seat, token } = JSON.parse(localStorage.getItem(match[0]));
      if (Number.isInteger(seat) && typeof token === "string") seats.push({ table: match[1], seat, token });
    } catch (_) { /* a corrupt entry is not a seat */ }
  }
  return seats.slice(0, 100);
}

export async function yourTables() {
  const seats = heldSeats();
  return seats.length ? api("POST", "/api/your-tables", { seats }) : [];
}

function row(t) {
  const others = t.names.filter((_, i) => i !== t.seat);
  const bits = [`with ${listing(others)}`];
  if (t.clock) bits.push(t.turn_based ? `turn-based, ${clockWords(t.clock)}` : clockWords(t.clock));
  if (t.status === "waiting") bits.push("in the waiting room");
  return h("a", { class: "your-table", href: t.url, dataset: { table: t.id, yourMove: t.your_move ? "1" : "0" } },
    h("strong", {}, t.title),
    h("span", { class: "small muted" }, ` ${bits.join(" · ")}`),
    t.your_move
      ? h("span", { class: "your-move" }, " Your move", t.deadline ? ` · ${timeLeft(t.deadline)}` : "")
      : null);
}

export async function showYourTables(root) {
  document.title = "mobtable — your tables";
  const mine = h("div", { class: "table-list", id: "your-move" });
  const waiting = h("div", { class: "table-list", id: "waiting-for-others" });
  const over = h("div", { class: "table-list", id: "your-finished" });
  const note = h("p", { class: "error", role: "alert" });
  root.replaceChildren(h("div", { class: "lobby yours" },
    h("section", { class: "card" }, h("h2", {}, "Your move"), mine,
      h("p", { class: "small muted" }, "The tables this browser holds a seat at. Turn-based tables wait hours or days for each move: come back when it is yours."),
      notifyControl(), note),
    h("section", { class: "card" }, h("h2", {}, "Waiting for others"), waiting),
    h("section", { class: "card" }, h("h2", {}, "Finished"), over)));
  let known = null; // the tables where it was your move at the last look
  const look = async () => {
    let tables;
    try {
      tables = await yourTables();
      note.textContent = "";
    } catch (err) {
      note.textContent = `Cannot reach the server: ${err.message}`;
      return;
    }
    const fill = (list, rows, empty) => list.replaceChildren(...(rows.length ? rows.map(row) : [h("p", { class: "muted" }, empty)]));
    const yours = tables.filter((t) => t.your_move);
    fill(mine, yours, tables.length ? "No table is waiting for you." : "You sit at no table in this browser yet: open one from the lobby.");
    fill(waiting, tables.filter((t) => !t.your_move && (t.status === "playing" || t.status === "waiting")), "None.");
    fill(over, tables.filter((t) => t.status === "over" || t.status === "expired"), "None yet.");
    if (known) {
      for (const t of yours.filter((t) => !known.has(t.id))) {
        const others = t.names.filter((_, i) => i !== t.seat);
        notify(`Your move: ${t.title}`, `${listing(others)} ${others.length === 1 ? "is" : "are"} waiting for you.`, t.id);
      }
    }
    known = new Set(yours.map((t) => t.id));
  };
  await look();
  const timer = setInterval(look, 30000);
  window.addEventListener("pagehide", () => clearInterval(timer), { once: true });
}
