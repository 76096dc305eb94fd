// "What just happened": the lines of the latest events, over the board for a few
// seconds, so every move gets feedback even where a board does not animate it.
const SHOWN = 2; // lines at most
const SECONDS = 4.5;

export class Toast {
  constructor(el) {
    this.el = el;
    this.timer = null;
  }

  show(events) {
    const lines = events.map((e) => e.text).filter(Boolean).slice(-SHOWN);
    if (!lines.length) return;
    clearTimeout(this.timer);
    this.el.replaceChildren(...lines.map((line) => {
      const p = document.createElement("p");
      p.textContent = line;
      return p;
    }));
    this.el.hidden = false;
    this.el.classList.remove("fading");
    this.timer = setTimeout(() => {
      this.el.classList.add("fading");
      this.timer = setTimeout(() => { this.el.hidden = true; }, 400);
    }, SECONDS * 1000);
  }

  // An announcement of the table (a clock ran out): shown like an event, a little longer.
  announce(text) {
    this.show([{ text }]);
    this.el.classList.add("notice");
    setTimeout(() => this.el.classList.remove("notice"), SECONDS * 1000);
  }
}
