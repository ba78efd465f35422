// The SMTP mailer (SMTP_URL) hands a message to an SMTP server: a minimal server on the loopback
// address records what it is given.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { smtpMailer } from "../../district-api/services/mail";

interface Received {
  from: string;
  to: string[];
  data: string;
}

let server: Server;
let port: number;
const received: Received[] = [];
const sockets = new Set<Socket>();

/** Just enough of RFC 5321 for one client: no extensions, no TLS, no authentication. */
function session(socket: Socket): void {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  let buffer = "";
  let inData = false;
  let current: Received = { from: "", to: [], data: "" };
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply("220 test.local ESMTP");
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    for (;;) {
      if (inData) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end < 0) return;
        current.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        received.push(current);
        current = { from: "", to: [], data: "" };
        reply("250 2.0.0 queued");
        continue;
      }
      const eol = buffer.indexOf("\r\n");
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO" || verb === "HELO") reply("250 test.local");
      else if (verb === "MAIL") {
        current.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
        reply("250 2.1.0 ok");
      } else if (verb === "RCPT") {
        current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
        reply("250 2.1.5 ok");
      } else if (verb === "DATA") {
        inData = true;
        reply("354 end with <CRLF>.<CRLF>");
      } else if (verb === "QUIT") {
        reply("221 2.0.0 bye");
        socket.end();
      } else if (verb === "RSET" || verb === "NOOP") reply("250 2.0.0 ok");
      else reply("502 5.5.2 not implemented");
    }
  });
}

beforeAll(async () => {
  server = createServer(session);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("smtpMailer", () => {
  it("sends the message from the district's address to the recipient, UTF-8 intact", async () => {
    const mailer = await smtpMailer(`smtp://127.0.0.1:${port}`, "no-reply@district.example.org");
    await mailer.send({
      to: "family@example.org",
      subject: "Account locked – Nguyễn",
      text: "Hello 李 Łukasz,\nyour account is locked for 15 minutes.",
    });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe("no-reply@district.example.org");
    expect(mail!.to).toEqual(["family@example.org"]);
    expect(mail!.data).toMatch(/^To: family@example\.org$/m);
    expect(mail!.data).toMatch(/^From: no-reply@district\.example\.org$/m);
    // Non-ASCII subject and body are encoded (RFC 2047 / quoted-printable or base64).
    expect(mail!.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail!.data).toMatch(/charset=utf-8/i);
  });

  it("rejects when the server refuses the recipient", async () => {
    const refusing = createServer((socket) => {
      socket.write("220 test.local ESMTP\r\n");
      socket.on("data", (chunk) => {
        const verb = chunk.toString().slice(0, 4).toUpperCase();
        if (verb === "RCPT") socket.write("550 5.1.1 no such user\r\n");
        else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      });
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    try {
      const { port: refusingPort } = refusing.address() as AddressInfo;
      const mailer = await smtpMailer(
        `smtp://127.0.0.1:${refusingPort}`,
        "no-reply@district.example.org",
      );
      await expect(
        mailer.send({ to: "nobody@example.org", subject: "x", text: "y" }),
      ).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
