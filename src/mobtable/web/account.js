// The account (optional): the header's link (the name signed in, or "Sign in"), and the
// account page — sign in, create an account (claiming this browser's finished games as a
// guest), change the password, sign out. Sessions are HttpOnly cookies: the page never
// sees them; it only repeats the CSRF cookie in a header (api.js).
import { api, savedSeats } from "./api.js";
import { h } from "./dom.js";

let linked = false;
export function useAccountStyles() {
  if (linked) return;
  linked = true;
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/static/account.css" }));
}

let asked = null;
// The name this browser is signed in as, or null (a guest; an expired session too).
export function signedInAs() {
  asked ??= api("GET", "/api/account").then((r) => r.name).catch(() => null);
  return asked;
}

export const profileUrl = (name) => `/u/${encodeURIComponent(name)}`;

export async function accountBar(header) {
  if (!header) return;
  useAccountStyles();
  const name = await signedInAs();
  const bar = h("nav", { class: "account-bar", "aria-label": "account" },
    name
      ? h("a", { href: profileUrl(name), "data-role": "account-name", title: "your profile" }, name)
      : h("a", { href: "/account", "data-role": "sign-in-link" }, "Sign in"));
  header.append(bar);
}

export async function showAccount(root) {
  useAccountStyles();
  document.title = "mobtable — your account";
  const name = await signedInAs();
  root.replaceChildren(h("div", { class: "account-page" }, ...(name ? signedIn(name) : guest())));
}

const field = (label, input) => h("label", { class: "account-field" }, h("span", {}, label), input);
const passwordInput = (id, autocomplete) =>
  h("input", { id, type: "password", required: true, minlength: "8", maxlength: "200", autocomplete });
const nameInput = (id) =>
  h("input", { id, required: true, maxlength: "24", autocomplete: "username", autocapitalize: "off", spellcheck: "false" });

function guest() {
  const finished = savedSeats();
  const inName = nameInput("signin-name");
  const inPassword = passwordInput("signin-password", "current-password");
  const inNote = h("p", { class: "error", role: "alert", "data-role": "signin-error" });
  const upName = nameInput("signup-name");
  upName.value = localStorage.getItem("mobtable:name") || "";
  const upPassword = passwordInput("signup-password", "new-password");
  const upNote = h("p", { class: "error", role: "alert", "data-role": "signup-error" });
  const claim = h("input", { type: "checkbox", id: "signup-claim", checked: finished.length > 0 });
  const next = new URLSearchParams(location.search).get("next");
  const done = (who) => { location.href = next && next.startsWith("/") && !next.startsWith("//") ? next : profileUrl(who); };

  async function signIn(event) {
    event.preventDefault();
    inNote.textContent = "";
    try {
      const r = await api("POST", "/api/account/signin", { name: inName.value, password: inPassword.value });
      done(r.name);
    } catch (err) {
      inNote.textContent = err.message;
      inPassword.value = "";
    }
  }
  async function signUp(event) {
    event.preventDefault();
    upNote.textContent = "";
    const body = { name: upName.value.trim(), password: upPassword.value, claim: claim.checked ? finished : [] };
    try {
      await api("POST", "/api/account/signup", body);
      localStorage.setItem("mobtable:name", body.name);
      done(body.name);
    } catch (err) {
      upNote.textContent = err.message;
    }
  }
  return [
    h("p", { class: "muted account-why" },
      "An account is optional: guests play as before. With one, your name is yours alone, and your games, wins and ratings are kept on your profile."),
    h("section", { class: "card account-card", "aria-labelledby": "signin-title" },
      h("h2", { id: "signin-title" }, "Sign in"),
      h("form", { onsubmit: signIn, "data-role": "signin-form" },
        field("Name", inName), field("Password", inPassword),
        h("button", { type: "submit", id: "signin" }, "Sign in"), inNote)),
    h("section", { class: "card account-card", "aria-labelledby": "signup-title" },
      h("h2", { id: "signup-title" }, "Create an account"),
      h("form", { onsubmit: signUp, "data-role": "signup-form" },
        field("Name", upName),
        h("p", { class: "muted small" }, "Letters or digits of one script, as at a table; nobody else may have it, nor one that looks the same."),
        field("Password", upPassword),
        h("p", { class: "muted small" }, "8 to 200 characters; a few words you remember are good."),
        finished.length
          ? h("label", { class: "check account-claim" }, claim,
            ` Add the ${finished.length === 1 ? "game" : `${finished.length} games`} this browser played as a guest (finished ones count)`)
          : null,
        h("button", { type: "submit", id: "signup" }, "Create the account"), upNote)),
  ];
}

function signedIn(name) {
  const current = passwordInput("password-current", "current-password");
  const fresh = passwordInput("password-new", "new-password");
  const note = h("p", { role: "status", "data-role": "password-note" });
  const claimNote = h("p", { role: "status", "data-role": "claim-note" });
  const finished = savedSeats();

  async function change(event) {
    event.preventDefault();
    note.textContent = "";
    note.className = "";
    try {
      await api("POST", "/api/account/password", { password: current.value, new_password: fresh.value });
      note.textContent = "Your password is changed; your other sessions are signed out.";
    } catch (err) {
      note.className = "error";
      note.textContent = err.message;
    }
    current.value = "";
    fresh.value = "";
  }
  async function signOut() {
    await api("POST", "/api/account/signout").catch(() => null);
    location.href = "/";
  }
  async function claimGames() {
    try {
      const r = await api("POST", "/api/account/claim", { seats: finished });
      claimNote.textContent = r.claimed.length
        ? `${r.claimed.length} ${r.claimed.length === 1 ? "game is" : "games are"} now on your profile.`
        : "No game to add: none of this browser's seats is a finished game that is not someone's already.";
    } catch (err) {
      claimNote.textContent = err.message;
    }
  }
  return [
    h("section", { class: "card account-card" },
      h("h2", {}, `Signed in as ${name}`),
      h("p", {}, h("a", { class: "button", href: profileUrl(name), "data-role": "my-profile" }, "Your profile"), " ",
        h("button", { class: "secondary", id: "signout", onclick: signOut }, "Sign out")),
      finished.length
        ? h("p", {}, h("button", { class: "secondary", id: "claim-games", onclick: claimGames }, "Add this browser's guest games"), claimNote)
        : null),
    h("section", { class: "card account-card", "aria-labelledby": "password-title" },
      h("h2", { id: "password-title" }, "Change the password"),
      h("form", { onsubmit: change, "data-role": "password-form" },
        field("Current password", current), field("New password", fresh),
        h("button", { type: "submit", id: "change-password" }, "Change it"), note)),
  ];
}
