// COSCA: the city (where the dice go), the calendar, the mobster row, every
// player's holdings, your dice and the fights. Mobster names, days and
// conditions come from the view (the engine's cards.toml), never from here.
//
// Choosing: dice are set die by die by clicking city places (a picker kept in
// this module across re-renders); fight offers with +/- steppers. The moves
// themselves are played through board buttons carrying the legal notation as
// data-token (table.js makes them clickable and plays them). Buttons for every
// legal dice setting / offer are built at render time so table.js decorates
// them all; right after, only the ones the picker points at stay in the page.
import { h, s, svgRoot, text } from "../dom.js";

const SEAT_COLORS = ["#e2574c", "#4caf6a", "#4a8fe0", "#e6c33f", "#c264d6"];
const PLACE_COLORS = { B: "#b8902a", G: "#8c5a4a", R: "#3f8a55", C: "#8a4f9e", V: "#3a7aa3", S: "#5f6672" };
const PLACE_HINT = {
  B: ["+1 money", "per die"],
  G: ["1 money → 1 weapon", "per die (optional)"],
  R: ["+2 money per die", ""],
  C: ["a drink for a loyal", "mobster per die"],
  V: ["ask the Don for a", "die tomorrow"],
  S: ["most dice: +1 money", "and +1 weapon"],
};
const DAY_NAMES = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
const WEEK = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const FIELD_WORDS = { name: "name", condition: "loyalty condition", days: "working days" };
const RECONSTRUCTED = "reconstructed — owners of the real deck can load its data with --cards FILE";
const SPECIAL = {
  same: ["all dice showing", "one symbol"],
  different: ["all dice showing", "different symbols"],
  match3: ["3 dice matching", "one rival's dice"],
  "fewest-money": ["the fewest money", "after the city"],
  "most-weapons": ["the most weapons", "after the city"],
  equal: ["weapons = money", "after the city"],
};
const STAGE_TEXT = {
  dice: "Everyone sets their dice in secret",
  gun: "Gun Shop: exchange money for weapons",
  club: "Club: buy your mobsters a drink",
  villa: "Villa: ask the Don for a die tomorrow?",
  fight: "Fight",
};
const WEAPON_VALUE = 3; // an offer's value: money + 3 × weapons (docs/rules/cosca.md)
const MAX_CHIPS = 30;

const seatColor = (seat) => SEAT_COLORS[seat % SEAT_COLORS.length];
const letterOf = (title) => title[0].toUpperCase(); // Bank→B, Gun Shop→G, … (the notation letters)

// The picker survives re-renders (other seats committing) while the decision is the same.
const memo = { key: null, dice: [], money: 0, weapons: 0, club: new Set() };
function pickerFor(key) {
  if (memo.key !== key) Object.assign(memo, { key, dice: [], money: 0, weapons: 0, club: new Set() });
  return memo;
}

// -- glyphs (drawn in a 24×24 box) ---------------------------------------------
function glyph(letter, color = "#fff") {
  const f = { fill: color };
  switch (letter) {
    case "B": return [s("path", { d: "M12 2 L22 8 H2 Z", ...f }), s("rect", { x: 4, y: 10, width: 3, height: 8, ...f }), s("rect", { x: 10.5, y: 10, width: 3, height: 8, ...f }), s("rect", { x: 17, y: 10, width: 3, height: 8, ...f }), s("rect", { x: 2, y: 19, width: 20, height: 3, ...f })];
    case "G": return [s("path", { d: "M2 6 H22 V11 H12.5 L11 14 H8.8 L7.2 21 H2.6 L4.6 11 H2 Z", ...f }), s("rect", { x: 19, y: 4, width: 2, height: 2, ...f })];
    case "R": return [s("path", { d: "M6 3 V11 A6 6 0 0 0 18 11 V3", fill: "none", stroke: color, "stroke-width": 3.6, "stroke-linecap": "round" })];
    case "C": return [s("path", { d: "M3 3 H21 L12 13 Z", ...f }), s("rect", { x: 11, y: 12, width: 2, height: 8, ...f }), s("rect", { x: 7, y: 19.5, width: 10, height: 2.5, ...f })];
    case "V": return [s("path", { d: "M12 2 L23 11 H20 V22 H4 V11 H1 Z", ...f }), s("rect", { x: 10, y: 15, width: 4, height: 7, fill: "rgba(0,0,0,.45)" })];
    case "S": return [s("rect", { x: 11, y: 5, width: 2, height: 16, ...f }), s("rect", { x: 7, y: 20, width: 10, height: 2.5, ...f }), s("path", { d: "M12 5 H18", stroke: color, "stroke-width": 2 }), s("path", { d: "M15 6 H21 L18 10.5 Z", ...f })];
    default: return [];
  }
}

function icon(letter, x, y, size, color = "#fff") {
  return s("g", { transform: `translate(${x},${y}) scale(${size / 24})` }, glyph(letter, color));
}

// A minion die: the owner's colour with the place it shows (or blank).
function die(x, y, size, letter, color, { dashed = false, title = null } = {}) {
  return s("g", { class: "cosca-die", transform: `translate(${x},${y})` },
    title ? s("title", {}, title) : null,
    s("rect", { width: size, height: size, rx: size * 0.2, fill: letter ? color : "rgba(255,255,255,.08)", stroke: dashed ? "#fff" : "rgba(0,0,0,.55)", "stroke-width": dashed ? 1.6 : 1, "stroke-dasharray": dashed ? "3 2" : "" }),
    letter ? icon(letter, size * 0.17, size * 0.17, size * 0.66) : null);
}

function hat(x, y, color, scale = 1, title = null) {
  return s("g", { class: "cosca-hat", transform: `translate(${x},${y}) scale(${scale})` },
    title ? s("title", {}, title) : null,
    s("path", { d: "M-7 1 L-5.5 -8 Q0 -10.5 5.5 -8 L7 1 Z", fill: color, stroke: "#111", "stroke-width": 0.8 }),
    s("rect", { x: -6.6, y: -2.6, width: 13.2, height: 2.4, fill: "#111", opacity: 0.55 }),
    s("ellipse", { cx: 0, cy: 1.2, rx: 11, ry: 2.6, fill: color, stroke: "#111", "stroke-width": 0.8 }));
}

function coin(x, y, r = 8) {
  return s("g", { transform: `translate(${x},${y})` },
    s("circle", { r, fill: "#e1b53f", stroke: "#7a5a10", "stroke-width": 1.2 }),
    text(0, r * 0.42, "$", { class: "cosca-coin", "text-anchor": "middle", style: `font-size:${r * 1.25}px` }));
}

function weapon(x, y, size = 18) {
  return s("g", { transform: `translate(${x - size / 2},${y - size / 2})` }, icon("G", 0, 0, size, "#c9ccd4"));
}

function diceIcon(x, y, size = 16) {
  const p = (cx, cy) => s("circle", { cx: cx * size, cy: cy * size, r: size * 0.09, fill: "#222" });
  return s("g", { transform: `translate(${x - size / 2},${y - size / 2})` },
    s("rect", { width: size, height: size, rx: size * 0.2, fill: "#f2f2f2" }), p(0.28, 0.28), p(0.5, 0.5), p(0.72, 0.72));
}

function villaToken(x, y, side, r = 8) {
  if (side === "box") return s("circle", { cx: x, cy: y, r, fill: "none", stroke: "#777", "stroke-dasharray": "2 2" });
  return s("circle", { cx: x, cy: y, r, fill: side === "white" ? "#f4f4f4" : "#111", stroke: "#aaa" });
}

function counts(setting) {
  const c = {};
  for (const ch of setting || "") c[ch] = (c[ch] || 0) + 1;
  return c;
}

function offerValue(offer) {
  const m = /^(\d+)m(\d+)w$/.exec(offer || "");
  return m ? Number(m[1]) + WEAPON_VALUE * Number(m[2]) : null;
}

function wrapWords(name, width = 13) {
  const lines = [];
  for (const word of name.split(" ")) {
    const last = lines[lines.length - 1];
    if (last && (last + " " + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 2);
}

function tile(width, height, cls, ...children) {
  const el = svgRoot(width, height, ...children);
  el.setAttribute("class", `board-svg ${cls}`);
  return el;
}

// -- the city --------------------------------------------------------------------
function cityTile(title, view, ctx, picker, mySeat) {
  const L = letterOf(title);
  const cal = view.calendar;
  const W = 128, H = 156;
  const hint = PLACE_HINT[L] || ["", ""];
  const parts = [
    s("rect", { class: "cosca-place", x: 1, y: 1, width: W - 2, height: H - 2, rx: 9 }),
    s("path", { d: `M1 10 a9 9 0 0 1 9 -9 H${W - 10} a9 9 0 0 1 9 9 V40 H1 Z`, fill: PLACE_COLORS[L] }),
    icon(L, 8, 8, 24),
    text(38, 19, title, { class: "cosca-place-name" }),
    text(38, 33, L, { class: "small", style: "fill:rgba(255,255,255,.75)" }),
    text(8, 56, hint[0], { class: "cosca-hint" }),
    text(8, 69, hint[1], { class: "cosca-hint" }),
  ];
  if (L === "R") {
    parts.push(text(8, 69, cal.race_days.map((d) => DAY_NAMES[d]).join(" "), { class: "cosca-hint" }));
    parts.push(text(W / 2, 83, cal.race_today ? "pays today" : "no race today", { class: cal.race_today ? "cosca-good" : "cosca-bad", "text-anchor": "middle" }));
  }
  // dice at this place: my pick (dice step), my sealed setting, or everyone's after the reveal
  const dice = []; // one seat after the other, in seat colours
  let footnote = null;
  const revealedToday = view.revealed.round === cal.round && view.stage !== "dice";
  if (picker) {
    picker.dice.filter((x) => x === L).forEach(() => dice.push({ seat: mySeat, dashed: true }));
    footnote = picker.dice.length < picker.n ? ["click: add a die", "small cosca-legal"] : null;
  } else if (view.stage === "dice" && view.mine && view.mine.choice) {
    for (let i = 0; i < (counts(view.mine.choice)[L] || 0); i++) dice.push({ seat: mySeat, dashed: true });
    if (dice.length) footnote = ["your sealed dice", "small muted"];
  } else if (revealedToday) {
    view.revealed.dice.forEach((setting, seat) => {
      for (let i = 0; i < (counts(setting)[L] || 0); i++) dice.push({ seat });
    });
  }
  const size = 16, per = 6, most = footnote ? 12 : 18;
  dice.slice(0, most).forEach((d, k) => parts.push(die(8 + (k % per) * (size + 2), 90 + Math.floor(k / per) * (size + 3), size, L, seatColor(d.seat), { dashed: d.dashed, title: d.seat === null ? null : ctx.name(d.seat) })));
  if (dice.length > most) footnote = [`+${dice.length - most} more`, "small muted"];
  if (footnote) parts.push(text(W / 2, H - 9, footnote[0], { class: footnote[1], "text-anchor": "middle" }));
  const el = tile(W, H, `cosca-tile cosca-city place-${L}`, parts);
  el.dataset.place = L;
  el.setAttribute("aria-label", title);
  return el;
}

function calendarStrip(view) {
  const cal = view.calendar;
  const W = 62, H = 78;
  const parts = [];
  cal.days.forEach((day, i) => {
    const x = 4 + i * (W + 4);
    const number = i + 1;
    const now = number === cal.round && view.stage !== "over";
    const past = number < cal.round || view.stage === "over";
    const race = cal.race_days.includes(day);
    parts.push(s("g", { class: `cosca-day${now ? " today" : ""}${past ? " past" : ""}`, transform: `translate(${x},18)` },
      s("rect", { width: W, height: H - 22, rx: 7 }),
      text(W / 2, 19, DAY_NAMES[day], { "text-anchor": "middle", class: "cosca-dayname" }),
      text(W / 2, 36, `day ${number}`, { "text-anchor": "middle", class: "small" }),
      race ? s("g", { transform: `translate(${W / 2 - 7},38)` }, icon("R", 0, 0, 14, now ? "#1b1406" : "#d9a441")) : null,
      past ? s("path", { d: `M6 ${H - 30} L${W - 6} 6`, stroke: "rgba(255,255,255,.25)", "stroke-width": 2 }) : null));
    if (now) parts.push(s("path", { d: `M${x + W / 2 - 7} 4 h14 l-7 10 z`, fill: "var(--legal)" }));
    if (number === cal.rounds) parts.push(text(x + W / 2, H + 12, "last day", { class: "small cosca-bad", "text-anchor": "middle" }));
  });
  return tile(7 * (W + 4) + 4, H + 18, "cosca-calendar", parts);
}

// -- a mobster card -------------------------------------------------------------------
function mobsterTile(mob, view, ctx, invite) {
  const W = 144;
  const today = view.calendar.day;
  const fighting = view.decision && view.decision.stage === "fight" && view.decision.pos === mob.pos;
  const parts = [
    s("rect", { class: `cosca-mob-card${mob.works_today ? " works" : ""}${fighting ? " fighting" : ""}`, x: 2, y: 2, width: W - 4, height: 166, rx: 9 }),
    s("circle", { cx: 18, cy: 18, r: 11, fill: "#3b2a1a" }),
    text(18, 22.5, String(mob.pos), { "text-anchor": "middle", style: "font-weight:700;font-size:12px" }),
  ];
  wrapWords(mob.name, 14).forEach((line, k) => parts.push(text(34, 19 + k * 15, line, { class: "cosca-ink cosca-mob-name" })));
  // ✱: a part of this card is our own design, not printed in the rulebook
  const madeUp = (mob.reconstructed || []).map((field) => FIELD_WORDS[field] || field);
  if (madeUp.length) parts.push(s("g", { class: "cosca-reconstructed" }, s("title", {}, `reconstructed: ${madeUp.join(", ")}`), text(W - 10, 112, "✱", { "text-anchor": "end", class: "cosca-ink" })));
  // the condition
  const special = SPECIAL[mob.condition];
  parts.push(text(10, 56, special ? "loyal to whoever has" : "loyal to whoever shows", { class: "cosca-ink-muted" }));
  if (special) {
    parts.push(text(10, 74, special[0], { class: "cosca-ink cosca-cond" }), text(10, 89, special[1], { class: "cosca-ink cosca-cond" }));
  } else {
    [...mob.condition].forEach((L, k) => parts.push(s("g", { transform: `translate(${10 + k * 29},63)` },
      s("title", {}, view.city.find((c) => letterOf(c) === L) || L),
      s("rect", { width: 26, height: 26, rx: 5, fill: PLACE_COLORS[L] || "#555" }), icon(L, 4, 4, 18))));
  }
  // working days, Mon..Sun
  parts.push(text(10, 112, mob.works_today ? "works today: +1 die" : "not working today", { class: mob.works_today ? "cosca-ink cosca-works" : "cosca-ink-muted" }));
  WEEK.forEach((day, k) => {
    const on = mob.days.includes(day);
    parts.push(s("g", { transform: `translate(${9 + k * 18},118)` },
      s("rect", { width: 16, height: 19, rx: 3, fill: on ? "#3b2a1a" : "none", stroke: day === today ? "#c0392b" : "#b9ab8c", "stroke-width": day === today ? 2 : 1 }),
      text(8, 14, DAY_NAMES[day][0], { "text-anchor": "middle", style: `font-size:10.5px;fill:${on ? "#f4ecd8" : "#b9ab8c"}` })));
  });
  // loyalty band (a drink can only stand on a loyal mobster)
  if (mob.loyal !== null) {
    parts.push(s("g", {}, s("title", {}, `loyal to ${ctx.name(mob.loyal)}`),
      s("path", { d: `M2 144 H${W - 2} V159 a9 9 0 0 1 -9 9 H11 a9 9 0 0 1 -9 -9 Z`, fill: seatColor(mob.loyal) }),
      hat(17, 160, seatColor(mob.loyal), 0.95),
      text(32, 161, mob.loyal === ctx.seat ? "you" : shortName(ctx, mob.loyal, mob.drink || invite ? 8 : 13), { class: "cosca-owner" })));
    if (mob.drink) parts.push(s("g", {}, s("title", {}, "a drink: its owner may fight for it without meeting the condition"), coin(W - 48, 156, 7.5), text(W - 38, 160, "drink", { class: "cosca-owner", style: "font-size:10.5px" })));
  } else {
    parts.push(text(10, 161, "loyal to nobody", { class: "cosca-ink-muted" }));
  }
  if (invite) parts.push(invite);
  // hats waiting under the card
  let H = 172;
  if (mob.hats_under.length) {
    parts.push(text(6, H + 17, "claims:", { class: "small muted" }));
    mob.hats_under.forEach((seat, k) => parts.push(hat(64 + k * 22, H + 16, seatColor(seat), 0.95, `${ctx.name(seat)} claims`)));
    H += 26;
  }
  if (fighting) {
    parts.push(text(W / 2, H + 14, "FIGHT NOW", { class: "cosca-bad", "text-anchor": "middle", style: "font-weight:800" }));
    H += 22;
  }
  const el = tile(W, H, "cosca-tile cosca-mob", parts);
  el.dataset.pos = String(mob.pos);
  return el;
}

// A sealed choice of this seat in words (it is no longer among the legal moves).
function sealedWords(a) {
  const offer = /^(\d+)m(\d+)w$/.exec(a);
  if (offer) return `${offer[1]} money + ${offer[2]} weapon${offer[2] === "1" ? "" : "s"} (value ${offerValue(a)})`;
  const gun = /^gun(\d+)$/.exec(a);
  if (gun) return gun[1] === "0" ? "no exchange" : `exchange ${gun[1]} money for ${gun[1]} weapon${gun[1] === "1" ? "" : "s"}`;
  if (a === "villa") return "ask the Don for a die";
  if (a === "novilla") return "do not ask the Don";
  if (a.startsWith("club")) return a === "club-" ? "no drinks" : "drinks for the mobsters you picked";
  return a;
}

function shortName(ctx, seat, most = 12) {
  return clip(ctx.name(seat), most);
}

// Every seat has its own name (the server gives unnamed seats default names).
function seatTag(ctx, seat, most = 17) {
  return clip(ctx.name(seat), most);
}

function clip(name, most) {
  return name.length > most ? `${name.slice(0, most - 1)}…` : name;
}

// -- players ----------------------------------------------------------------------------
function playerTile(p, view, ctx) {
  const W = 260, H = 136;
  const d = view.decision;
  const seat = p.seat;
  const asked = d && d.seats.includes(seat);
  const done = asked && d.committed.includes(seat);
  const winner = view.result && view.result.winners.includes(seat);
  const parts = [
    s("rect", { class: `cosca-mat${seat === ctx.seat ? " me" : ""}`, x: 1, y: 1, width: W - 2, height: H - 2, rx: 9 }),
    s("rect", { x: 1, y: 1, width: 8, height: H - 2, rx: 4, fill: seatColor(seat) }),
    hat(28, 24, seatColor(seat), 1.2),
    text(46, 24, seatTag(ctx, seat), { class: "cosca-player-name" }),
  ];
  let status = "";
  if (view.stage === "over") status = winner ? "★ winner" : "";
  else if (done) status = "✓ decided";
  else if (asked) status = "deciding…";
  parts.push(text(W - 10, 24, status, { class: done || winner ? "cosca-good small" : asked ? "cosca-legal small" : "small muted", "text-anchor": "end" }));
  // holdings
  parts.push(coin(26, 52), text(40, 58, String(p.money), { class: "cosca-num" }));
  parts.push(weapon(84, 52), text(97, 58, String(p.weapons), { class: "cosca-num" }));
  parts.push(diceIcon(144, 52), text(157, 58, String(p.dice), { class: "cosca-num" }));
  parts.push(hat(200, 57, seatColor(seat), 0.9), text(214, 58, String(p.mobsters), { class: "cosca-num" }));
  parts.push(text(30, 76, "money", { class: "cosca-label", "text-anchor": "middle" }), text(90, 76, "weapons", { class: "cosca-label", "text-anchor": "middle" }),
    text(150, 76, "dice", { class: "cosca-label", "text-anchor": "middle" }), text(207, 76, "loyal", { class: "cosca-label", "text-anchor": "middle" }));
  parts.push(text(16, 99, `${p.hats_free} hats left`, { class: "small" }));
  const v = p.villa;
  const villaText = v.token === "box" ? "villa token used up" : `villa token ${v.token}${v.die ? ", +1 die waiting" : ""}`;
  parts.push(villaToken(104, 95, v.token, 7), text(116, 99, villaText, { class: "small" }));
  parts.push(s("title", {}, `${ctx.name(seat)}: ${p.money} money, ${p.weapons} weapons, ${p.dice} dice, ${p.mobsters} loyal mobsters, ${p.hats_free} hats free, villa token ${v.token}${v.die ? " with a die for tomorrow" : ""}, ${v.asks_left} asks left`));
  // the dice shown at the last reveal
  const shown = view.revealed.dice[seat];
  if (shown) {
    const stale = view.revealed.round !== view.calendar.round || view.stage === "dice";
    parts.push(text(16, 124, stale ? `day ${view.revealed.round}:` : "dice:", { class: "small muted" }));
    [...shown].forEach((L, k) => parts.push(die(66 + k * 19, 110, 17, L, seatColor(seat))));
  } else if (asked && view.stage === "dice") {
    parts.push(text(16, 124, done ? "dice set, hidden until all have" : "setting dice…", { class: "small muted" }));
  }
  const el = tile(W, H, "cosca-tile cosca-player", parts);
  el.dataset.seat = String(seat);
  return el;
}

// -- fights ------------------------------------------------------------------------------
function fightsPanel(view, ctx) {
  const items = [];
  const d = view.decision;
  if (d && d.stage === "fight") {
    items.push(h("li", { class: "cosca-fight-now" },
      h("strong", {}, `Fight for ${d.mobster} (#${d.pos}): `),
      d.fighters.map((seat, k) => [k ? ", " : "", swatch(seat), ctx.name(seat), d.committed.includes(seat) ? " ✓" : " …"]),
      h("span", { class: "muted" }, " — offers stay sealed until every fighter has decided")));
  }
  for (const f of view.fights) {
    const entries = Object.entries(f.offers);
    items.push(h("li", {},
      h("strong", {}, `${f.mobster}: `),
      entries.map(([seat, offer], k) => [k ? ", " : "", swatch(Number(seat)), `${shortName(ctx, Number(seat))} ${offer} (${offerValue(offer)})`]),
      " → ",
      f.winner !== null ? h("span", { class: "cosca-win" }, `${shortName(ctx, f.winner)} wins`) : h("span", { class: "cosca-tie" }, `tie: ${(f.tied || []).map((x) => shortName(ctx, x)).join(" and ")} fight again tomorrow`)));
  }
  if (!items.length) return null;
  return h("div", { class: "cosca-fights" }, h("h4", {}, "Fights today"), h("ul", {}, items));
}

function swatch(seat) {
  return h("span", { class: "cosca-swatch", style: `background:${seatColor(seat)}` });
}

function dieChip(letter) {
  return h("span", { class: "cosca-l", style: `background:${PLACE_COLORS[letter] || "#555"}` }, letter);
}

function dieFace(letter, title) {
  const face = s("svg", { viewBox: "0 0 24 24", class: "cosca-face", style: `background:${PLACE_COLORS[letter] || "#555"}`, role: "img", "aria-label": title }, icon(letter, 3, 3, 18));
  return face;
}

// -- the decision panel: pickers and the buttons that play --------------------------------
function actionPanel(view, ctx, picker, refreshers) {
  const d = view.decision;
  const legal = ctx.legal || [];
  if (!d || ctx.seat === null || ctx.seat === undefined) return null;
  const stage = d.stage;
  const mine = view.mine && view.mine.choice;
  if (!legal.length) {
    if (!d.seats.includes(ctx.seat)) return h("div", { class: "cosca-action muted" }, "Nothing for you to decide in this step.");
    if (mine) {
      return h("div", { class: "cosca-action" }, "Your sealed choice: ",
        stage === "dice" ? h("span", { class: "cosca-dice-chips" }, [...mine].map(dieChip)) : h("strong", {}, sealedWords(mine)),
        h("span", { class: "muted" }, " — waiting for the others."));
    }
    return null;
  }
  const byNotation = new Map(legal.map((m) => [m.a, m]));
  // the server's words for a move (the game's narration); `fallback` until a game has words
  const wordsOf = (a, fallback) => { const m = byNotation.get(a); return m && m.label !== m.a ? m.label : fallback; };
  const pool = h("div", { class: "cosca-pool", hidden: true });
  const made = new Map();
  const chip = (a, label, cls = "") => {
    const el = h("button", { type: "button", class: `cosca-chip ${cls}`, "data-token": a, title: (byNotation.get(a) || {}).label || label }, label);
    made.set(a, el);
    pool.append(el);
    return el;
  };
  const panel = h("div", { class: `cosca-action stage-${stage}`, id: "cosca-action" });
  const holder = h("div", {});
  panel.append(holder, pool);

  if (stage === "dice") {
    const n = legal[0].a.length;
    picker.n = n;
    const order = view.city.map(letterOf);
    const titleOf = (L) => view.city.find((c) => letterOf(c) === L) || L;
    const canonical = (dice) => [...dice].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join("");
    for (const m of legal) chip(m.a, m.a); // dressed with coloured dice once shown
    const slots = h("div", { class: "cosca-slots" });
    const list = h("div", { class: "cosca-chip-list", id: "cosca-dice-list" });
    const msg = h("div", { class: "small muted" });
    const confirm = h("div", { class: "cosca-confirm" });
    holder.append(
      h("div", { class: "cosca-picker-head" }, h("strong", {}, `Set your ${n} dice`), h("span", { class: "muted small" }, " — click places in the city above to put dice there; click a die here to take it back.")),
      slots, confirm,
      h("details", { class: "cosca-all", open: n <= 3 }, h("summary", {}, "…or pick a whole setting"), msg, list),
    );
    refreshers.push(() => {
      const pick = canonical(picker.dice);
      put(slots,
        ...picker.dice.map((L, k) => h("button", { type: "button", class: "cosca-slot", title: `take back this ${titleOf(L)} die`, "data-slot": String(k), onclick: () => { picker.dice.splice(k, 1); refreshers.run(); } }, dieFace(L, titleOf(L)))),
        ...Array.from({ length: n - picker.dice.length }, () => h("span", { class: "cosca-slot empty" })),
        h("span", { class: "small" }, picker.dice.length < n ? ` ${n - picker.dice.length} left to place` : " all placed"),
        picker.dice.length ? h("button", { type: "button", class: "link small", onclick: () => { picker.dice = []; refreshers.run(); } }, "clear") : null,
      );
      // the settings that contain the dice picked so far
      const want = counts(pick);
      const fits = legal.filter((m) => {
        const c = counts(m.a);
        return Object.entries(want).every(([L, k]) => (c[L] || 0) >= k);
      });
      if (picker.dice.length === n && byNotation.has(pick)) {
        const go = made.get(pick);
        go.classList.add("go");
        confirm.replaceChildren(h("span", {}, "Ready: "), go, h("span", { class: "small muted" }, " (sealed until everyone has set theirs)"));
      } else {
        confirm.replaceChildren();
      }
      const shown = fits.filter((m) => m.a !== pick || picker.dice.length < n).slice(0, MAX_CHIPS);
      const dress = (el, a) => {
        if (!el.dataset.dressed) el.replaceChildren(...[...a].map(dieChip));
        el.dataset.dressed = "1";
        return el;
      };
      if (picker.dice.length === n && byNotation.has(pick)) dress(made.get(pick), pick);
      list.replaceChildren(...shown.map((m) => { const el = dress(made.get(m.a), m.a); el.classList.remove("go"); return el; }));
      msg.textContent = picker.dice.length === n ? "" : fits.length > shown.length ? `${fits.length} settings fit, ${shown.length} shown: place more dice to narrow them down.` : `${fits.length} setting${fits.length === 1 ? "" : "s"} fit.`;
    });
  } else if (stage === "fight") {
    const offers = legal.map((m) => m.a);
    let maxM = 0, maxW = 0;
    for (const a of offers) {
      const m = /^(\d+)m(\d+)w$/.exec(a);
      if (m) { maxM = Math.max(maxM, Number(m[1])); maxW = Math.max(maxW, Number(m[2])); }
    }
    for (const a of offers) chip(a, wordsOf(a, `Offer: value ${offerValue(a)}`));
    picker.money = Math.min(picker.money, maxM);
    picker.weapons = Math.min(picker.weapons, maxW);
    const out = h("span", { class: "cosca-offer-total" });
    const confirm = h("div", { class: "cosca-confirm" });
    const stepper = (label, key, max, id) => {
      const value = h("span", { class: "cosca-step-value", id: `cosca-${id}` });
      const minus = h("button", { type: "button", class: "cosca-step", "aria-label": `less ${label}`, "data-step": `${id}-`, onclick: () => { picker[key] = Math.max(0, picker[key] - 1); refreshers.run(); } }, "−");
      const plus = h("button", { type: "button", class: "cosca-step", "aria-label": `more ${label}`, "data-step": `${id}+`, onclick: () => { picker[key] = Math.min(max, picker[key] + 1); refreshers.run(); } }, "+");
      refreshers.push(() => {
        value.textContent = String(picker[key]);
        minus.disabled = picker[key] <= 0;
        plus.disabled = picker[key] >= max;
      });
      return h("div", { class: "cosca-stepper" }, h("span", { class: "cosca-step-label" }, label), minus, value, plus, h("span", { class: "small muted" }, ` of ${max}`));
    };
    holder.append(
      h("div", { class: "cosca-picker-head" }, h("strong", {}, `Your offer for ${d.mobster}`), h("span", { class: "muted small" }, ` — value = money + ${WEAPON_VALUE} × weapons; every fighter loses what he offers.`)),
      h("div", { class: "cosca-steppers" }, stepper("money", "money", maxM, "money"), stepper("weapons", "weapons", maxW, "weapons"), out),
      confirm,
    );
    refreshers.push(() => {
      const a = `${picker.money}m${picker.weapons}w`;
      out.textContent = `value ${offerValue(a)}`;
      const go = made.get(a);
      if (go) {
        go.classList.add("go");
        confirm.replaceChildren(go);
      } else {
        confirm.replaceChildren(h("span", { class: "error" }, `${picker.money} money and ${picker.weapons} weapons is more than you hold`));
      }
    });
  } else if (stage === "club") {
    // club notations with several positions are two tokens (club2,5): played through the move list
    const eligible = new Set();
    let most = 0;
    for (const m of legal) {
      const body = m.a.slice(4);
      const positions = body === "-" ? [] : body.split(",").map(Number);
      positions.forEach((p) => eligible.add(p));
      most = Math.max(most, positions.length);
    }
    for (const p of [...picker.club]) if (!eligible.has(p)) picker.club.delete(p);
    const confirm = h("div", { class: "cosca-confirm" });
    holder.append(
      h("div", { class: "cosca-picker-head" }, h("strong", {}, `Buy drinks (up to ${most}, one money each)`), h("span", { class: "muted small" }, " — click your mobsters marked “invite?” in the row below.")),
      confirm);
    picker.eligible = eligible;
    picker.most = most;
    refreshers.push(() => {
      const chosen = [...picker.club].sort((a, b) => a - b);
      const a = chosen.length ? `club${chosen.join(",")}` : "club-";
      const ok = byNotation.has(a);
      const label = ok ? byNotation.get(a).label : chosen.length ? "Buy drinks for the mobsters you picked" : "No drinks today";
      confirm.replaceChildren(h("button", { type: "button", class: "cosca-chip go", "data-club": a, disabled: !ok, onclick: () => playFromList(a) }, label),
        ...(ok ? [] : [h("span", { class: "error small" }, ` at most ${most}`)]));
    });
  } else {
    const row = h("div", { class: "cosca-chip-list" });
    for (const m of legal) row.append(chip(m.a, m.label));
    holder.append(h("div", { class: "cosca-picker-head" }, h("strong", {}, STAGE_TEXT[stage] || stage)), row);
  }
  // after table.js has decorated every pool button, keep only what the picker points at
  queueMicrotask(() => pool.remove());
  return panel;
}

function playFromList(a) {
  const button = [...document.querySelectorAll("#moves button[data-action]")].find((b) => b.dataset.action === a);
  if (button) button.click();
  else {
    const note = document.getElementById("note");
    if (note) note.textContent = `${a}: pick it from the list of legal moves below`;
  }
}

// -- the whole board ---------------------------------------------------------------------------
export function render(view, ctx) {
  const d = view.decision;
  const cal = view.calendar;
  const stage = d ? d.stage : "over";
  const key = `${ctx.table ? ctx.table.id : ""}|${ctx.seat}|${cal.round}|${stage}|${d && d.pos ? d.pos : ""}`;
  const legal = ctx.legal || [];
  const picker = pickerFor(key);
  const refreshers = [];
  refreshers.run = () => refreshers.forEach((f) => f());
  const picking = stage === "dice" && legal.length > 0;
  if (picking) picker.n = legal[0].a.length;

  // banner: day, step, who has decided
  const banner = h("div", { class: "cosca-banner" },
    h("span", { class: "cosca-day-title" }, view.stage === "over" ? "The week is over" : `Day ${cal.round} of ${cal.rounds} · ${DAY_NAMES[cal.day]}`),
    d ? h("span", {}, ` — ${STAGE_TEXT[stage] || stage}${stage === "fight" ? ` for ${d.mobster}` : ""}. `) : null,
    d ? h("span", { class: "cosca-committed" }, d.seats.map((seat) => h("span", { class: d.committed.includes(seat) ? "done" : "wait", title: d.committed.includes(seat) ? "has decided (sealed)" : "still deciding" }, swatch(seat), `${seatTag(ctx, seat)} ${d.committed.includes(seat) ? "✓" : "…"}`))) : null);

  // the city, with the calendar
  const cityTiles = view.city.map((title) => cityTile(title, view, ctx, picking ? picker : null, ctx.seat));
  const city = h("div", { class: "cosca-city-row" }, cityTiles);
  if (picking) {
    cityTiles.forEach((el) => {
      el.classList.add("cosca-pickable");
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", "0");
      const add = () => {
        const note = document.getElementById("note");
        if (picker.dice.length >= picker.n) {
          if (note) { note.textContent = `All ${picker.n} dice are placed: take one back first.`; note.className = "note error"; }
          return;
        }
        if (note) note.textContent = "";
        picker.dice.push(el.dataset.place);
        refreshers.run();
      };
      el.addEventListener("click", add);
      el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); add(); } });
    });
    refreshers.push(() => cityTiles.forEach((el, i) => swapTile(el, cityTile(view.city[i], view, ctx, picker, ctx.seat))));
  }

  const action = actionPanel(view, ctx, picker, refreshers);

  // the mobster row, left to right
  const clubbing = stage === "club" && legal.length > 0 && picker.eligible;
  const row = h("div", { class: "cosca-row" }, view.row.map((mob) => {
    if (!clubbing || !picker.eligible.has(mob.pos)) return mobsterTile(mob, view, ctx, null);
    const mark = s("g", { class: "cosca-invite" });
    const el = mobsterTile(mob, view, ctx, mark);
    el.classList.add("cosca-pickable");
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    const paint = () => {
      const on = picker.club.has(mob.pos);
      mark.replaceChildren(s("rect", { x: 80, y: 145.5, width: 60, height: 21, rx: 10.5, class: on ? "on" : "" }), text(110, 160.5, on ? "✓ drink" : "invite?", { "text-anchor": "middle" }));
    };
    refreshers.push(paint);
    el.addEventListener("click", () => {
      if (picker.club.has(mob.pos)) picker.club.delete(mob.pos);
      else picker.club.add(mob.pos);
      refreshers.run();
    });
    return el;
  }));

  const players = h("div", { class: "cosca-players" }, view.table.map((p) => playerTile(p, view, ctx)));
  const sup = view.supply;
  const footer = h("p", { class: "cosca-supply small muted" },
    `Mobster deck: ${view.deck_left} face down. `,
    sup.limited ? `Supply: ${sup.money} money, ${sup.weapons} weapons, ${sup.dice} dice.` : "Unlimited supply.");
  const made = view.reconstructed || [];
  const provenance = made.length ? h("p", { class: "cosca-provenance small muted" }, `✱ Card data: ${made.join(", ")} (${RECONSTRUCTED})`) : null;

  const board = h("div", { class: "cosca" },
    banner,
    h("div", { class: "cosca-section" }, h("h4", {}, "The city"), city),
    action,
    h("div", { class: "cosca-section" }, h("h4", {}, "The week"), calendarStrip(view)),
    h("div", { class: "cosca-section" }, h("h4", {}, "The mobsters below the city, left to right"), row),
    fightsPanel(view, ctx),
    h("div", { class: "cosca-section" }, h("h4", {}, "Players"), players),
    footer,
    provenance);
  refreshers.run();
  return board;
}

// replaceChildren without the empty parts
function put(el, ...kids) {
  el.replaceChildren(...kids.filter((k) => k !== null && k !== undefined && k !== false));
}

// Re-drawing a city tile keeps its listeners: move the new content into the old element.
function swapTile(old, fresh) {
  old.replaceChildren(...fresh.childNodes);
  return old;
}
