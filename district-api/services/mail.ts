// Outgoing mail: SMTP when SMTP_URL is set, otherwise one file per message in DATA_DIR/outbox/.
import { metrics } from "../metrics";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { redactAddresses, type Logger } from "../logger";

export { redactAddresses };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxMailer(dir: string): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.json`;
      await writeFile(path.join(dir, name), JSON.stringify(message, null, 2));
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

/** Sends without making the caller wait; a failure is logged without the address or the body. */
export function sendInBackground(mailer: Mailer, logger: Logger, message: MailMessage): void {
  metrics.mail.inc({ outcome: "queued" });
  mailer.send(message).catch((err: unknown) => {
    metrics.mail.inc({ outcome: "failed" });
    logger.error(
      { err: redactAddresses(err instanceof Error ? err.message : String(err)) },
      "mail send failed",
    );
  });
}
