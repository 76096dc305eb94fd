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

export const CLAIM_TRIES = 4;
export const CLAIM_WAIT = 500; // ms before the second try; doubled before each next one

// Take a seat: the claim and its retries (no answer, or the server moving: 502 to 504)
// carry one key, so a retry of a claim that was stored gets the seat, not a "taken".
export async function claimSeat(tableId, seat, name) {
  const body = { name, request: requestKey() };
  for (let tries = 1; ; tries++) {
    try {
      return await api("POST", `/api/tables/${tableId}/seats/${seat}/claim`, body);
    } catch (err) {
      const retry = err.status === undefined || [502, 503, 504].includes(err.status);
      if (!retry || tries >= CLAIM_TRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, CLAIM_WAIT * 2 ** (tries - 1)));
    }
  }
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
