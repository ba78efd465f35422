// Cashier in the desktop client: the card reader's payment intent and the in-person transaction
// (cash, in-person check, card reader). Settlement is settlement.ts's (settlePayment), so a cart
// paid at the register is recorded exactly like one paid online. One charge per cart: the payment
// row's idempotency key (cart + amount), a partial unique index on in-person payments of a cart,
// and the cart row lock make a double tap, a retried request or a timed-out reader record once.
import { logSafeError } from "../logger";
import { timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import type {
  CompleteInPersonReply,
  CompleteInPersonRequest,
  CreateTerminalIntentReply,
  InPersonConfigReply,
  InPersonReceiptReply,
} from "@domain/contract/cashier";
import { CASHIER_ROLE } from "@domain/contract/admin";
import { t } from "@domain/messages";
import { cartMinimumMessage, cartTotalCents, methodAllowed } from "@domain/rules/checkout";
import { cartMinimumPartialCents } from "@domain/rules/partial-payment";
import { toCents, formatUsd } from "@domain/rules/money";
import { TENDERED_MAX_OVER_CENTS } from "@domain/rules/checkout";
import type { Exec } from "../db/client";
import { carts, payments, simObjects, staff, terminalPayments } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "../errors";
import { cartLines, currentCart, releaseExpiredCarts } from "./cart";
import { liveClaims } from "./sessions";
import { PaymentErrorCode, paidCartDestination, provider } from "./payment-records";
import { settlePayment } from "./settlement";
import { lockRows } from "./locks";
import { moveCart } from "./cart-status";

/** The key a development or test desktop client presents when DESKTOP_CLIENT_KEY is not set. */
export const DEV_DESKTOP_CLIENT_KEY = "desktop-client-dev-key";

/**
 * The configured desktop client key. The demo and tests fall back to the development key; a
 * production start has no default (fail closed) and refuses the development key (decision 110).
 */
export function desktopClientKey(env: NodeJS.ProcessEnv = process.env): string | null {
  const key = env.DESKTOP_CLIENT_KEY?.trim();
  if (env.APP_MODE === "production") return key && key !== DEV_DESKTOP_CLIENT_KEY ? key : null;
  return key || DEV_DESKTOP_CLIENT_KEY;
}

/** Whether the host presented the desktop client key (constant-time comparison). */
export function desktopKeyMatches(
  given: string | null | undefined,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const expected = desktopClientKey(env);
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The employee ID of an active staff member holding the cashier role (set by an administrator on
 * /admin/staff, decision 140), or null.
 */
async function activeCashier(deps: ApiDeps, employeeId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ employee_id: staff.employeeId })
    .from(staff)
    .where(
      and(
        eq(staff.employeeId, employeeId),
        eq(staff.active, true),
        sql`${CASHIER_ROLE} = any(${staff.roles})`,
      ),
    );
  return row ? row.employee_id : null;
}

/**
 * The cashier claims of a session the desktop client pushes (decisions 070, 102, 140): only with
 * the desktop client key AND the token of an active employee with the cashier role signed in at
 * the register, whose ID every in-person payment of the session records. The employee's session
 * (`cashierSid`) is written into the register's: when the employee signs out, or their sessions
 * are ended (deactivation, a new password, a change of roles), the register's session ends too
 * (services/sessions.ts). Anything else gives no cashier claims at all.
 */
export async function cashierClaims(
  deps: ApiDeps,
  desktopKey: string | undefined,
  cashierToken: string | undefined,
): Promise<
  { cashier: true; cashierEmployeeId: string; cashierSid: string } | Record<string, never>
> {
  if (!desktopKeyMatches(desktopKey) || !cashierToken) return {};
  const employee = await liveClaims(deps, cashierToken);
  const id = employee?.kind === "staff" ? (employee.employeeID ?? employee.sub) : null;
  const active = id && employee?.sid ? await activeCashier(deps, id) : null;
  return active && employee?.sid
    ? { cashier: true, cashierEmployeeId: active, cashierSid: employee.sid }
    : {};
}

/** Whether the claims allow in-person payments (desktop, key and an identified employee). */
export function isCashier(
  claims: TokenClaims | null,
): claims is TokenClaims & { cashierEmployeeId: string } {
  // Without the employee's session the register's could outlive their sign-out (decision 140).
  return (
    !!claims &&
    claims.cashier === true &&
    claims.desktop === true &&
    !!claims.cashierEmployeeId &&
    !!claims.cashierSid
  );
}

/** In-person methods need a session that came through the desktop client with its key. */
export function requireCashier(
  claims: TokenClaims | null,
): TokenClaims & { cashierEmployeeId: string } {
  if (!isCashier(claims)) {
    throw new ApiError(403, t("cashier.error.notDesktop"), t("cashier.error.notDesktop"));
  }
  return claims;
}

/**
 * The employee taking an in-person payment, who must still be active and a cashier when it is
 * recorded.
 */
async function requireActiveCashier(deps: ApiDeps, claims: TokenClaims | null): Promise<string> {
  const c = requireCashier(claims);
  const id = await activeCashier(deps, c.cashierEmployeeId);
  if (!id) throw new ApiError(403, t("cashier.error.noEmployee"), t("cashier.error.noEmployee"));
  return id;
}

type InPersonMethod = "cash" | "inPersonCheck" | "terminal";

/**
 * GET /v1/payment/in-person: allowed only while the employee at the register is still active and
 * a cashier, as the payment itself will check (decision 140).
 */
export async function inPersonConfig(
  deps: ApiDeps,
  claims: TokenClaims,
): Promise<InPersonConfigReply> {
  const p = deps.payments;
  const key = p?.publishableKey ?? null;
  const allowed = isCashier(claims) && !!(await activeCashier(deps, claims.cashierEmployeeId));
  return {
    allowed,
    reason: allowed
      ? null
      : claims.desktop
        ? t("cashier.error.noEmployee")
        : t("cashier.error.notDesktop"),
    publishableKey: key,
    simulated: !p || p.name === "simulator" || !!key?.startsWith("pk_test_"),
  };
}

interface OpenCart {
  id: number;
  lines: Awaited<ReturnType<typeof cartLines>>;
  hadFees: boolean;
}

/** The caller's open cart under its row lock, with the amount checked against it. */
async function lockedOpenCart(
  tx: Exec,
  claims: TokenClaims,
  cartId: number,
  payCents: number,
  paymentType: "full" | "partial",
  method: InPersonMethod,
): Promise<OpenCart> {
  const cart = await currentCart(tx, ownerKey(claims), "", { lock: true, create: false });
  if (!cart || Number(cart.id) !== cartId) throw new ApiError(404, t("cart.error.load"));
  if (cart.status !== "OPEN") {
    throw new ApiError(409, t("payment.error.inProgress"), undefined, PaymentErrorCode.inProgress);
  }
  const lines = await cartLines(tx, cart.id);
  const total = cartTotalCents(lines);
  if (!lines.length || total === 0) throw new ApiError(409, t("checkout.error.amountChanged"));
  if (paymentType === "full" && payCents !== total) {
    throw new ApiError(409, t("checkout.error.amountChanged"), undefined, PaymentErrorCode.invalid);
  }
  if (paymentType === "partial") {
    const min = cartMinimumPartialCents(lines);
    if (!lines.some((l) => l.allowPartial)) {
      throw new ApiError(400, t("checkout.error.methodUnavailable"), undefined, 3);
    }
    if (payCents < min) {
      throw new ApiError(400, cartMinimumMessage(lines), undefined, 3);
    }
    if (payCents > total) {
      throw new ApiError(
        400,
        t("checkout.error.maximum", { amount: formatUsd(total) }),
        undefined,
        3,
      );
    }
  }
  // Server side, the reader counts as connected: the card was already read when this is called.
  if (
    !methodAllowed({ lines, desktop: true, readerConnected: true }, paymentType, payCents, method)
  ) {
    throw new ApiError(
      400,
      t("checkout.error.methodUnavailable"),
      undefined,
      PaymentErrorCode.invalid,
    );
  }
  return { id: Number(cart.id), lines, hadFees: lines.some((l) => l.itemType === "fee") };
}

/** POST /v1/payment/create-terminal-payment-intent: amount is the cart total (or the part) in cents. */
export async function createTerminalIntent(
  deps: ApiDeps,
  claims: TokenClaims,
  body: {
    cartId: number;
    payNowAmount: number;
    paymentType: "full" | "partial";
    terminalId?: string | null;
  },
): Promise<CreateTerminalIntentReply> {
  await requireActiveCashier(deps, claims);
  const owner = ownerKey(claims);
  await releaseExpiredCarts(deps, owner);
  const payCents = toCents(body.payNowAmount);
  const cart = await deps.db.transaction((tx) =>
    lockedOpenCart(tx, claims, body.cartId, payCents, body.paymentType, "terminal"),
  );
  // One intent per cart and amount: a second tap gets the same intent back, never a second one.
  const key = `terminal:${cart.id}:${payCents}`;
  const [known] = await deps.db
    .select({ payment_intent_id: terminalPayments.paymentIntentId })
    .from(terminalPayments)
    .where(eq(terminalPayments.idempotencyKey, key));
  const intent = await provider(deps).createReaderPaymentIntent({
    amountCents: payCents,
    idempotencyKey: key,
    metadata: { cartId: String(cart.id), owner },
  });
  if (!known) {
    await deps.db.execute(
      sql`insert into terminal_payments (cart_id, owner_key, payment_intent_id, idempotency_key, amount_cents,
            payment_type, terminal_id, created_at)
          values (${cart.id}, ${owner}, ${intent.id}, ${key}, ${payCents}, ${body.paymentType},
            ${body.terminalId ?? null}, ${deps.clock.now()})
          on conflict do nothing`,
    );
  }
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    cart: {
      currency: "usd",
      total: payCents,
      lineItems: cart.lines.map((l) => ({
        amount: l.costCents,
        description: l.name,
        quantity: 1,
      })),
    },
  };
}

let stripeClient: {
  paymentIntents: { retrieve(id: string): Promise<{ status: string; amount: number }> };
} | null = null;

/** The provider's view of a reader payment intent: its status and amount in cents. */
async function readerIntent(
  deps: ApiDeps,
  id: string,
): Promise<{ status: string; amountCents: number } | null> {
  const p = provider(deps);
  if (p.name === "simulator") {
    const [row] = await deps.db
      .select({
        status: simObjects.status,
        amount_cents: simObjects.amountCents,
        kind: simObjects.kind,
      })
      .from(simObjects)
      .where(eq(simObjects.id, id));
    if (!row || row.kind !== "payment_intent") return null;
    return { status: row.status, amountCents: row.amount_cents ?? 0 };
  }
  // The provider interface has no retrieve call; read the intent with the same secret key.
  if (!stripeClient) {
    const { default: Stripe } = await import("stripe");
    const Ctor = Stripe as unknown as new (
      key: string,
      opts: Record<string, unknown>,
    ) => NonNullable<typeof stripeClient>;
    stripeClient = new Ctor(process.env.STRIPE_SECRET_KEY ?? "", {
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
  }
  try {
    const pi = await stripeClient!.paymentIntents.retrieve(id);
    return { status: pi.status, amountCents: pi.amount };
  } catch {
    return null;
  }
}

interface InPersonPaymentRow {
  id: number;
  cart_id: number | null;
  method: string;
  amount_cents: number;
  status: string;
  provider_ref: string | null;
  tendered_cents: number | null;
  change_cents: number | null;
  check_number: string | null;
}

/** The columns of an InPersonPaymentRow, for the query builder's select and returning. */
const IN_PERSON_ROW = {
  id: payments.id,
  cart_id: payments.cartId,
  method: payments.method,
  amount_cents: payments.amountCents,
  status: payments.status,
  provider_ref: payments.providerRef,
  tendered_cents: payments.tenderedCents,
  change_cents: payments.changeCents,
  check_number: payments.checkNumber,
};

async function replyFor(
  deps: ApiDeps,
  claims: TokenClaims,
  p: InPersonPaymentRow,
  hadFees: boolean,
): Promise<CompleteInPersonReply> {
  const cartId = Number(p.cart_id);
  return {
    errorCode: 0,
    message: "",
    data: {
      redirectUrl: await paidCartDestination(deps.db, claims.kind, cartId, hadFees),
      cartId,
      paymentMethod: p.method as InPersonMethod,
      amount: p.amount_cents / 100,
      tendered: p.tendered_cents === null ? null : p.tendered_cents / 100,
      change: p.change_cents === null ? null : p.change_cents / 100,
      checkNumber: p.check_number,
    },
  };
}

async function waitForSettled(deps: ApiDeps, id: number): Promise<InPersonPaymentRow | null> {
  for (let i = 0; i < 100; i++) {
    const [row] = await deps.db.select(IN_PERSON_ROW).from(payments).where(eq(payments.id, id));
    if (row && row.status !== "processing") return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** POST /v1/payment/complete-in-person-transaction. */
export async function completeInPerson(
  deps: ApiDeps,
  claims: TokenClaims,
  body: CompleteInPersonRequest,
): Promise<CompleteInPersonReply> {
  const employeeId = await requireActiveCashier(deps, claims);
  const owner = ownerKey(claims);
  const payCents = toCents(body.payNowAmount);
  const method = body.paymentMethod;
  let tendered: number | null = null;
  let change: number | null = null;
  let checkNumber: string | null = null;
  if (method === "cash") {
    tendered = body.tenderedCents ?? null;
    if (tendered === null) throw new ApiError(400, t("checkout.error.tenderedRequired"));
    if (tendered < payCents) throw new ApiError(400, t("checkout.error.tenderedLow"));
    if (tendered > payCents + TENDERED_MAX_OVER_CENTS) {
      throw new ApiError(400, t("checkout.error.tenderedHigh"));
    }
    change = tendered - payCents;
  } else if (method === "inPersonCheck") {
    checkNumber = (body.checkNumber ?? "").trim();
    if (checkNumber.length < 3) throw new ApiError(400, t("checkout.error.checkNumber"));
  } else {
    if (!body.paymentIntentId) {
      throw new ApiError(400, t("reader.error.cardNotReady"), t("reader.error.cardNotReady"));
    }
    const [record] = await deps.db
      .select({ cart_id: terminalPayments.cartId, owner_key: terminalPayments.ownerKey })
      .from(terminalPayments)
      .where(eq(terminalPayments.paymentIntentId, body.paymentIntentId));
    if (!record || record.cart_id !== body.cartId || record.owner_key !== owner) {
      throw new ApiError(400, t("reader.error.cardNotReady"), t("reader.error.cardNotReady"));
    }
    const intent = await readerIntent(deps, body.paymentIntentId);
    if (!intent || intent.status !== "succeeded") {
      throw new ApiError(402, t("reader.error.cardNotReady"), t("reader.error.cardNotReady"));
    }
    if (intent.amountCents !== payCents) {
      throw new ApiError(409, t("cashier.error.amount"), t("cashier.error.amount"));
    }
  }

  await releaseExpiredCarts(deps, owner);
  const key = `inperson:${body.cartId}:${payCents}`;
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    // Concurrent submissions queue on the cart lock, then find the first one's payment row. Only
    // the caller's own cart is locked: another person's cart id locks nothing (and is refused).
    await lockRows(
      tx,
      "cart",
      sql`select id from carts where id = ${body.cartId} and owner_key = ${owner}`,
    );
    const [existing] = await tx
      .select(IN_PERSON_ROW)
      .from(payments)
      .where(eq(payments.idempotencyKey, key));
    if (existing) return { existing };
    const cart = await lockedOpenCart(tx, claims, body.cartId, payCents, body.paymentType, method);
    const [row] = await tx
      .insert(payments)
      .values({
        ownerKey: owner,
        cartId: cart.id,
        method,
        paymentType: body.paymentType,
        amountCents: payCents,
        status: "processing",
        idempotencyKey: key,
        providerRef: method === "terminal" ? body.paymentIntentId! : null,
        createdAt: now,
        tenderedCents: tendered,
        changeCents: change,
        checkNumber,
        terminalId: body.terminalId ?? null,
        takenByEmployeeId: employeeId,
      })
      .onConflictDoNothing()
      .returning(IN_PERSON_ROW);
    if (!row) throw new ApiError(409, t("payment.error.inProgress"), undefined, 4);
    await moveCart(tx, Number(cart.id), "PROCESSING");
    if (method === "terminal") {
      await tx.execute(
        sql`update terminal_payments set payment_id = ${row.id}, terminal_id = coalesce(${body.terminalId ?? null}, terminal_id)
            where payment_intent_id = ${body.paymentIntentId!}`,
      );
    }
    return { payment: row, hadFees: cart.hadFees };
  });

  if ("existing" in claimed && claimed.existing) {
    const settled =
      claimed.existing.status === "processing"
        ? await waitForSettled(deps, claimed.existing.id)
        : claimed.existing;
    if (!settled || settled.status !== "succeeded") {
      throw new ApiError(409, t("payment.error.inProgress"), undefined, 4);
    }
    if (
      method === "terminal" &&
      body.paymentIntentId &&
      settled.provider_ref !== body.paymentIntentId
    ) {
      // This card was charged although the cart was already paid another way: give it back.
      await refundOrphan(deps, body.paymentIntentId);
    }
    const [cart] = await deps.db
      .select({ had_fees: carts.hadFees })
      .from(carts)
      .where(sql`${carts.id} = ${settled.cart_id}`);
    return replyFor(deps, claims, settled, !!cart?.had_fees);
  }
  const { payment, hadFees } = claimed as { payment: InPersonPaymentRow; hadFees: boolean };
  await settlePayment(deps, payment.id, payment.provider_ref);
  const [done] = await deps.db
    .select(IN_PERSON_ROW)
    .from(payments)
    .where(eq(payments.id, payment.id));
  deps.logger.info({ paymentId: payment.id, method }, "in-person payment recorded");
  return replyFor(deps, claims, done ?? payment, hadFees);
}

async function refundOrphan(deps: ApiDeps, intentId: string): Promise<void> {
  await provider(deps)
    .refund({ paymentRef: intentId, idempotencyKey: `refund:orphan:${intentId}` })
    .catch((err: unknown) => {
      deps.logger.error({ err: logSafeError(err) }, "orphan reader refund failed");
    });
}

/** GET /v1/payment/in-person/{cartId}: tendered, change and check number for the receipt. */
export async function inPersonReceipt(
  deps: ApiDeps,
  claims: TokenClaims,
  cartId: number,
): Promise<InPersonReceiptReply> {
  const [cart] = await deps.db
    .select({ owner_key: carts.ownerKey })
    .from(carts)
    .where(eq(carts.id, cartId));
  // The owner only, like the receipt (decision 102).
  if (!cart || cart.owner_key !== ownerKey(claims)) {
    throw new ApiError(404, t("cart.error.load"));
  }
  const [p] = await deps.db
    .select(IN_PERSON_ROW)
    .from(payments)
    .where(
      and(
        eq(payments.cartId, cartId),
        eq(payments.status, "succeeded"),
        inArray(payments.method, ["cash", "inPersonCheck", "terminal"]),
      ),
    )
    .orderBy(payments.id)
    .limit(1);
  return {
    cartId,
    payment: p
      ? {
          paymentMethod: p.method as InPersonMethod,
          amount: p.amount_cents / 100,
          tendered: p.tendered_cents === null ? null : p.tendered_cents / 100,
          change: p.change_cents === null ? null : p.change_cents / 100,
          checkNumber: p.check_number,
        }
      : null,
  };
}

/**
 * The simulated reader presents a card: its payment intent succeeds (simulator only). With Stripe
 * the reader itself collects and processes, and this call does not exist.
 */
export async function processSimulatedReader(
  deps: ApiDeps,
  claims: TokenClaims,
  intentId: string,
): Promise<{ status: "succeeded" | "failed"; amount: number }> {
  await requireActiveCashier(deps, claims);
  if (provider(deps).name !== "simulator") throw new ApiError(404, t("error.notFound"));
  const [record] = await deps.db
    .select({ owner_key: terminalPayments.ownerKey })
    .from(terminalPayments)
    .where(eq(terminalPayments.paymentIntentId, intentId));
  if (!record || record.owner_key !== ownerKey(claims)) {
    throw new ApiError(404, t("reader.error.processing"));
  }
  const rows = await deps.db
    .update(simObjects)
    .set({ status: "succeeded", paymentMethod: "pm_card_present" })
    .where(
      and(
        eq(simObjects.id, intentId),
        eq(simObjects.kind, "payment_intent"),
        inArray(simObjects.status, ["requires_payment_method", "succeeded"]),
      ),
    )
    .returning({ status: simObjects.status, amount_cents: simObjects.amountCents });
  const row = rows[0];
  if (!row) throw new ApiError(409, t("reader.error.processing"));
  return { status: "succeeded", amount: row.amount_cents ?? 0 };
}
