// Offering legal moves: board elements carry data-token="..."; a move's
// notation splits into tokens; the player narrows the legal moves by clicking
// tokens until one move is left (or picks one from the list).
export function tokens(notation) {
  return notation.split(/[\s,+@]+/).filter(Boolean);
}

export class Chooser {
  constructor() {
    this.legal = [];
    this._selected = [];
    this._usable = null; // tokens of the current candidates, rebuilt when they change
  }

  get selected() {
    return this._selected;
  }

  set selected(value) {
    this._selected = value;
    this._usable = null;
  }

  setLegal(legal) {
    this.legal = legal.map((m) => ({ ...m, tokens: tokens(m.a) }));
    this._usable = null;
    if (!this.candidatesFor(this.selected).length) this.selected = [];
  }

  candidatesFor(selection) {
    return this.legal.filter((m) => selection.every((t) => m.tokens.includes(t)));
  }

  candidates() {
    return this.candidatesFor(this.selected);
  }

  // "selected", "legal" (clicking it narrows to at least one move) or "dim".
  // One pass over the candidates per change, so marking n pieces costs O(n), not O(n²).
  stateOf(token) {
    if (this.selected.includes(token)) return "selected";
    if (this._usable === null) this._usable = new Set(this.candidates().flatMap((m) => m.tokens));
    return this._usable.has(token) ? "legal" : "dim";
  }

  // Click on a token: returns {play: notation} when one move is left,
  // {explain: token} when no legal move uses it, or {} after narrowing.
  click(token) {
    if (this.selected.includes(token)) {
      this.selected = this.selected.filter((t) => t !== token);
      return {};
    }
    let next = [...this.selected, token];
    if (!this.candidatesFor(next).length) {
      next = [token];
      if (!this.candidatesFor(next).length) {
        this.selected = [];
        return { explain: token };
      }
    }
    this.selected = next;
    const left = this.candidates();
    if (left.length === 1) {
      this.selected = [];
      return { play: left[0].a };
    }
    return {};
  }

  clear() {
    this.selected = [];
  }
}
