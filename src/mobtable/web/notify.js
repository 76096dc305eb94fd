// "Tell me when it is my move": the browser's Notification API, for turn-based tables
// left open in a background tab. Off until the player turns it on in ⚙ (only then is the
// permission asked); kept in localStorage["mobtable:notify"].
import { h } from "./dom.js";
import { cueFor } from "./sounds.js";

const KEY = "mobtable:notify";

export class Notifier {
  constructor() {
    this.on = localStorage.getItem(KEY) === "1" && "Notification" in window && Notification.permission === "granted";
  }

  // A new state message: notify when it became this seat's move while the tab is hidden.
  update(before, m, seat) {
    if (!this.on || !document.hidden || cueFor(before, m, seat) !== "turn") return;
    const note = new Notification(`Your move: ${m.table.title}`, { body: m.prompt || "", tag: `mobtable-${m.table.id}` });
    note.onclick = () => { window.focus(); note.close(); };
  }

  controls() {
    const supported = "Notification" in window;
    const box = h("input", { type: "checkbox", id: "notify-on", checked: this.on, disabled: !supported,
      style: "width: 22px; height: 22px; margin: 0;",
      onchange: async (e) => {
        let allowed = e.target.checked;
        if (allowed && Notification.permission !== "granted") allowed = (await Notification.requestPermission()) === "granted";
        this.on = allowed;
        e.target.checked = allowed;
        localStorage.setItem(KEY, allowed ? "1" : "0");
        hint.textContent = e.target.checked || Notification.permission !== "denied" ? "" : "The browser does not allow notifications from this site.";
      } });
    const hint = h("span", { class: "muted small", "data-role": "notify-hint" }, supported ? "" : "This browser has no notifications.");
    return h("div", { style: "display: flex; flex-direction: column;" },
      h("label", { for: "notify-on", style: "display: flex; align-items: center; gap: .5rem; min-height: 44px;" }, box, "Tell me when it is my move"),
      hint);
  }
}
