// "What just happened": the latest event line in a strip reserved for it above the board
// (frame.js), so it never covers anything the player needs; it fades after a few seconds,
// and a tap on it opens the whole log (the phone's Log drawer). A table announcement (a
// clock ran out) stays on top of it a little longer.
import { h } from "./dom.js";

const SECONDS = 4.5;

export class Toast {
  constructor(el, openLog = null) {
    this.el = el;
    this.timer = null;
    this.line = null;
    this.notice = null; // {text, until}
    if (openLog) {
      el.title = "Tap for the whole log";
      el.addEventListener("click", openLog);
    }
  }

  // The newest line of this update (the log keeps the others).
  show(events) {
    const line = events.map((e) => e.text).filter(Boolean).at(-1);
    if (!line) return;
    this.line = line;
    this.draw(SECONDS);
  }

  announce(text) {
    this.notice = { text, until: Date.now() + 2 * SECONDS * 1000 };
    this.draw(2 * SECONDS);
  }

  draw(seconds) {
    const notice = this.notice && this.notice.until > Date.now() ? this.notice.text : null;
    if (!notice) this.notice = null;
    const lines = [notice ? h("p", { class: "notice-line" }, notice) : null, this.line ? h("p", { title: this.line }, this.line) : null];
    this.el.replaceChildren(...lines.filter(Boolean));
    this.el.classList.toggle("notice", Boolean(notice));
    this.el.hidden = false;
    this.el.classList.remove("fading");
    clearTimeout(this.timer);
    const left = notice ? Math.max(seconds, (this.notice.until - Date.now()) / 1000) : seconds;
    this.timer = setTimeout(() => {
      this.el.classList.add("fading");
      this.timer = setTimeout(() => { this.el.hidden = true; this.line = null; }, 400);
    }, left * 1000);
  }
}
