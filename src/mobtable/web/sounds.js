// Short sounds: your turn, a trick or fight won, a reveal, the clock's last seconds, the end.
// Each is synthesized with the Web Audio API from a few tones (no sound files: ours, nothing
// to license or download). The setting sits beside the animation speed in ⚙:
// localStorage["mobtable:sound"] = {"on", "volume"}; with no choice made, off when the system
// asks for reduced motion, else on at 60%.
import { h } from "./dom.js";

const KEY = "mobtable:sound";
const WON = new Set(["trick-won", "won", "fight", "fight-tied", "raid"]);
const LAST_SECONDS = 5;
// [frequency Hz, start s, length s] of each cue's tones
const CUES = {
  turn: [[660, 0, 0.09], [880, 0.1, 0.14]],
  won: [[523, 0, 0.08], [659, 0.08, 0.08], [784, 0.16, 0.18]],
  reveal: [[440, 0, 0.06], [554, 0.06, 0.12]],
  tick: [[1000, 0, 0.04]],
  end: [[392, 0, 0.15], [523, 0.15, 0.15], [659, 0.3, 0.15], [784, 0.45, 0.35]],
};

export function readSound() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "null");
    if (stored && typeof stored.on === "boolean" && Number.isFinite(stored.volume)) return stored;
  } catch (_) {
    /* a corrupt entry: the default */
  }
  return { on: !window.matchMedia("(prefers-reduced-motion: reduce)").matches, volume: 0.6 };
}

// What a state message calls for, compared with the one before: the cue, or null.
export function cueFor(before, m, seat) {
  if (m.table.status === "over") return before && before.table.status !== "over" ? "end" : null;
  if (!before || m.log_reset) return null;
  const kinds = m.events.map((e) => e.kind);
  if (seat !== null && m.legal.length && !before.legal.length) return "turn";
  if (kinds.some((k) => WON.has(k))) return "won";
  if (kinds.some((k) => k.startsWith("reveal") || k === "turned-up")) return "reveal";
  return null;
}

export class Sounds {
  constructor() {
    this.setting = readSound();
    this.context = null;
    this.ticked = null; // the second of the clock last ticked
    this.played = []; // the cues played, for the page's tests (data-sounds)
    // browsers start audio only after a gesture: the first tap or key on the page wakes it
    const wake = () => this.context?.resume?.();
    document.addEventListener("pointerdown", wake, { capture: true });
    document.addEventListener("keydown", wake, { capture: true });
  }

  update(before, m, seat) {
    const cue = cueFor(before, m, seat);
    if (cue) this.play(cue);
  }

  // Called every second with the deadline of this seat's move (null: none running).
  clock(deadline) {
    if (!deadline) return;
    const left = Math.ceil(deadline - Date.now() / 1000);
    if (left > 0 && left <= LAST_SECONDS && left !== this.ticked) {
      this.ticked = left;
      this.play("tick");
    }
  }

  play(cue) {
    if (!this.setting.on || this.setting.volume <= 0) return;
    this.played.push(cue);
    document.documentElement.dataset.sounds = this.played.join(" ");
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    this.context ??= new Context();
    const ctx = this.context;
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, start, length] of CUES[cue]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "triangle";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.25 * this.setting.volume, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  }

  // The controls in the ⚙ settings: sound on or off, and its volume.
  controls() {
    const save = () => localStorage.setItem(KEY, JSON.stringify(this.setting));
    const volume = h("input", { type: "range", id: "sound-volume", min: "0", max: "100", step: "10",
      value: String(Math.round(this.setting.volume * 100)), "aria-label": "Sound volume", disabled: !this.setting.on,
      onchange: (e) => { this.setting.volume = Number(e.target.value) / 100; save(); this.play("turn"); } });
    const toggle = h("input", { type: "checkbox", id: "sound-on", checked: this.setting.on,
      onchange: (e) => { this.setting.on = e.target.checked; volume.disabled = !e.target.checked; save(); this.play("turn"); } });
    const row = "display: flex; align-items: center; gap: .5rem; min-height: 44px;";
    toggle.style.cssText = "width: 22px; height: 22px; margin: 0;";
    volume.style.cssText = "min-height: 44px; flex: 1 1 auto;";
    return h("div", { class: "sound-settings", style: "margin-top: .3rem;" },
      h("label", { for: "sound-on", style: row }, toggle, "Sounds"),
      h("label", { for: "sound-volume", style: row }, "Volume", volume));
  }
}
