// The lobby: open a table, join or watch one, replay a finished game.
import { api, saveSeat } from "./api.js";
import { h } from "./dom.js";

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
      h("section", { class: "card" }, h("h2", {}, "New table"), createForm(gameList)),
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
      api("GET", "/api/tables?status=playing"),
      api("GET", "/api/tables?status=over&limit=10"),
    ]);
    openList.replaceChildren(...(open.length ? open.map(openRow) : [h("p", { class: "muted" }, "No table is open. Start one!")]));
    overList.replaceChildren(...(over.length ? over.map(overRow) : [h("p", { class: "muted" }, "None yet.")]));
  } catch (err) {
    openList.replaceChildren(h("p", { class: "error" }, err.message));
  }
}

function seatsText(t) {
  return t.seats.map((s) => (s.kind === "bot" ? `bot ${s.bot}` : s.claimed ? (s.name || "player") : "free")).join(" · ");
}

function openRow(t) {
  return h("div", { class: "table-row" },
    h("div", {}, h("strong", {}, t.title), ` — ${t.players} players, ${t.moves} moves`, h("div", { class: "muted small" }, seatsText(t))),
    h("div", { class: "row-actions" },
      t.free_seats.length ? h("a", { class: "button", href: `/t/${t.id}` }, "Join") : null,
      h("a", { class: "button secondary", href: `/t/${t.id}` }, "Watch"),
    ),
  );
}

function overRow(t) {
  const winners = t.result ? t.result.winners.map((w) => `seat ${w}`).join(", ") : "";
  return h("div", { class: "table-row" },
    h("div", {}, h("strong", {}, t.title), ` — won by ${winners}`),
    h("div", { class: "row-actions" }, h("a", { class: "button secondary", href: `/replay/${t.id}` }, "Replay")),
  );
}

function createForm(gameList) {
  const gameSelect = h("select", { name: "game", id: "game" }, gameList.map((g) => h("option", { value: g.name }, g.title)));
  const playersSelect = h("select", { name: "players", id: "players" });
  const playersNote = h("p", { class: "muted small", id: "players-note" });
  const seatsBox = h("div", { class: "seat-specs" });
  const extras = h("div", { class: "extras" });
  const seed = h("input", { name: "seed", id: "seed", type: "number", min: "0", placeholder: "random" });
  const clock = h("select", { name: "clock", id: "clock" },
    h("option", { value: "" }, "no clock"),
    [15, 30, 60, 120, 300].map((n) => h("option", { value: String(n) }, `${n} s per move`)));
  const name = h("input", { name: "name", id: "name", maxlength: "24", placeholder: "your name", value: localStorage.getItem("mobtable:name") || "" });
  const message = h("p", { class: "error", role: "alert" });

  const current = () => gameList.find((g) => g.name === gameSelect.value);
  function fillPlayers() {
    const g = current();
    playersSelect.replaceChildren();
    for (let n = g.min_players; n <= g.max_players; n++) playersSelect.append(h("option", { value: String(n) }, String(n)));
    fillSeats();
    extras.replaceChildren(
      ...g.variants.map((v) => h("label", { class: "check", title: v.description }, h("input", { type: "checkbox", name: "variant", value: v.name }), ` ${v.name}`)),
      ...g.options.map((o) => h("label", { title: o.description }, `${o.name} `,
        h("select", { name: `option:${o.name}`, dataset: { option: o.name } },
          o.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === o.default }, String(c)))))),
    );
  }
  function fillSeats() {
    const g = current();
    const n = Number(playersSelect.value);
    playersNote.textContent = (g.players_notes || {})[String(n)] || "";
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) =>
      h("label", { class: "seat-spec" }, `Seat ${i} `,
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
      seed: seed.value === "" ? null : Number(seed.value),
      clock: clock.value === "" ? null : Number(clock.value),
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
    h("label", {}, "Players ", playersSelect),
    playersNote,
    seatsBox,
    extras,
    h("details", {}, h("summary", {}, "More"), h("label", {}, "Seed ", seed), h("label", {}, "Clock ", clock)),
    h("label", {}, "Name ", name),
    h("button", { type: "submit", id: "create" }, "Open the table"),
    message,
  );
}
