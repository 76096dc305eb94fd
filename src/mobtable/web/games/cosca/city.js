// The city's six places (with the dice on them) and the week's calendar.
import { s, text } from "../../dom.js";
import { DAY_NAMES, PLACE_COLORS, PLACE_HINT, RACETRACK, diceByPlace, die, icon, seatColor, fits, tile } from "./pieces.js";

const W = 120, H = 98, DIE = 16, PER_ROW = 6, MOST = 12;

// The dice to draw on place `i`: this seat's staged pick, its sealed setting, or everyone's after the reveal.
function diceOn(i, view, picked, mySeat) {
  const cal = view.calendar;
  if (picked) return Array.from({ length: picked[i] }, () => ({ seat: mySeat, dashed: true }));
  if (view.stage === "dice" && view.mine && view.mine.choice) {
    return Array.from({ length: diceByPlace(view.mine.choice, view.city)[i] }, () => ({ seat: mySeat, dashed: true }));
  }
  if (view.revealed.round !== cal.round || view.stage === "dice") return [];
  const out = [];
  view.revealed.dice.forEach((setting, seat) => {
    for (let k = 0; k < diceByPlace(setting, view.city)[i]; k++) out.push({ seat });
  });
  return out;
}

// One place; `picked` (dice per place) while this seat stages its dice, else null.
export function cityTile(i, view, ctx, { picked = null, pop = false } = {}) {
  const title = view.city[i];
  const cal = view.calendar;
  const hint = [...PLACE_HINT[i]];
  if (i === RACETRACK) hint[1] = cal.race_today ? "races today" : "no race today";
  const parts = [
    s("rect", { class: "cosca-place", x: 1, y: 1, width: W - 2, height: H - 2, rx: 9 }),
    s("path", { d: `M1 10 a9 9 0 0 1 9 -9 H${W - 10} a9 9 0 0 1 9 9 V30 H1 Z`, fill: PLACE_COLORS[i] }),
    icon(i, 6, 4, 22),
    text(33, 20, title, { class: "cosca-place-name" }),
    text(7, 44, hint[0], { class: "cosca-hint", ...fits(W - 12) }),
    text(7, 56, hint[1], { class: i === RACETRACK ? (cal.race_today ? "cosca-good" : "cosca-bad") : "cosca-hint", ...fits(W - 12) }),
  ];
  const dice = diceOn(i, view, picked, ctx.seat);
  dice.slice(0, MOST).forEach((d, k) => parts.push(die(6 + (k % PER_ROW) * (DIE + 2), 62 + Math.floor(k / PER_ROW) * (DIE + 2), DIE, i, seatColor(d.seat), {
    dashed: d.dashed,
    title: ctx.name(d.seat),
    cls: pop && !d.dashed ? "cosca-pop" : "",
  })));
  if (dice.length > MOST) parts.push(text(W - 4, 58, `+${dice.length - MOST}`, { class: "small", "text-anchor": "end" }));
  if (picked && !dice.length) parts.push(text(W / 2, 82, "tap: send a die", { class: "cosca-tap", "text-anchor": "middle" }));
  const el = tile(W, H, "cosca-tile cosca-city", parts);
  el.dataset.place = String(i);
  el.setAttribute("aria-label", `${title}: ${PLACE_HINT[i].join(" ")}${dice.length ? `, ${dice.length} dice` : ""}`);
  return el;
}

export function calendarStrip(view) {
  const cal = view.calendar;
  const D = 40, G = 3;
  const parts = [];
  cal.days.forEach((day, k) => {
    const x = 2 + k * (D + G);
    const number = k + 1;
    const over = view.stage === "over";
    const now = number === cal.round && !over;
    const past = number < cal.round || over;
    const race = cal.race_days.includes(day);
    parts.push(s("g", { class: `cosca-day${now ? " today" : ""}${past ? " past" : ""}`, transform: `translate(${x},2)` },
      s("title", {}, `day ${number}${race ? ", race day" : ""}${number === cal.rounds ? ", the last day" : ""}`),
      s("rect", { width: D, height: 44, rx: 6 }),
      text(D / 2, 16, DAY_NAMES[day], { "text-anchor": "middle", class: "cosca-dayname" }),
      race ? text(D / 2, 34, "race", { "text-anchor": "middle", class: "cosca-race" }) : null,
      number === cal.rounds ? text(D / 2, 56, "last", { "text-anchor": "middle", class: "cosca-last" }) : null));
  });
  const el = tile(7 * (D + G) + 1, 60, "cosca-calendar", parts);
  el.setAttribute("aria-label", `day ${cal.round} of ${cal.rounds}; races on ${cal.race_days.map((d) => DAY_NAMES[d]).join(", ")}`);
  return el;
}
