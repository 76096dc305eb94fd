// Draws Gangsta's board alone in a page of the server (tests/web/test_gangsta_table.py):
// the renderer with a context whose act() is recorded in window.__acts.
async ({msg, motion, width, height, names, seat}) => {
  const mod = await import("/static/games/gangsta.js");
  window.__acts = [];
  const host = document.createElement("section");
  host.id = "board"; host.className = "board"; host.dataset.role = "board";
  host.style.cssText = `width:${width}px;max-width:100%;--board-h:${height}px`; // .board: that tall
  document.getElementById("app").replaceChildren(host);
  const ctx = {
    seat, table: {id: "test", result: null}, legal: seat === null ? [] : msg.legal,
    pending: [0], thinking: [],
    name: (s) => names[s] + (s === 0 ? " (you)" : ""), fresh: msg.events, motion,
    act: (a) => window.__acts.push(a), actAll: (list) => window.__acts.push(...list),
    redraw: () => draw(),
  };
  const draw = () => host.replaceChildren(mod.render(msg.view, ctx));
  draw();
  // the page's head links the game's stylesheet: wait until it has loaded
  const css = document.querySelector("link[href$='/games/gangsta.css']");
  if (!css.sheet) await new Promise((r) => css.addEventListener("load", r, {once: true}));
}
