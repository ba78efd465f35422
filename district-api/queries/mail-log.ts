// The business office's mail log (decision 130): the messages queued for a family, found by the
// student ID or member number they concern, or by the address they went to; newest first.
import { sql } from "drizzle-orm";
import { MAIL_LOG_LIMIT, type MailLog } from "@domain/contract/office-mail";
import { queryRows, type Exec } from "../db/client";
import { isResendable } from "@domain/rules/mail-kinds";

interface Row {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  status: "queued" | "sending" | "sent" | "failed";
  attempts: number;
  created_at: Date | string;
  sent_at: Date | string | null;
  last_error: string | null;
  participant_id: number | null;
  payment_id: number | null;
  resend_of: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export async function readMailLog(db: Exec, q: string | undefined): Promise<MailLog> {
  const query = (q ?? "").trim();
  if (!query) return { q: "", messages: [] };
  const where = /^\d+$/.test(query)
    ? sql`participant_id = ${Number(query)}
        or owner_key in (${`student:${query}`}, ${`community_member:${query}`})`
    : sql`lower(to_address) = ${query.toLowerCase()}`;
  const rows = await queryRows<Row>(
    db,
    sql`select id, kind, to_address, subject, status, attempts, created_at, sent_at, last_error,
          participant_id, payment_id, resend_of
        from mail_queue where ${where}
        order by created_at desc, id desc limit ${MAIL_LOG_LIMIT}`,
  );
  return {
    q: query,
    messages: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      to: r.to_address,
      subject: r.subject,
      status: r.status,
      attempts: Number(r.attempts),
      createdAt: iso(r.created_at),
      sentAt: r.sent_at === null ? null : iso(r.sent_at),
      lastError: r.last_error,
      participantId: r.participant_id === null ? null : Number(r.participant_id),
      paymentId: r.payment_id === null ? null : Number(r.payment_id),
      resendOf: r.resend_of === null ? null : Number(r.resend_of),
      resendable: isResendable(r.kind),
    })),
  };
}
