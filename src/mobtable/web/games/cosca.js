// COSCA's renderer (the table's contract: render(view, ctx)); the board lives in cosca/,
// its style in cosca.css, linked once.
import { h } from "../dom.js";

export { render } from "./cosca/board.js";

if (!document.querySelector("link[data-game-css=cosca]")) {
  document.head.append(h("link", { rel: "stylesheet", href: new URL("./cosca.css", import.meta.url).href, "data-game-css": "cosca" }));
}
