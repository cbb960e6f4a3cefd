// The client against a running Engram (ENGRAM_GATEWAY, ENGRAM_API_KEY), and its retries against a local
// stand-in that answers 429 and 503. Runs with `node --test test/`.
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Engram, EngramError } from "../index.js";

const gateway = process.env.ENGRAM_GATEWAY;
const apiKey = process.env.ENGRAM_API_KEY ?? null;

describe("against Engram", { skip: gateway ? false : "ENGRAM_GATEWAY names no running Engram" }, () => {
  const memory = new Engram({ url: gateway, apiKey });
  const user = () => `ts-${randomUUID().slice(0, 8)}`;
  const chat = [
    { id: "1", producer: "Ana", content: "I started learning the cello in January." },
    { id: "2", producer: "assistant", content: "How are the lessons going?" },
  ];

  test("an add that waited is found by the next search", async () => {
    const u = user();
    const added = await memory.add(u, "chat/1", chat, { waitIndexed: true });
    assert.deepEqual(added.episodes.map((e) => e.status), ["created", "created"]);
    assert.equal(added.pending, undefined);
    const found = await memory.search(u, "Which instrument is Ana learning?", { top_k: 3 });
    assert.match(found.context, /cello/);
    assert.equal((await memory.status(u)).pending, 0);
  });

  test("a re-sent episode is a duplicate, a different one under its id a 409", async () => {
    const u = user();
    await memory.add(u, "chat/1", chat);
    const again = await memory.add(u, "chat/1", [chat[0]]);
    assert.equal(again.episodes[0].status, "duplicate");
    await assert.rejects(memory.add(u, "chat/1", [{ id: "1", content: "Something else." }]),
      (error) => error instanceof EngramError && error.status === 409);
  });

  test("bad input rejects with every field", async () => {
    await assert.rejects(memory.search(user(), "anything", { top_k: 0, mode: "fast" }), (error) => {
      assert.ok(error instanceof EngramError);
      assert.equal(error.status, 400);
      assert.deepEqual(error.errors.map((e) => e.field).sort(), ["mode", "top_k"]);
      assert.match(error.message, /top_k/);
      return true;
    });
  });

  test("a corrected episode is found by what it says now", async () => {
    const u = user();
    await memory.add(u, "chat/1", chat, { waitIndexed: true });
    const corrected = await memory.updateEpisode(u, "1", { content: "I started learning the viola in January." },
      { waitIndexed: true });
    assert.equal(corrected.status, "updated");
    assert.equal(corrected.episode.revision, 1);
    assert.equal(corrected.pending, undefined);
    assert.match((await memory.search(u, "Which instrument is Ana learning?", { top_k: 3 })).context, /viola/);
    await assert.rejects(memory.updateEpisode(u, "1", { content: " " }),
      (error) => error.status === 400 && error.errors[0].field === "content");
  });

  test("episodes are listed, read and deleted; short-term, profile and the user too", async () => {
    const u = user();
    await memory.add(u, "chat/1", chat, { waitIndexed: true });
    const page = await memory.episodes(u, { sessionId: "chat/1", limit: 10 });
    assert.deepEqual(page.episodes.map((e) => e.id), ["1", "2"]);
    assert.match((await memory.episode(u, "1")).content, /cello/);
    assert.ok((await memory.me()).scopes.includes("read"));
    const sessions = await memory.sessions(u);
    assert.deepEqual(sessions.sessions.map((s) => [s.session_id, s.episodes]), [["chat/1", 2]]);
    const users = [];
    for (let cursor; ; ) {
      const page = await memory.users({ cursor, limit: 100 });
      users.push(...page.users);
      if (!(cursor = page.next_cursor)) break;
    }
    assert.deepEqual(users.filter((found) => found.user_id === u).map((found) => found.stored), [2]);
    assert.match(JSON.stringify(await memory.shortTerm(u, "chat/1")), /cello/);
    assert.equal((await memory.profile(u)).user_id, u);
    assert.ok(["complete", "pending"].includes((await memory.deleteEpisode(u, "1")).status));
    await assert.rejects(memory.episode(u, "1"), (error) => error.status === 404);
    const deletion = await memory.deleteUser(u);
    assert.equal((await memory.deletion(deletion.id)).id, deletion.id);
    assert.equal((await memory.status(u)).stored, 0);
  });

  test("the memory-loop example runs", async () => {
    const example = fileURLToPath(new URL("../examples/memory-loop.js", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [example], {
      env: { ...process.env, ENGRAM_EXAMPLE_USER: user() },
      timeout: 120_000,
    });
    assert.match(stdout, /Porto/);
  });
});

describe("retries", () => {
  let server;
  let answers = [];
  let seen = 0;
  let url;

  before(async () => {
    server = createServer((request, response) => {
      seen++;
      const [status, headers, body] = answers.shift();
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });

  after(() => server.close());

  test("429 and 503 are retried after the advertised delay", async () => {
    seen = 0;
    answers = [
      [429, { "Retry-After": "0" }, { title: "Too Many Requests" }],
      [503, { "Retry-After": "0" }, { title: "Service Unavailable" }],
      [200, {}, { user_id: "u", stored: 1, indexed: 1, pending: 0 }],
    ];
    const status = await new Engram({ url, apiKey: "egk_key", retries: 2 }).status("u");
    assert.equal(status.stored, 1);
    assert.equal(seen, 3);
  });

  test("retries end with the last refusal, and no answer is status 0", async () => {
    seen = 0;
    answers = Array(3).fill([503, { "Retry-After": "0" }, { title: "Service Unavailable", status: 503 }]);
    await assert.rejects(new Engram({ url, retries: 2 }).status("u"), (error) => error.status === 503);
    assert.equal(seen, 3);
    await assert.rejects(new Engram({ url: "http://127.0.0.1:9", timeoutMs: 2000 }).status("u"),
      (error) => error instanceof EngramError && error.status === 0);
  });
});
