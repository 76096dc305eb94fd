// web-settle: a tap that began just before, or in the first moments after, a new decision
// appeared is not taken as a move: the finger was aimed at what the screen showed before
// (the last step's "Ready" is where the next step's first button now is).
// localStorage["mobtable:settle-ms"] sets the window; 0 turns the guard off (the browser
// tests do, but for the one that tests it).
const KEY = "mobtable:settle-ms";
const DEFAULT_MS = 400;

let pressedAt = null; // when the latest pointer press began; null after a key press
addEventListener("pointerdown", (e) => { pressedAt = e.timeStamp; }, true);
addEventListener("keydown", () => { pressedAt = null; }, true);

function readWindow() {
  const stored = Number(localStorage.getItem(KEY) ?? DEFAULT_MS);
  return Number.isFinite(stored) && stored >= 0 ? stored : DEFAULT_MS;
}

export class Settle {
  constructor() {
    this.ms = readWindow();
    this.moves = null; // the legal moves last shown, as one string
    this.since = -Infinity; // when they were first shown (performance.now())
  }

  // Each update's legal moves: a different set is a new decision.
  update(legal) {
    const moves = legal.map((m) => m.a).join("\n");
    if (moves === this.moves) return;
    this.moves = moves;
    this.since = performance.now();
  }

  // True when the press that led to this move began too soon to have been aimed at it.
  tooSoon() {
    return this.ms > 0 && pressedAt !== null && pressedAt - this.since < this.ms;
  }
}
