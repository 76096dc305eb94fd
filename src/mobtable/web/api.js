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
    throw new Error(detail || `${response.status} ${response.statusText}`);
  }
  return data;
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
