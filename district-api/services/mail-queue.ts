// Outgoing mail, the one way (docs/architecture.md "One way for each thing"; decision 130): a row
// of `mail_queue`, written by `enqueueMail` in the transaction of the change it tells about, so a
// message exists if and only if that change committed. A worker in each district API process
// (`startMailWorker`, started and stopped with the runtime) sends what is due:
// - woken by the table's NOTIFY, delivered when the enqueuing transaction commits, in every
//   process; it also polls, and sleeps until the next retry is due;
// - claims due rows with FOR UPDATE SKIP LOCKED and marks them 'sending' with a lease in the same
//   statement, so two processes never take the same row;
// - marks a row 'sent' after the mailer accepted it; a send that threw goes back to 'queued' with
//   exponential back-off (base × 2^(attempt-1), capped) and becomes 'failed' after its last attempt;
// - AT MOST ONCE around a crash: a row still 'sending' when its lease ran out (the process died
//   between claiming and marking) may or may not have gone out; it is never sent again but marked
//   'failed' ("interrupted"), and the office's mail log shows it for a resend. A draining process
//   finishes its sends before it stops, so only a crash leaves one.
// Addresses and bodies are never logged (redactAddresses).
import { and, desc, eq, gt, lt, min, sql } from "drizzle-orm";
import { queryRows, type Exec } from "../db/client";
import { guests, mailQueue, staff } from "../db/schema";
import type { ApiDeps } from "../deps";
import { logSafeError } from "../logger";
import { metrics } from "../metrics";
import { redactAddresses, type MailMessage } from "./mail";
import { t } from "@domain/messages";
import { isResendable, type MailKind } from "@domain/rules/mail-kinds";
import { claimRows, lockRows } from "./locks";
import { recordAudit, type Actor } from "./audit";
import { ApiError } from "../errors";

/** A message to queue, and whom it concerns (any that apply), for the office's mail log. */
export interface QueuedMail extends MailMessage {
  kind: MailKind;
  /** The signed-in owner it concerns (`student:100001`, `community_member:…`, `guest:…`). */
  ownerKey?: string | null;
  participantId?: number | null;
  cartId?: number | null;
  paymentId?: number | null;
  registrationId?: string | null;
}

/**
 * Queues one message; call it with the transaction of the change it tells about (or the
 * database, for a message that follows no change). Sent by the worker soon after the commit.
 */
export async function enqueueMail(exec: Exec, message: QueuedMail): Promise<void> {
  const to = message.to.trim();
  if (!to.includes("@")) return;
  await exec.execute(sql`insert into mail_queue
      (kind, to_address, subject, text_body, html_body, owner_key, participant_id, cart_id,
       payment_id, registration_id)
    values (${message.kind}, ${to}, ${message.subject}, ${message.text}, ${message.html ?? null},
      ${message.ownerKey ?? null}, ${message.participantId ?? null}, ${message.cartId ?? null},
      ${message.paymentId ?? null}, ${message.registrationId ?? null})`);
  metrics.mail.inc({ outcome: "queued" });
}

/** Queues each message (see enqueueMail). */
export async function enqueueMails(exec: Exec, messages: readonly QueuedMail[]): Promise<void> {
  for (const m of messages) await enqueueMail(exec, m);
}

/** The distinct addresses of a list (case-insensitively), skipping blanks and non-addresses. */
export function distinctAddresses(list: readonly (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of list) {
    const a = raw?.trim();
    if (a && a.includes("@") && !seen.has(a.toLowerCase())) seen.set(a.toLowerCase(), a);
  }
  return [...seen.values()];
}

/**
 * The addresses on file for a signed-in owner: a student's own and their custodians'; a
 * community member's own and their guardians'; a guest's.
 */
export async function addressesOfOwner(exec: Exec, ownerKey: string): Promise<string[]> {
  const [kind, id] = ownerKey.split(":");
  if (!id) return [];
  // Guests' owner keys are `guest_user:<id>` (their token's kind), like every owner key.
  if (kind === "guest_user") {
    const rows = await exec
      .select({ email: guests.email })
      .from(guests)
      .where(eq(sql`${guests.id}::text`, id));
    return distinctAddresses(rows.map((r) => r.email));
  }
  // An employee's own purchases (decision 155): `staff:<employee id>`, the address on file.
  if (kind === "staff") {
    const rows = await exec
      .select({ email: staff.email })
      .from(staff)
      .where(and(eq(staff.employeeId, id), eq(staff.active, true)));
    return distinctAddresses(rows.map((r) => r.email));
  }
  if (kind !== "student" && kind !== "community_member") return [];
  return addressesOfParticipant(exec, Number(id));
}

/** A participant's addresses on file (see addressesOfOwner). */
export async function addressesOfParticipant(exec: Exec, id: number): Promise<string[]> {
  if (!Number.isSafeInteger(id)) return [];
  // Raw: a union of three selects, one of them unnesting an array, ordered as a whole.
  const rows = await queryRows<{ email: string | null }>(
    exec,
    sql`select email from (
        select 0 as pos, p.email from participants p where p.id = ${id}
        union all select 1, unnest(p.custodian_emails) from participants p where p.id = ${id}
        union all select 2 + g.position, g.email from guardians g where g.participant_id = ${id}
      ) a order by pos`,
  );
  return distinctAddresses(rows.map((r) => r.email));
}

/** The participant an owner key names (students and community members), for the mail log. */
export function participantOfOwner(ownerKey: string): number | null {
  const [kind, id] = ownerKey.split(":");
  if ((kind === "student" || kind === "community_member") && id && /^\d{1,9}$/.test(id)) {
    return Number(id);
  }
  return null;
}

export interface MailWorkerOptions {
  /** First retry after this long; each later one waits twice the one before (default 30 s). */
  retryBaseMs?: number;
  /** The longest wait between attempts (default one hour). */
  retryCapMs?: number;
  /** Attempts before a message is `failed` (default 8). */
  maxAttempts?: number;
  /** How long a claimed message may take to send before it counts as interrupted (15 min). */
  leaseMs?: number;
  /** Look for due mail at least this often, even without a NOTIFY (default 30 s). */
  pollMs?: number;
  /** Messages claimed at a time (default 10). */
  batch?: number;
}

const DEFAULTS: Required<MailWorkerOptions> = {
  retryBaseMs: 30_000,
  retryCapMs: 3_600_000,
  maxAttempts: 8,
  leaseMs: 15 * 60_000,
  pollMs: 30_000,
  batch: 10,
};

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number, opts: MailWorkerOptions = {}): number {
  const base = opts.retryBaseMs ?? DEFAULTS.retryBaseMs;
  const cap = opts.retryCapMs ?? DEFAULTS.retryCapMs;
  return Math.min(cap, base * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

interface ClaimedRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

export interface MailPass {
  sent: number;
  retried: number;
  failed: number;
  interrupted: number;
}

/**
 * One pass: marks leases that ran out as interrupted, then claims, sends and marks due messages
 * until none is due. Several processes may run passes at once.
 */
export async function sendDueMail(
  deps: ApiDeps,
  options: MailWorkerOptions = {},
): Promise<MailPass> {
  const opts = { ...DEFAULTS, ...options };
  const pass: MailPass = { sent: 0, retried: 0, failed: 0, interrupted: 0 };
  const now = () => deps.clock.now().toISOString();
  // Leases are in the database's time: they measure how long a send really took, whatever the
  // API's clock says (tests move it by hours).
  const interrupted = await deps.db
    .update(mailQueue)
    .set({
      status: "failed",
      leaseUntil: null,
      lastError: "interrupted while sending; not sent again (at most once)",
    })
    .where(and(eq(mailQueue.status, "sending"), lt(mailQueue.leaseUntil, sql`now()`)))
    .returning({ id: mailQueue.id });
  pass.interrupted = interrupted.length;
  if (interrupted.length) {
    metrics.mail.inc({ outcome: "interrupted" }, interrupted.length);
    deps.logger.warn({ ids: interrupted.map((r) => r.id) }, "mail interrupted while sending");
  }
  for (;;) {
    const at = now();
    // Due by the district API's clock (tests move it) or the database's, whichever is later, so a
    // database clock a little ahead of this process's never holds new mail back.
    const claimed = await claimRows<ClaimedRow>(
      deps.db,
      sql`select id from mail_queue
        where status = 'queued' and next_attempt_at <= greatest(${at}::timestamptz, now())
        order by next_attempt_at, id limit ${opts.batch}`,
      (locked) => sql`update mail_queue set status = 'sending', attempts = attempts + 1,
          lease_until = now() + ${`${opts.leaseMs} milliseconds`}::interval
        where id in ${locked} and status = 'queued'
        returning id, kind, to_address, subject, text_body, html_body, attempts`,
    );
    for (const row of claimed) await sendOne(deps, row, opts, pass);
    if (claimed.length < opts.batch) return pass;
  }
}

async function sendOne(
  deps: ApiDeps,
  row: ClaimedRow,
  opts: Required<MailWorkerOptions>,
  pass: MailPass,
): Promise<void> {
  try {
    await deps.mailer.send({
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body ? { html: row.html_body } : {}),
    });
  } catch (err) {
    const attempts = Number(row.attempts);
    const error = redactAddresses(err instanceof Error ? err.message : String(err)).slice(0, 500);
    const last = attempts >= opts.maxAttempts;
    const next = new Date(deps.clock.now().getTime() + retryDelayMs(attempts, opts));
    await deps.db.execute(sql`update mail_queue
      set status = ${last ? "failed" : "queued"}, lease_until = null, last_error = ${error},
        next_attempt_at = ${next.toISOString()}::timestamptz
      where id = ${row.id} and status = 'sending'`);
    if (last) pass.failed++;
    else pass.retried++;
    metrics.mail.inc({ outcome: last ? "failed" : "retried" });
    deps.logger.error(
      { err: error, mailId: row.id, kind: row.kind, attempts, final: last },
      "mail send failed",
    );
    return;
  }
  await deps.db.execute(sql`update mail_queue
    set status = 'sent', sent_at = ${deps.clock.now().toISOString()}::timestamptz,
      lease_until = null
    where id = ${row.id} and status = 'sending'`);
  pass.sent++;
  metrics.mail.inc({ outcome: "sent" });
}

export interface MailWorker {
  /** Looks for due mail now (the NOTIFY does this after every commit that queued some). */
  wake(): void;
  /** Resolves once no pass is running and none is asked for (tests). */
  idle(): Promise<void>;
  /** Stops listening and polling, and waits for the sends in progress to finish. */
  stop(): Promise<void>;
}

/** Starts this process's mail worker; the runtime does, and stops it on close (drain). */
export async function startMailWorker(
  deps: ApiDeps,
  listen: ((channel: string, onNotify: () => void) => Promise<() => Promise<void>>) | undefined,
  options: MailWorkerOptions = {},
): Promise<MailWorker> {
  const opts = { ...DEFAULTS, ...options };
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    // At least 100 ms: a due row this pass skipped is locked by another transaction for now.
    timer = setTimeout(wake, Math.max(100, Math.min(ms, opts.pollMs)));
    timer.unref();
  };

  /** When the next queued message is due, by this process's clock. */
  const nextDueInMs = async (): Promise<number> => {
    const [row] = await deps.db
      .select({ next: min(mailQueue.nextAttemptAt) })
      .from(mailQueue)
      .where(eq(mailQueue.status, "queued"));
    if (!row?.next) return opts.pollMs;
    return row.next.getTime() - deps.clock.now().getTime();
  };

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await sendDueMail(deps, opts);
          schedule(await nextDueInMs());
        } catch (err) {
          deps.logger.error({ err: logSafeError(err) }, "mail pass failed");
          schedule(opts.pollMs);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  let unlisten: (() => Promise<void>) | null = null;
  if (listen) {
    try {
      unlisten = await listen("mail_queue", wake);
    } catch (err) {
      deps.logger.warn({ err: logSafeError(err) }, "mail worker polls only (no LISTEN)");
    }
  }
  wake(); // what a previous run left queued
  return {
    wake,
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await unlisten?.().catch(() => undefined);
      while (running) await running;
    },
  };
}

/** A resend within this long of the last copy of the same message returns that copy. */
export const RESEND_DEBOUNCE_MS = 60_000;

/**
 * The business office sends a receipt or confirmation again: a copy of the message, queued now
 * to the same address, pointing at the original (`resend_of`), with its audit entry. Under the
 * original's lock, so a double click (or five) queues one copy.
 */
export async function resendMail(
  deps: ApiDeps,
  actor: Actor,
  id: number,
): Promise<{ id: number; to: string; created: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [orig] = await lockRows<{ id: string; kind: string; to_address: string }>(
      tx,
      "mail",
      sql`select id, kind, to_address from mail_queue where id = ${id}`,
    );
    if (!orig) throw new ApiError(404, t("office.mail.notFound"));
    if (!isResendable(orig.kind)) {
      throw new ApiError(409, t("office.mail.notResendable"));
    }
    const since = new Date(now.getTime() - RESEND_DEBOUNCE_MS);
    const [recent] = await tx
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(eq(mailQueue.resendOf, id), gt(mailQueue.createdAt, since)))
      .orderBy(desc(mailQueue.id))
      .limit(1);
    if (recent) return { id: Number(recent.id), to: orig.to_address, created: false };
    // Raw: an insert from a select of the original's columns.
    const [copy] = await queryRows<{ id: string }>(
      tx,
      sql`insert into mail_queue (kind, to_address, subject, text_body, html_body, owner_key,
            participant_id, cart_id, payment_id, registration_id, resend_of, created_at,
            next_attempt_at)
          select kind, to_address, subject, text_body, html_body, owner_key, participant_id,
            cart_id, payment_id, registration_id, id, ${now.toISOString()}::timestamptz,
            ${now.toISOString()}::timestamptz
          from mail_queue where id = ${id}
          returning id`,
    );
    metrics.mail.inc({ outcome: "queued" });
    await recordAudit(
      tx,
      actor,
      { action: "mail.resend", entity: "mail", entityId: id, after: { copy: Number(copy!.id) } },
      now,
    );
    return { id: Number(copy!.id), to: orig.to_address, created: true };
  });
}
