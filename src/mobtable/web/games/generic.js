// The fallback renderer: the view as a readable panel (legal moves come from the move list).
import { h } from "../dom.js";

function value(v) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", {}, v.map(String).join(", ") || "—");
    return h("ol", { start: "0" }, v.map((x) => h("li", {}, value(x))));
  }
  if (typeof v === "object") {
    return h("dl", { class: "kv" }, Object.entries(v).map(([k, x]) => [h("dt", {}, k), h("dd", {}, value(x))]));
  }
  return h("span", {}, String(v));
}

export function render(view, _ctx) {
  return h("div", { class: "generic-view" }, value(view));
}
