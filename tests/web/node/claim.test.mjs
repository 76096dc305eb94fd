// The web client's seat claim and leave (web/api.js): one random request key for the claim and
// its retries, so a retry of a claim the server stored (its answer lost) gets the seat back; a
// leave retried after a lost answer and refused for its token has left; a refusal (409, 422)
// is not retried.
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.document = { cookie: "" };
const { TRIES, claimSeat, inWords, leaveTable, requestKey } = await import("../../../src/mobtable/web/api.js");

// fetch answering from a list: a status (with a body), or null for no answer at all.
function serve(answers) {
  const sent = [];
  globalThis.fetch = async (path, options) => {
    sent.push({ path, body: JSON.parse(options.body) });
    const [status, body] = answers.shift();
    if (status === null) throw new TypeError("Failed to fetch");
    return { ok: status < 400, status, statusText: "", json: async () => body };
  };
  return sent;
}

test("a request key is 24 URL-safe characters, new each time", () => {
  const keys = new Set(Array.from({ length: 50 }, requestKey));
  assert.equal(keys.size, 50);
  for (const key of keys) assert.match(key, /^[A-Za-z0-9_-]{24}$/);
});

test("a claim retried after a lost answer sends the same key", async () => {
  const sent = serve([[null], [503, { detail: "moving" }], [200, { seat: 1, token: "t", url: "/t/x" }]]);
  const claimed = await claimSeat("x", 1, "Ada");
  assert.deepEqual(claimed, { seat: 1, token: "t", url: "/t/x" });
  assert.equal(sent.length, 3);
  assert.ok(sent.every((s) => s.path === "/api/tables/x/seats/1/claim"));
  assert.ok(sent.every((s) => s.body.request === sent[0].body.request && s.body.name === "Ada"));
  assert.match(sent[0].body.request, /^[A-Za-z0-9_-]{24}$/);
});

test("a seat taken is said at once; each claim has a key of its own", async () => {
  const sent = serve([[409, { detail: "seat 1 is not free" }], [200, { seat: 2, token: "u" }]]);
  await assert.rejects(claimSeat("x", 1, null), /seat 1 is not free/);
  await claimSeat("x", 2, null);
  assert.equal(sent.length, 2);
  assert.notEqual(sent[0].body.request, sent[1].body.request);
});

test("the tries end", async () => {
  const sent = serve(Array.from({ length: TRIES }, () => [502, {}]));
  await assert.rejects(claimSeat("x", 1, null), /502/);
  assert.equal(sent.length, TRIES);
});

test("a leave whose answer was lost has left when its retry finds the token gone", async () => {
  const gone = [403, { detail: "wrong or missing seat token for seat 1", rule: "token" }];
  const sent = serve([[null], [503, { detail: "moving" }], gone]);
  await leaveTable("x", 1, "t");
  assert.equal(sent.length, 3);
  assert.ok(sent.every((s) => s.path === "/api/tables/x/leave" && s.body.seat === 1 && s.body.token === "t"));
});

test("a leave refused at its first try, or for another reason, says why", async () => {
  serve([[403, { detail: "wrong or missing seat token for seat 1", rule: "token" }]]);
  await assert.rejects(leaveTable("x", 1, "t"), /wrong or missing seat token/);
  serve([[null], [403, { detail: "the page's CSRF token is missing", rule: "csrf" }]]);
  await assert.rejects(leaveTable("x", 1, "t"), /CSRF/);
  const sent = serve([[null], [409, { detail: "the game has started" }]]);
  await assert.rejects(leaveTable("x", 1, "t"), /the game has started/);
  assert.equal(sent.length, 2);
});

test("a refusal met at a seat is said in words, never by the seat's number", async () => {
  for (const [status, rule, detail, words] of [
    [409, "taken", "seat 1 is not free", /Someone has just taken that seat/],
    [403, "token", "wrong or missing seat token for seat 1", /no longer yours/],
    [409, "reloaded", "seat 1 changed meanwhile; look at the table again", /changed meanwhile/],
    [409, "bot-plays", "a bot plays seat 1 now; take your seat back first", /take your seat back/],
    [409, "bot-seated", "seat 1 is already played by a bot", /A bot already plays that seat/],
  ]) {
    serve([[status, { detail, rule }]]);
    const err = await claimSeat("x", 1, null).catch((e) => e);
    assert.equal(err.rule, rule);
    assert.match(inWords(err), words);
    assert.doesNotMatch(inWords(err), /\d/);
  }
  serve([[409, { detail: "not everyone is ready yet: Bob", rule: "not-ready" }]]);
  assert.equal(inWords(await claimSeat("x", 1, null).catch((e) => e)), "not everyone is ready yet: Bob");
});
