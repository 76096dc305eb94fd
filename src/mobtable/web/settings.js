// The table's settings: how fast boards animate (localStorage["mobtable:motion"]:
// 1 normal, 0.4 fast, 0 off; without a choice, off when the system asks for reduced motion)
// the sounds (on or off, and their volume: sounds.js) and notifications (notify.js).
import { h } from "./dom.js";
import { notifyControl } from "./notify.js";
import { readSound, readVolume, saveSound } from "./sounds.js";

const KEY = "mobtable:motion";
const SPEEDS = [
  { value: "1", label: "Normal" },
  { value: "0.4", label: "Fast" },
  { value: "0", label: "Off" },
];

export function readMotion() {
  const stored = localStorage.getItem(KEY);
  if (stored !== null && Number.isFinite(Number(stored))) return Number(stored);
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 1;
}

// A small "Settings" popover; `changed(motion)` is called with the new factor.
export function settingsControl(changed) {
  const current = String(readMotion());
  const select = h("select", { id: "motion", "aria-label": "Animation speed",
    onchange: (e) => { localStorage.setItem(KEY, e.target.value); changed(Number(e.target.value)); } },
    SPEEDS.map((s) => h("option", { value: s.value, selected: s.value === current }, s.label)));
  const details = h("details", { class: "settings" },
    h("summary", { class: "button secondary", "aria-label": "Settings" }, "⚙"),
    h("div", { class: "settings-body" },
      h("div", {}, h("label", { for: "motion" }, "Animations "), select),
      soundControls(),
      notifyControl()));
  document.addEventListener("click", (e) => { if (!details.contains(e.target)) details.open = false; });
  return details;
}

// Sound on or off, and its volume (kept together: a volume is remembered while sound is off).
function soundControls() {
  const volume = h("input", { id: "volume", type: "range", min: "0", max: "1", step: "0.1",
    value: String(readVolume()), "aria-label": "Sound volume", disabled: !readSound() });
  const toggle = h("input", { id: "sound", type: "checkbox", checked: readSound() });
  const save = () => { saveSound(toggle.checked, Number(volume.value)); volume.disabled = !toggle.checked; };
  toggle.addEventListener("change", save);
  volume.addEventListener("change", save);
  return h("div", { class: "sound-settings" },
    h("label", { for: "sound" }, toggle, " Sounds"), " ", volume);
}
