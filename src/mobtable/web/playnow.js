// "Play now": one tap from the lobby to a game against bots (a game, a level, how many
// players; every option at its default). Signed in, the game is rated.
import { api, saveSeat } from "./api.js";
import { h } from "./dom.js";
import { signedInAs, useAccountStyles } from "./account.js";

const LEVELS = [["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]];
const KEY = "mobtable:play-now";

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch (_) {
    return {};
  }
}

// A group of buttons of which one is chosen (a radio group people can tap).
function choice(name, options, chosen, onchange) {
  const group = h("div", { class: "segmented", role: "radiogroup", "aria-labelledby": `play-now-${name}`, dataset: { choice: name } });
  const draw = (value) => {
    group.replaceChildren(...options.map(([v, label]) =>
      h("button", { type: "button", role: "radio", "aria-checked": String(v === value), class: v === value ? "on" : "",
        dataset: { value: v }, onclick: () => { draw(v); onchange(v); } }, label)));
  };
  draw(chosen);
  return group;
}

// Opens a game of `game` for `players` against bots of `level` and goes to it (rated when
// signed in). Also the guided game's "Play a real game" (guide.js).
export async function playNow(game, players, level = null) {
  const saved = remembered().level;
  const bot = level || (LEVELS.some(([l]) => l === saved) ? saved : "easy");
  const signedIn = Boolean(await signedInAs());
  const body = {
    game,
    players,
    seats: [{ kind: "human" }, ...Array.from({ length: players - 1 }, () => ({ kind: "bot", bot }))],
    sit: 0,
    name: localStorage.getItem("mobtable:name") || null,
    rated: signedIn,
  };
  const created = await api("POST", "/api/tables", body);
  saveSeat(created.id, created.seat, created.token);
  location.href = created.url;
}

export function playNowCard(gameList) {
  useAccountStyles();
  const saved = remembered();
  const pick = {
    game: gameList.some((g) => g.name === saved.game) ? saved.game : gameList[0].name,
    level: LEVELS.some(([l]) => l === saved.level) ? saved.level : "easy",
    players: saved.players || 3,
  };
  const players = h("select", { id: "play-now-players", "aria-label": "players" });
  const rated = h("p", { class: "muted small", "data-role": "play-now-rated" }, "");
  const message = h("p", { class: "error", role: "alert" });
  const game = () => gameList.find((g) => g.name === pick.game);
  function fillPlayers() {
    const g = game();
    const n = Math.min(Math.max(pick.players, g.min_players), g.max_players);
    players.replaceChildren(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => {
      const count = g.min_players + k;
      return h("option", { value: String(count), selected: count === n }, `${count} players: you and ${count - 1} bot${count === 2 ? "" : "s"}`);
    }));
  }
  players.addEventListener("change", () => { pick.players = Number(players.value); });
  fillPlayers();
  signedInAs().then((name) => {
    rated.textContent = name
      ? `Rated: the game moves ${name}'s rating at it.`
      : "As a guest (sign in to keep a rating).";
  });

  async function go() {
    message.textContent = "";
    const n = Number(players.value);
    localStorage.setItem(KEY, JSON.stringify({ ...pick, players: n }));
    try {
      await playNow(pick.game, n, pick.level);
    } catch (err) {
      message.textContent = err.message;
    }
  }

  return h("section", { class: "card play-now", id: "play-now-card", "aria-labelledby": "play-now-title" },
    h("h2", { id: "play-now-title" }, "Play now"),
    h("p", { class: "muted small" }, "Against bots, every option at its usual setting."),
    h("div", { class: "choice-label", id: "play-now-game" }, "Game"),
    choice("game", gameList.map((g) => [g.name, g.title]), pick.game, (v) => { pick.game = v; fillPlayers(); }),
    h("div", { class: "choice-label", id: "play-now-level" }, "The bots' level"),
    choice("level", LEVELS, pick.level, (v) => { pick.level = v; }),
    h("div", { class: "play-now-go" }, players,
      h("button", { type: "button", id: "play-now", class: "play-now-button", onclick: go }, "Play now")),
    rated,
    message,
  );
}
