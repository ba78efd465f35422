// Mail written to the outbox holds families' addresses and receipts, so it is readable by the
// service's user only, whatever umask the process runs with (decision 135).
import { afterEach, describe, expect, it } from "vitest";
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
});
