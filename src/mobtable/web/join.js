// Before the game: the join screen (a name, a free seat, or just watch), the waiting
// room (who is there, who is ready; the host starts) and the notice of a closed table.
import { api, claimSeat, forgetSeat, inWords, leaveTable, seatLabel } from "./api.js";
import { h } from "./dom.js";
import { useSocialStyles } from "./social.js";
import { listing, ordinal } from "./words.js";

const NAME_KEY = "mobtable:name";
const watchKey = (tableId) => `mobtable:watch:${tableId}`;
let gamesInfo = null; // GET /api/games, fetched once: the bots a host may seat

function botLevels(game) {
  gamesInfo ??= api("GET", "/api/games").catch(() => []);
  return gamesInfo.then((list) => list.find((g) => g.name === game) || null);
}

// What replaces the table before its game starts, or null when the table is shown.
// `client` is the table page: {tableId, me, msg, seated(claimed), redraw()}.
export function preGame(client) {
  const table = client.msg.table;
  useSocialStyles();
  if (table.status === "expired") return closedNotice(table);
  const watching = sessionStorage.getItem(watchKey(table.id)) === "1";
  const joinable = !client.me && table.free_seats.length > 0 && table.status !== "over";
  if (table.status !== "waiting" && !(joinable && !watching)) return null;
  const note = refusalNote(client);
  const parts = [];
  if (joinable && !watching) parts.push(joinForm(client, note));
  else if (joinable) parts.push(h("p", {}, h("button", { class: "secondary", "data-role": "join-after-all", onclick: () => { sessionStorage.removeItem(watchKey(table.id)); client.redraw(); } }, "Join this table")));
  if (client.me && table.status === "waiting") parts.push(readyControls(client, note));
  parts.push(note);
  return h("section", { class: "pregame-room", "data-role": "waiting-room", "aria-label": "waiting room" },
    h("div", { class: "pregame-main" },
      h("h2", {}, table.status === "waiting" ? `${table.title}: the waiting room` : `Join ${table.title}`),
      h("p", { class: "muted small" }, client.msg.prompt || "",
        " ", h("a", { href: `/rules/${table.game}`, target: "_blank", rel: "noopener" }, `How to play ${table.title}`)),
      table.seed_notice ? h("p", { class: "seed-notice", role: "note", "data-role": "seed-notice" }, table.seed_notice) : null,
      table.rated ? h("p", { class: "rated-notice", role: "note", "data-role": "rated" }, "A rated game: its end moves the ratings of the signed-in players and the bots.") : null,
      ...parts,
      settingsList(table),
      whoIsHere(client),
      inviteBox(table),
      client.me && table.status === "waiting" ? leaveButton(client, note) : null,
    ),
    h("div", { class: "pregame-chat", "data-role": "chat-slot" }),
  );
}

// Where a refusal is said. The room is drawn again whenever the table changes — often as the
// refusal comes (the seat Bob tapped was taken by Carla, whose join redraws the room) — so the
// words are kept on the page (`client.joinNote`) and written into the note on the screen now.
function refusalNote(client) {
  const note = h("p", { class: "error join-error", role: "alert", "data-role": "join-error" }, client.joinNote || "");
  note.say = (text) => {
    client.joinNote = text;
    for (const shown of new Set([note, ...document.querySelectorAll("[data-role=join-error]")])) shown.textContent = text;
  };
  return note;
}

// A closed table says why; its chat is closed too (so no chat slot here).
function closedNotice(table) {
  return h("section", { class: "pregame-room closed", "data-role": "table-closed" },
    h("div", { class: "pregame-main" },
      h("h2", {}, `${table.title}: this table has closed`),
      h("p", {}, table.expired || "Nobody plays here any more."),
      h("p", {}, h("a", { class: "button", href: "/" }, "Back to the lobby: open a new table")),
    ),
  );
}

// A name (remembered in this browser) and one button per free seat; or just watch.
function joinForm(client, note) {
  const table = client.msg.table;
  const name = h("input", {
    id: "join-name", name: "name", maxlength: "24", autocomplete: "nickname", "aria-label": "your name",
    placeholder: "your name", value: localStorage.getItem(NAME_KEY) || "",
  });
  async function join(seat) {
    note.say("");
    const chosen = name.value.trim();
    if (chosen) localStorage.setItem(NAME_KEY, chosen);
    try {
      const claimed = await claimSeat(table.id, seat, chosen || null);
      client.seated(claimed);
    } catch (err) {
      note.say(inWords(err));
    }
  }
  const seats = table.free_seats.map((s) =>
    h("button", { type: "button", class: "join-seat", "data-claim": String(s), onclick: () => join(s) },
      table.free_seats.length > 1 ? `Join as the ${ordinal(s + 1)} player` : "Join"));
  return h("form", { class: "join-form", "data-role": "join", onsubmit: (e) => { e.preventDefault(); join(table.free_seats[0]); } },
    h("label", { for: "join-name" }, "Your name at this table"),
    h("div", { class: "join-row" }, name),
    h("p", { class: "muted small" }, "Leave it empty to play under the name the table gives you."),
    h("div", { class: "join-seats" }, seats,
      h("button", { type: "button", class: "secondary", "data-role": "watch", onclick: () => { sessionStorage.setItem(watchKey(table.id), "1"); client.redraw(); } }, "Just watch")),
  );
}

// Ready toggle for a player; for the host, the bots for free seats and Start.
function readyControls(client, note) {
  const table = client.msg.table;
  const mine = table.seats[client.me.seat];
  const auth = { seat: client.me.seat, token: client.me.token };
  const post = async (path, body) => {
    note.say("");
    try {
      await api("POST", `/api/tables/${table.id}/${path}`, { ...auth, ...body });
    } catch (err) {
      note.say(inWords(err));
    }
  };
  if (client.me.seat !== table.host) {
    return h("div", { class: "ready-box" },
      h("button", {
        type: "button", class: mine.ready ? "ready on" : "ready", "data-role": "ready", "aria-pressed": mine.ready ? "true" : "false",
        onclick: () => post("ready", { ready: !mine.ready }),
      }, mine.ready ? "Ready ✓ (tap if not)" : "I'm ready"),
      h("p", { class: "muted small" }, `${seatLabel(table, table.host)} starts the game when everyone is ready.`));
  }
  const notReady = table.seats.filter((s) => s.kind === "human" && s.claimed && !s.ready && s.seat !== client.me.seat);
  const free = table.free_seats.length;
  const level = h("select", { id: "start-bot", name: "bot", "aria-label": "bots for the free seats" });
  botLevels(table.game).then((g) => {
    if (!g) return;
    level.replaceChildren(...g.bot_levels.map((b) => h("option", { value: b.name, selected: b.name === g.default_bot }, `${b.name}: ${b.description}`)));
  });
  const start = h("button", {
    type: "button", class: "start", "data-role": "start", disabled: notReady.length > 0,
    onclick: () => post("start", { bot: level.value || null }),
  }, free ? `Start with ${free === 1 ? "a bot" : `${free} bots`} in the free seat${free === 1 ? "" : "s"}` : "Start the game");
  return h("div", { class: "ready-box" },
    free ? h("label", { class: "small" }, "Bots for free seats ", level) : null,
    start,
    h("p", { class: "muted small" }, notReady.length
      ? `Waiting for ${listing(notReady.map((s) => s.display))} to be ready.`
      : free ? "Or wait here: the game starts by itself when the last seat is taken." : "Everyone is ready."));
}

function whoIsHere(client) {
  const table = client.msg.table;
  const rows = table.seats.map((s) => {
    const bits = [];
    if (s.kind === "bot") bits.push(h("span", { class: "badge" }, "bot"));
    else if (!s.claimed) bits.push(h("span", { class: "badge free" }, "free seat"));
    else {
      if (s.seat === table.host) bits.push(h("span", { class: "badge" }, "host"));
      if (table.status === "waiting") bits.push(s.ready || s.seat === table.host ? h("span", { class: "badge ready-badge" }, "ready") : h("span", { class: "badge" }, "not ready"));
      bits.push(h("span", { class: s.connected ? "dot on" : "dot off", title: s.connected ? "here" : "away" }));
    }
    const who = s.kind === "human" && !s.claimed ? "" : ` ${s.label || s.display}`;
    const you = client.me && s.seat === client.me.seat;
    return h("li", { class: you ? "me" : "", "data-seat": String(s.seat) },
      h("span", { class: "who" }, `${ordinal(s.seat + 1)}:${who}${you ? " (you)" : ""}`), " ", bits);
  });
  return h("div", { class: "who-is-here" }, h("h3", {}, "At the table"), h("ul", { class: "seat-list", "data-role": "seats" }, rows));
}

function inviteBox(table) {
  if (!table.free_seats.length) return null;
  const link = `${location.origin}/t/${table.id}`;
  const input = h("input", { readonly: true, value: link, id: "invite-link", "aria-label": "invite link", onclick: (e) => e.target.select() });
  const copy = h("button", {
    type: "button", class: "secondary", onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        copy.textContent = "Copied";
      } catch (_) {
        input.select();
      }
    },
  }, "Copy");
  return h("div", { class: "invite small" }, h("label", { for: "invite-link" }, "Invite friends with this link"), h("div", { class: "join-row" }, input, copy));
}

// How the table is set up (the clock, hints, variants, every option), in the server's words.
function settingsList(table) {
  if (!table.settings || !table.settings.length) return null;
  return h("div", { class: "settings-box" }, h("h3", {}, "How this table is set up"),
    h("ul", { class: "table-settings small", "data-role": "table-settings" }, table.settings.map((line) => h("li", {}, line))));
}

// The way out of the waiting room: the seat is free again, and back to the lobby.
function leaveButton(client, note) {
  const table = client.msg.table;
  const host = client.me.seat === table.host;
  return h("p", { class: "leave-row" },
    h("button", {
      type: "button", class: "secondary", "data-role": "leave",
      onclick: async () => {
        note.say("");
        try {
          await leaveTable(table.id, client.me.seat, client.me.token);
        } catch (err) {
          note.say(inWords(err));
          return;
        }
        forgetSeat(table.id);
        location.href = "/";
      },
    }, "Leave this table"),
    h("span", { class: "muted small" }, host
      ? " Your seat is freed; the next player who joined becomes the host."
      : " Your seat is freed for someone else; you go back to the lobby."));
}
