// Throwaway accounts hoarding seats with mailed-check promises (decisions 138 and 142).
// For the given time, from 1 client address and then from 50 (each run on a fresh database), it
// creates community accounts as fast as the district API lets it, reads each new ID from the
// account's own mailbox (the member-id message, as an attacker owning the mailboxes would), signs
// in, registers for each target activity and promises a mailed check. It then prints, per
// activity, the seats held by promises with $0 received, beside the cap the district's share
// allows, and the seats on payment-window holds (those end by themselves within the window), then
// the seats held without paying in all activities together: from one address the bar is
// at most one (decision 142), from many no activity past its cap (decision 138).
// Loopback only: the API listens on 127.0.0.1 and trusts its loopback proxy (app.set("trust
// proxy", "loopback")), so the client address it sees is the X-Forwarded-For this script sends,
// one of the documentation addresses 198.51.100.1–50.
// Usage: npm run bench:seat-hoard [-- --minutes 0.5] [--addresses 1,50]
// On PostgreSQL with INTEGRATION_DB=postgres TEST_DATABASE_URL=….
import { sql } from "drizzle-orm";
import { PNG } from "pngjs";
import { call, staffToken, startTestApi, type TestApi } from "../../tests/support/api";
import { queryRows } from "../../district-api/db/client";
import { mailedCheckSeatCap } from "@domain/rules/mailed-check-promises";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const MINUTES = Number(arg("minutes", "10"));
const ADDRESS_COUNTS = arg("addresses", "1,50")
  .split(",")
  .map((n) => Number(n.trim()));
if (!(MINUTES > 0) || ADDRESS_COUNTS.some((n) => !Number.isInteger(n) || n < 1 || n > 250)) {
  console.error("usage: npm run bench:seat-hoard -- [--minutes 10] [--addresses 1,50]");
  process.exit(2);
}

/** The activities the accounts go for: decision 138's 17-seat Robotics Camp and a larger one. */
const TARGETS = [
  { name: "Hoard Robotics Camp", capacity: 17, costCents: 7500 },
  { name: "Hoard Swim Lessons", capacity: 40, costCents: 4000 },
];

function signature(): string {
  const png = new PNG({ width: 60, height: 20 });
  png.data.fill(255);
  for (let x = 5; x < 55; x++) png.data[(10 * 60 + x) * 4] = 0;
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}
const SIGNATURE = signature();

async function addTargets(api: TestApi): Promise<{ id: string; name: string; capacity: number }[]> {
  const db = api.runtime.deps.db;
  const [program] = await queryRows<{ id: string }>(
    db,
    sql`insert into programs (name, open) values ('Seat hoard', true) returning id`,
  );
  const out = [];
  for (const [i, target] of TARGETS.entries()) {
    const [course] = await queryRows<{ id: string }>(
      db,
      sql`insert into courses (subject, course_number, name)
          values ('HRD', ${String(100 + i)}, ${target.name}) returning id`,
    );
    const [section] = await queryRows<{ id: string }>(
      db,
      sql`insert into course_sections (program_id, course_id, section_number, term_id, term,
            capacity, date_start, date_end, cost_cents, waitlist_enabled)
          values (${program!.id}, ${course!.id}, '1', 'T1', 'Fall', ${target.capacity},
            '2027-01-10', '2027-03-10', ${target.costCents}, true)
          returning id`,
    );
    out.push({ id: section!.id, name: target.name, capacity: target.capacity });
  }
  return out;
}

interface Tally {
  accounts: number;
  accountsRefused: Map<number, number>;
  signInsRefused: number;
  promises: number;
  promisesRefused: number;
  registrationsRefused: number;
}

/** The member's ID from the member-id message sent to the address (the attacker's mailbox). */
async function idFromMailbox(api: TestApi, address: string): Promise<string | null> {
  for (let i = 0; i < 100; i++) {
    const [row] = await queryRows<{ text: string }>(
      api.runtime.deps.db,
      sql`select text_body as text from mail_queue where kind = 'member-id'
          and to_address = ${address} order by id desc limit 1`,
    );
    const id = row ? /Community Member ID is (\d+)/.exec(row.text)?.[1] : undefined;
    if (id) return id;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

let seq = 0;

/** One throwaway account from `address`: created, signed in, registered, promising checks. */
async function oneAccount(
  api: TestApi,
  address: string,
  sections: { id: string }[],
  tally: Tally,
): Promise<void> {
  seq += 1;
  const headers = { "X-Forwarded-For": address };
  const email = `hoard${seq}.${Date.now().toString(36)}@mailboxes.example.net`;
  const dob = "1990-05-17";
  const made = await call(api, "PUT", "/v1/community/register-member", {
    headers,
    body: {
      nameFirst: `Hoarder${seq.toString(36)}`,
      nameLast: `Throwaway${(seq * 7919).toString(36)}`,
      dob,
      grade: "Adult",
      gender: "F",
      address: "1 Elm St",
      city: "Springfield",
      state: "Illinois",
      zip: "62701",
      homePhone: "555-555-0123",
      email,
      printedSignature: "Hoarder",
      digitalSignature: SIGNATURE,
      guardians: [1, 2].map((n) => ({
        nameFirst: `Guard${n}`,
        nameLast: "Ian",
        relationship: "Mother",
        phone1: "(555) 555-0100",
        phone1Type: "Mobile",
      })),
    },
  });
  if (made.status !== 200) {
    tally.accountsRefused.set(made.status, (tally.accountsRefused.get(made.status) ?? 0) + 1);
    return;
  }
  tally.accounts++;
  const id = await idFromMailbox(api, email);
  if (!id) return;
  const login = await call(api, "POST", "/v1/student", { headers, body: { studentId: id, dob } });
  if (login.status !== 200) {
    tally.signInsRefused++;
    return;
  }
  const token = login.body.accessToken as string;
  for (const section of sections) {
    const reg = await call(api, "POST", `/v1/register/${section.id}`, {
      headers,
      token,
      body: {},
    });
    if (reg.status !== 200 || reg.body?.status === "waitlisted") {
      tally.registrationsRefused++;
      continue;
    }
    const promise = await call(api, "POST", "/v1/payment/confirm-mailin", {
      headers,
      token,
      body: { paymentType: "mail", courseSectionIds: [section.id] },
    });
    if (promise.status === 200) tally.promises++;
    else tally.promisesRefused++;
  }
}

async function run(addresses: number) {
  const api = await startTestApi();
  try {
    const admin = await staffToken(api, "admin");
    const settings = await call(api, "GET", "/v1/admin/settings", { token: admin });
    const share = Number(settings.body.mailedCheckSharePercent ?? 0);
    const sections = await addTargets(api);
    const tally: Tally = {
      accounts: 0,
      accountsRefused: new Map(),
      signInsRefused: 0,
      promises: 0,
      promisesRefused: 0,
      registrationsRefused: 0,
    };
    const until = Date.now() + MINUTES * 60_000;
    // One worker per address, each making accounts one after another until the time is up.
    await Promise.all(
      Array.from({ length: addresses }, async (_, i) => {
        const address = `198.51.100.${i + 1}`;
        while (Date.now() < until) await oneAccount(api, address, sections, tally);
      }),
    );
    console.log(
      `\nfrom ${addresses} address${addresses === 1 ? "" : "es"}, ${MINUTES} min: ` +
        `${tally.accounts} accounts created` +
        (tally.accountsRefused.size
          ? ` (refused: ${[...tally.accountsRefused].map(([s, n]) => `${n} × ${s}`).join(", ")})`
          : " (none refused)") +
        `, ${tally.signInsRefused} sign-ins refused, ${tally.promises} promises taken, ` +
        `${tally.promisesRefused} refused, ${tally.registrationsRefused} registrations not given a seat`,
    );
    let worst = 0;
    let total = 0;
    let overCap = false;
    for (const s of sections) {
      const [row] = await queryRows<{ promised: number; holds: number; seats: number }>(
        api.runtime.deps.db,
        sql`select
            (select count(distinct r.id)::int from registrations r join payments p
              on p.registration_id = r.id and p.method = 'mail' and p.status = 'pending'
              where r.course_section_id = ${s.id} and r.status not in ('cancelled', 'waitlisted')
                and r.paid_cents = 0) as promised,
            (select count(*)::int from registrations r where r.course_section_id = ${s.id}
              and r.status in ('pending_payment', 'offered')) as holds,
            (select seats_taken from course_sections where id = ${s.id}) as seats`,
      );
      const cap = mailedCheckSeatCap(s.capacity, share);
      worst = Math.max(worst, Number(row!.promised));
      total += Number(row!.promised);
      overCap ||= Number(row!.promised) > cap;
      console.log(
        `  ${s.name} (${s.capacity} seats, ${share}% share = cap ${cap}): ` +
          `${row!.promised} seats held by promises with $0 received; ` +
          `${row!.holds} on payment-window holds; ${row!.seats} of ${s.capacity} taken`,
      );
    }
    console.log(
      `  seats held without paying: ${total} in all activities, at most ${worst} of one activity`,
    );
    // The bar (decisions 138 and 142): from one address at most one seat in all; from many, no
    // more than each cap.
    const bar = addresses === 1 ? total <= 1 : !overCap;
    console.log(
      `  the bar of decisions 138 and 142 (${addresses === 1 ? "at most 1 seat in all from one address" : "no activity past its cap"}): ` +
        (bar ? "met" : "NOT met"),
    );
    return worst;
  } finally {
    await api.close();
  }
}

async function main() {
  console.log(
    `seat-hoard on ${process.env.INTEGRATION_DB === "postgres" ? "PostgreSQL" : "PGlite"}: ` +
      `${MINUTES} min from each of ${ADDRESS_COUNTS.join(" and ")} client address(es)`,
  );
  for (const n of ADDRESS_COUNTS) await run(n);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
