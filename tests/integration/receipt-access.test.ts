// Who reads a receipt: every receipt-like call of the district API, asked by
// the owner, another family, a community member, a guest, each staff role, a desktop cashier
// session of someone else and no token. Only the owner reads it; everyone else gets the same 404
// as a cart that does not exist, so sequential cart ids tell nothing (decision 102).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
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
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";

let api: TestApi;
const db = () => api.runtime.deps.db;

/** A desktop cashier session: the host pushes the token with its key and the employee at the register. */
async function desktop(token: string, cashierToken: string) {
  const r = await call(api, "POST", "/v1/identity/desktop-session", {
    body: { accessToken: token, desktopKey: DEV_DESKTOP_CLIENT_KEY, cashierToken },
  });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}

async function feeId(name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`select id from fees where name = ${name}`,
  );
  return Number(row!.id);
}

async function fillCart(token: string, fee: string): Promise<{ id: number; total: number }> {
  const add = await call(api, "PUT", "/v1/fees/add-to-cart", {
    token,
    body: { feeId: await feeId(fee) },
  });
  expect(add.status).toBe(200);
  const c = await call(api, "GET", "/v1/cart", { token });
  return c.body as { id: number; total: number };
}

async function paymentRef(cartId: number): Promise<string> {
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`select id from payments where cart_id = ${cartId} and status = 'succeeded'`,
  );
  return `pay_${p!.id}`;
}

interface Owned {
  label: string;
  cartId: number;
  ref: string;
  owner: string;
}

const callers: Record<string, string | null> = {};
const owned: Owned[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const employee = await staffToken(api, "instructor");
  // A student's cart paid in cash at the register, and an employee's own cart paid by check there.
  const student = await studentToken(api, "100011");
  const studentDesk = await desktop(student, employee);
  const sc = await fillCart(studentDesk, "Athletic Pass");
  const cash = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
    token: studentDesk,
    body: { cartId: sc.id, payNowAmount: sc.total, paymentMethod: "cash", tenderedCents: 5000 },
  });
  expect(cash.status).toBe(200);
  owned.push({ label: "student", cartId: sc.id, ref: await paymentRef(sc.id), owner: student });

  const clerk = await staffToken(api, "instructor2");
  const clerkDesk = await desktop(clerk, clerk);
  const ec = await fillCart(clerkDesk, "Staff Appreciation Lunch");
  const check = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
    token: clerkDesk,
    body: {
      cartId: ec.id,
      payNowAmount: ec.total,
      paymentMethod: "inPersonCheck",
      checkNumber: "7788",
    },
  });
  expect(check.status).toBe(200);
  owned.push({ label: "employee", cartId: ec.id, ref: await paymentRef(ec.id), owner: clerk });

  // A guest's cart paid online by card: its return address names the card setup id.
  const buyer = await guestToken(api, "receipt-owner@example.org");
  const gc = await fillCart(buyer, "Science Lab Goggles");
  const setup = await call(api, "POST", "/v1/payment/create-setup-intent", {
    token: buyer,
    body: { cartId: gc.id },
  });
  const setupId = setup.body.data.setupId as string;
  expect(
    (
      await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
        token: buyer,
        body: { cardNumber: "4242 4242 4242 4242" },
      })
    ).status,
  ).toBe(200);
  const card = await call(api, "POST", "/v1/payment/complete-setup-intent", {
    token: buyer,
    body: { setupId, cartId: gc.id, payNowAmount: gc.total, paymentType: "full" },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  owned.push({ label: "guest", cartId: gc.id, ref: setupId, owner: buyer });

  callers["another student"] = await studentToken(api, "100012");
  callers["community member"] = await studentToken(api, "200001", "1980-03-02");
  callers.guest = await guestToken(api, "receipt-guest@example.org");
  // The same name and e-mail signing in again, in another case (decision 141): a new guest
  // session, which proves nothing about the mailbox.
  callers["the same guest signing in again"] = await guestToken(api, "Receipt-Owner@Example.org");
  callers["instructor"] = employee;
  callers["fee_admin"] = await staffToken(api, "feeadmin");
  callers["fee_proposer"] = await staffToken(api, "proposer");
  callers["desktop cashier of another family"] = await desktop(
    await studentToken(api, "100013"),
    employee,
  );
  callers["desktop cashier employee"] = await desktop(employee, employee);
  callers["no token"] = null;
}, 60_000);

afterAll(async () => {
  await api?.close();
});

/** The receipt-like calls for one owned cart. */
function routes(o: Owned): { name: string; path: string }[] {
  return [
    { name: "cart receipt", path: `/v1/cart/${o.cartId}` },
    { name: "in-person details", path: `/v1/payment/in-person/${o.cartId}` },
    { name: "payment status", path: `/v1/payment/status?ref=${o.ref}` },
  ];
}

describe("receipt-like calls", () => {
  it("the owner reads each of them", async () => {
    for (const o of owned) {
      const receipt = await call(api, "GET", `/v1/cart/${o.cartId}`, { token: o.owner });
      expect(receipt.status, `${o.label} receipt`).toBe(200);
      expect(receipt.body.id).toBe(o.cartId);
      const inPerson = await call(api, "GET", `/v1/payment/in-person/${o.cartId}`, {
        token: o.owner,
      });
      expect(inPerson.status, `${o.label} in-person`).toBe(200);
      // Paid at the register: its tendered cash or check number; paid online: none.
      expect(inPerson.body.payment === null).toBe(o.label === "guest");
      const status = await call(api, "GET", `/v1/payment/status?ref=${o.ref}`, {
        token: o.owner,
      });
      expect(status.body, `${o.label} status`).toMatchObject({
        status: "succeeded",
        cartId: o.cartId,
      });
    }
  });

  it("nobody else reads them, whatever their kind or role, and the refusal equals a missing cart", async () => {
    const missing = await call(api, "GET", "/v1/cart/999999", { token: callers.instructor! });
    expect(missing.status).toBe(404);
    const failures: string[] = [];
    for (const o of owned) {
      for (const [who, token] of Object.entries(callers)) {
        if (token === null) continue;
        for (const r of routes(o)) {
          const res = await call(api, "GET", r.path, { token });
          const leaked =
            r.name === "payment status"
              ? res.status !== 200 || res.body.status !== "unknown" || res.body.cartId !== null
              : res.status !== 404 || JSON.stringify(res.body) !== JSON.stringify(missing.body);
          if (leaked) failures.push(`${who} reads the ${o.label}'s ${r.name} (${res.status})`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("without a token every one of them is a 401", async () => {
    for (const o of owned) {
      for (const r of routes(o)) {
        const res = await call(api, "GET", r.path);
        expect(res.status, r.name).toBe(401);
      }
    }
  });

  it("nobody else's fee list or purchase history names the paid cart", async () => {
    for (const [who, token] of Object.entries(callers)) {
      if (token === null) continue;
      for (const path of ["/v1/student-fees", "/v1/purchase-history"]) {
        const res = await call(api, "GET", path, { token });
        expect(res.status, `${who} ${path}`).toBe(200);
        for (const o of owned) {
          const cartIds = JSON.stringify(res.body).match(/"cartId":\d+/g) ?? [];
          expect(cartIds, `${who} ${path}`).not.toContain(`"cartId":${o.cartId}`);
        }
      }
    }
  });
});

/** The code in the latest mail to this address (the outbox is read after the queue ran). */
async function mailedCode(address: string, before: number): Promise<string> {
  const mail = (await api.outbox({ atLeast: before + 1 })).slice(before);
  const mine = mail.filter((m) => m.to.toLowerCase() === address.toLowerCase());
  expect(mine.length, "a code mailed to the address").toBeGreaterThan(0);
  const code = /code is (\d{6})/.exec(mine.at(-1)!.text)?.[1];
  expect(code, mine.at(-1)!.text).toBeDefined();
  return code!;
}

describe("a guest's earlier receipts, behind a code sent to the mailbox (decision 141)", () => {
  const guestCart = () => owned.find((o) => o.label === "guest")!.cartId;

  it("a new session under the same address sees none until it enters the code mailed there", async () => {
    const again = await guestToken(api, "receipt-owner@example.org");
    const before = await call(api, "GET", "/v1/guest/earlier-receipts", { token: again });
    expect(before.body).toEqual({ proven: false, receipts: [] });
    expect((await call(api, "GET", `/v1/cart/${guestCart()}`, { token: again })).status).toBe(404);

    const sentBefore = (await api.outbox()).length;
    const send = await call(api, "POST", "/v1/guest/mailbox-code", { token: again });
    expect(send.status).toBe(200);
    const code = await mailedCode("receipt-owner@example.org", sentBefore);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const bad = await call(api, "POST", "/v1/guest/mailbox-code/confirm", {
      token: again,
      body: { code: wrong },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(t("guestReceipts.codeWrong"));
    expect((await call(api, "GET", `/v1/cart/${guestCart()}`, { token: again })).status).toBe(404);

    const ok = await call(api, "POST", "/v1/guest/mailbox-code/confirm", {
      token: again,
      body: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await call(api, "GET", "/v1/guest/earlier-receipts", { token: again });
    expect(after.body.proven).toBe(true);
    expect(after.body.receipts.map((r: { cartId: number }) => r.cartId)).toContain(guestCart());
    const receipt = await call(api, "GET", `/v1/cart/${guestCart()}`, { token: again });
    expect(receipt.status).toBe(200);
    expect(receipt.body.id).toBe(guestCart());
    // The code is used up.
    const reuse = await call(api, "POST", "/v1/guest/mailbox-code/confirm", {
      token: again,
      body: { code },
    });
    expect(reuse.status).toBe(400);
  });

  it("a proven mailbox opens only its own address's receipts", async () => {
    const other = await guestToken(api, "someone-else@example.org");
    const sentBefore = (await api.outbox()).length;
    await call(api, "POST", "/v1/guest/mailbox-code", { token: other });
    const code = await mailedCode("someone-else@example.org", sentBefore);
    const ok = await call(api, "POST", "/v1/guest/mailbox-code/confirm", {
      token: other,
      body: { code },
    });
    expect(ok.status).toBe(200);
    const list = await call(api, "GET", "/v1/guest/earlier-receipts", { token: other });
    expect(list.body).toEqual({ proven: true, receipts: [] });
    expect((await call(api, "GET", `/v1/cart/${guestCart()}`, { token: other })).status).toBe(404);
  });

  it("counts five guesses per code in the database, even at once; then only a new code helps", async () => {
    const token = await guestToken(api, "guesser@example.org");
    const sentBefore = (await api.outbox()).length;
    await call(api, "POST", "/v1/guest/mailbox-code", { token });
    const code = await mailedCode("guesser@example.org", sentBefore);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(api, "POST", "/v1/guest/mailbox-code/confirm", { token, body: { code: wrong } }),
      ),
    );
    const messages = answers.map((a) => a.body.message as string);
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(messages.filter((m) => m === t("guestReceipts.codeWrong"))).toHaveLength(5);
    expect(messages.filter((m) => m === t("guestReceipts.codeUsedUp"))).toHaveLength(7);
    const right = await call(api, "POST", "/v1/guest/mailbox-code/confirm", {
      token,
      body: { code },
    });
    expect(right.body.message).toBe(t("guestReceipts.codeUsedUp"));
    // The flip side: a new code works.
    const again = (await api.outbox()).length;
    await call(api, "POST", "/v1/guest/mailbox-code", { token });
    const fresh = await mailedCode("guesser@example.org", again);
    const ok = await call(api, "POST", "/v1/guest/mailbox-code/confirm", {
      token,
      body: { code: fresh },
    });
    expect(ok.status).toBe(200);
  });

  it("a code stops working after 15 minutes", async () => {
    const token = await guestToken(api, "slow@example.org");
    const sentBefore = (await api.outbox()).length;
    await call(api, "POST", "/v1/guest/mailbox-code", { token });
    const code = await mailedCode("slow@example.org", sentBefore);
    api.clock.advance(15 * 60_000 + 1_000);
    try {
      const late = await call(api, "POST", "/v1/guest/mailbox-code/confirm", {
        token,
        body: { code },
      });
      expect(late.body.message).toBe(t("guestReceipts.codeUsedUp"));
    } finally {
      api.clock.advance(-(15 * 60_000 + 1_000));
    }
  });

  it("mails one address at most five codes an hour, whichever guest asks; another address is not held up", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const token = await guestToken(api, "Flooded@example.org");
      statuses.push((await call(api, "POST", "/v1/guest/mailbox-code", { token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const neighbour = await guestToken(api, "neighbour@example.org");
    expect((await call(api, "POST", "/v1/guest/mailbox-code", { token: neighbour })).status).toBe(
      200,
    );
  });

  it("refuses bad codes naming the field, and is a guest's call only", async () => {
    const token = await guestToken(api, "typo@example.org");
    for (const body of [{}, { code: "12ab56" }, { code: "1234567" }, { code: 123456 }]) {
      const r = await call(api, "POST", "/v1/guest/mailbox-code/confirm", { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.hint, JSON.stringify(body)).toMatch(/^code: /);
    }
    for (const who of ["another student", "instructor"]) {
      const r = await call(api, "GET", "/v1/guest/earlier-receipts", { token: callers[who]! });
      expect(r.status, who).toBe(403);
    }
  });
});
