// A Gangsta card as people read it: the mafia's name, colour and symbol, the number and the
// power ("strong"/"weak"), and "trump" on the trump mafia's cards. The code (Y6W) is notation
// and is never shown.
import { h } from "../../dom.js";

const COLORS = ["#d8a928", "#3f9d5b", "#c8453c", "#3d6fc4", "#9b59b6", "#e67e22", "#16a2a2", "#8a8a8a"];
const SYMBOLS = ["●", "◆", "▲", "■", "✚", "⬟", "✦", "⬢"];

export function parse(code) {
  const m = /^([A-Z])(\d+)([SW])$/.exec(code || "");
  return m ? { letter: m[1], value: Number(m[2]), strong: m[3] === "S" } : { letter: "", value: 0, strong: false };
}

// "Bratva (Russian)" reads "Bratva" on a card (as naming.mafia_word does).
export function shortName(name) {
  return (name || "").replace(/\s*\(.*\)\s*$/, "") || name || "";
}

// The mafia of a card code: its name, colour and symbol (by its place in view.mafias).
export function mafia(view, letter) {
  const letters = Object.keys(view.mafias || {});
  const k = Math.max(0, letters.indexOf(letter));
  return { name: shortName(view.mafias[letter]), color: COLORS[k % COLORS.length], symbol: SYMBOLS[k % SYMBOLS.length] };
}

// "Bratva 5 strong" (naming.card_name's words).
export function cardName(view, code) {
  const c = parse(code);
  return `${mafia(view, c.letter).name} ${c.value} ${c.strong ? "strong" : "weak"}`;
}

// One card face. `size` is a CSS class (hand, trick, cell, mini) that sets its dimensions.
export function cardFace(view, code, { size = "hand", trumpTag = true, extra = "" } = {}) {
  const c = parse(code);
  const m = mafia(view, c.letter);
  const trump = c.letter === view.trump_mafia;
  const name = `${cardName(view, code)}${trump ? ", trump" : ""}`;
  return h("div", {
    class: `g-card g-s-${size}${c.strong ? " strong" : ""}${trump ? " trump" : ""}${extra ? ` ${extra}` : ""}`,
    style: `--m:${m.color}`,
    "aria-label": name,
    title: name,
  },
    // a narrow card (a trick's on a phone, the trump's) shows the mafia's symbol in its band
    // instead of its name, and ★ alone for strong: nothing is printed under 11 px
    h("span", { class: "g-band" }, h("span", { class: "g-maf" }, m.name), h("span", { class: "g-band-sym", "aria-hidden": "true" }, m.symbol)),
    h("span", { class: "g-val" }, h("span", { class: "g-sym", "aria-hidden": "true" }, m.symbol), String(c.value)),
    h("span", { class: "g-pow" }, c.strong ? ["★", h("span", { class: "g-pow-word" }, " strong")] : h("span", { class: "g-pow-word" }, "weak")),
    trump && trumpTag ? h("span", { class: "g-trumptag" }, "trump") : null,
  );
}

// A face-down pile: the mafia deck or the police ambush cards.
export function pile(count, label, { kind = "deck", note = null } = {}) {
  const said = `${label}: ${count} left${note ? ` (${note})` : ""}`;
  return h("div", { class: `g-pile g-pile-${kind}`, "aria-label": said, title: said },
    h("span", { class: "g-pile-n" }, String(count)),
    h("span", { class: "g-pile-label" }, label),
    note ? h("span", { class: "g-pile-note", title: note }, "✱") : null);
}
