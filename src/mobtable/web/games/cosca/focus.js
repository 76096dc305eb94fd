// Keyboard play across redraws: a staged pick redraws the whole board, so the control the
// player used is remembered by a selector and focused again in the new board.
let wanted = null;

export function remember(selector) {
  wanted = selector;
}

export function restore(board) {
  if (!wanted) return;
  const selector = wanted;
  wanted = null;
  queueMicrotask(() => {
    const el = board.isConnected ? board.querySelector(selector) : null;
    if (el) el.focus();
  });
}
