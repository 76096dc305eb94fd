// Clickable board pieces of our own (the renderer stages choices itself instead of the shared
// Chooser): a role, a focus stop, Enter/Space, and data-legal so tests and the layout check
// find them. Every update draws the board anew, so a keyboard player's focus is put back on
// the same piece (or the confirm button, or the first control) after each draw.
import { h } from "../../dom.js";

let focus = { key: null, keyboard: false };

function remember(key, keyboard) {
  focus = { key, keyboard };
}

export function control(el, label, onActivate, { pressed = null, key = label } = {}) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("data-legal", "1");
  el.setAttribute("aria-label", label);
  el.setAttribute("title", label);
  el.dataset.focusKey = key;
  if (pressed !== null) el.setAttribute("aria-pressed", String(pressed));
  el.classList.add("g-live");
  el.addEventListener("click", () => { remember(key, false); onActivate(); });
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      remember(key, true);
      onActivate();
    }
  });
  return el;
}

// A button of the board; a disabled one is not a move (no data-legal).
export function button(label, onClick, { role = null, primary = false, disabled = false, title = null, key = label } = {}) {
  return h("button", {
    type: "button",
    class: `g-btn${primary ? " primary" : ""}`,
    "data-role": role || undefined,
    "data-legal": disabled ? undefined : "1",
    "data-focus-key": key,
    "aria-label": title || label,
    title: title || undefined,
    disabled,
    onclick: (event) => { remember(key, event.detail === 0); onClick(); }, // detail 0: Enter or Space
  }, label);
}

// After the board is in the page: if the last move was made from the keyboard and the focus
// fell off with the old board, put it on the same piece, else the confirm button or a control.
export function restoreFocus(root) {
  if (!focus.keyboard) return;
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!root.isConnected || (active && active !== document.body && !root.contains(active))) return;
    const same = [...root.querySelectorAll("[data-focus-key]")].find((el) => el.dataset.focusKey === focus.key && !el.disabled);
    const target = same || root.querySelector("[data-role=confirm]:not([disabled])") || root.querySelector(".g-live, .g-btn:not([disabled])");
    if (target) target.focus();
  });
}
