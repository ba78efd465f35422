// One cart for a household (decision 167): the child on screen brings the other children's
// carts of the sign-in into their own (POST /v1/cart/household, each child proved by their own
// token), one payment pays for all, each line stays its child's, the receipt groups the lines by
// child and is e-mailed once to every child's addresses. Who may bring what, and what a refused call
// leaves: nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { t } from "@domain/messages";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { demoStudent } from "../../district-api/db/seed/core";
import { householdCartCalls } from "../support/household-cart";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;

/** A section with a cost, open to students. */
async function makeSection(costCents: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Household program', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('ART', '102', ${`Household course ${Math.random()}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${costCents})
        returning id`,
  );
  return s!.id;
}

/** Registers the child for the section and puts the registration in their cart. */
async function registerIntoCart(token: string, section: string) {
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const a = await call(api, "PUT", "/v1/cart/add", { token, body: { courseSectionId: section } });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
}

const { feeId, addFee, cartOf, gather, cartsDigest } = householdCartCalls(() => api);

async function payByCard(token: string, cartId: number, amount: number, card = "4242424242424242") {
  const setup = await call(api, "POST", "/v1/payment/create-setup-intent", {
    token,
    body: { cartId },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const setupId = setup.body.data.setupId as string;
  await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
    token,
    body: { cardNumber: card },
  });
  return call(api, "POST", "/v1/payment/complete-setup-intent", {
    token,
    body: { setupId, cartId, payNowAmount: amount, paymentType: "full" },
  });
}

const first = (id: string) => demoStudent(Number(id) - 100000).nameFirst;

describe("one cart for a household", () => {
  it("brings two children's carts into the one on screen; one payment; each line stays its child's", async () => {
    const [a, b, c] = ["100031", "100032", "100033"];
    const [ta, tb, tc] = [
      await studentToken(api, a),
      await studentToken(api, b),
      await studentToken(api, c),
    ];
    const section = await makeSection(2500);
    await registerIntoCart(ta, section);
    await registerIntoCart(tb, section);
    await addFee(tc, "Science Lab Goggles", 2);
    const before = {
      a: await cartOf(ta),
      b: await cartOf(tb),
      c: await cartOf(tc),
    };
    // Child B's cart started last: bringing carts together never holds anything longer.
    await queryRows(
      db(),
      sql`update carts set expires_at = now() + interval '3 minutes' where id = ${before.b.id}`,
    );

    const g = await gather(ta, [tb, tc]);
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body).toEqual({ moved: 3 });
    const cart = await cartOf(ta);
    expect(cart.id).toBe(before.a.id);
    expect(cart.total).toBe(25 + 25 + 16);
    expect(cart.cartItems.map((i) => [i.forPerson?.firstName ?? null, i.cost]).sort()).toEqual(
      [
        [first(b), 25],
        [first(c), 16],
        [null, 25],
      ].sort(),
    );
    expect(cart.cartItems.find((i) => i.forPerson?.key === `student:${c}`)).toBeTruthy();
    // The earliest time any cart would have run out (B's, three minutes from now).
    expect(Date.parse(cart.cartTimeout!) - Date.now()).toBeLessThan(3.1 * 60_000);
    expect((await cartOf(tb)).cartItems).toEqual([]);
    expect((await cartOf(tc)).cartItems).toEqual([]);

    // B's registration is in the household's cart: adding it again from B puts it nowhere else.
    const again = await call(api, "PUT", "/v1/cart/add", {
      token: tb,
      body: { courseSectionId: section },
    });
    expect(again.status).toBe(200);
    expect((await cartOf(tb)).cartItems).toEqual([]);

    const paid = await payByCard(ta, cart.id, cart.total);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const payments = await queryRows<{ amount_cents: number; owner_key: string }>(
      db(),
      sql`select amount_cents, owner_key from payments
          where cart_id = ${cart.id} and status = 'succeeded'`,
    );
    expect(payments).toEqual([{ amount_cents: 6600, owner_key: `student:${a}` }]);

    // Each child's own records: B registered, C's goggles C's (their previous purchases).
    const regs = await queryRows<{ participant_id: number; status: string }>(
      db(),
      sql`select participant_id, status from registrations where course_section_id = ${section}
          order by participant_id`,
    );
    expect(regs.map((r) => [Number(r.participant_id), r.status])).toEqual([
      [Number(a), "registered"],
      [Number(b), "registered"],
    ]);
    const cFees = await call(api, "GET", "/v1/student-fees", { token: tc });
    const goggles = (
      cFees.body as { fee: { name: string }; status: string; paid: number }[]
    ).filter((f) => f.fee.name === "Science Lab Goggles");
    expect(goggles.map((f) => [f.status, f.paid])).toEqual([
      ["paid", 8],
      ["paid", 8],
    ]);
    const aFees = await call(api, "GET", "/v1/student-fees", { token: ta });
    expect(
      (aFees.body as { fee: { name: string } }[]).some((f) => f.fee.name === "Science Lab Goggles"),
    ).toBe(false);

    // The receipt: all of it for the payer, grouped by child (the payer's first)…
    const receipt = await call(api, "GET", `/v1/cart/${cart.id}`, { token: ta });
    expect(receipt.status).toBe(200);
    expect(receipt.body.totalPaid).toBe(66);
    expect(
      (receipt.body.items as { forPerson: { firstName: string } | null; quantity: number }[]).map(
        (i) => [i.forPerson?.firstName ?? null, i.quantity],
      ),
    ).toEqual([
      [null, 1],
      ...[
        [first(b), 1],
        [first(c), 2],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ]);
    // …only their own lines for another child of the payment, and nothing for anyone else.
    const cReads = await call(api, "GET", `/v1/cart/${cart.id}`, { token: tc });
    expect(cReads.status).toBe(200);
    expect(cReads.body.items).toHaveLength(1);
    expect(cReads.body.items[0].name).toBe("Science Lab Goggles");
    expect(cReads.body.totalPaid).toBe(16);
    const stranger = await call(api, "GET", `/v1/cart/${cart.id}`, {
      token: await studentToken(api, "100034"),
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(t("cart.error.load"));

    // One receipt e-mail, to every child's addresses on file, each once.
    const mail = await queryRows<{ to_address: string; subject: string; text_body: string }>(
      db(),
      sql`select to_address, subject, text_body from mail_queue
          where kind = 'receipt' and cart_id = ${cart.id} order by to_address`,
    );
    expect(mail.map((m) => m.to_address)).toEqual(
      [a, b, c].flatMap((id) => [`parent${id}@example.org`, `student${id}@example.org`]).sort(),
    );
    expect(new Set(mail.map((m) => m.subject)).size).toBe(1);
    expect(new Set(mail.map((m) => m.text_body)).size).toBe(1);
    const body = mail[0]!.text_body;
    // The same message to every child's family: by their last name only when they share it.
    const lastNames = new Set([a, b, c].map((id) => demoStudent(Number(id) - 100000).nameLast));
    expect(lastNames.size).toBeGreaterThan(1);
    expect(body.split("\n")[0]).toBe("Hello,");
    expect(body).toContain(`Science Lab Goggles (${first(c)} `);
    expect(body.match(/Household course/g)).toHaveLength(2);

    // The business office sees one payment whose lines name each child…
    const office = await staffToken(api, "office");
    const [payment] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where cart_id = ${cart.id} and status = 'succeeded'`,
    );
    const detail = await call(api, "GET", `/v1/office/payments/${payment!.id}`, { token: office });
    expect(detail.status).toBe(200);
    const lines = detail.body.lines as { key: string; name: string; paidCents: number }[];
    const names = lines.map((l) => l.name);
    expect(names).toHaveLength(4);
    expect(
      names.filter((n) => n.endsWith(` · ${first(a)}`) && n.startsWith("Household course")),
    ).toHaveLength(1);
    expect(
      names.filter((n) => n.endsWith(` · ${first(b)}`) && n.startsWith("Household course")),
    ).toHaveLength(1);
    // Two goggles: each unit bought is its own assessed fee.
    expect(names.filter((n) => n === `Science Lab Goggles · ${first(c)}`)).toHaveLength(2);
    // …and a refund of C's line touches nothing of A's or B's.
    const goggleLine = lines.find((l) => l.name.startsWith("Science Lab Goggles"))!;
    const state = () =>
      queryRows<{ s: string }>(
        db(),
        sql`select string_agg(participant_id || status || paid_cents, ',' order by participant_id) as s
            from registrations where course_section_id = ${section}`,
      );
    const regsBefore = await state();
    const refund = await call(api, "POST", `/v1/office/payments/${payment!.id}/refunds`, {
      token: office,
      body: {
        key: "household-refund-0001",
        amountCents: goggleLine.paidCents,
        reason: "Bought twice",
        line: goggleLine.key,
      },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(await state()).toEqual(regsBefore);
    const cAfter = await call(api, "GET", `/v1/cart/${cart.id}`, { token: tc });
    expect(cAfter.body.totalPaid).toBe(16 - goggleLine.paidCents / 100);
    const bAfter = await call(api, "GET", `/v1/cart/${cart.id}`, { token: tb });
    expect(bAfter.body.totalPaid).toBe(25);
    expect(bAfter.body.refunds).toEqual([]);
  });

  it("refuses a token that is not a live child's, a caller who is not a family, and too many; nothing moves", async () => {
    const [a, b] = ["100035", "100036"];
    const ta = await studentToken(api, a);
    const tb = await studentToken(api, b);
    await addFee(tb, "Science Lab Goggles");
    const ended = await studentToken(api, "100037");
    await addFee(ended, "Science Lab Goggles");
    expect((await call(api, "POST", "/v1/identity/sign-out", { token: ended })).status).toBe(204);
    const before = await cartsDigest();
    const refusals: [string, Awaited<ReturnType<typeof gather>>][] = [
      ["an ended session", await gather(ta, [tb, ended])],
      ["a guest", await gather(ta, [await guestToken(api)])],
      ["a staff member", await gather(ta, [await staffToken(api, "office")])],
      ["not a token", await gather(ta, ["not-a-token"])],
      ["a guest calling", await gather(await guestToken(api), [tb])],
      ["staff calling", await gather(await staffToken(api, "office"), [tb])],
    ];
    for (const [what, r] of refusals) {
      expect(r.status, what).toBe(403);
    }
    expect(refusals[0]![1].body.message).toBe(t("household.cart.notLinked"));
    const tooMany = await gather(ta, [tb, tb, tb, tb, tb]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.hint).toMatch(/^children/);
    expect((await gather(ta, [])).status).toBe(400);
    expect((await call(api, "POST", "/v1/cart/household", { token: ta })).status).toBe(400);
    expect(await cartsDigest()).toBe(before);
    // The caller's own token among the children brings nothing and changes nothing.
    expect((await gather(ta, [ta])).body).toEqual({ moved: 0 });
    expect(await cartsDigest()).toBe(before);
  });

  it("refuses while a child's cart is being paid, and moves nothing", async () => {
    const ta = await studentToken(api, "100038");
    const tb = await studentToken(api, "100039");
    await addFee(tb, "Science Lab Goggles");
    const b = await cartOf(tb);
    // A card charge in flight on B's cart, as the payment service leaves it while it charges.
    await queryRows(db(), sql`update carts set status = 'PROCESSING' where id = ${b.id}`);
    await queryRows(
      db(),
      sql`insert into payments (owner_key, cart_id, method, amount_cents, status, idempotency_key,
            created_at)
          values ('student:100039', ${b.id}, 'card', 800, 'processing', 'household-test', now())`,
    );
    const before = await cartsDigest();
    const r = await gather(ta, [tb]);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(t("household.cart.beingPaid"));
    expect(await cartsDigest()).toBe(before);
  });

  it("five gathers at once move each line once", async () => {
    const ta = await studentToken(api, "100021");
    const tb = await studentToken(api, "100022");
    const tc = await studentToken(api, "100023");
    await addFee(tb, "Science Lab Goggles", 3);
    await addFee(tc, "Athletic Pass");
    // On PostgreSQL, from two API processes on one database; B also adds on the way.
    const second = usingPostgres ? await startTestApi({ shareWith: api }) : null;
    try {
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          call(second && i % 2 ? second : api, "POST", "/v1/cart/household", {
            token: ta,
            body: { children: [tb, tc] },
          }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(replies.reduce((n, r) => n + Number(r.body.moved), 0)).toBe(4);
    } finally {
      await second?.close();
    }
    const cart = await cartOf(ta);
    expect(cart.cartItems.reduce((n, i) => n + i.cost, 0)).toBe(24 + 40);
    expect(cart.cartItems.map((i) => i.forPerson?.firstName).sort()).toEqual(
      [first("100022"), first("100023")].sort(),
    );
  });

  it("one mailed check for a household's registrations: each child's registration awaits it, one instructions e-mail", async () => {
    const ta = await studentToken(api, "100026");
    const tb = await studentToken(api, "100027");
    const section = await makeSection(3000);
    await registerIntoCart(ta, section);
    await registerIntoCart(tb, section);
    expect((await gather(ta, [tb])).body).toEqual({ moved: 1 });
    const cart = await cartOf(ta);
    const promised = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token: ta,
      body: { paymentType: "mail", courseSectionIds: [], cartId: cart.id },
    });
    expect(promised.status, JSON.stringify(promised.body)).toBe(200);
    const regs = await queryRows<{ participant_id: number; pending_cents: number }>(
      db(),
      sql`select participant_id, pending_cents from registrations
          where course_section_id = ${section} order by participant_id`,
    );
    expect(regs.map((r) => [Number(r.participant_id), r.pending_cents])).toEqual([
      [100026, 3000],
      [100027, 3000],
    ]);
    // One message with the instructions, to both children's addresses.
    const mail = await queryRows<{ to_address: string; text_body: string }>(
      db(),
      sql`select to_address, text_body from mail_queue
          where kind = 'mailed-check' and owner_key = 'student:100026' order by to_address`,
    );
    expect(mail.map((m) => m.to_address)).toEqual(
      ["100026", "100027"]
        .flatMap((id) => [`parent${id}@example.org`, `student${id}@example.org`])
        .sort(),
    );
    expect(new Set(mail.map((m) => m.text_body)).size).toBe(1);
  });

  it("a household's cart paid twice at once is charged once", async () => {
    const ta = await studentToken(api, "100028");
    const tb = await studentToken(api, "100029");
    await addFee(ta, "Science Lab Goggles");
    await addFee(tb, "Athletic Pass");
    expect((await gather(ta, [tb])).status).toBe(200);
    const cart = await cartOf(ta);
    const setups = [];
    for (let i = 0; i < 2; i++) {
      const s = await call(api, "POST", "/v1/payment/create-setup-intent", {
        token: ta,
        body: { cartId: cart.id },
      });
      const setupId = s.body.data.setupId as string;
      await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
        token: ta,
        body: { cardNumber: "4242424242424242" },
      });
      setups.push(setupId);
    }
    await Promise.all(
      setups.map((setupId) =>
        call(api, "POST", "/v1/payment/complete-setup-intent", {
          token: ta,
          body: { setupId, cartId: cart.id, payNowAmount: cart.total, paymentType: "full" },
        }),
      ),
    );
    const kept = await queryRows<{ amount_cents: number }>(
      db(),
      sql`select amount_cents from payments where cart_id = ${cart.id} and status = 'succeeded'`,
    );
    expect(kept).toEqual([{ amount_cents: 4800 }]);
  });

  it("a declined card leaves every child's line in the cart; the limit of a fee counts the household's cart", async () => {
    const ta = await studentToken(api, "100024");
    const tb = await studentToken(api, "100025");
    await addFee(tb, "Athletic Pass");
    expect((await gather(ta, [tb])).status).toBe(200);
    const cart = await cartOf(ta);
    const declined = await payByCard(ta, cart.id, cart.total, "4000000000000002");
    expect(declined.status).not.toBe(200);
    const after = await cartOf(ta);
    expect(after.cartItems.map((i) => i.forPerson?.firstName)).toEqual([first("100025")]);
    expect(after.total).toBe(cart.total);
    // The Athletic Pass may be bought once a person: B's one is in A's cart, so B cannot add another.
    const second = await call(api, "PUT", "/v1/fees/add-to-cart", {
      token: tb,
      body: { feeId: await feeId("Athletic Pass") },
    });
    expect(second.status).toBe(409);
  });
});
