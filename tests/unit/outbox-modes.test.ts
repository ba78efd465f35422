// Mail written to the outbox holds families' addresses and receipts, so it is readable by the
// service's user only, whatever umask the process runs with (decision 135). A message appears in
// the outbox whole: whoever reads the folder (an operator, a test) never finds half a message.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { outboxMailer } from "../../district-api/services/mail";

let dir = "";
const umask = process.umask();
afterEach(async () => {
  process.umask(umask);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the outbox", () => {
  it("is 0700 and its messages 0600, even under a permissive umask", async () => {
    process.umask(0o022);
    dir = await mkdtemp(path.join(tmpdir(), "outbox-modes-"));
    const outbox = path.join(dir, "outbox");
    await outboxMailer(outbox).send({ to: "parent@example.org", subject: "Receipt", text: "x" });
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    const [file] = await readdir(outbox);
    expect((await stat(path.join(outbox, file!))).mode & 0o777).toBe(0o600);
  });

  it("shows a message only once it is whole, to a reader listing the folder meanwhile", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "outbox-whole-"));
    const outbox = path.join(dir, "outbox");
    const mailer = outboxMailer(outbox);
    await mailer.send({ to: "parent@example.org", subject: "First", text: "x" });
    const html = `<p>${"receipt line ".repeat(200_000)}</p>`;
    let writing = true;
    const halves: string[] = [];
    // The reader looks between every step of the writes (each write is several steps of the
    // event loop): it reads synchronously, then yields.
    const reader = (async () => {
      while (writing) {
        for (const f of readdirSync(outbox)) {
          if (!readFileSync(path.join(outbox, f), "utf8").endsWith("}")) halves.push(f);
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        mailer.send({ to: "parent@example.org", subject: `Receipt ${i}`, text: "x", html }),
      ),
    );
    writing = false;
    await reader;
    expect(new Set(halves)).toEqual(new Set());
    expect(await readdir(outbox)).toHaveLength(11);
  });
});
