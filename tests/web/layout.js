// Measured by tests/web/layout.py in the page: the viewport, the roles' boxes, the controls.
() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const visible = (el) => { const r = el.getBoundingClientRect(); const st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none'; };
  const describe = (el) => (el.getAttribute('data-role') || el.getAttribute('data-action') || el.getAttribute('data-token')
    || el.getAttribute('aria-label') || el.id || el.tagName.toLowerCase() + ':' + (el.textContent || '').trim().slice(0, 30));
  const interactive = [...document.querySelectorAll(
    '#board [data-legal="1"], [data-role="legal-moves"] button, [data-role="confirm"], [data-role="hand"] [data-legal="1"]')]
    .filter(visible);
  const roles = {};
  for (const role of ['prompt', 'hand', 'legal-moves', 'confirm']) {
    const el = document.querySelector(`[data-role="${role}"]`);
    if (el && visible(el)) roles[role] = box(el);
  }
  return {
    vw, vh, scrollWidth: document.documentElement.scrollWidth,
    roles,
    targets: interactive.map((el) => ({name: describe(el), ...box(el)})),
  };
}
