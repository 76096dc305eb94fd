// Who is away, and what follows from it, told in words: an away player's seat says
// "away" with a countdown to when the others may seat a bot there (the table's
// replace_after), and a player whose seat a bot took is told so plainly, with
// "Take back my seat" in view (the top of the page, not a drawer).
import { h } from "./dom.js";

// When the others may seat a bot for `info`'s player (epoch s); null: not away.
export function awayUntil(table, info) {
  if (info.kind !== "human" || !info.claimed || info.connected || !info.away_since) return null;
  return info.away_since + table.replace_after;
}

// "a bot may take the seat in 0:42", or "… now" once it may.
export function awayText(until) {
  const left = Math.max(0, Math.round(until - Date.now() / 1000));
  if (!left) return "a bot may take the seat now";
  return `a bot may take the seat in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

// The seat list's mark for an away player: the word and the countdown (refreshed by
// the table's tick; `data-due` once the time is up, so the tick redraws only once).
export function awayFlag(until) {
  const due = until <= Date.now() / 1000;
  return h("span", { class: "away" },
    h("span", { class: "away-word" }, "away"), " · ",
    h("span", { class: "away-countdown", "data-away-until": String(until), "data-due": due ? "1" : "0" }, awayText(until)));
}

// A line for the status: the players the table waits for who are away, and for a
// player at the table, "Seat a bot" once the time is up (in view on a phone too).
export function awayLine(table, name, seatBot) {
  const away = table.pending.map((s) => [s, awayUntil(table, table.seats[s])]).filter(([, until]) => until !== null);
  if (!away.length || table.status !== "playing") return null;
  return h("span", { class: "away-line", "data-role": "away" }, away.map(([s, until]) => {
    const due = until <= Date.now() / 1000;
    return h("span", {}, ` ${name(s)} is away: `,
      h("span", { "data-away-until": String(until), "data-due": due ? "1" : "0" }, awayText(until)),
      due && seatBot ? h("button", { class: "small secondary", "data-seat-bot": String(s), onclick: () => seatBot(s) }, `Seat a bot for ${name(s)}`) : ".");
  }));
}

// For a player whose seat a bot plays: what happened, and the button to take it back.
export function seatBanner(table, seat, reclaim) {
  const info = seat === null ? null : table.seats[seat];
  if (!info || info.kind !== "bot" || table.status !== "playing") return null;
  return h("div", { class: "seat-banner", id: "seat-banner", role: "alert", "data-role": "seat-banner" },
    h("span", {}, `While you were away, a bot (${info.bot}) took your seat and is playing for you.`),
    h("button", { id: "take-back", "data-role": "take-back", onclick: reclaim }, "Take back my seat"));
}
