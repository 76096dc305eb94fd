// The replay viewer: steps through a finished game from the deal, as a spectator saw it
// or, where everything is revealed at the end, as one seat saw it (its hand, its face-down
// cards): /replay/<id>?seat=N or "Watch as". The result shows only at the last step.
import { api, seatLabel, seatName } from "./api.js";
import { h } from "./dom.js";
import { Frame, frameParts } from "./frame.js";
import { rendererFor } from "./games/index.js";
import { ResultOverlay } from "./result.js";
import { rulesPanel } from "./rules.js";
import { readMotion } from "./settings.js";

const path = (tableId, seat) => (seat === null ? `/api/tables/${tableId}/replay` : `/api/tables/${tableId}/replay?seat=${seat}`);

const SPEEDS = [0.5, 1, 2, 4]; // auto-play: steps a second at each speed
const SPEED_KEY = "mobtable:replay-speed";

// A seat's replay is published only where everything is revealed at the end: ask for it
// only there (the table's summary says), so a refusal never reaches the console; else
// the spectator's replay, and a sentence saying why.
async function firstReplay(tableId, seat) {
  if (seat === null) return { data: await api("GET", path(tableId, null)), problem: "" };
  const table = await api("GET", `/api/tables/${tableId}`);
  if (table.end_reveal === "everything" && seat < table.players) return { data: await api("GET", path(tableId, seat)), problem: "" };
  const whose = seat < table.players ? `${seatName(table, seat)}'s cards` : "a seat's cards";
  const problem = table.end_reveal === "everything"
    ? `This table has no such seat, so you see what a spectator saw.`
    : `${table.title} keeps the cards nobody was shown secret after the game, and this table did not choose to reveal everything: you see what a spectator saw, not ${whose}.`;
  return { data: await api("GET", path(tableId, null)), problem };
}

export async function showReplay(root, tableId) {
  const asked = new URLSearchParams(location.search).get("seat");
  let data;
  let problem;
  let seat = asked !== null && /^\d{1,2}$/.test(asked) ? Number(asked) : null;
  try {
    ({ data, problem } = await firstReplay(tableId, seat));
  } catch (err) {
    root.replaceChildren(h("p", { class: "error" }, err.message));
    return;
  }
  if (problem) seat = null;
  const table = data.table;
  document.title = `Replay ${table.title} — mobtable`;
  document.getElementById("crumb").textContent = ` / replay / ${table.title}`;
  const renderer = await rendererFor(table.game);
  const ui = frameParts();
  const frame = new Frame(root, ui, ["log"]);
  const result = new ResultOverlay(ui.result);
  const last = () => data.steps.length - 1;
  let step = 0; // from the deal: the result is not shown before the last step
  let shownSeat = seat;
  const button = (id, label, text, onclick) => h("button", { class: "secondary step-button", id, "aria-label": label, onclick }, text);
  const slider = h("input", { type: "range", min: "0", max: String(last()), value: "0", id: "slider", "aria-label": "Step of the game" });
  const counter = h("span", { id: "step", class: "small" });
  const note = h("span", { class: "small", role: "status", id: "replay-problem" }, problem);

  function show() {
    slider.max = String(last());
    slider.value = String(step);
    const current = data.steps[step];
    const who = current.seat === null ? "the deal" : `after ${seatName(table, current.seat)}'s move`;
    counter.textContent = `step ${step} of ${last()} · ${who}`;
    ui.prompt.textContent = step === 0 ? "The deal." : current.events.map((e) => e.text).filter(Boolean).slice(-2).join(" · ");
    const ctx = {
      seat: shownSeat,
      table: { ...table, result: null, status: step === last() ? "over" : "playing", pending: [], thinking: [], deadlines: {} },
      legal: [],
      name: (s) => seatName(table, s),
      pending: [],
      thinking: [],
      fresh: current.events,
      motion: readMotion(),
      act: () => {},
      actAll: () => {},
      redraw: show,
    };
    let board;
    try {
      board = renderer.render(current.view, ctx);
    } catch (err) {
      console.error(err);
      board = h("pre", { class: "error" }, `cannot draw this view: ${err.message}`);
    }
    ui.board.replaceChildren(board);
    ui.board.dataset.step = String(step);
    const events = data.steps.slice(0, step + 1).flatMap((st) => st.events);
    ui.log.replaceChildren(...events.map((e) => h("li", { class: `ev-${e.kind}` }, e.text)));
    ui.log.scrollTop = ui.log.scrollHeight;
    // No spoiler: the result (and the game's sentence about it) only once the end is reached.
    const atEnd = step === last();
    result.update({ ...table, result: atEnd ? table.result : null }, data.outcome, (s) => seatLabel(table, s),
      () => [button("again", "Watch again from the deal", "Watch again", () => go(0)), h("a", { class: "button secondary", href: "/" }, "Back to the lobby")], ui.tools, data.tiebreak, atEnd ? data.breakdown : null);
  }
  // Auto-play: one step every 1/speed seconds from where the replay stands, to the end.
  let timer = null;
  let speed = Number(localStorage.getItem(SPEED_KEY)) || 1;
  if (!SPEEDS.includes(speed)) speed = 1;
  const play = h("button", { class: "step-button play", id: "play", "aria-label": "Play the game step by step", onclick: () => (timer ? pause() : start()) }, "▶ Play");
  const speedSelect = h("select", { id: "speed", "aria-label": "Auto-play speed", onchange: (e) => {
    speed = Number(e.target.value);
    localStorage.setItem(SPEED_KEY, String(speed));
    if (timer) start();
  } }, SPEEDS.map((x) => h("option", { value: String(x), selected: x === speed }, `${x}×`)));
  function start() {
    clearInterval(timer);
    if (step === last()) go(0);
    timer = setInterval(() => {
      go(step + 1, true);
      if (step === last()) pause();
    }, 1000 / speed);
    play.textContent = "❚❚ Pause";
    play.setAttribute("aria-label", "Pause");
    play.setAttribute("aria-pressed", "true");
  }
  function pause() {
    clearInterval(timer);
    timer = null;
    play.textContent = "▶ Play";
    play.setAttribute("aria-label", "Play the game step by step");
    play.setAttribute("aria-pressed", "false");
  }
  const go = (n, playing = false) => {
    if (!playing && timer) pause(); // a step by hand takes over from auto-play
    const before = step;
    step = Math.max(0, Math.min(last(), n));
    if (step !== before && step === last()) result.dismissed = false; // reaching the end shows the result
    show();
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.key === "ArrowLeft") go(step - 1);
    if (e.key === "ArrowRight") go(step + 1);
  });

  // Whose eyes: a spectator's always; a seat's only where nothing stays secret after the end.
  async function watchAs(value) {
    note.textContent = "";
    const wanted = value === "" ? null : Number(value);
    try {
      data = await api("GET", path(tableId, wanted));
    } catch (err) {
      note.textContent = err.message;
      return;
    }
    shownSeat = wanted;
    const query = wanted === null ? location.pathname : `${location.pathname}?seat=${wanted}`;
    history.replaceState(null, "", query);
    go(Math.min(step, last()));
  }
  const eyes = table.end_reveal === "everything"
    ? h("label", { class: "watch-as" }, "Watch as ",
      h("select", { id: "watch-as", "aria-label": "Watch the game as", onchange: (e) => watchAs(e.target.value) },
        h("option", { value: "", selected: shownSeat === null }, "a spectator"),
        table.seats.map((s) => h("option", { value: String(s.seat), selected: s.seat === shownSeat }, seatName(table, s.seat)))))
    : null;
  // Why this replay shows what it shows, in a line of its own under the controls.
  const why = h("p", { class: "replay-why muted small", "data-role": "replay-why" },
    note, problem || table.end_reveal === "everything" ? "" : h("span", { id: "kept-secret" }, "Cards nobody was shown stay secret after this game: you see what a spectator saw."));

  ui.status.replaceChildren(h("div", { class: "replay-controls" },
    button("first", "Back to the deal", "|◀", () => go(0)),
    button("prev", "Previous step", "◀", () => go(step - 1)),
    play,
    button("next", "Next step", "▶", () => go(step + 1)),
    button("last", "The end", "▶|", () => go(last())),
    h("label", { class: "speed" }, h("span", { class: "speed-word" }, "Speed "), speedSelect),
    slider));
  ui.tools.append(counter, eyes || "");
  frame.top.append(why);
  frame.page.classList.add("replay-page");
  ui.rules.replaceChildren(rulesPanel(table.game, table.title));
  frame.fit();
  show();
}
