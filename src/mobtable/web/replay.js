// The replay viewer: steps through a finished game as a spectator saw it, or, where
// everything is revealed at the end, as any seat saw it (its hand and face-down cards).
import { api, seatLabel, seatName } from "./api.js";
import { h } from "./dom.js";
import { rendererFor } from "./games/index.js";
import { resultPanel } from "./result.js";

export async function showReplay(root, tableId) {
  let data;
  try {
    data = await api("GET", `/api/tables/${tableId}/replay`);
  } catch (err) {
    root.replaceChildren(h("p", { class: "error" }, err.message));
    return;
  }
  const table = data.table;
  document.title = `Replay ${table.title} — mobtable`;
  document.getElementById("crumb").textContent = ` / replay / ${table.title} / ${table.id}`;
  const renderer = await rendererFor(table.game);
  const last = data.steps.length - 1;
  let step = last;
  const board = h("section", { class: "board" });
  const counter = h("span", { id: "step" });
  const slider = h("input", { type: "range", min: "0", max: String(last), value: String(step), id: "slider" });
  const log = h("ol", { class: "log" });
  const problem = h("span", { class: "error", role: "alert" });
  const ctx = { seat: null, table, legal: [], name: (s) => seatName(table, s), pending: [], thinking: [] };

  function show() {
    slider.value = String(step);
    const current = data.steps[step];
    counter.textContent = `step ${step} / ${last}${current.seat !== null ? ` · after ${seatName(table, current.seat)}'s move` : " · the deal"}`;
    board.replaceChildren(renderer.render(current.view, ctx));
    const events = data.steps.slice(0, step + 1).flatMap((st) => st.events);
    log.replaceChildren(...events.map((e) => h("li", {}, e.text)));
    log.scrollTop = log.scrollHeight;
  }
  const go = (n) => { step = Math.max(0, Math.min(last, n)); show(); };
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") go(step - 1);
    if (e.key === "ArrowRight") go(step + 1);
  });

  // Whose eyes: a spectator's always; a seat's only where nothing stays secret after the end.
  async function watchAs(value) {
    problem.textContent = "";
    const seat = value === "" ? null : Number(value);
    try {
      const path = seat === null ? `/api/tables/${tableId}/replay` : `/api/tables/${tableId}/replay?seat=${seat}`;
      data = await api("GET", path);
    } catch (err) {
      problem.textContent = err.message;
      return;
    }
    ctx.seat = seat;
    show();
  }
  const eyes = table.end_reveal === "everything"
    ? h("label", {}, "Watch as ",
      h("select", { id: "watch-as", onchange: (e) => watchAs(e.target.value) },
        h("option", { value: "" }, "a spectator"),
        table.seats.map((s) => h("option", { value: String(s.seat) }, seatName(table, s.seat)))))
    : h("span", { class: "muted small", id: "kept-secret" }, "Cards nobody was shown stay secret after this game: you see what a spectator saw.");

  root.replaceChildren(
    h("div", { class: "table-page" },
      h("div", { class: "status" }, h("button", { id: "first", onclick: () => go(0) }, "|◀"), h("button", { id: "prev", onclick: () => go(step - 1) }, "◀"), h("button", { id: "next", onclick: () => go(step + 1) }, "▶"), h("button", { id: "last", onclick: () => go(last) }, "▶|"), " ", slider, " ", counter, " ", eyes, problem),
      h("div", { class: "layout" },
        h("div", { class: "main-col" }, board, resultPanel(table, (s) => seatLabel(table, s), h("a", { class: "button secondary", href: "/" }, "Lobby"))),
        h("aside", {}, h("h3", {}, "Log"), log)),
    ),
  );
  show();
}
