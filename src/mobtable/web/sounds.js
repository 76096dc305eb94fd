// The table's sounds: a short cue for your move, a trick or fight won, a reveal, the clock's
// last seconds and the end of the game. The files are ours (scripts/make_sounds.py, CC0).
// Settings in localStorage["mobtable:sound"] ("on"/"off") and ["mobtable:volume"] (0..1);
// with no choice made, sound is off when the system asks for reduced motion, else on.
// Each cue played is also dispatched on `document` as a "mobtable:sound" event (detail: the
// cue), so a page or a test can follow what was heard.
import { cueFor } from "./games/cues.js";

const SOUND = "mobtable:sound";
const VOLUME = "mobtable:volume";
export const CUE_NAMES = ["turn", "won", "reveal", "clock", "end"];
// When several cues fall in one update, the one that matters most is played.
const PRIORITY = ["end", "won", "turn", "reveal"];

export function readSound() {
  const stored = localStorage.getItem(SOUND);
  if (stored === "on" || stored === "off") return stored === "on";
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function readVolume() {
  const stored = Number(localStorage.getItem(VOLUME));
  return localStorage.getItem(VOLUME) !== null && stored >= 0 && stored <= 1 ? stored : 0.6;
}

export function saveSound(on, volume) {
  localStorage.setItem(SOUND, on ? "on" : "off");
  localStorage.setItem(VOLUME, String(volume));
}

export class Sounds {
  constructor() {
    this.audio = {};
    this.warned = null; // the deadline whose last seconds were already ticked
  }

  play(cue) {
    if (!readSound()) return;
    const audio = this.audio[cue] || (this.audio[cue] = new Audio(`/static/sounds/${cue}.wav`));
    audio.volume = readVolume();
    audio.currentTime = 0;
    // a browser refuses to play before the page's first tap or key: that cue is simply not heard
    audio.play().catch(() => {});
    document.dispatchEvent(new CustomEvent("mobtable:sound", { detail: cue }));
  }

  // What an update brings the seat: `before` and `after` are state messages (before: null on
  // the first one, which plays nothing: a page opened on a position is not news).
  update(before, after, seat) {
    if (!before) return;
    const cues = new Set();
    if (after.table.status === "over" && before.table.status !== "over") cues.add("end");
    const mine = (m) => seat !== null && m.table.pending.includes(seat);
    if (mine(after) && !mine(before)) cues.add("turn");
    for (const event of after.events) {
      const cue = cueFor(after.table.game, event, seat);
      if (cue) cues.add(cue);
    }
    const cue = PRIORITY.find((c) => cues.has(c));
    if (cue) this.play(cue);
  }

  // Called each second: one tick when the seat's own clock enters its last ten seconds.
  tick(deadline) {
    if (!deadline || deadline === this.warned) return;
    const left = deadline - Date.now() / 1000;
    if (left > 0 && left <= 10) {
      this.warned = deadline;
      this.play("clock");
    }
  }
}
