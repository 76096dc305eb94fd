// A mobster card of the row: name, loyalty condition (places as icons, or the special
// condition in words), working days, hats claiming him, and his owner and drink.
import { s, text } from "../../dom.js";
import { DAY_NAMES, PLACE_COLORS, WEEK, clip, coin, hat, icon, letterOf, seatColor, fits, tile, wrapWords } from "./pieces.js";

const W = 100, H = 156;
const FIELD_WORDS = { name: "name", condition: "loyalty condition", days: "working days" };
const SPECIAL = {
  same: ["all dice on", "one place"],
  different: ["all dice on", "different places"],
  match3: ["3 dice matching", "a rival's dice"],
  "fewest-money": ["fewest money", "after the city"],
  "most-weapons": ["most weapons", "after the city"],
  equal: ["as many weapons", "as money"],
};

function conditionWords(mob, city) {
  const special = SPECIAL[mob.condition];
  if (special) return special.join(" ");
  return [...mob.condition].map((L) => city.find((title) => letterOf(title) === L) || "?").join(" + ");
}

// The line under the days: today's fight, a tie, or whether he brings a die today.
function noteLine(mob, view, ctx) {
  const fight = [...view.fights].reverse().find((f) => f.pos + 1 === mob.pos && f.round + 1 === view.calendar.round);
  if (fight && fight.winner !== null) return [`won by ${clip(ctx.name(fight.winner), 9)}`, "cosca-ink cosca-works"];
  if (fight) return [fight.round + 1 === view.calendar.rounds ? "tie: he stays" : "tie: fight again", "cosca-ink cosca-tie-ink"];
  return mob.works_today ? ["+1 die today", "cosca-ink cosca-works"] : ["not working today", "cosca-ink-muted"];
}

// `invite`: the club's toggle state for this card (true/false), or null when it is not offered.
export function mobsterCard(mob, view, ctx, { invite = null } = {}) {
  const d = view.decision;
  const fighting = d && d.stage === "fight" && d.pos === mob.pos;
  const parts = [
    s("rect", { class: `cosca-mob-card${mob.works_today ? " works" : ""}${fighting ? " fighting" : ""}`, x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 8 }),
    s("circle", { cx: 12, cy: 13, r: 9, fill: "#3b2a1a" }),
    text(12, 17, String(mob.pos), { "text-anchor": "middle", class: "cosca-pos" }),
  ];
  wrapWords(mob.name, 9).forEach((line, k) => parts.push(text(25, 15 + k * 13, line, { class: "cosca-ink cosca-mob-name" })));
  const madeUp = (mob.reconstructed || []).map((field) => FIELD_WORDS[field] || field);
  if (madeUp.length) parts.push(s("g", { class: "cosca-reconstructed" }, s("title", {}, `reconstructed: ${madeUp.join(", ")}`), text(12, 33, "✱", { "text-anchor": "middle", class: "cosca-ink" })));
  const special = SPECIAL[mob.condition];
  if (special) {
    parts.push(...special.map((line, k) => text(6, 45 + 12 * k, line, { class: "cosca-ink cosca-cond", ...fits(W - 12) })));
  } else {
    [...mob.condition].forEach((L, k) => {
      const i = view.city.findIndex((title) => letterOf(title) === L);
      parts.push(s("g", { transform: `translate(${6 + k * 25},36)` },
        s("title", {}, view.city[i] || ""),
        s("rect", { width: 23, height: 23, rx: 4, fill: PLACE_COLORS[i] || "#555" }), icon(i, 3, 3, 17)));
    });
  }
  const today = view.calendar.day;
  WEEK.forEach((day, k) => {
    const on = mob.days.includes(day);
    parts.push(s("g", { transform: `translate(${5 + k * 13},65)` },
      s("rect", { width: 12, height: 15, rx: 2.5, fill: on ? "#3b2a1a" : "none", stroke: day === today ? "#c0392b" : "#b9ab8c", "stroke-width": day === today ? 1.8 : 0.8 }),
      text(6, 11, DAY_NAMES[day][0], { "text-anchor": "middle", class: on ? "cosca-wd on" : "cosca-wd" })));
  });
  const [note, noteCls] = noteLine(mob, view, ctx);
  parts.push(text(6, 94, note, { class: noteCls, ...fits(W - 12) }));
  mob.hats_under.forEach((seat, k) => parts.push(hat(13 + k * 17, 112, seatColor(seat), 0.75, `${ctx.name(seat)} claims him`)));
  if (mob.loyal !== null) {
    parts.push(s("g", {}, s("title", {}, `loyal to ${ctx.name(mob.loyal)}`),
      s("path", { d: `M1.5 126 H${W - 1.5} V146 a8 8 0 0 1 -8 8 H9.5 a8 8 0 0 1 -8 -8 Z`, fill: seatColor(mob.loyal) }),
      hat(12, 143, seatColor(mob.loyal), 0.8),
      text(24, 144, clip(mob.loyal === ctx.seat ? "you" : ctx.name(mob.loyal), mob.drink || invite !== null ? 7 : 11), { class: "cosca-owner", ...fits(mob.drink || invite !== null ? 50 : 72) })));
    if (mob.drink) parts.push(s("g", {}, s("title", {}, "a drink: his owner may fight for him without meeting the condition"), coin(W - 12, 140, 7)));
  } else {
    parts.push(text(6, 144, "loyal to nobody", { class: "cosca-ink-muted", ...fits(W - 12) }));
  }
  if (invite !== null) {
    parts.push(s("g", { class: "cosca-invite" }, s("rect", { x: W - 52, y: 129, width: 48, height: 22, rx: 11, class: invite ? "on" : "" }),
      text(W - 28, 144, invite ? "✓ drink" : "drink?", { "text-anchor": "middle" })));
  }
  const el = tile(W, H, "cosca-tile cosca-mob", parts);
  el.dataset.pos = String(mob.pos);
  const owner = mob.loyal === null ? "loyal to nobody" : `loyal to ${ctx.name(mob.loyal)}`;
  el.setAttribute("aria-label", `${mob.name}: loyal to whoever shows ${conditionWords(mob, view.city)}; ${owner}`);
  return el;
}
