// The rules, one click away: a button that opens the game's rules page in a
// panel beside the table (the game goes on underneath), from /api/games/<game>/rules.
import { api } from "./api.js";
import { h } from "./dom.js";

export function rulesPanel(game, title) {
  const body = h("div", { class: "rules-body" }, h("p", { class: "muted" }, "Loading the rules…"));
  let loaded = false;
  const panel = h("aside", { class: "rules-panel", id: "rules-panel", hidden: true, "aria-label": `Rules of ${title}` },
    h("div", { class: "rules-head" },
      h("strong", {}, `Rules of ${title}`),
      h("a", { href: `/rules/${game}`, target: "_blank", rel: "noopener", class: "small" }, "open in a new tab"),
      h("button", { class: "small secondary", id: "rules-close", onclick: () => toggle(false) }, "Close")),
    body);
  async function load() {
    if (loaded) return;
    loaded = true;
    try {
      const page = await api("GET", `/api/games/${game}/rules`);
      body.innerHTML = page.html; // rendered by the server from the game's Markdown, raw HTML disabled
    } catch (err) {
      loaded = false;
      body.replaceChildren(h("p", { class: "error" }, `The rules could not be loaded: ${err.message}`));
    }
  }
  function toggle(open) {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) load();
  }
  const button = h("button", { class: "small secondary", id: "rules-open", "aria-expanded": "false", "aria-controls": "rules-panel", onclick: () => toggle(panel.hidden) }, "Rules");
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !panel.hidden) toggle(false); });
  return h("div", { class: "rules-bar" }, button, panel);
}
