// The family's receipts and confirmations by e-mail (decision 130): a receipt
// after every payment (card online, card reader, cash, check at the register, a mailed check
// received, financial assistance), a confirmation after every registration and waitlist place,
// and the mailed-check promise with its mailing instructions. Each is queued (mail-queue.ts) in
// the transaction of the change it tells about, to the addresses on file, in plain text and HTML
// with the district's name from the settings row.
import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { t, type MessageKey } from "@domain/messages";
import { formatUsd } from "@domain/rules/money";
import { formatDistrictDate } from "@domain/rules/time";
import type { Exec } from "../db/client";
import {
  courseSections,
  courses,
  guests,
  participants,
  payments,
  programs,
  registrations,
  schools,
  settings,
  staff,
} from "../db/schema";
import type { ApiDeps } from "../deps";
import { readDistrictName } from "../queries/settings";
import { readMailedCheckDays } from "../queries/office";
import { promiseDueAt } from "@domain/rules/mailed-check-promises";
import { receiptLinesByPerson } from "@domain/rules/receipt-lines";
import { formatCalendarDate, formatClockTime } from "@domain/rules/calendar";
import { weekDaysOf } from "@domain/rules/week-days";
import { paymentPurchases } from "../queries/receipt-purchases";
import { inReaderLanguage } from "./participant-language";
import { spanishText } from "../queries/spanish-texts";

import {
  addressesOfOwner,
  addressesOfParticipant,
  enqueueMails,
  participantOfOwner,
  type QueuedMail,
} from "./mail-queue";
import type { MailKind } from "@domain/rules/mail-kinds";

/** A course's name in the reader's language (`courses c`), as the family's pages show it. */
const courseNameText = () =>
  spanishText("course_name_es", "course", "name", sql`c.id`, sql`c.name`);

/** The tables under the names the Spanish texts' joins read them by (`courses c`, `programs pr`). */
const q = {
  r: alias(registrations, "r"),
  pa: alias(participants, "pa"),
  s: alias(courseSections, "s"),
  c: alias(courses, "c"),
  pr: alias(programs, "pr"),
  sc: alias(schools, "sc"),
  p: alias(payments, "p"),
};

/** A message's parts: rendered to plain text and to HTML from the same texts. */
export interface MailParts {
  greeting: string;
  paragraphs: string[];
  rows?: [string, string][];
  items?: [string, string][];
  /** The page that shows what the message is about (built from PUBLIC_URL, when configured). */
  link?: { label: string; href: string } | null;
  district: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain text and HTML of a message (the HTML escapes every value). */
export function renderMail(parts: MailParts): { text: string; html: string } {
  const rows = parts.rows ?? [];
  const items = parts.items ?? [];
  const text = [
    parts.greeting,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    ...(rows.length ? [...rows.map(([k, v]) => `${k}: ${v}`), ""] : []),
    ...(items.length ? [`${t("mail.items")}:`, ...items.map(([k, v]) => `- ${k}: ${v}`), ""] : []),
    ...(parts.link ? [`${parts.link.label}: ${parts.link.href}`, ""] : []),
    t("mail.keep"),
    "",
    t("mail.signOff", { district: parts.district }),
  ].join("\n");
  const cell = "padding:4px 12px 4px 0;text-align:left;vertical-align:top";
  const html = [
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">`,
    `<h1 style="font-size:20px">${escapeHtml(parts.district)}</h1>`,
    `<p>${escapeHtml(parts.greeting)}</p>`,
    ...parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    rows.length
      ? `<table role="presentation">${rows
          .map(
            ([k, v]) =>
              `<tr><th scope="row" style="${cell}">${escapeHtml(k)}</th><td style="${cell}">${escapeHtml(v)}</td></tr>`,
          )
          .join("")}</table>`
      : "",
    items.length
      ? `<h2 style="font-size:16px">${escapeHtml(t("mail.items"))}</h2><table>${items
          .map(
            ([k, v]) =>
              `<tr><td style="${cell}">${escapeHtml(k)}</td><td style="${cell}">${escapeHtml(v)}</td></tr>`,
          )
          .join("")}</table>`
      : "",
    parts.link
      ? `<p><a href="${escapeHtml(parts.link.href)}">${escapeHtml(parts.link.label)}</a></p>`
      : "",
    `<p>${escapeHtml(t("mail.keep"))}</p>`,
    `<p style="color:#555;font-size:12px">${escapeHtml(t("mail.noReply", { district: parts.district }))}</p>`,
    `</body></html>`,
  ].join("\n");
  return { text, html };
}

/**
 * The greeting of a family's mail (decision 144): it goes to the participant's addresses on
 * file, the parents' and guardians' too, so it greets the family by its name on file, never the
 * child; a guest (or a member paying for themselves as a guest) by the first name they gave.
 */
/**
 * The greeting of a mail to a family: their last name, or a plain "Hello," when a household's
 * payment (decision 167) was for children of more than one last name, since each of their
 * addresses gets the same message.
 */
async function familyGreeting(tx: Exec, ownerKey: string, others: string[] = []): Promise<string> {
  if (others.length) {
    const ids = [ownerKey, ...others].map(participantOfOwner);
    const names = await tx
      .selectDistinct({ name: participants.nameLast })
      .from(participants)
      .where(
        inArray(
          participants.id,
          ids.map((i) => i ?? 0),
        ),
      );
    if (names.length !== 1) return t("mail.greetingPlain");
  }
  const [kind, id] = ownerKey.split(":");
  const participant = participantOfOwner(ownerKey);
  const [row] =
    participant !== null
      ? await tx
          .select({ name: participants.nameLast, family: sql<boolean>`true` })
          .from(participants)
          .where(eq(participants.id, participant))
      : kind === "guest_user" && id && /^\d{1,9}$/.test(id)
        ? await tx
            .select({ name: guests.nameFirst, family: sql<boolean>`false` })
            .from(guests)
            .where(eq(guests.id, Number(id)))
        : kind === "staff" && id
          ? await tx
              .select({ name: staff.nameFirst, family: sql<boolean>`false` })
              .from(staff)
              .where(eq(staff.employeeId, id))
          : [];
  if (!row?.name) return t("mail.greetingPlain");
  return row.family
    ? t("mail.greetingFamily", { family: row.name })
    : t("mail.greeting", { name: row.name });
}

/** A link to a page of the web app, when its address (PUBLIC_URL) is configured. */
export function pageLink(
  deps: Pick<ApiDeps, "publicOrigin">,
  label: string,
  path: string,
): MailParts["link"] {
  return deps.publicOrigin ? { label, href: `${deps.publicOrigin}${path}` } : null;
}

export function methodLabel(method: string): string {
  const key = `mail.method.${method}` as MessageKey;
  const text = t(key);
  return text === key ? t("mail.method.other") : text;
}

function messages(
  addresses: string[],
  kind: MailKind,
  subject: string,
  body: { text: string; html: string },
  about: Omit<QueuedMail, "to" | "subject" | "text" | "html" | "kind">,
): QueuedMail[] {
  return addresses.map((to) => ({ to, kind, subject, ...body, ...about }));
}

interface PaymentForMail {
  id: number;
  owner_key: string;
  method: string;
  amount_cents: number;
  confirmation_id: string | null;
  cart_id: number | null;
  registration_id: string | null;
  at: Date | string;
}

/**
 * The lines of a receipt (decision 144): what the payment bought, each line quantity × price
 * and what the payment gave it, the lines adding up to the payment; or the registration it was for.
 */
async function receiptItems(
  tx: Exec,
  p: PaymentForMail,
  amountCents: number,
): Promise<{ items: [string, string][]; participantId: number | null; others: string[] }> {
  const purchases = await paymentPurchases(tx, p.id);
  if (purchases.length) {
    // A household's payment (decision 167): each child's lines together, the payer's first, and
    // a fee of another child names them as a registration always does.
    const named = purchases.map((u) => {
      const of = u.participantName ?? (u.personKey !== p.owner_key ? u.personName : null);
      return { ...u, name: of ? `${u.name} (${of})` : u.name };
    });
    return {
      others: [...new Set(purchases.map((u) => u.personKey))].filter((k) => k !== p.owner_key),
      items: receiptLinesByPerson(named, p.owner_key).map((l) => [
        l.name,
        t(
          l.paidCents === 0
            ? "mail.line.nothingPaid"
            : l.unpaidCents > 0
              ? "mail.line.partlyPaid"
              : "mail.line.paid",
          {
            quantity: l.quantity,
            price: formatUsd(l.unitCents),
            total: formatUsd(l.lineCents),
            paid: formatUsd(l.paidCents),
            left: formatUsd(l.unpaidCents),
          },
        ),
      ]),
      participantId: purchases.find((u) => u.participantId !== null)?.participantId ?? null,
    };
  }
  if (!p.registration_id) return { items: [], participantId: null, others: [] };
  const course = courseNameText();
  const { r, pa, s, c } = q;
  const [reg] = await tx
    .select({
      name: sql<string>`${course.text} || ' (' || ${pa.nameFirst} || ' ' || ${pa.nameLast} || ')'`,
      participant_id: r.participantId,
    })
    .from(r)
    .innerJoin(pa, eq(pa.id, r.participantId))
    .innerJoin(s, eq(s.id, r.courseSectionId))
    .innerJoin(c, eq(c.id, s.courseId))
    .leftJoin(course.table, course.on)
    .where(eq(r.id, p.registration_id));
  if (!reg) return { items: [], participantId: null, others: [] };
  return {
    items: [[reg.name, formatUsd(amountCents)]],
    participantId: Number(reg.participant_id),
    others: [],
  };
}

/** The participant a payment's mail goes to (its payer), if a participant (not a guest). */
async function payerOf(tx: Exec, paymentId: number): Promise<number | null> {
  const [p] = await tx
    .select({ owner_key: payments.ownerKey })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return p ? participantOfOwner(p.owner_key) : null;
}

/** The payer's addresses and those of the other children a payment was for, each once. */
async function householdAddresses(tx: Exec, owner: string, others: string[]): Promise<string[]> {
  const addresses: string[] = [];
  for (const key of [owner, ...others]) addresses.push(...(await addressesOfOwner(tx, key)));
  return [...new Set(addresses)];
}

async function paymentForMail(tx: Exec, paymentId: number): Promise<PaymentForMail | null> {
  const [p] = await tx
    .select({
      id: payments.id,
      owner_key: payments.ownerKey,
      method: payments.method,
      amount_cents: payments.amountCents,
      confirmation_id: payments.confirmationId,
      cart_id: payments.cartId,
      registration_id: payments.registrationId,
      // The driver's text of the instant, as new Date() reads it.
      at: sql<string>`coalesce(${payments.settledAt}, ${payments.createdAt})`,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return p ?? null;
}

export async function enqueueReceipt(
  tx: Exec,
  deps: ApiDeps,
  paymentId: number,
  opts: { amountCents?: number; check?: string } = {},
): Promise<void> {
  await inReaderLanguage(tx, await payerOf(tx, paymentId), () =>
    composeReceipt(tx, deps, paymentId, opts),
  );
}

/**
 * Queues the receipt of a payment to its payer's addresses on file: the amount (or the part of it
 * received now, for a mailed check in parts), the method, the confirmation number and the items.
 */
async function composeReceipt(
  tx: Exec,
  deps: ApiDeps,
  paymentId: number,
  opts: { amountCents?: number; check?: string },
): Promise<void> {
  const p = await paymentForMail(tx, paymentId);
  if (!p) return;
  // Nothing paid, nothing to receipt ($0 carts; their registrations are confirmed): financial
  // assistance is the exception, its receipt says that nothing is due.
  if ((opts.amountCents ?? Number(p.amount_cents)) === 0 && p.method !== "fab") return;
  const district = await readDistrictName(tx, deps.districtName);
  const amountCents = opts.amountCents ?? Number(p.amount_cents);
  const amount = formatUsd(amountCents);
  const { items, participantId, others } = await receiptItems(tx, p, amountCents);
  const aid = p.method === "fab";
  const rows: [string, string][] = [
    ...(p.confirmation_id ? [[t("mail.confirmation"), p.confirmation_id] as [string, string]] : []),
    [t("mail.amount"), amount],
    [t("mail.method"), methodLabel(p.method)],
    ...(opts.check ? [[t("mail.check"), opts.check] as [string, string]] : []),
    [t("mail.date"), formatDistrictDate(new Date(p.at).toISOString(), deps.timeZone)],
    // The number the receipt page and the refund e-mail name too.
    ...(p.cart_id !== null ? [[t("receipt.cartId"), String(p.cart_id)] as [string, string]] : []),
  ];
  const body = renderMail({
    greeting: await familyGreeting(tx, p.owner_key, others),
    paragraphs: [
      aid
        ? t("mail.receipt.aidIntro", { district })
        : t("mail.receipt.intro", { district, amount }),
    ],
    rows,
    items,
    link:
      p.cart_id !== null
        ? pageLink(deps, t("mail.link.receipt"), `/cart-receipt/${p.cart_id}`)
        : pageLink(deps, t("mail.link.registrations"), "/my-registrations"),
    district,
  });
  const subject = aid
    ? t("mail.receipt.aidSubject", { district })
    : t("mail.receipt.subject", { district, amount });
  await enqueueMails(
    tx,
    // One e-mail for a household's payment, to every child's addresses on file.
    messages(await householdAddresses(tx, p.owner_key, others), "receipt", subject, body, {
      ownerKey: p.owner_key,
      participantId: participantOfOwner(p.owner_key) ?? participantId,
      cartId: p.cart_id === null ? null : Number(p.cart_id),
      paymentId: Number(p.id),
      registrationId: p.registration_id,
    }),
  );
}

/** When and where a section meets, as the confirmation's rows (decision 144). */
function sectionMeetingRows(s: {
  date_start: string;
  date_end: string;
  time_start: string | null;
  time_end: string | null;
  meeting_days: string[];
  delivery_method: string;
  school: string | null;
  room_number: string | null;
}): [string, string][] {
  const days = weekDaysOf(s.meeting_days ?? []).join(", ");
  const time =
    s.time_start && s.time_end
      ? `${formatClockTime(s.time_start)} – ${formatClockTime(s.time_end)}`
      : "";
  const where = [
    s.delivery_method,
    s.school,
    s.room_number ? t("mail.room", { room: s.room_number }) : null,
  ].filter(Boolean);
  return [
    [t("mail.dates"), `${formatCalendarDate(s.date_start)} – ${formatCalendarDate(s.date_end)}`],
    ...(days || time
      ? [[t("mail.daysAndTime"), [days, time].filter(Boolean).join(", ")] as [string, string]]
      : []),
    ...(where.length ? [[t("mail.where"), where.join(", ")] as [string, string]] : []),
  ];
}

export async function enqueueRegistrationMail(
  tx: Exec,
  deps: ApiDeps,
  registrationId: string,
  kind: "registration" | "waitlist",
): Promise<void> {
  const [r] = await tx
    .select({ participant_id: registrations.participantId })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  await inReaderLanguage(tx, r?.participant_id, () =>
    composeRegistrationMail(tx, deps, registrationId, kind),
  );
}

/**
 * Queues a registration's confirmation (a seat taken) or its waitlist place, to the
 * participant's addresses on file (their own, their custodians' or guardians').
 */
async function composeRegistrationMail(
  tx: Exec,
  deps: ApiDeps,
  registrationId: string,
  kind: "registration" | "waitlist",
): Promise<void> {
  const course = courseNameText();
  const program = spanishText("program_name_es", "program", "name", sql`pr.id`, sql`pr.name`);
  const { r: reg, pa, s, c, pr, sc } = q;
  const [r] = await tx
    .select({
      participant_id: reg.participantId,
      kind: pa.kind,
      name: sql<string>`${pa.nameFirst} || ' ' || ${pa.nameLast}`,
      family: pa.nameLast,
      course: sql<string>`${course.text}`,
      program: sql<string>`${program.text}`,
      owing: sql<number>`greatest(${reg.costCents} - ${reg.paidCents} - ${reg.pendingCents}
        - ${reg.creditsAppliedCents}, 0)`,
      date_start: sql<string>`${s.dateStart}::text`,
      date_end: sql<string>`${s.dateEnd}::text`,
      time_start: sql<string | null>`to_char(${s.timeStart}, 'HH24:MI')`,
      time_end: sql<string | null>`to_char(${s.timeEnd}, 'HH24:MI')`,
      meeting_days: s.meetingDays,
      delivery_method: s.deliveryMethod,
      school: sc.fullName,
      room_number: s.roomNumber,
    })
    .from(reg)
    .innerJoin(pa, eq(pa.id, reg.participantId))
    .innerJoin(s, eq(s.id, reg.courseSectionId))
    .innerJoin(c, eq(c.id, s.courseId))
    .innerJoin(pr, eq(pr.id, s.programId))
    .leftJoin(sc, eq(sc.id, s.schoolId))
    .leftJoin(course.table, course.on)
    .leftJoin(program.table, program.on)
    .where(eq(reg.id, registrationId));
  if (!r) return;
  const district = await readDistrictName(tx, deps.districtName);
  const owing = Number(r.owing);
  const body = renderMail({
    greeting: t("mail.greetingFamily", { family: r.family }),
    paragraphs: [
      t(kind === "registration" ? "mail.registration.intro" : "mail.waitlist.intro", {
        name: r.name,
        course: r.course,
        program: r.program,
      }),
      ...(kind === "registration" && owing > 0
        ? [t("mail.registration.owing", { amount: formatUsd(owing) })]
        : []),
    ],
    rows: [
      [t("mail.participant"), r.name],
      [t("mail.course"), `${r.course} (${r.program})`],
      ...sectionMeetingRows(r),
    ],
    link: pageLink(deps, t("mail.link.registrations"), "/my-registrations"),
    district,
  });
  const subject = t(
    kind === "registration" ? "mail.registration.subject" : "mail.waitlist.subject",
    {
      district,
      course: r.course,
    },
  );
  const participantId = Number(r.participant_id);
  await enqueueMails(
    tx,
    messages(await addressesOfParticipant(tx, participantId), kind, subject, body, {
      ownerKey: `${r.kind}:${participantId}`,
      participantId,
      registrationId,
    }),
  );
}

export async function enqueueMailedCheckMail(
  tx: Exec,
  deps: ApiDeps,
  paymentIds: number[],
): Promise<void> {
  if (!paymentIds.length) return;
  await inReaderLanguage(tx, await payerOf(tx, paymentIds[0]!), () =>
    composeMailedCheckMail(tx, deps, paymentIds),
  );
}

/**
 * Queues the mailed-check promise: what to pay, to whom and where to mail it, and the
 * confirmation numbers of the promises (one per registration), to the payer's addresses.
 */
async function composeMailedCheckMail(
  tx: Exec,
  deps: ApiDeps,
  paymentIds: number[],
): Promise<void> {
  const payments = (await Promise.all(paymentIds.map((id) => paymentForMail(tx, id)))).filter(
    (p): p is PaymentForMail => p !== null,
  );
  const first = payments[0];
  if (!first) return;
  const [mailing] = await tx
    .select({
      payable: sql<string | null>`${settings.data}->>'checkPayableTo'`,
      address: sql<string | null>`${settings.data}->>'checkMailingAddress'`,
    })
    .from(settings)
    .where(eq(settings.id, 1));
  const district = await readDistrictName(tx, deps.districtName);
  const total = payments.reduce((n, p) => n + Number(p.amount_cents), 0);
  const due = promiseDueAt(new Date(first.at), await readMailedCheckDays(tx));
  const items: [string, string][] = [];
  let participantId: number | null = null;
  for (const p of payments) {
    const r = await receiptItems(tx, p, Number(p.amount_cents));
    participantId ??= r.participantId;
    for (const [name, amount] of r.items) {
      items.push([`${name} — ${t("mail.confirmation")} ${p.confirmation_id ?? ""}`, amount]);
    }
  }
  const participant = participantOfOwner(first.owner_key) ?? participantId;
  // A household's check (decision 167): every child whose registration it pays is told too.
  const others = (
    await tx
      .selectDistinct({ key: sql<string>`${q.pa.kind} || ':' || ${q.pa.id}` })
      .from(q.p)
      .innerJoin(q.r, eq(q.r.id, q.p.registrationId))
      .innerJoin(q.pa, eq(q.pa.id, q.r.participantId))
      .where(
        inArray(
          q.p.id,
          payments.map((p) => p.id),
        ),
      )
  )
    .map((r) => r.key)
    .filter((k) => k !== first.owner_key);
  const body = renderMail({
    greeting: await familyGreeting(tx, first.owner_key, others),
    paragraphs: [
      t("mail.mailedCheck.intro", { amount: formatUsd(total) }),
      t("mail.mailedCheck.instructions", {
        payableTo: mailing?.payable || district,
        address: mailing?.address || district,
      }),
      t("mail.mailedCheck.due", { due: formatDistrictDate(due, deps.timeZone) }),
    ],
    rows: [
      [t("mail.confirmation"), payments.map((p) => p.confirmation_id ?? "").join(", ")],
      [t("mail.amount"), formatUsd(total)],
      ...(participant !== null
        ? [[t("mail.participantId"), String(participant)] as [string, string]]
        : []),
    ],
    items,
    district,
  });
  await enqueueMails(
    tx,
    messages(
      await householdAddresses(tx, first.owner_key, others),
      "mailed-check",
      t("mail.mailedCheck.subject", { district }),
      body,
      {
        ownerKey: first.owner_key,
        participantId: participant,
        cartId: first.cart_id === null ? null : Number(first.cart_id),
        paymentId: Number(first.id),
        registrationId: payments.length === 1 ? first.registration_id : null,
      },
    ),
  );
}

export async function enqueuePromiseReleasedMail(
  tx: Exec,
  deps: ApiDeps,
  paymentId: number,
  outcome: { registrationCancelled: boolean; due: Date },
): Promise<void> {
  await inReaderLanguage(tx, await payerOf(tx, paymentId), () =>
    composePromiseReleasedMail(tx, deps, paymentId, outcome),
  );
}

/**
 * Tells the family that a promise was released because no check arrived by its due date
 * (decision 138): the registration cancelled and its seat offered on, or, when other money keeps
 * it, the amount due again. Queued in the transaction of the release.
 */
async function composePromiseReleasedMail(
  tx: Exec,
  deps: ApiDeps,
  paymentId: number,
  outcome: { registrationCancelled: boolean; due: Date },
): Promise<void> {
  const p = await paymentForMail(tx, paymentId);
  if (!p) return;
  const course = courseNameText();
  const { r, s, c } = q;
  const [reg] = p.registration_id
    ? await tx
        .select({ course: sql<string>`${course.text}`, participant_id: r.participantId })
        .from(r)
        .innerJoin(s, eq(s.id, r.courseSectionId))
        .innerJoin(c, eq(c.id, s.courseId))
        .leftJoin(course.table, course.on)
        .where(eq(r.id, p.registration_id))
    : [];
  if (!reg) return;
  const district = await readDistrictName(tx, deps.districtName);
  const amount = formatUsd(Number(p.amount_cents));
  const due = formatDistrictDate(outcome.due, deps.timeZone);
  const body = renderMail({
    greeting: await familyGreeting(tx, p.owner_key),
    paragraphs: outcome.registrationCancelled
      ? [
          t("mail.promiseReleased.intro", { amount, course: reg.course, due }),
          t("mail.promiseReleased.again"),
        ]
      : [t("mail.promiseReleased.introKept", { amount, course: reg.course, due })],
    rows: [
      [t("mail.confirmation"), p.confirmation_id ?? ""],
      [t("mail.amount"), amount],
      [t("mail.participantId"), String(reg.participant_id)],
    ],
    district,
  });
  await enqueueMails(
    tx,
    messages(
      await addressesOfOwner(tx, p.owner_key),
      "promise-released",
      t("mail.promiseReleased.subject", { district, course: reg.course }),
      body,
      {
        ownerKey: p.owner_key,
        participantId: Number(reg.participant_id),
        cartId: p.cart_id === null ? null : Number(p.cart_id),
        paymentId: Number(p.id),
        registrationId: p.registration_id,
      },
    ),
  );
}
