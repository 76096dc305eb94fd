// The table's chat: messages from the WebSocket ({type: "chat", messages, history}),
// shown as text (never parsed as HTML), and a line to write one.
import { h } from "./dom.js";
import { useSocialStyles } from "./social.js";

const CHAT_MAX = 300;

export class Chat {
  // `send(text)` sends one message to the table.
  constructor(send) {
    useSocialStyles();
    this.list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": "chat messages" });
    this.input = h("input", {
      name: "chat", maxlength: String(CHAT_MAX), autocomplete: "off", "aria-label": "chat message",
      placeholder: "Say something to the table",
    });
    this.error = h("p", { class: "error small chat-error", role: "alert" });
    const form = h("form", {
      class: "chat-form",
      onsubmit: (event) => {
        event.preventDefault();
        const text = this.input.value.trim();
        if (!text) return;
        this.error.textContent = "";
        send(text);
        this.input.value = "";
      },
    }, this.input, h("button", { type: "submit", "aria-label": "send the message" }, "Send"));
    this.element = h("section", { class: "chat", "data-role": "chat", "aria-label": "chat" },
      h("h3", {}, "Chat"), this.list, form, this.error);
    this.empty();
  }

  empty() {
    this.list.replaceChildren(h("li", { class: "muted small chat-empty" }, "No messages yet."));
  }

  // A chat message from the server: the history on connecting, then each new one.
  receive(message) {
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
