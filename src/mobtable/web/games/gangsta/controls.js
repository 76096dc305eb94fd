// Clickable board pieces of our own (the renderer stages choices itself instead of the shared
// Chooser): a role, a focus stop, Enter/Space, and data-legal so tests and the layout check
// find them.
import { h } from "../../dom.js";

export function control(el, label, onActivate, { pressed = null } = {}) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("data-legal", "1");
  el.setAttribute("aria-label", label);
  el.setAttribute("title", label);
  if (pressed !== null) el.setAttribute("aria-pressed", String(pressed));
  el.classList.add("g-live");
  el.addEventListener("click", onActivate);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate();
    }
  });
  return el;
}

// A button of the board; a disabled one is not a move (no data-legal).
export function button(label, onClick, { role = null, primary = false, disabled = false, title = null } = {}) {
  return h("button", {
    type: "button",
    class: `g-btn${primary ? " primary" : ""}`,
    "data-role": role || undefined,
    "data-legal": disabled ? undefined : "1",
    "aria-label": title || label,
    title: title || undefined,
    disabled,
    onclick: onClick,
  }, label);
}
