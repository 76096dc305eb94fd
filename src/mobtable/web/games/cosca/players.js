// Every player's holdings (public in COSCA), the dice each showed at the last reveal,
// and each seat's last action, highlighted when it is new.
import { h } from "../../dom.js";
import { dieFace, diceByPlace, seatColor, tinyIcon } from "./pieces.js";

// The villa token's side says how often its player may still ask the Don for a die (twice
// a game: black, then white, then back in the box); a die waiting on it is one more used.
const VILLA_ASKS = { black: 2, white: 1, box: 0 };
function villaWords(v) {
  const left = Math.max(0, (VILLA_ASKS[v.token] ?? 0) - (v.die ? 1 : 0));
  return `Villa: ${left ? left : "no"} ask${left === 1 ? "" : "s"} of the Don left`;
}

export function stock(p, { withLabels = false } = {}) {
  const item = (kind, n, word) => h("span", { class: "cosca-stock", title: `${n} ${word}` }, tinyIcon(kind), h("b", {}, String(n)), withLabels ? ` ${word}` : h("span", { class: "sr" }, ` ${word}`));
  return [item("money", p.money, "money"), item("weapons", p.weapons, p.weapons === 1 ? "weapon" : "weapons"), item("dice", p.dice, p.dice === 1 ? "die" : "dice")];
}

// The dice a setting shows, as faces in city order.
export function faces(setting, city) {
  const out = [];
  diceByPlace(setting, city).forEach((n, i) => { for (let k = 0; k < n; k++) out.push(dieFace(i, city[i])); });
  return out;
}

function statusOf(p, view) {
  const d = view.decision;
  if (view.stage === "over") return view.result && view.result.winners.includes(p.seat) ? ["★ winner", "good"] : ["", ""];
  if (!d || !d.seats.includes(p.seat)) return ["", ""];
  return d.committed.includes(p.seat) ? ["✓ decided", "good"] : ["deciding…", "wait"];
}

// `last`: {text, fresh} of this seat's latest action (from the events), or undefined.
export function playerPanel(p, view, ctx, last) {
  const [status, statusCls] = statusOf(p, view);
  const shown = view.revealed.dice[p.seat];
  const stale = view.revealed.round !== view.calendar.round || view.stage === "dice";
  const v = p.villa;
  const el = h("div", { class: `cosca-player${p.seat === ctx.seat ? " me" : ""}`, "data-seat": String(p.seat), style: `--seat:${seatColor(p.seat)}` },
    h("div", { class: "cosca-pl-head" },
      h("span", { class: "cosca-pl-name" }, tinyIcon("hat", seatColor(p.seat)), h("span", { class: "cosca-pl-nm" }, ctx.name(p.seat))),
      h("span", { class: `cosca-pl-status ${statusCls}` }, status)),
    h("div", { class: "cosca-pl-stock" },
      stock(p),
      h("span", { class: "cosca-stock", title: `${p.mobsters} loyal mobsters` }, tinyIcon("hat", seatColor(p.seat)), h("b", {}, String(p.mobsters)), " loyal")),
    h("div", { class: "cosca-pl-more small muted" }, `${p.hats_free} hats left · ${villaWords(v)}${v.die ? " (+1 die tomorrow)" : ""}`),
    shown ? h("div", { class: "cosca-pl-dice small" }, h("span", { class: "muted" }, stale ? `day ${view.revealed.round}: ` : "dice: "), faces(shown, view.city)) : null,
    last ? h("div", { class: `cosca-pl-last small${last.fresh ? " fresh" : ""}` }, last.text) : null);
  el.setAttribute("aria-label", `${ctx.name(p.seat)}: ${p.money} money, ${p.weapons} weapons, ${p.dice} dice, ${p.mobsters} loyal mobsters`);
  return el;
}
