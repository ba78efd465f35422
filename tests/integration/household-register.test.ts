// One payment for a household at a cashier's register (decision 167): the register's
// session of the child on screen (pushed by the desktop client with the cashier's token) brings a
// linked child's cart into its own, and the cashier's one cash payment pays for both; each line
// stays its child's and the one receipt e-mail goes to both children's addresses. A guest at a
// register, staff and ended sessions are still refused, and nothing moves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { t } from "@domain/messages";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { demoStudent } from "../../district-api/db/seed/core";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";
import { householdCartCalls } from "../support/household-cart";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
const first = (id: string) => demoStudent(Number(id) - 100000).nameFirst;

/**
 * The register's session of `token`: the desktop client pushes it with its key and the token of
 * the employee signed in at the register (decisions 102 and 140).
 */
async function atRegister(token: string, employee: string): Promise<string> {
  const r = await call(api, "POST", "/v1/identity/desktop-session", {
    body: { accessToken: token, desktopKey: DEV_DESKTOP_CLIENT_KEY, cashierToken: employee },
  });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}

const { addFee, cartOf, gather, cartsDigest } = householdCartCalls(() => api);

describe("one payment for a household at a cashier's register", () => {
  it("the register's child brings a linked child's cart in; one cash payment, each line its child's, one e-mail to both", async () => {
    const [a, b] = ["100031", "100032"];
    const cashier = await staffToken(api, "feeadmin");
    const register = await atRegister(await studentToken(api, a), cashier);
    expect(decodeJwt(register)).toMatchObject({ cashier: true, kind: "student" });
    // B linked at the register by their own ID and birth date: a plain token of B's own.
    const tb = await studentToken(api, b);
    await addFee(register, "Science Lab Goggles");
    await addFee(tb, "Athletic Pass");

    const g = await gather(register, [tb]);
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body).toEqual({ moved: 1 });
    const cart = await cartOf(register);
    expect(cart.total).toBe(8 + 40);
    expect(cart.cartItems.map((i) => [i.name, i.forPerson?.firstName ?? null]).sort()).toEqual(
      [
        ["Athletic Pass", first(b)],
        ["Science Lab Goggles", null],
      ].sort(),
    );
    expect((await cartOf(tb)).cartItems).toEqual([]);

    // The cashier takes one cash payment; five submits at once record it once.
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", "/v1/payment/complete-in-person-transaction", {
          token: register,
          body: { cartId: cart.id, payNowAmount: 48, paymentMethod: "cash", tenderedCents: 5000 },
        }),
      ),
    );
    for (const r of replies) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ paymentMethod: "cash", amount: 48, change: 2 });
    }
    const payments = await queryRows<{
      method: string;
      amount_cents: number;
      tendered_cents: number;
      owner_key: string;
      status: string;
    }>(
      db(),
      sql`select method, amount_cents, tendered_cents, owner_key, status from payments
          where cart_id = ${cart.id}`,
    );
    expect(payments).toEqual([
      {
        method: "cash",
        amount_cents: 4800,
        tendered_cents: 5000,
        owner_key: `student:${a}`,
        status: "succeeded",
      },
    ]);

    // Each line stays its child's: B's pass is B's purchase, A's goggles A's.
    const feesOf = async (token: string) =>
      (
        (await call(api, "GET", "/v1/student-fees", { token })).body as {
          fee: { name: string };
          status: string;
          paid: number;
        }[]
      ).map((f) => [f.fee.name, f.status, f.paid]);
    expect(await feesOf(tb)).toContainEqual(["Athletic Pass", "paid", 40]);
    expect((await feesOf(tb)).some(([name]) => name === "Science Lab Goggles")).toBe(false);
    expect(await feesOf(register)).toContainEqual(["Science Lab Goggles", "paid", 8]);
    expect((await feesOf(register)).some(([name]) => name === "Athletic Pass")).toBe(false);

    // The register reads the whole receipt, the payer's lines first, and what was tendered.
    const receipt = await call(api, "GET", `/v1/cart/${cart.id}`, { token: register });
    expect(receipt.status).toBe(200);
    expect(receipt.body.totalPaid).toBe(48);
    expect(
      (receipt.body.items as { name: string; forPerson: { firstName: string } | null }[]).map(
        (i) => [i.name, i.forPerson?.firstName ?? null],
      ),
    ).toEqual([
      ["Science Lab Goggles", null],
      ["Athletic Pass", first(b)],
    ]);
    const inPerson = await call(api, "GET", `/v1/payment/in-person/${cart.id}`, {
      token: register,
    });
    expect(inPerson.body.payment).toMatchObject({ paymentMethod: "cash", tendered: 50, change: 2 });
    // B reads only B's line.
    const bReads = await call(api, "GET", `/v1/cart/${cart.id}`, { token: tb });
    expect(bReads.body.items.map((i: { name: string }) => i.name)).toEqual(["Athletic Pass"]);

    // One receipt e-mail, to both children's addresses on file.
    const mail = await queryRows<{ to_address: string; text_body: string }>(
      db(),
      sql`select to_address, text_body from mail_queue
          where kind = 'receipt' and cart_id = ${cart.id} order by to_address`,
    );
    expect(mail.map((m) => m.to_address)).toEqual(
      [a, b].flatMap((id) => [`parent${id}@example.org`, `student${id}@example.org`]).sort(),
    );
    expect(new Set(mail.map((m) => m.text_body)).size).toBe(1);
    expect(mail[0]!.text_body).toContain(`Athletic Pass (${first(b)} `);
  });

  it("takes a child's register token as proof of that child too", async () => {
    const cashier = await staffToken(api, "feeadmin");
    const register = await atRegister(await studentToken(api, "100033"), cashier);
    const other = await atRegister(await studentToken(api, "100034"), cashier);
    await addFee(other, "Athletic Pass");
    const g = await gather(register, [other]);
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body).toEqual({ moved: 1 });
  });

  it("refuses a guest at a register, staff and ended sessions, as caller or child; nothing moves", async () => {
    const cashier = await staffToken(api, "feeadmin");
    const register = await atRegister(await studentToken(api, "100035"), cashier);
    const tb = await studentToken(api, "100036");
    await addFee(tb, "Science Lab Goggles");
    const guestAtRegister = await atRegister(await guestToken(api), cashier);
    expect(decodeJwt(guestAtRegister)).toMatchObject({ cashier: true, kind: "guest_user" });
    await addFee(guestAtRegister, "Science Lab Goggles");
    const ended = await studentToken(api, "100037");
    await addFee(ended, "Science Lab Goggles");
    expect((await call(api, "POST", "/v1/identity/sign-out", { token: ended })).status).toBe(204);
    // A register whose cashier signed out: its session ended with theirs (decision 140).
    const clerk = await staffToken(api, "instructor");
    const closed = await atRegister(await studentToken(api, "100038"), clerk);
    expect((await call(api, "POST", "/v1/identity/sign-out", { token: clerk })).status).toBe(204);

    const before = await cartsDigest();
    const refusals: [string, Awaited<ReturnType<typeof gather>>, number][] = [
      ["a guest at a register calling", await gather(guestAtRegister, [tb]), 403],
      ["a guest at a register as a child", await gather(register, [guestAtRegister]), 403],
      ["a staff member as a child", await gather(register, [cashier]), 403],
      ["an ended session as a child", await gather(register, [ended]), 403],
      ["a closed register as a child", await gather(register, [closed]), 403],
      ["a closed register calling", await gather(closed, [tb]), 401],
    ];
    for (const [what, r, status] of refusals) expect(r.status, what).toBe(status);
    expect(refusals[3]![1].body.message).toBe(t("household.cart.notLinked"));
    expect(await cartsDigest()).toBe(before);
  });
});
