// COSCA's table: a banner (day, step, who has decided), the city, the mobster row, the
// players, and beside them this seat's decision, the paced story of the last reveal and
// the week. On a phone the decision comes first, then what it is about (the city for dice,
// the Gun Shop and the Villa; the row for drinks and fights).
import { h } from "../../dom.js";
import { cityTile, calendarStrip } from "./city.js";
import { clubChoices, decisionPanel, pickerFor } from "./decide.js";
import { mobsterCard } from "./mobsters.js";
import { DAY_NAMES, fitText, seatColor } from "./pieces.js";
import { playerPanel, stock } from "./players.js";
import * as focus from "./focus.js";
import * as story from "./story.js";
import { RECONSTRUCTED } from "../../words.js";

const STAGE_TEXT = {
  dice: "everyone sends their dice in secret",
  gun: "the Gun Shop",
  club: "the Club",
  villa: "the Villa",
  fight: "a fight",
};
// the tie-breaks of the result, in words (C-14: what players hold, then the row)
const TIEBREAK = {
  "resource value": "the tie is broken by what they still hold (money 1, a weapon 3)",
  "leftmost loyal mobster": "the tie is broken by the loyal mobster furthest left in the row",
};
let previous = { table: null, players: null }; // the players as the last board showed them

function outcome(result, ctx) {
  const names = result.winners.map((seat) => ctx.name(seat)).join(" and ");
  const most = Math.max(...result.scores);
  const won = `${names} ${result.winners.length > 1 ? "share the win" : "wins"} with ${most} loyal mobster${most === 1 ? "" : "s"}`;
  return result.tiebreak ? `${won}; ${TIEBREAK[result.tiebreak] || result.tiebreak}` : won;
}

function banner(view, ctx, telling) {
  const d = view.decision;
  const cal = view.calendar;
  if (telling) {
    return h("div", { class: "cosca-banner" },
      h("span", { class: "cosca-day-title" }, `Day ${cal.rounds} of ${cal.rounds} · the last day`),
      h("span", { class: "cosca-step-now" }, "what happened, beat by beat"));
  }
  if (view.result) return h("div", { class: "cosca-banner over" }, h("span", { class: "cosca-day-title" }, "The week is over:"), h("span", { class: "cosca-outcome" }, outcome(view.result, ctx)));
  const title = `Day ${cal.round} of ${cal.rounds} · ${DAY_NAMES[cal.day]}`;
  const step = d ? (d.stage === "fight" ? `a fight for ${d.mobster}` : STAGE_TEXT[d.stage] || "") : "";
  return h("div", { class: "cosca-banner" },
    h("span", { class: "cosca-day-title" }, title),
    step ? h("span", { class: "cosca-step-now" }, step) : null,
    d ? h("span", { class: "cosca-committed" }, d.seats.map((seat) => {
      const done = d.committed.includes(seat);
      return h("span", { class: done ? "done" : "wait", title: done ? "has decided (sealed)" : "still deciding" },
        h("span", { class: "cosca-swatch", style: `background:${seatColor(seat)}` }), `${ctx.name(seat)} ${done ? "✓" : "…"}`);
    })) : null);
}

// Make a board piece a control of its own (pointer and keyboard).
function control(el, label, onPick, selector) {
  const pick = () => {
    focus.remember(selector);
    onPick();
  };
  el.classList.add("cosca-pickable");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("data-legal", "1");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", pick);
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      pick();
    }
  });
  return el;
}

function cityRow(view, ctx, picker, picking, pop) {
  const picked = picking ? view.city.map((_, i) => picker.dice.filter((x) => x === i).length) : null;
  return h("div", { class: "cosca-city-row" }, view.city.map((title, i) => {
    const el = cityTile(i, view, ctx, { picked, pop });
    if (!picking) return el;
    return control(el, `send a die to the ${title}`, () => {
      if (picker.dice.length >= picker.n) {
        const note = document.querySelector("[data-role=note]");
        if (note) { note.textContent = `All ${picker.n} dice are placed: tap one of them to take it back first.`; note.className = "note error"; }
        return;
      }
      picker.dice.push(i);
      ctx.redraw();
    }, `.cosca-city[data-place="${i}"]`);
  }));
}

function mobsterRow(view, ctx, picker, clubbing) {
  const { eligible } = clubbing ? clubChoices(ctx.legal) : { eligible: new Set() };
  return h("div", { class: "cosca-row" }, view.row.map((mob) => {
    if (!eligible.has(mob.pos)) return mobsterCard(mob, view, ctx);
    const on = picker.club.has(mob.pos);
    const el = mobsterCard(mob, view, ctx, { invite: on });
    return control(el, `${on ? "no drink" : "a drink"} for ${mob.name}`, () => {
      if (on) picker.club.delete(mob.pos);
      else picker.club.add(mob.pos);
      ctx.redraw();
    }, `.cosca-mob[data-pos="${mob.pos}"]`);
  }));
}

// The player panels; while the reveal's story plays, as the players were before it.
function players(view, ctx) {
  return (story.held() || view.table).map((p) => playerPanel(p, view, ctx, story.lastOf(p.seat)));
}

// On a phone, the rivals' money, weapons and dice in one line each right under the decision
// (their panels are screens below); the same values as their panels.
function rivals(view, ctx) {
  const others = (story.held() || view.table).filter((p) => p.seat !== ctx.seat);
  return h("div", { class: "cosca-rivals", "aria-label": "the others hold" },
    others.map((p) => h("div", { class: "cosca-rival", "data-seat": String(p.seat), style: `--seat:${seatColor(p.seat)}` },
      h("span", { class: "cosca-rival-nm" }, ctx.name(p.seat)), stock(p))));
}

export function render(view, ctx) {
  const d = view.decision;
  const stage = d ? d.stage : "over";
  const legal = ctx.legal || [];
  const key = `${ctx.table ? ctx.table.id : ""}|${ctx.seat}|${view.calendar.round}|${stage}|${d && d.pos ? d.pos : ""}`;
  const picker = pickerFor(key);
  const fresh = story.take(ctx);
  // the last day's story is still being told: no result yet, on the board or over it
  const telling = Boolean(view.result) && story.playing();
  if (telling) ctx.holdEnd?.("The last day is being told beat by beat: the result follows at its end.");
  const shown = telling ? { ...view, result: null } : view;
  const mine = legal.length > 0;
  const picking = stage === "dice" && mine;
  if (picking) picker.n = legal[0].a.length;
  const pop = fresh && (ctx.fresh || []).some((e) => e.kind === "dice-revealed");
  const tableId = ctx.table ? ctx.table.id : null;
  if (pop && previous.table === tableId) story.hold(previous.players);
  previous = { table: tableId, players: view.table };
  const about = ["club", "fight", "over"].includes(stage) ? "row" : "city"; // what the decision is about

  const made = view.reconstructed || [];
  const motion = Number(ctx.motion) || 0;
  const board = h("div", { class: `cosca stage-${stage} focus-${about}${mine ? " deciding" : ""}${motion ? "" : " still"}`, style: `--cosca-motion:${motion || 1}` },
    banner(view, ctx, telling),
    h("section", { class: "cosca-main" },
      h("div", { class: "cosca-section cosca-city-sec", "data-role": "city", "aria-label": "the city" }, h("h4", {}, "The city"), cityRow(view, ctx, picker, picking, pop)),
      h("div", { class: "cosca-section cosca-row-sec", "data-role": "row", "aria-label": "the mobsters" }, h("h4", {}, "The mobsters, left to right"), mobsterRow(view, ctx, picker, stage === "club" && mine)),
      h("div", { class: "cosca-section cosca-players-sec", "data-role": "players", "aria-label": "the players" }, h("div", { class: "cosca-players" }, players(shown, ctx)))),
    h("aside", { class: "cosca-side" },
      decisionPanel(view, ctx, picker),
      rivals(view, ctx),
      story.panel(),
      h("div", { class: "cosca-section cosca-week" }, calendarStrip(view),
        h("p", { class: "cosca-supply small muted" }, `Mobster deck: ${view.deck_left} face down. `,
          view.supply.limited ? `Supply: ${view.supply.money} money, ${view.supply.weapons} weapons, ${view.supply.dice} dice.` : "Unlimited supply."),
        made.length ? h("p", { class: "cosca-provenance small muted" }, `✱ Card data: ${made.join(", ")} (${RECONSTRUCTED})`) : null)));
  story.attach(board);
  // once drawn: lines that would run past their card squeezed, and the story at its latest
  // beat (a list moved into a new board starts scrolled to its top)
  globalThis.requestAnimationFrame?.(() => {
    fitText(board);
    const list = board.querySelector(".cosca-story ol");
    if (list) list.scrollTop = list.scrollHeight;
  });
  // at the story's end the panels show the end of the day; at the game's end, the whole
  // table is drawn again, the result with it (and the shell's result overlay)
  story.whenDone(() => {
    if (view.result) return ctx.redraw();
    board.querySelector(".cosca-players")?.replaceChildren(...players(view, ctx));
    board.querySelector(".cosca-rivals")?.replaceWith(rivals(view, ctx));
  });
  focus.restore(board);
  return board;
}
