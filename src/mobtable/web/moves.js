// Offering legal moves: board elements carry data-token="..."; a move's
// notation splits into tokens; the player narrows the legal moves by clicking
// tokens until one move is left (or picks one from the list).
import { h } from "./dom.js";

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

// The legal-move buttons, a page at a time: as many as fit in the list's box (its CSS
// max-height), with "More"/"Back" to turn pages, so the list never runs below the fold.
export class MovePages {
  constructor() {
    this.starts = [0]; // where each page seen so far begins
    this.key = "";
  }

  // Fill `list` with the buttons of `moves` (made by `button`) from the current page;
  // `pager` gets the page controls. Call with `list` attached and visible.
  fill(list, pager, moves, button) {
    const key = moves.map((m) => m.a).join("\n");
    if (key !== this.key) {
      this.key = key;
      this.starts = [0];
    }
    const start = this.starts[this.starts.length - 1];
    list.replaceChildren(...moves.slice(start).map(button));
    pager.replaceChildren();
    const hidden = !list.offsetParent; // nothing to measure: show them all
    let fit = hidden ? list.children.length : this.fitting(list);
    if (!hidden && (start > 0 || start + fit < moves.length)) {
      // the page controls take room from the list: measure again with them in place
      pager.append(h("button", { class: "secondary pager", disabled: true }, "◀"));
      fit = this.fitting(list);
      pager.replaceChildren();
    }
    fit = Math.max(1, fit);
    while (list.children.length > fit) list.lastChild.remove();
    const end = start + fit;
    const turn = (starts) => () => { this.starts = starts; this.fill(list, pager, moves, button); };
    if (start > 0 || end < moves.length) {
      pager.append(
        h("button", { class: "secondary pager", "data-page": "back", "aria-label": "Previous moves", disabled: start === 0, onclick: turn(this.starts.slice(0, -1)) }, "◀"),
        h("span", { class: "muted small" }, `${start + 1}–${end} of ${moves.length}`),
        h("button", { class: "secondary pager", "data-page": "more", "aria-label": "More moves", disabled: end >= moves.length, onclick: turn([...this.starts, end]) }, "▶"),
      );
    }
  }

  // How many of the list's buttons lie wholly inside its box.
  fitting(list) {
    const limit = list.clientHeight;
    let fit = 0;
    for (const el of list.children) {
      if (el.offsetTop + el.offsetHeight > limit + 1) break;
      fit += 1;
    }
    return fit;
  }
}
