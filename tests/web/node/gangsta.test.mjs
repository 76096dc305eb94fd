// Gangsta's board (web/games/gangsta.js) drawn from each golden view: the players with their
// points and cards, the decks, the territory, the trick, this seat's hand, and no card that
// this seat may not know.
import assert from "node:assert/strict";
import { test } from "node:test";
import { count, draw, goldens, otherNames, readable, readsTogether, role, words } from "./board.mjs";


const CODE = /^([A-Z])(\d+)([SW])$/;

// A card in the players' words ("Bratva 5 strong"), from the view's mafia names.
function cardWords(view, code) {
  const [, letter, value, side] = CODE.exec(code);
  const mafia = view.mafias[letter].replace(/\s*\(.*\)\s*$/, "");
  return `${mafia} ${value} ${side === "S" ? "strong" : "weak"}`;
}

// Every card code anywhere in a view: what its seat knows of the cards.
function codesIn(value, out = new Set()) {
  if (typeof value === "string" && CODE.test(value)) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => codesIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => codesIn(v, out));
  return out;
}

for (const golden of goldens("gangsta")) {
  for (const entry of golden.seats) {
    const { view, seat } = entry;
    const who = seat === null ? "a spectator" : golden.names[seat];
    test(`${golden.file}: ${who} (${golden.about})`, async () => {
      const { root } = await draw(golden, entry);
      const text = readable(root);
      for (let s = 0; s < view.players; s++) {
        const name = golden.names[s];
        assert.ok(readsTogether(root, [name, count(view.hand_sizes[s], "card"), `${view.scores[s]}`], otherNames(golden, s)),
          `${name}'s block shows their ${view.hand_sizes[s]} cards and ${view.scores[s]} points`);
      }
      assert.ok(readsTogether(root, [`deck: ${view.deck_size}`]), `the deck shows ${view.deck_size} cards`);
      assert.ok(words(`${cardWords(view, view.trump)}, trump`).test(text), "the trump card is shown");
      for (const code of Object.values(view.grid)) assert.ok(words(cardWords(view, code)).test(role(root, "board") || text), `${code} on the grid`);
      for (const code of view.to_place.concat(view.phase === "pick" ? view.opened : [])) {
        assert.match(text, words(cardWords(view, code)), `${code}, being decided, is shown`);
      }
      for (const code of view.redraw.mine || []) {
        assert.match(text, words(cardWords(view, code)), `${code}, which ${who} put back, is shown to ${who}`);
      }
      for (const play of view.trick) {
        for (const code of play.cards) assert.ok(words(cardWords(view, code)).test(text), `${code} in the trick`);
      }
      const hand = role(root, "hand");
      if (view.hand !== null && view.phase !== "over") {
        for (const code of view.hand) assert.ok(words(cardWords(view, code)).test(hand), `${code} is in ${who}'s hand`);
      }
      // nothing hidden: no card another seat holds or put back, unless this seat knows it
      const known = codesIn(view);
      for (const other of golden.seats) {
        if (other.seat === seat || other.seat === null) continue;
        const secret = [...(other.view.hand || []), ...(other.view.redraw.mine || [])].filter((c) => !known.has(c));
        for (const code of secret) assert.doesNotMatch(text, words(cardWords(view, code)), `${who} sees ${code} of ${golden.names[other.seat]}`);
      }
      if (seat === null) assert.doesNotMatch(hand, /strong|weak/, "a spectator's hand area shows no card");
      assert.doesNotMatch(text, /\b[A-Z]\d+[SW]\b/, "no card code (notation) is shown");
    });
  }
}

test("the secrecy check would see a card leaked onto the board", async () => {
  const golden = goldens("gangsta").find((g) => g.position === "trick");
  const [mine, theirs] = golden.seats;
  const leaked = { ...mine, view: { ...mine.view, opened: [theirs.view.hand[0]] } };
  const { root } = await draw(golden, leaked);
  assert.match(readable(root), words(cardWords(mine.view, theirs.view.hand[0])));
});
