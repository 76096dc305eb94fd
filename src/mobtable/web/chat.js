// The table's chat: messages from the WebSocket ({type: "chat", messages, history}),
// shown as text (never parsed as HTML), and a line to write one.
import { h } from "./dom.js";
import { useSocialStyles } from "./social.js";

const CHAT_MAX = 300; // until the server says its limit (every chat message carries it)
const chars = (text) => [...text.split(/\s+/).join(" ").trim()].length; // as the server counts

export class Chat {
  // `send(text)` sends one message to the table.
  constructor(send) {
    useSocialStyles();
    this.list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": "chat messages" });
    this.limit = CHAT_MAX;
    // No maxlength: a pasted message over the limit is never cut silently; the counter
    // shows it and Send says how much is too much.
    this.input = h("input", {
      name: "chat", autocomplete: "off", "aria-label": "chat message",
      placeholder: "Say something to the table", oninput: () => this.count(),
    });
    this.counter = h("span", { class: "chat-count small muted", "data-role": "chat-count", "aria-live": "polite" });
    this.error = h("p", { class: "error small chat-error", role: "alert" });
    const form = h("form", {
      class: "chat-form",
      onsubmit: (event) => {
        event.preventDefault();
        const text = this.input.value.trim();
        if (!text) return;
        const n = chars(text);
        if (n > this.limit) {
          this.error.textContent = `A message is at most ${this.limit} characters: this one has ${n} (${n - this.limit} too many).`;
          this.list.scrollTop = this.list.scrollHeight; // the latest line stays in view
          return;
        }
        this.error.textContent = "";
        send(text);
        this.input.value = "";
        this.count();
      },
    }, this.input, h("button", { type: "submit", "aria-label": "send the message" }, "Send"));
    this.element = h("section", { class: "chat", "data-role": "chat", "aria-label": "chat" },
      h("h3", {}, "Chat"), this.list, form, h("div", { class: "chat-foot" }, this.counter, this.error));
    this.count();
    this.empty();
  }

  empty() {
    this.list.replaceChildren(h("li", { class: "muted small chat-empty" }, "No messages yet."));
  }

  // Characters typed against the limit, shown once the message is long ("280 / 300").
  count() {
    const n = chars(this.input.value);
    this.counter.textContent = n >= this.limit - 50 ? `${n} / ${this.limit}` : "";
    this.counter.classList.toggle("over", n > this.limit);
    this.input.setAttribute("aria-invalid", String(n > this.limit));
    this.list.scrollTop = this.list.scrollHeight;
  }

  // A chat message from the server: the history on connecting, then each new one.
  receive(message) {
    if (message.limit) this.limit = message.limit;
    if (message.history) this.empty();
    if (message.messages.length) this.list.querySelector(".chat-empty")?.remove();
    for (const m of message.messages) {
      this.list.append(h("li", { class: m.spectator ? "chat-line spectator" : "chat-line", dataset: { n: String(m.n) } },
        h("strong", { class: "chat-from" }, m.from), ": ", h("span", { class: "chat-text" }, m.text)));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }

  // A refusal of the server (too long, too many), shown under the chat line.
  refused(text) {
    this.error.textContent = text;
  }

  // Put the chat into `slot` (the sidebar's or the waiting room's), keeping what it holds.
  mount(slot) {
    if (slot && this.element.parentNode !== slot) slot.append(this.element);
  }
}
