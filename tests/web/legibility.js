// Measured by tests/web/legibility.py in the page: what covers what the player needs, text
// printed smaller than a person reads, text cut with an ellipsis, and the page's height.
(minPx) => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const board = document.querySelector('#board');
  const shown = (el) => { const r = el.getBoundingClientRect(); const st = getComputedStyle(el);
    return r.width > 1 && r.height > 1 && st.visibility !== 'hidden' && st.display !== 'none' && Number(st.opacity) > 0.05; };
  const describe = (el) => (el.getAttribute('data-role') || el.getAttribute('aria-label') || el.id
    || el.tagName.toLowerCase() + '.' + String(el.getAttribute('class') || '').split(' ')[0] + ':' + (el.textContent || '').trim().slice(0, 30));
  const out = { covered: [], tiny: [], cut: [], height: document.documentElement.scrollHeight, vh };
  // What the player needs, each checked at its centre and four points a fifth in from its
  // corners (inside the viewport and the board's visible box): the topmost element there must
  // be itself or inside it. A drawer or the result the player opened covers on purpose.
  const opened = document.querySelector('.side.drawer-open, #result:not([hidden]), .rules-panel:not([hidden])');
  if (!opened) {
    const clip = board ? board.getBoundingClientRect() : { left: 0, top: 0, right: vw, bottom: vh };
    const needed = document.querySelectorAll('[data-role="prompt"], [data-role="confirm"], [data-role="hand"], '
      + '#board [data-legal="1"], #cosca-action, .cosca-banner, .g-decide-title, .g-final, [data-role="capo-winner"]');
    for (const el of needed) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      const inBoard = board && board.contains(el);
      for (const [fx, fy] of [[.5, .5], [.2, .2], [.8, .2], [.2, .8], [.8, .8]]) {
        const x = r.left + fx * r.width, y = r.top + fy * r.height;
        if (x < 0 || y < 0 || x > vw || y > vh) continue;
        if (inBoard && (x < clip.left || x > clip.right || y < clip.top || y > clip.bottom)) continue;
        const top = document.elementFromPoint(x, y);
        if (top && top !== el && !el.contains(top)) {
          out.covered.push(`${describe(el)} at (${Math.round(x)}, ${Math.round(y)}) is under ${describe(top)}`);
          break;
        }
      }
    }
  }
  // Every text the board and the notes' strip print, at its size on screen (an SVG text
  // scaled by its drawing's viewBox), once it is at rest: a card turning over or a number
  // popping in passes through every size for a moment (a finite animation still running).
  const moving = document.getAnimations().filter((a) => a.playState === 'running'
    && a.effect && a.effect.target && a.effect.getComputedTiming().iterations !== Infinity).map((a) => a.effect.target);
  const atRest = (el) => !moving.some((t) => t.contains(el));
  const printed = board && board.querySelector('.gangsta, .cosca, .capo') ? board : null;
  const roots = [printed, document.querySelector('#board-notes')].filter(Boolean);
  const seen = new Set();
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || !el || seen.has(el) || el.closest('title, desc')) continue;
      seen.add(el);
      if (!shown(el) || !atRest(el)) continue;
      let px = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement && el.getScreenCTM) {
        const m = el.getScreenCTM();
        if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      }
      if (px < minPx - 0.05) out.tiny.push(`${describe(el)} at ${px.toFixed(1)} px`);
    }
  }
  for (const root of [board].filter(Boolean)) {
    for (const el of root.querySelectorAll('*')) {
      if (getComputedStyle(el).textOverflow !== 'ellipsis' || !shown(el)) continue;
      if (el.scrollWidth > el.clientWidth + 1) out.cut.push(`${describe(el)} (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
    }
  }
  return out;
}
