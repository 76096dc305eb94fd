// The lobby: open a table, join or watch one, replay a finished game.
import { api, saveSeat } from "./api.js";
import { h } from "./dom.js";
import { ordinal } from "./words.js";
import { clockWords } from "./time.js";
import { playNowCard } from "./playnow.js";
import { learnCard } from "./guide.js";

export async function showLobby(root) {
  document.title = "mobtable — lobby";
  root.replaceChildren(h("p", { class: "muted" }, "Loading games…"));
  let gameList;
  try {
    gameList = await api("GET", "/api/games");
  } catch (err) {
    root.replaceChildren(h("p", { class: "error" }, `Cannot reach the server: ${err.message}`));
    return;
  }
  const openList = h("div", { class: "table-list", id: "open-tables" });
  const overList = h("div", { class: "table-list", id: "finished-tables" });
  root.replaceChildren(
    h("div", { class: "lobby" },
      h("div", { class: "lobby-start" }, playNowCard(gameList), learnCard(gameList)),
      h("section", { class: "card" }, h("h2", {}, "New table"), createForm(gameList)),
      h("section", { class: "card", id: "games" }, h("h2", {}, "The games"), gameList.map(gameCard)),
      h("section", { class: "card" }, h("h2", {}, "Open tables"), openList),
      h("section", { class: "card" }, h("h2", {}, "Finished games"), overList),
    ),
  );
  refresh(openList, overList);
  const timer = setInterval(() => refresh(openList, overList), 4000);
  window.addEventListener("pagehide", () => clearInterval(timer), { once: true });
}

async function refresh(openList, overList) {
  try {
    const [open, over] = await Promise.all([
      api("GET", "/api/tables?status=open"),
      api("GET", "/api/tables?status=over&limit=10"),
    ]);
    openList.replaceChildren(...(open.length ? open.map(openRow) : [h("p", { class: "muted" }, "No table is open. Start one!")]));
    overList.replaceChildren(...(over.length ? over.map(overRow) : [h("p", { class: "muted" }, "None yet.")]));
  } catch (err) {
    openList.replaceChildren(h("p", { class: "error" }, err.message));
  }
}

// What a game is, in a few words, with a link to its rules page.
function gameCard(g) {
  return h("div", { class: "game-card", dataset: { game: g.name } },
    h("h3", {}, g.title),
    g.blurb ? h("p", { class: "blurb" }, g.blurb) : null,
    h("p", { class: "small muted" }, `${g.min_players} to ${g.max_players} players${g.length ? ` · ${g.length}` : ""}`),
    h("a", { href: `/rules/${g.name}`, class: "small" }, `How to play ${g.title}`),
    " · ", h("a", { href: `/leaderboard/${g.name}`, class: "small", "data-role": "leaderboard-link" }, "Leaderboard"));
}

function seatsText(t) {
  return t.seats.map((s) => (s.kind === "bot" || s.claimed ? s.label || s.display : "a free seat")).join(" · ");
}

function openRow(t) {
  const free = t.free_seats.length;
  const state = t.status === "waiting"
    ? ` — waiting for ${free} more player${free === 1 ? "" : "s"}`
    : ` — ${t.players} players, ${t.moves} moves`;
  return h("div", { class: "table-row", dataset: { status: t.status } },
    h("div", {}, h("strong", {}, t.title), state, ratedBadge(t), h("div", { class: "muted small" }, seatsText(t)),
      t.seed_notice ? h("div", { class: "small seed-notice", "data-role": "seed-notice" }, t.seed_notice) : null),
    h("div", { class: "row-actions" },
      t.free_seats.length ? h("a", { class: "button", href: `/t/${t.id}` }, "Join") : null,
      h("a", { class: "button secondary", href: `/t/${t.id}` }, "Watch"),
    ),
  );
}

function ratedBadge(t) {
  return t.rated ? h("span", { class: "badge rated", "data-role": "rated" }, "rated") : null;
}

function overRow(t) {
  const names = t.result ? t.result.winners.map((w) => (t.seats[w] ? t.seats[w].label || t.seats[w].display : "someone")) : [];
  const winners = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
  return h("div", { class: "table-row" },
    h("div", {}, h("strong", {}, t.title), winners ? ` — won by ${winners}` : "", ratedBadge(t)),
    h("div", { class: "row-actions" }, h("a", { class: "button secondary", href: `/replay/${t.id}` }, "Replay")),
  );
}

// What the game shows once it is over; where it keeps secrets, the table may agree to show all.
function fillReveal(box, game) {
  const policy = game.end_reveal;
  if (policy.everything) {
    box.replaceChildren(h("p", { class: "muted small", id: "reveal-help" }, policy.description));
    return;
  }
  box.replaceChildren(
    h("label", { class: "check" },
      h("input", { type: "checkbox", name: "reveal_at_end", id: "reveal-at-end-box" }),
      " Show every card when the game ends"),
    h("p", { class: "muted small", id: "reveal-help" },
      `${policy.description} Tick this only if every player agrees: once the game is over, `
      + "anyone can then see every hand and every face-down card, in the replay too."),
  );
}

function createForm(gameList) {
  const gameSelect = h("select", { name: "game", id: "game" }, gameList.map((g) => h("option", { value: g.name }, g.title)));
  const playersSelect = h("select", { name: "players", id: "players" });
  const playersNote = h("p", { class: "muted small", id: "players-note" });
  const facts = h("div", { class: "game-facts", id: "game-facts" });
  const botLevels = h("ul", { class: "bot-levels", id: "bot-levels" });
  const seatsBox = h("div", { class: "seat-specs" });
  const extras = h("div", { class: "extras" });
  const reveal = h("div", { class: "reveal-at-end", id: "reveal-at-end" });
  const seed = h("input", { name: "seed", id: "seed", type: "number", min: "0", placeholder: "random" });
  const clock = h("select", { name: "clock", id: "clock" },
    h("option", { value: "" }, "no clock"),
    [15, 30, 60, 120, 300].map((n) => h("option", { value: String(n) }, `${n} s per move`)),
    h("optgroup", { label: "Turn-based: come back for each move" },
      [3600, 43200, 86400, 259200].map((n) => h("option", { value: String(n) }, clockWords(n)))));
  const name = h("input", { name: "name", id: "name", maxlength: "24", placeholder: "your name", value: localStorage.getItem("mobtable:name") || "" });
  const message = h("p", { class: "error", role: "alert" });

  const current = () => gameList.find((g) => g.name === gameSelect.value);
  function fillPlayers() {
    const g = current();
    playersSelect.replaceChildren();
    for (let n = g.min_players; n <= g.max_players; n++) playersSelect.append(h("option", { value: String(n) }, String(n)));
    fillSeats();
    fillReveal(reveal, g);
    facts.replaceChildren(
      ...(g.blurb ? [h("p", { class: "blurb" }, g.blurb)] : []),
      h("p", { class: "small" }, `${g.min_players} to ${g.max_players} players${g.length ? ` · ${g.length}` : ""} · `,
        h("a", { href: `/rules/${g.name}`, id: "rules-link" }, "How to play")),
    );
    botLevels.replaceChildren(...(g.bot_levels || []).map((b) => h("li", {}, h("strong", {}, b.name), ` — ${b.description}`)));
    extras.replaceChildren(
      ...g.variants.map((v) => h("label", { class: "check" }, h("input", { type: "checkbox", name: "variant", value: v.name }), ` ${v.label || v.name}`,
        h("span", { class: "option-help" }, v.description))),
      // the rule decision's id only in the tooltip: people read the words
      ...g.options.map((o) => h("label", { class: "option", dataset: { optionLabel: o.name }, title: o.decision ? `Rule decision ${o.decision} on the rules page` : null }, `${o.label || o.name} `,
        h("select", { name: `option:${o.name}`, dataset: { option: o.name } },
          o.choices.map((c, k) => h("option", { value: JSON.stringify(c), selected: c === o.default }, (o.choice_labels || [])[k] || String(c)))),
        h("span", { class: "option-help" }, o.description))),
    );
  }
  function fillSeats() {
    const g = current();
    const n = Number(playersSelect.value);
    playersNote.textContent = (g.players_notes || {})[String(n)] || "";
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) =>
      h("label", { class: "seat-spec" }, `${ordinal(i + 1)} seat `,
        h("select", { name: `seat${i}`, dataset: { seat: String(i) } },
          h("option", { value: "human", selected: i < 2 }, i === 0 ? "me" : "a friend (invite)"),
          g.bots.map((b) => h("option", { value: `bot:${b}`, selected: i >= 2 && b === g.default_bot }, `bot: ${b}`)))),
    ));
  }
  gameSelect.addEventListener("change", fillPlayers);
  playersSelect.addEventListener("change", fillSeats);
  fillPlayers();

  async function submit(event) {
    event.preventDefault();
    message.textContent = "";
    const seats = [...seatsBox.querySelectorAll("select")].map((sel) =>
      sel.value === "human" ? { kind: "human" } : { kind: "bot", bot: sel.value.slice(4) });
    const options = {};
    for (const sel of extras.querySelectorAll("select[data-option]")) options[sel.dataset.option] = JSON.parse(sel.value);
    const body = {
      game: gameSelect.value,
      players: Number(playersSelect.value),
      seats,
      variants: [...extras.querySelectorAll("input[name=variant]:checked")].map((c) => c.value),
      options,
      reveal_at_end: Boolean(reveal.querySelector("input[name=reveal_at_end]")?.checked),
      seed: seed.value === "" ? null : Number(seed.value),
      clock: clock.value === "" ? null : Number(clock.value),
      hints: Boolean(document.getElementById("hints-box")?.checked),
      rated: Boolean(document.getElementById("rated-box")?.checked),
      sit: seats[0].kind === "human" ? 0 : null,
      name: name.value.trim() || null,
    };
    if (body.name) localStorage.setItem("mobtable:name", body.name);
    try {
      const created = await api("POST", "/api/tables", body);
      if (created.token !== null) saveSeat(created.id, created.seat, created.token);
      location.href = created.url;
    } catch (err) {
      message.textContent = err.message;
    }
  }

  return h("form", { class: "create", onsubmit: submit },
    h("label", {}, "Game ", gameSelect),
    facts,
    h("label", {}, "Players ", playersSelect),
    playersNote,
    seatsBox,
    h("details", { class: "small" }, h("summary", {}, "The bots, weakest first"), botLevels),
    extras,
    reveal,
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "rated", id: "rated-box" }),
      " Rated game", h("span", { class: "option-help" }, "its end moves the ratings of the signed-in players and the bots (no chosen seed, no hints)")),
    h("details", {}, h("summary", {}, "More"), h("label", {}, "Seed ", seed, h("span", { class: "muted small" }, " (it decides every hand: everyone who joins is told you chose it)")), h("label", {}, "Clock ", clock),
      // the level hints consult is HINT_LEVEL (bots/hints.py; a test keeps the two alike)
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "hints", id: "hints-box" }), " Allow hints (the expert bot's suggestion, on request)")),
    h("label", {}, "Name ", name),
    h("button", { type: "submit", id: "create" }, "Open the table"),
    message,
  );
}
