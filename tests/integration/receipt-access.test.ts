// Who reads a receipt (issue 15, finding 3): every receipt-like call of the district API, asked by
// the owner, another family, a community member, a guest, each staff role, a desktop cashier
// session of someone else and no token. Only the owner reads it; everyone else gets the same 404
// as a cart that does not exist, so sequential cart ids tell nothing (decision 102).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
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
  // The same name and e-mail signing in again, in another case (issue 28 point 7): a new guest
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
