// COSCA's renderer (the table's contract: render(view, ctx)); the board lives in cosca/,
// its style in cosca.css (linked by index.html).
export { render } from "./cosca/board.js";

// The board tells every move itself (the story of each reveal, each seat's last action, who
// has decided), so the shell's "what just happened" line stays off: it would tell the
// story's end while its first beats play.
export const showsWhatHappened = true;

