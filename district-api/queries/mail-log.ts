// The business office's mail log (decision 130): the messages queued for a family, found by the
// student ID or member number they concern, or by the address they went to; newest first.
import { desc, eq, inArray, or, sql } from "drizzle-orm";
import { MAIL_LOG_LIMIT, type MailLog } from "@domain/contract/office-mail";
import type { Exec } from "../db/client";
import { mailQueue } from "../db/schema";
import { isResendable } from "@domain/rules/mail-kinds";

export async function readMailLog(db: Exec, q: string | undefined): Promise<MailLog> {
  const query = (q ?? "").trim();
  if (!query) return { q: "", messages: [] };
  const where = /^\d+$/.test(query)
    ? or(
        eq(mailQueue.participantId, Number(query)),
        inArray(mailQueue.ownerKey, [`student:${query}`, `community_member:${query}`]),
      )
    : eq(sql`lower(${mailQueue.toAddress})`, query.toLowerCase());
  const rows = await db
    .select({
      id: mailQueue.id,
      kind: mailQueue.kind,
      toAddress: mailQueue.toAddress,
      subject: mailQueue.subject,
      status: mailQueue.status,
      attempts: mailQueue.attempts,
      createdAt: mailQueue.createdAt,
      sentAt: mailQueue.sentAt,
      lastError: mailQueue.lastError,
      participantId: mailQueue.participantId,
      paymentId: mailQueue.paymentId,
      resendOf: mailQueue.resendOf,
    })
    .from(mailQueue)
    .where(where)
    .orderBy(desc(mailQueue.createdAt), desc(mailQueue.id))
    .limit(MAIL_LOG_LIMIT);
  return {
    q: query,
    messages: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.toAddress,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      lastError: r.lastError,
      participantId: r.participantId,
      paymentId: r.paymentId,
      resendOf: r.resendOf,
      resendable: isResendable(r.kind),
    })),
  };
}
