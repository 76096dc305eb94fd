// Browser notifications when it becomes your move while this tab is in the background.
// Off until the player turns them on (localStorage["mobtable:notify"] = "on"); only then is
// the browser asked for permission. A notification names the game and says it is your move;
// clicking it brings the tab back.
import { h } from "./dom.js";

const KEY = "mobtable:notify";

function supported() {
  return typeof window.Notification === "function";
}

export function notifyOn() {
  return supported() && localStorage.getItem(KEY) === "on" && Notification.permission === "granted";
}

// Tell the player `text` (title `title`) if notifications are on and nobody is looking at the tab.
export function notify(title, text, tag) {
  if (!notifyOn() || document.visibilityState === "visible") return;
  const note = new Notification(title, { body: text, tag, icon: undefined });
  note.onclick = () => { window.focus(); note.close(); };
}

// The setting: a checkbox that asks the browser's permission when turned on.
export function notifyControl() {
  const box = h("input", { id: "notify", type: "checkbox", checked: notifyOn(), disabled: !supported() });
  const why = h("span", { class: "muted small", id: "notify-note" },
    supported() ? "" : " (this browser cannot)");
  box.addEventListener("change", async () => {
    if (!box.checked) { localStorage.setItem(KEY, "off"); why.textContent = ""; return; }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    box.checked = answer === "granted";
    localStorage.setItem(KEY, box.checked ? "on" : "off");
    why.textContent = box.checked ? "" : " (the browser refused: allow notifications for this site)";
  });
  return h("div", { class: "notify-setting" },
    h("label", { for: "notify" }, box, " Tell me when it's my move"), why);
}
