// A player's profile (games played and won per game, rating over time as a small chart,
// recent tables with their replays and "Play again") and each game's leaderboard.
import { api, loadSeat, saveSeat } from "./api.js";
import { h, s } from "./dom.js";
import { profileUrl, signedInAs, useAccountStyles } from "./account.js";
import { ordinal } from "./words.js";

export async function showProfile(root, name) {
  useAccountStyles();
  document.title = `mobtable — ${name}`;
  root.replaceChildren(h("p", { class: "muted" }, "Loading…"));
  let p;
  try {
    p = await api("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    root.replaceChildren(h("p", { class: "error" }, err.message));
    return;
  }
  const me = (await signedInAs()) === p.name;
  document.title = `mobtable — ${p.name}`;
  root.replaceChildren(h("div", { class: "profile", "data-role": "profile" },
    h("h2", {}, p.name, me ? h("span", { class: "muted small" }, " (you) · ", h("a", { href: "/account" }, "account")) : null),
    h("section", { class: "card", "aria-labelledby": "games-title" },
      h("h3", { id: "games-title" }, "Games"),
      p.games.length ? gamesTable(p.games) : h("p", { class: "muted" }, "No finished game yet.")),
    ...p.games.filter((g) => g.history.length).map(ratingCard),
    h("section", { class: "card", "aria-labelledby": "recent-title" },
      h("h3", { id: "recent-title" }, "Recent tables"),
      p.recent.length ? h("ul", { class: "recent", "data-role": "recent" }, p.recent.map((r) => recentRow(r))) : h("p", { class: "muted" }, "None yet.")),
  ));
}

function gamesTable(list) {
  return h("table", { class: "stats", "data-role": "game-stats" },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Played"), h("th", {}, "Won"), h("th", {}, "Rating"))),
    h("tbody", {}, list.map((g) => h("tr", { dataset: { game: g.game } },
      h("td", {}, h("a", { href: `/leaderboard/${g.game}`, title: `${g.title}: the leaderboard` }, g.title)),
      h("td", {}, String(g.played)),
      h("td", {}, String(g.won)),
      h("td", { "data-role": "rating" }, g.rating === null ? "not rated yet" : `${fmt(g.rating)} (${g.rated_games} rated)`)))));
}

const fmt = (x) => x.toFixed(1);

// The rating after each rated game, as a line from a newcomer's 0 (an inline SVG, scaled
// to the card's width).
function ratingCard(g) {
  const pts = [0, ...g.history.map((p) => p.rating)];
  const W = 320, H = 120, pad = 28;
  const lo = Math.min(...pts), hi = Math.max(...pts, lo + 1);
  const x = (i) => (pts.length === 1 ? W / 2 : pad + (i * (W - pad - 8)) / (pts.length - 1));
  const y = (v) => 8 + ((hi - v) * (H - 24)) / (hi - lo);
  const last = pts[pts.length - 1];
  return h("section", { class: "card rating-card", "aria-labelledby": `chart-${g.game}` },
    h("h3", { id: `chart-${g.game}` }, `${g.title}: rating over time`),
    s("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "data-role": "rating-chart",
      "aria-label": `${g.title} rating from 0 through ${g.history.length} rated games, now ${fmt(last)}` },
      s("line", { x1: pad, y1: y(0), x2: W - 4, y2: y(0), class: "zero" }),
      s("text", { x: 2, y: y(hi) + 4, class: "axis" }, fmt(hi)),
      s("text", { x: 2, y: y(lo) + 4, class: "axis" }, fmt(lo)),
      s("polyline", { points: pts.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }),
      pts.slice(1).map((v, i) => s("circle", { cx: x(i + 1), cy: y(v), r: 3.5, class: "point" },
        s("title", {}, `after rated game ${i + 1}: ${fmt(v)}`))),
      s("text", { x: pad, y: H - 2, class: "axis" }, "start"),
      s("text", { x: W - 4, y: H - 2, class: "axis", "text-anchor": "end" }, `${g.history.length} rated game${g.history.length === 1 ? "" : "s"}`)),
  );
}

function recentRow(r) {
  const place = r.won ? "won" : r.rank ? `${ordinal(r.rank)} of ${r.players}` : "played";
  const mine = loadSeat(r.table); // this browser's seat there, if it kept the token
  const again = h("button", { class: "secondary", "data-role": "play-again", onclick: () => playAgain(r.table, mine, again) }, "Play again");
  return h("li", { class: "recent-row", dataset: { table: r.table } },
    h("div", {}, h("strong", {}, r.title), ` — ${place}`, r.rated ? h("span", { class: "badge rated" }, "rated") : null,
      r.with.length ? h("div", { class: "muted small" }, `with ${r.with.join(", ")}`) : null),
    h("div", { class: "row-actions" },
      h("a", { class: "button secondary", href: `/replay/${r.table}`, "data-role": "replay-link" }, "Replay"),
      mine ? again : null));
}

// "Play again with these players": a rematch of that table (everyone keeps their seat).
async function playAgain(tableId, mine, button) {
  button.disabled = true;
  try {
    const made = await api("POST", `/api/tables/${tableId}/rematch`, { seat: mine.seat, token: mine.token });
    saveSeat(made.id, mine.seat, mine.token);
    location.href = made.url;
  } catch (err) {
    button.disabled = false;
    button.title = err.message;
    button.textContent = `Play again (${err.message})`;
  }
}

export async function showLeaderboard(root, game) {
  useAccountStyles();
  root.replaceChildren(h("p", { class: "muted" }, "Loading…"));
  let board, gameList;
  try {
    [board, gameList] = await Promise.all([api("GET", `/api/leaderboard/${game}`), api("GET", "/api/games")]);
  } catch (err) {
    root.replaceChildren(h("p", { class: "error" }, err.message));
    return;
  }
  document.title = `mobtable — ${board.title}: the leaderboard`;
  root.replaceChildren(h("div", { class: "profile leaderboard", "data-role": "leaderboard" },
    h("h2", {}, `${board.title}: the leaderboard`),
    h("nav", { class: "game-tabs", "aria-label": "games" }, gameList.map((g) =>
      h("a", { href: `/leaderboard/${g.name}`, class: g.name === game ? "button" : "button secondary", "aria-current": g.name === game ? "page" : null }, g.title))),
    h("section", { class: "card" },
      board.players.length
        ? h("table", { class: "stats" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "Rated games"))),
          h("tbody", {}, board.players.map((e) => h("tr", { class: e.bot ? "bot" : "" },
            h("td", {}, String(e.rank)),
            h("td", {}, e.bot ? e.name : h("a", { href: profileUrl(e.name) }, e.name)),
            h("td", {}, fmt(e.rating)),
            h("td", {}, String(e.games))))))
        : h("p", { class: "muted" }, "Nobody is rated at this game yet: play a rated table."),
      h("p", { class: "muted small" },
        "Ratings are openskill's (a Plackett-Luce model): the number shown is cautious (skill minus three times the doubt), so it grows as games make it sure. Bot levels are rated too.")),
  ));
}


