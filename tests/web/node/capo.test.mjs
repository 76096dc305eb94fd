// Capo's board (web/games/capo.js) drawn from each golden view: every player's respect, this
// seat's hand and its own face-down crew, and no card face this seat may not see.
import assert from "node:assert/strict";
import { test } from "node:test";
import { draw, goldens, otherNames, readable, readsTogether, winners, words } from "./board.mjs";

const cardsOn = (el) => new Set([...el.querySelectorAll("[data-card]")].map((c) => c.getAttribute("data-card")));

for (const golden of goldens("capo")) {
  for (const entry of golden.seats) {
    const { view, seat } = entry;
    const who = seat === null ? "a spectator" : golden.names[seat];
    test(`${golden.file}: ${who} (${golden.about})`, async () => {
      const { root } = await draw(golden, entry);
      const text = readable(root);
      for (let s = 0; s < view.players; s++) {
        const parts = [golden.names[s], `${view.respect[s]} respect`];
        assert.ok(readsTogether(root, parts, otherNames(golden, s)), `${parts.join(": ")} shown together`);
      }
      assert.match(text, words(`stack ${view.stack_size}`), "the Mafioso stack's size");
      for (const name of winners(golden)) assert.match(text, words(name), `the winner ${name} is named`);
      const shown = cardsOn(root);
      const hand = [...root.querySelectorAll("[data-role=hand]")];
      const inHand = new Set(hand.flatMap((el) => [...cardsOn(el)]));
      if (view.hand !== null && view.phase !== "over") {
        for (const id of view.hand) {
          assert.ok(inHand.has(String(id)), `${view.cards[id].name} (${id}) is in ${who}'s hand`);
          assert.match(hand.map(readable).join("\n"), words(view.cards[id].name));
        }
        for (const id of view.table[seat].cards || []) assert.ok(shown.has(String(id)), `${who}'s own face-down card ${id}`);
      }
      if (seat === null) assert.equal(inHand.size, 0, "a spectator sees no hand");
      for (const id of shown) assert.ok(id in view.cards, `card ${id} is drawn but not in ${who}'s view`);
      for (const other of golden.seats) {
        if (other.seat === seat || other.seat === null) continue;
        const secret = [...(other.view.hand || []), ...(other.view.table[other.seat].cards || [])];
        for (const id of secret.map(String).filter((id) => !(id in view.cards))) {
          assert.ok(!shown.has(id), `${who} sees ${golden.names[other.seat]}'s card ${id}`);
        }
      }
    });
  }
}

// A job that takes no stars at all ("A few bucks on the side") reads so, on the card and in
// the last round's line, never "at most 0".
test("a job with no stars allowed says so", async () => {
  const golden = goldens("capo").find((g) => g.seats.some((e) => e.view.last_round));
  const entry = structuredClone(golden.seats.find((e) => e.view.last_round));
  Object.assign(entry.view.assignment, { stars: 0, max_stars: 0 });
  entry.view.last_round.max_stars = 0;
  const { root } = await draw(golden, entry);
  const text = readable(root);
  assert.doesNotMatch(text, /at most 0/);
  assert.match(text, /no ★ allowed/, "the card's limit");
  assert.match(text, /no stars allowed/, "the card's description");
  assert.match(text, words(`${entry.view.last_round.assignment_name} · no ★ allowed`), "the last round's line");
});
