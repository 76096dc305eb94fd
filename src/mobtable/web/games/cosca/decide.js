// This seat's decision, staged until confirmed: dice placed die by die on the city
// (taken back by tapping them here) and sealed with Ready; a fight offer set with +/-
// steppers; drinks picked on the mobster cards; the Gun Shop and the Villa as buttons in
// the game's words. Moves are built here and sent with ctx.act; the player only ever
// reads places, names and numbers.
import { h } from "../../dom.js";
import { remember } from "./focus.js";
import { WEAPON_VALUE, dieFace, letterOf } from "./pieces.js";
import { faces, stock } from "./players.js";

// The staged choice survives redraws (other seats committing) while the decision is the same.
const memo = { key: null, dice: [], money: 0, weapons: 0, club: new Set() };
export function pickerFor(key) {
  if (memo.key !== key) Object.assign(memo, { key, dice: [], money: 0, weapons: 0, club: new Set() });
  return memo;
}

function diceNotation(dice, city) {
  return [...dice].sort((a, b) => a - b).map((i) => letterOf(city[i])).join("");
}

function parseOffer(a) {
  const m = /^(\d+)m(\d+)w$/.exec(a || "");
  return m ? { money: Number(m[1]), weapons: Number(m[2]) } : null;
}

function offerValue(offer) {
  return offer.money + WEAPON_VALUE * offer.weapons;
}

// The club's choices: positions a drink may go to, and how many at most.
export function clubChoices(legal) {
  const eligible = new Set();
  let most = 0;
  for (const m of legal) {
    if (!m.a.startsWith("club")) continue;
    const body = m.a.slice(4);
    const positions = body === "-" ? [] : body.split(",").map(Number);
    positions.forEach((p) => eligible.add(p));
    most = Math.max(most, positions.length);
  }
  return { eligible, most };
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function button(label, attrs, onclick) {
  return h("button", { type: "button", "data-legal": attrs.disabled ? null : "1", ...attrs, onclick }, label);
}

function head(title, help) {
  return h("div", { class: "cosca-picker-head" }, h("strong", {}, title), help ? h("span", { class: "small muted" }, ` ${help}`) : null);
}

function dicePicker(view, ctx, picker, byNotation) {
  const n = picker.n;
  const left = n - picker.dice.length;
  const a = diceNotation(picker.dice, view.city);
  const ready = left === 0 && byNotation.has(a);
  return [
    head(`Send your ${plural(n, "die", "dice")}`, "— tap places in the city; tap a die here to take it back."),
    h("div", { class: "cosca-slots" },
      picker.dice.map((i, k) => button(dieFace(i, view.city[i]), { class: "cosca-slot", "data-slot": String(k), "aria-label": `take back the ${view.city[i]} die` }, () => { picker.dice.splice(k, 1); ctx.redraw(); })),
      Array.from({ length: left }, () => h("span", { class: "cosca-slot empty", "aria-hidden": "true" })),
      picker.dice.length ? button("Clear", { class: "secondary cosca-clear", "aria-label": "take back every die" }, () => { picker.dice = []; ctx.redraw(); }) : null),
    button(ready ? `Ready: ${byNotation.get(a).label}` : `Ready (${plural(left, "die", "dice")} to place)`, { class: "cosca-go", "data-role": "confirm", "data-a": ready ? a : null, disabled: !ready, "aria-label": ready ? `Ready: ${byNotation.get(a).label}` : "Ready" }, () => ctx.act(a)),
  ];
}

function stepper(label, key, max, picker, ctx) {
  const change = (delta) => {
    picker[key] = Math.max(0, Math.min(max, picker[key] + delta));
    remember(`[data-step="${key}${delta > 0 ? "+" : "-"}"]`);
    ctx.redraw();
  };
  return h("div", { class: "cosca-stepper" },
    h("span", { class: "cosca-step-label" }, label),
    button("−", { class: "cosca-step", "data-step": `${key}-`, "aria-label": `less ${label}`, disabled: picker[key] <= 0 }, () => change(-1)),
    h("span", { class: "cosca-step-value", "data-value": key }, String(picker[key])),
    button("+", { class: "cosca-step", "data-step": `${key}+`, "aria-label": `more ${label}`, disabled: picker[key] >= max }, () => change(1)),
    h("span", { class: "small muted" }, `of ${max}`));
}

function offerPicker(view, ctx, picker, legal, byNotation) {
  const offers = legal.map((m) => parseOffer(m.a)).filter(Boolean);
  const maxM = Math.max(0, ...offers.map((o) => o.money));
  const maxW = Math.max(0, ...offers.map((o) => o.weapons));
  picker.money = Math.min(picker.money, maxM);
  picker.weapons = Math.min(picker.weapons, maxW);
  const a = `${picker.money}m${picker.weapons}w`;
  const ok = byNotation.has(a);
  const rivals = view.decision.fighters.filter((seat) => seat !== ctx.seat).map((seat) => {
    const p = view.table[seat];
    return `${ctx.name(seat)} (${p.money} money, ${plural(p.weapons, "weapon", "weapons")}: up to value ${offerValue(p)})`;
  });
  return [
    head(`Your sealed offer for ${view.decision.mobster}`, `— value = money + ${WEAPON_VALUE} × weapons; every fighter loses what he offers.`),
    h("p", { class: "small cosca-rivals" }, `Against ${rivals.join(" and ")}`),
    h("div", { class: "cosca-steppers" }, stepper("money", "money", maxM, picker, ctx), stepper("weapons", "weapons", maxW, picker, ctx)),
    button(ok ? byNotation.get(a).label : "Offer", { class: "cosca-go", "data-role": "confirm", "data-a": ok ? a : null, disabled: !ok }, () => ctx.act(a)),
  ];
}

function clubPicker(view, ctx, picker, legal, byNotation) {
  const { eligible, most } = clubChoices(legal);
  for (const p of [...picker.club]) if (!eligible.has(p)) picker.club.delete(p);
  const chosen = [...picker.club].sort((x, y) => x - y);
  const a = chosen.length ? `club${chosen.join(",")}` : "club-";
  const ok = byNotation.has(a);
  return [
    head(`Drinks: up to ${most}, 1 money each`, "— tap your mobsters marked “drink?” in the row."),
    ok ? null : h("p", { class: "error small" }, `At most ${most}: tap one to take it back.`),
    button(ok ? byNotation.get(a).label : "Buy these drinks", { class: "cosca-go", "data-role": "confirm", "data-a": ok ? a : null, disabled: !ok }, () => ctx.act(a)),
  ];
}

// The panel: what this seat holds (the hand), then its decision.
export function decisionPanel(view, ctx, picker) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const d = view.decision;
  const legal = ctx.legal || [];
  const me = view.table[ctx.seat];
  const hand = h("div", { class: "cosca-hand", "data-role": "hand", "aria-label": "what you hold" }, h("span", { class: "muted small" }, "You hold "), stock(me, { withLabels: true }));
  const panel = h("section", { class: `cosca-decide stage-${d ? d.stage : "over"}`, id: "cosca-action", "aria-label": "your decision" }, hand);
  if (!d) return panel;
  const byNotation = new Map(legal.map((m) => [m.a, m]));
  const mine = view.mine && view.mine.choice;
  if (!legal.length) {
    panel.classList.add("idle");
    if (mine && d.stage === "dice") panel.append(h("p", {}, "Your dice ", h("span", { class: "cosca-faces" }, faces(mine, view.city)), h("span", { class: "muted" }, " — sealed until everyone has set theirs.")));
    else if (mine) panel.append(h("p", {}, "Your choice is sealed", h("span", { class: "muted" }, " — waiting for the others.")));
    else if (!d.seats.includes(ctx.seat)) panel.append(h("p", { class: "muted" }, "Nothing for you to decide in this step."));
    return panel;
  }
  if (d.stage === "dice") {
    picker.n = legal[0].a.length;
    panel.append(...dicePicker(view, ctx, picker, byNotation));
  } else if (d.stage === "fight") {
    panel.append(...offerPicker(view, ctx, picker, legal, byNotation).filter(Boolean));
  } else if (d.stage === "club") {
    panel.append(...clubPicker(view, ctx, picker, legal, byNotation).filter(Boolean));
  } else {
    const title = d.stage === "gun" ? "Gun Shop: change money into weapons?" : "Villa: ask the Don for a die tomorrow?";
    panel.append(head(title, ""), h("div", { class: "cosca-chips" }, legal.map((m) => button(m.label, { class: "cosca-chip", "data-a": m.a }, () => ctx.act(m.a)))));
  }
  return panel;
}
