// COSCA's board (web/games/cosca.js) drawn from each golden view: every player's money,
// weapons and dice, the mobster row, the deck, who decides, this seat's own sealed dice and
// no other seat's, and never a choice's notation.
import assert from "node:assert/strict";
import { test } from "node:test";
import { count, draw, goldens, otherNames, readable, readsTogether, winners, words } from "./board.mjs";

// The dice drawn on the city's places (each place says how many it shows).
function diceOnTheCity(root) {
  let total = 0;
  for (const place of root.querySelectorAll("[data-place]")) {
    const m = /, (\d+) dice$/.exec(place.getAttribute("aria-label") || "");
    total += m ? Number(m[1]) : 0;
  }
  return total;
}

for (const golden of goldens("cosca")) {
  for (const entry of golden.seats) {
    const { view, seat } = entry;
    const who = seat === null ? "a spectator" : golden.names[seat];
    test(`${golden.file}: ${who} (${golden.about})`, async () => {
      const { root } = await draw(golden, entry);
      const text = readable(root);
      for (const p of view.table) {
        const parts = [golden.names[p.seat], `${p.money} money`, count(p.weapons, "weapon"), `${p.dice} dice`];
        assert.ok(readsTogether(root, parts, otherNames(golden, p.seat)), `${parts.join(", ")} shown together`);
      }
      for (const mobster of view.row) assert.match(text, words(mobster.name), `${mobster.name} in the row`);
      if (view.stage !== "over") assert.match(text, words(`deck: ${view.deck_left}`), "the mobster deck's size");
      for (const name of winners(golden)) assert.match(text, words(name), `the winner ${name} is named`);
      if (view.stage === "dice") {
        const own = view.mine && view.mine.choice ? view.mine.choice.length : 0;
        assert.equal(diceOnTheCity(root), own, "the city shows this seat's own sealed dice and no one else's");
      }
      for (const other of golden.seats) {
        const choice = other.view.mine && other.view.mine.choice;
        if (choice) assert.doesNotMatch(text, words(choice), `a sealed choice's notation (${choice}) is shown`);
      }
    });
  }
}
