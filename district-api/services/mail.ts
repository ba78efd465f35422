// Outgoing mail: SMTP when SMTP_URL is set, otherwise one file per message in DATA_DIR/outbox/.
// Nothing sends through a mailer directly: messages are queued (services/mail-queue.ts, decision
// 130) and the queue's worker sends them.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { redactAddresses } from "../logger";

export { redactAddresses };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message in HTML (receipts and confirmations); plain text only when absent. */
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxMailer(dir: string): Mailer {
  const partial = `${dir}.partial`;
  return {
    async send(message) {
      // Families' addresses and receipts: the service's user's only (decision 135).
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await mkdir(partial, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.json`;
      // Written beside the outbox, then moved in whole: whoever reads the outbox meanwhile never
      // finds half a message (a large one is written in several steps).
      await writeFile(path.join(partial, name), JSON.stringify(message, null, 2), { mode: 0o600 });
      await rename(path.join(partial, name), path.join(dir, name));
    },
  };
}

export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const nodemailer = await import("nodemailer");
  const transport = nodemailer.default.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
