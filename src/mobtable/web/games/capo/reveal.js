// How the last round was resolved: who suspected whom (arrows), each suspected crew shown,
// the Overview card (hat: success, bars: prison), and respect won or lost, in words.
// When the round has just been resolved (`animate`), the arrows draw, the crews turn face up
// one player after another, the verdicts follow and the respect changes pop, paced by the
// board's --capo-k (the player's motion setting).
import { s, svgRoot, text } from "../../dom.js";
import { arrow, back, clip, front, overview, seatDot, title } from "./art.js";
import { starLimit } from "./job.js";

const LANE = 56;
export const ARROWS_MS = 700;
export const FLIP_MS = 450;

function delayed(cls, ms, ...children) {
  return s("g", { class: cls, style: `--d:${Math.round(ms)}ms` }, ...children);
}

// Why the round went as it did for one player, in a few words.
function outcomeWords(last, seat) {
  const total = last.stars[seat];
  if (!last.suspected[seat]) return last.success[seat] ? "not suspected: job done" : "not suspected";
  if (last.success[seat]) return `suspected, ${total}★: job done`;
  return total > last.max_stars ? `suspected: ${total}★ is too many` : "suspected: a symbol missing";
}

function suspicionWords(ctx, last, seat) {
  const target = last.laid[seat];
  if (target == null) return { words: "suspected nobody", cls: "muted" };
  const name = ctx.name(target).replace(" (you)", "");
  if (last.suspicions[seat] == null) return { words: `sat down with ${name}`, cls: "muted" };
  return last.success[target] ? { words: `✘ wrong about ${name}`, cls: "bad" } : { words: `✔ right about ${name}`, cls: "good" };
}

// Wide (a laptop) or narrow (a phone). The panel is drawn at about its width on screen and
// never shrunk to its box's height (it scrolls there), so its text prints at 11 px or more:
// short rows of small cards, the outcome's words beside the name on a laptop (on a phone the
// Overview card and its tooltip say it), the change and the verdict on one line or two.
function geometry(wide) {
  if (wide) return { W: 720, TOP: 26, RH: 46, cx0: LANE + 364, cw: 28, ch: 38, ow: 28, oh: 38, name: [17, 14], change: [34, 0], outcome: [17, 122, 28], verdict: [34, 122, 24] };
  return { W: 380, TOP: 26, RH: 52, cx0: LANE + 156, cw: 28, ch: 38, ow: 28, oh: 38, name: [16, 15], change: [31, 0], outcome: null, verdict: [46, 0, 19] };
}

// `status(seat)`: where that player stands in the step under way ({text, cls, fresh}), shown at
// the right of the row so the reveal still says what everyone is doing now (laptop only).
export function revealPanel(view, ctx, { animate, wide, status = () => null }) {
  const g = geometry(wide);
  const { W, RH, TOP } = g;
  const last = view.last_round;
  const n = view.players;
  const p = [];
  const rowY = (seat) => TOP + seat * RH;
  const extra = last.little_tony_stars ? ` · Little Tony +${last.little_tony_stars}★` : "";
  // the round's number is on the tab above
  p.push(text(12, 17, clip(`${last.assignment_name} · ${starLimit(last.max_stars)}${extra}`, wide ? 54 : 56), { class: "small muted" }));
  // the order things are turned over in: the counter first, then clockwise
  const order = Array.from({ length: n }, (_, k) => (last.counter + k) % n);
  const flipAt = (seat) => ARROWS_MS + order.indexOf(seat) * FLIP_MS;
  const verdictAt = ARROWS_MS + n * FLIP_MS;
  for (let seat = 0; seat < n; seat++) {
    const y = rowY(seat);
    const change = last.change[seat];
    p.push(s("rect", { x: LANE, y: y + 2, width: W - LANE - 6, height: RH - 4, rx: 7, fill: last.success[seat] ? "rgba(0,0,0,.18)" : "rgba(120,30,30,.28)", stroke: "rgba(255,255,255,.12)" }));
    p.push(delayed("capo-pop", flipAt(seat) + FLIP_MS, overview(LANE + 5, y + (RH - g.oh) / 2, last.success[seat], { w: g.ow, h: g.oh, why: outcomeWords(last, seat) })));
    const sus = suspicionWords(ctx, last, seat);
    const signed = change > 0 ? `+${change}` : change < 0 ? `−${-change}` : "±0";
    const changeWords = `${signed} → ${view.respect[seat]} respect`;
    const tx = LANE + g.ow + 12;
    const at = ([dy, dx, chars], words, attrs) => text(tx + dx, y + dy, chars ? clip(words, chars) : words, attrs);
    p.push(s("g", { class: "capo-outcome", "data-seat": String(seat), "data-success": String(last.success[seat]) },
      seatDot(seat, tx + 7, y + g.name[0] - 4, 8),
      text(tx + 19, y + g.name[0], clip(ctx.name(seat), g.name[1]), { style: "font-size:12px;font-weight:700" }),
      delayed("capo-pop", verdictAt, at(g.change, changeWords, { class: `small capo-change ${change > 0 ? "good" : change < 0 ? "bad" : "muted"}`, style: "font-weight:700" })),
      g.outcome ? delayed("capo-fade", flipAt(seat) + FLIP_MS, at(g.outcome, outcomeWords(last, seat), { class: "small" })) : null,
      delayed("capo-fade", verdictAt, at(g.verdict, sus.words, { class: `small ${sus.cls}` }))));
    p.push(cardsOf(view, last, seat, y, { ...g, flipAt: animate ? flipAt(seat) : 0 }));
    const now = wide ? status(seat) : null;
    if (now) p.push(text(W - 14, y + 17, now.text, { "text-anchor": "end", class: `small capo-now ${now.cls}${now.fresh ? " capo-fresh" : ""}` }));
  }
  const foot = [];
  if (last.revealed.some((r) => r && r.length)) foot.push("red border: shown because suspected");
  if (last.laid.some((x, seat) => x != null && last.suspicions[seat] == null)) foot.push("dashed grey: suspicions withdrawn (they sat down)");
  if (last.giulia_shown.length) foot.push(`shown to claim respect: ${last.giulia_shown.map((c) => (view.cards[String(c)] || {}).name || "a card").join(", ")}`);
  foot.forEach((line, k) => p.push(text(LANE, TOP + n * RH + 14 + k * 15, line, { class: "small muted" })));
  p.push(arrows(ctx, last, rowY, g));
  const svg = svgRoot(W, TOP + n * RH + foot.length * 15 + 4, p);
  svg.classList.add("capo-reveal");
  if (animate) svg.classList.add("capo-anim");
  svg.setAttribute("aria-label", `round ${last.round} revealed`);
  return svg;
}

function cardsOf(view, last, seat, y, { W, RH, cx0, cw, ch, flipAt }) {
  const revealed = last.revealed[seat];
  const count = last.played[seat];
  const gap = Math.min(cw + 4, (W - 10 - cx0 - cw) / Math.max(count - 1, 1));
  const cards = [];
  if (revealed) {
    revealed.forEach((id, k) => {
      const up = last.face_up[seat].includes(id);
      const card = front(view, id, 0, 0, { w: cw, h: ch, outline: up ? null : "#e0645a", note: up ? " (turned up)" : " (shown at the reveal)" });
      cards.push(s("g", { transform: `translate(${cx0 + k * gap},${y + (RH - ch) / 2})` }, up ? card : delayed("capo-flip", flipAt + k * 60, card)));
    });
  } else {
    const shown = last.face_up[seat];
    shown.forEach((id, k) => cards.push(front(view, id, cx0 + k * gap, y + (RH - ch) / 2, { w: cw, h: ch })));
    for (let k = shown.length; k < count; k++) cards.push(back(cx0 + k * gap, y + (RH - ch) / 2, { w: cw, h: ch, label: "never shown" }));
  }
  return s("g", { class: "capo-revealed", "data-seat": String(seat) }, cards);
}

// Suspicion arrows in the left margin, drawn first.
function arrows(ctx, last, rowY, { W, RH }) {
  const n = last.laid.length;
  const incoming = Array(n).fill(0);
  const into = Array(n).fill(0);
  last.laid.forEach((t) => { if (t != null) incoming[t] += 1; });
  const out = [];
  last.laid.forEach((target, seat) => {
    if (target == null) return;
    const k = into[target]++;
    const spread = incoming[target] > 1 ? (k - (incoming[target] - 1) / 2) * 9 : 0;
    const withdrawn = last.suspicions[seat] == null;
    const span = Math.abs(target - seat);
    out.push(delayed(withdrawn ? "capo-fade" : "capo-draw", seat * 80, arrow(LANE, rowY(seat) + RH * 0.3, rowY(target) + RH * 0.62 + spread, seat, {
      dashed: withdrawn,
      bend: Math.min(LANE - 6, 14 + span * 9 + seat * 2),
      label: `${ctx.name(seat)} suspected ${ctx.name(target)}${withdrawn ? " (withdrawn: they sat down)" : ""}`,
    })));
  });
  const nobody = last.laid.map((t, seat) => (t == null ? seat : null)).filter((x) => x !== null);
  if (nobody.length && W >= 600) out.push(text(W - 8, 17, clip(`${nobody.map((seat) => ctx.name(seat)).join(", ")} suspected nobody`, 44), { "text-anchor": "end", class: "small muted" }));
  return s("g", {}, title("who suspected whom"), out);
}

// The end: who won, with how much respect, and the tie-break if one decided.
export function winnerLine(view, ctx) {
  const result = view.result || {};
  const winners = result.winners || [];
  const names = winners.map((w) => ctx.name(w));
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0] || "nobody";
  const top = winners.length ? view.respect[winners[0]] : 0;
  const verb = winners.length > 1 ? "share the win" : "wins";
  return `Game over — ${list} ${verb} with ${top} respect${result.tiebreak ? ` (${result.tiebreak})` : ""}`;
}
