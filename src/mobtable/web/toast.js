// "What just happened": the lines of the latest events, over the board for a few
// seconds, so every move gets feedback even where a board does not animate it. A table
// announcement (a clock ran out) stays on top of them a little longer.
import { h } from "./dom.js";

const SHOWN = 2; // event lines at most
const SECONDS = 4.5;

export class Toast {
  constructor(el) {
    this.el = el;
    this.timer = null;
    this.lines = [];
    this.notice = null; // {text, until}
  }

  show(events) {
    const lines = events.map((e) => e.text).filter(Boolean).slice(-SHOWN);
    if (!lines.length) return;
    this.lines = lines;
    this.draw(SECONDS);
  }

  announce(text) {
    this.notice = { text, until: Date.now() + 2 * SECONDS * 1000 };
    this.draw(2 * SECONDS);
  }

  draw(seconds) {
    const notice = this.notice && this.notice.until > Date.now() ? this.notice.text : null;
    if (!notice) this.notice = null;
    this.el.replaceChildren(
      notice ? h("p", { class: "notice-line" }, notice) : null,
      ...this.lines.map((line) => h("p", {}, line)));
    this.el.classList.toggle("notice", Boolean(notice));
    this.el.hidden = false;
    this.el.classList.remove("fading");
    clearTimeout(this.timer);
    const left = notice ? Math.max(seconds, (this.notice.until - Date.now()) / 1000) : seconds;
    this.timer = setTimeout(() => {
      this.el.classList.add("fading");
      this.timer = setTimeout(() => { this.el.hidden = true; this.lines = []; }, 400);
    }, left * 1000);
  }
}
