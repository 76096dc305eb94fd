// "Your tables": every unfinished table this browser holds a seat at (its seat tokens),
// those where it is your move first; refreshed every 30 s. A turn-based table (a clock of
// hours or days) is played from here: open it, move, come back.
import { api, savedSeats, seatName } from "./api.js";
import { h } from "./dom.js";
import { useAccountStyles } from "./account.js";
import { listing } from "./words.js";

const REFRESH = 30000;

export async function showMyTables(root) {
  useAccountStyles();
  document.title = "mobtable — your tables";
  const list = h("div", { class: "table-list", "data-role": "my-tables" }, h("p", { class: "muted" }, "Loading…"));
  root.replaceChildren(h("div", { class: "profile my-tables" },
    h("h2", {}, "Your tables"),
    h("p", { class: "muted small" }, "The games this browser has a seat at that are not over, where it is your move first."),
    h("section", { class: "card" }, list)));
  await refresh(list);
  const timer = setInterval(() => refresh(list), REFRESH);
  window.addEventListener("pagehide", () => clearInterval(timer), { once: true });
}

async function refresh(list) {
  const seats = savedSeats();
  const found = await Promise.all(seats.map(async (s) => {
    try {
      return { seat: s.seat, table: await api("GET", `/api/tables/${s.table}`) };
    } catch (_) {
      return null; // a table this server no longer has
    }
  }));
  const open = found.filter((f) => f && (f.table.status === "waiting" || f.table.status === "playing"));
  const mine = (f) => f.table.status === "playing" && f.table.pending.includes(f.seat);
  open.sort((a, b) => Number(mine(b)) - Number(mine(a)) || (a.table.deadlines[String(a.seat)] || Infinity) - (b.table.deadlines[String(b.seat)] || Infinity));
  list.replaceChildren(...(open.length ? open.map((f) => row(f, mine(f))) : [h("p", { class: "muted" }, "No open table: start one in the lobby.")]));
}

function row({ seat, table }, yourMove) {
  const waitingFor = table.pending.filter((s) => s !== seat).map((s) => seatName(table, s));
  const deadline = table.deadlines[String(seat)];
  const state = table.status === "waiting"
    ? "in the waiting room"
    : yourMove ? "your move" : waitingFor.length ? `waiting for ${listing(waitingFor)}` : "playing";
  return h("div", { class: `table-row${yourMove ? " your-move" : ""}`, dataset: { table: table.id, yourMove: String(yourMove) } },
    h("div", {}, h("strong", {}, table.title), ` — ${state}`,
      deadline && yourMove ? h("div", { class: "muted small" }, `decide by ${new Date(deadline * 1000).toLocaleString()}`) : null,
      h("div", { class: "muted small" }, `you are ${seatName(table, seat)}`)),
    h("div", { class: "row-actions" }, h("a", { class: yourMove ? "button" : "button secondary", href: `/t/${table.id}` }, yourMove ? "Play" : "Open")));
}
