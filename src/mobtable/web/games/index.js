// The renderer of each game: games/<name>.js exporting render(view, ctx);
// a game without one is shown by the generic renderer.
import * as generic from "./generic.js";

const cache = new Map();

export async function rendererFor(game) {
  if (!cache.has(game)) {
    cache.set(game, import(`./${game}.js`).catch(() => generic));
  }
  return cache.get(game);
}
