// The JSON API and the seat tokens this browser keeps.
export async function api(method, path, body) {
  const options = { method, headers: {} };
  // CSRF: every request that changes something repeats the page's token (a cookie
  // another site cannot read) in a header; the server refuses a signed-in one without it.
  if (method !== "GET") options.headers["x-csrf-token"] = csrfToken();
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    let detail = data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ");
    const error = new Error(detail || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.rule = data.rule || null;
    throw error;
  }
  return data;
}

// A fresh random key for one request that may be sent again (24 URL-safe characters): the
// server answers a retry carrying it as it answered the first try, even if that answer was
// lost (a seat claim stored by a server that then died gets its seat back).
export function requestKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

export const TRIES = 4;
export const FIRST_WAIT = 500; // ms before the second try; doubled before each next one
const MOVING = [502, 503, 504];

// One request, sent again (up to TRIES times) while no answer comes or the server is moving.
// `done(err)`, asked of a refusal met after such a try, says whether it is the first try's own
// work, stored though its answer was lost; the request then counts as done (null).
async function retried(send, done = () => false) {
  for (let tries = 1; ; tries++) {
    try {
      return await send();
    } catch (err) {
      if (tries > 1 && done(err)) return null;
      const retry = err.status === undefined || MOVING.includes(err.status);
      if (!retry || tries >= TRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, FIRST_WAIT * 2 ** (tries - 1)));
    }
  }
}

// Take a seat: the claim and its retries carry one key, so a retry of a claim that was
// stored gets the seat, not a "taken".
export async function claimSeat(tableId, seat, name) {
  const body = { name, request: requestKey() };
  return retried(() => api("POST", `/api/tables/${tableId}/seats/${seat}/claim`, body));
}

// Leave a waiting room. A retry refused for its token (rule `token`) after a try whose answer
// was lost finds the seat left by that try: the token went with the seat, as was asked.
export async function leaveTable(tableId, seat, token) {
  await retried(() => api("POST", `/api/tables/${tableId}/leave`, { seat, token }), (err) => err.rule === "token");
}

// A refusal as a person should read it: the server's message names seats by number (the API's
// notation), so the refusals a player can meet at a seat are said in words by their rule.
const IN_WORDS = {
  taken: "Someone has just taken that seat: choose another.",
  token: "This seat is no longer yours: it was left or taken over from another tab or device.",
  reloaded: "The table changed meanwhile: look at it again and retry.",
  "bot-plays": "A bot plays your seat while you were away: take your seat back to play.",
  "bot-seated": "A bot already plays that seat.",
};

export function inWords(err) {
  return IN_WORDS[err.rule] || err.message;
}

function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("mobtable_csrf="));
  return found ? decodeURIComponent(found.slice("mobtable_csrf=".length)) : "";
}

const KEY = (tableId) => `mobtable:seat:${tableId}`;

// Every seat this browser holds a token for: [{table, seat, token}] (a guest's games,
// which a new account may claim).
export function savedSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("mobtable:seat:")) continue;
    try {
      const stored = JSON.parse(localStorage.getItem(key));
      if (stored && Number.isInteger(stored.seat) && typeof stored.token === "string") {
        out.push({ table: key.slice("mobtable:seat:".length), seat: stored.seat, token: stored.token });
      }
    } catch (_) {
      /* ignore a corrupt entry */
    }
  }
  return out;
}

export function saveSeat(tableId, seat, token) {
  localStorage.setItem(KEY(tableId), JSON.stringify({ seat, token }));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(KEY(tableId));
}

// The seat of this browser at a table: from the link's #seat=..&token=.. (then
// kept in localStorage and removed from the address bar), or from localStorage.
export function loadSeat(tableId) {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("token") && hash.has("seat")) {
    saveSeat(tableId, Number(hash.get("seat")), hash.get("token"));
    history.replaceState(null, "", location.pathname);
  }
  try {
    const stored = JSON.parse(localStorage.getItem(KEY(tableId)) || "null");
    if (stored && Number.isInteger(stored.seat) && typeof stored.token === "string") return stored;
  } catch (_) {
    /* ignore a corrupt entry */
  }
  return null;
}

// The seat's name as players read it (the server fills in a default name, never a number).
export function seatName(table, seat) {
  const info = table.seats[seat];
  return info ? info.display || info.name || "someone" : "someone";
}

// The name as seat lists and results show it: "Vito (bot, hard)".
export function seatLabel(table, seat) {
  const info = table.seats[seat];
  return info ? info.label || seatName(table, seat) : "someone";
}
