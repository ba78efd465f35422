// The cart: one OPEN cart per owner, items priced by the server when added, a timeout after which
// the items are released and registrations in the cart cancelled ("Payment Timeout").
import { logSafeError } from "../logger";
import { and, eq, inArray, lte, not, sql } from "drizzle-orm";
import { REASON_TIMEOUT } from "@domain/rules/cancel-reasons";
import type { TokenClaims } from "@domain/contract/identity";
import type { AddToCartRequest } from "@domain/contract/fees";
import type {
  AddAssessedFeesReply,
  Cart,
  CartCount,
  CartItem,
  Receipt,
} from "@domain/contract/cart";
import { t } from "@domain/messages";
import { checkDonation } from "@domain/rules/donation";
import { feeAnswerField, feeAnswerProblems } from "@domain/rules/fee-answers";
import { unitPricesCents } from "@domain/rules/pricing";
import {
  receiptLinesByPerson,
  receiptPaidCents,
  type ReceiptLine,
} from "@domain/rules/receipt-lines";
import { cartPurchases } from "../queries/receipt-purchases";
import { cartItems, carts, type StoredAnswer } from "../db/schema";
import { queryRows, type Exec } from "../db/client";
import type { ApiDeps } from "../deps";
import { lockRows } from "./locks";
import { ApiError, ownerKey } from "../errors";
import { guestMayReadReceipt } from "./guest-receipts";
import {
  cancelRegistration,
  cartHoldMinutes,
  releaseAllExpiredHolds,
  setInCart,
} from "./registration";
import { expireAtProvider, markSessionsExpired } from "./hosted-sessions";
import {
  buyerInfo,
  countsByFee,
  criteriaError,
  feeQuestions,
  mapPriced,
  saleableFees,
} from "../queries/pricing";
import { lineTexts, spanishList } from "../queries/spanish-texts";
import { moveCarts } from "./cart-status";
import { PaymentErrorCode } from "./payment-records";

export interface CartRow {
  id: number;
  owner_key: string;
  owner_name: string;
  status: string;
  expires_at: Date | string | null;
  paid_cents: number;
  had_fees: boolean;
  paid_at: Date | string | null;
}

/** How long a card charge may run before its cart is opened again. */
const STUCK_PROCESSING_MS = 5 * 60_000;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Releases the owner's carts whose time is up: the status flips under the row lock, then the
 * registrations that were in them are cancelled with "Payment Timeout" through the registration
 * service (which frees the seat and offers it to the waitlist).
 */
export async function releaseExpiredCarts(deps: ApiDeps, owner?: string): Promise<number> {
  const now = deps.clock.now();
  // The owner's carts, and a household's cart holding lines of theirs (decision 167): a line of
  // theirs is released before they are told it is "already in a cart".
  const whose = owner
    ? sql`and (owner_key = ${owner} or exists (select 1 from cart_items h
                where h.cart_id = carts.id and h.for_key = ${owner}))`
    : sql``;
  // A cart left PROCESSING by a charge that never finished (a crash mid-charge) opens again after
  // a few minutes; if that charge did go through, the provider's webhook still settles it.
  await moveCarts(
    deps.db,
    "PROCESSING",
    "OPEN",
    sql`true ${whose}
          and not exists (select 1 from payments p where p.cart_id = carts.id
                          and p.status = 'processing'
                          and p.created_at > ${new Date(now.getTime() - STUCK_PROCESSING_MS)})`,
  );
  const released = await deps.db.transaction(async (tx) => {
    const ids = await moveCarts(tx, "OPEN", "EXPIRED", sql`expires_at <= ${now} ${whose}`);
    if (!ids.length) return { regs: [], stale: [] };
    const stale: string[] = [];
    for (const id of ids) stale.push(...(await markSessionsExpired(tx, { cartId: id })));
    const regs = await queryRows<{
      registration_id: string;
      participant_id: number;
      course_section_id: string;
      status: string;
      hold_over: boolean;
    }>(
      tx,
      sql`select r.id as registration_id, r.participant_id, r.course_section_id, r.status,
            coalesce(r.hold_expires_at <= ${now}, false) as hold_over
          from cart_items i join registrations r on r.id = i.registration_id
          where i.cart_id in ${sql.raw(`(${ids.join(",")})`)}`,
    );
    return { regs, stale };
  });
  await expireAtProvider(deps, released.stale);
  for (const r of released.regs) {
    await setInCart(deps.db, r.registration_id, false);
    if (r.status === "pending_payment" && r.hold_over) {
      // The registration's own payment window is over too: the registration service releases it.
      await releaseAllExpiredHolds(deps);
    } else if (r.status === "pending_payment") {
      await cancelRegistration(
        deps,
        Number(r.participant_id),
        r.course_section_id,
        REASON_TIMEOUT,
      ).catch((err: unknown) => {
        deps.logger.warn({ err: logSafeError(err) }, "cart timeout cancel skipped");
      });
    }
  }
  return released.regs.length;
}

/** The owner's OPEN (or PROCESSING) cart, created when missing. Locks it when `lock`. */
export async function currentCart(
  tx: Exec,
  owner: string,
  name: string,
  opts: { lock?: boolean; create?: boolean } = {},
): Promise<CartRow | null> {
  const find = () => {
    const query = sql`select * from carts
        where owner_key = ${owner} and status in ('OPEN', 'PROCESSING')`;
    return opts.lock ? lockRows<CartRow>(tx, "cart", query) : queryRows<CartRow>(tx, query);
  };
  const [row] = await find();
  if (row || opts.create === false) return row ?? null;
  await tx.execute(
    sql`insert into carts (owner_key, owner_name, status) values (${owner}, ${name}, 'OPEN')
        on conflict do nothing`,
  );
  const [created] = await find();
  return created ?? null;
}

async function startTimerIfEmpty(tx: Exec, cart: CartRow, now: Date): Promise<void> {
  const [n] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id));
  if ((n?.n ?? 0) === 0 || cart.expires_at === null) {
    const minutes = await cartHoldMinutes(tx);
    await tx.execute(
      sql`update carts set expires_at = ${new Date(now.getTime() + minutes * 60_000)} where id = ${cart.id}`,
    );
  }
}

/**
 * `i` (a cart_items row) is in a cart still being filled or paid. A line may sit in another
 * person's cart (a household's, decision 167), so "already in a cart" asks every open cart.
 */
const inAnOpenCart = sql`exists (select 1 from carts oc where oc.id = i.cart_id
  and oc.status in ('OPEN', 'PROCESSING'))`;

function openOrRefuse(cart: CartRow | null): CartRow {
  if (!cart || cart.status !== "OPEN") throw new ApiError(409, t("cart.error.notOpen"));
  return cart;
}

/** PUT /v1/fees/add-to-cart: price, limits, group, questions and donation decided here. */
export async function addFeeToCart(
  deps: ApiDeps,
  claims: TokenClaims,
  body: AddToCartRequest,
): Promise<void> {
  const owner = ownerKey(claims);
  await releaseExpiredCarts(deps, owner);
  const now = deps.clock.now();
  const buyer = await buyerInfo(deps.db, claims);
  const stale = await deps.db.transaction(async (tx) => {
    const cart = openOrRefuse(await currentCart(tx, owner, buyer.name, { lock: true }));
    const [fee] = await saleableFees(tx, claims.kind, now, { feeId: body.feeId });
    if (body.assessedFeeId) {
      // Someone's own assessed fee: the cost is what is still owed on it.
      const [af] = await lockRows<{
        id: number;
        fee_id: number;
        status: string;
        assessed_cost_cents: number;
        paid_cents: number;
        allow_partial: boolean;
      }>(
        tx,
        "assessed-fee",
        sql`select id, fee_id, status, assessed_cost_cents, paid_cents, allow_partial
            from assessed_fees where id = ${body.assessedFeeId} and payer_key = ${owner}`,
      );
      if (!af || Number(af.fee_id) !== body.feeId)
        throw new ApiError(404, t("fees.error.notFound"));
      if (af.status === "paid") throw new ApiError(409, t("fees.error.paid"));
      const [already] = await queryRows<{ id: number }>(
        tx,
        sql`select i.id from cart_items i where i.assessed_fee_id = ${af.id} and ${inAnOpenCart}`,
      );
      if (already) return [];
      const owed = Math.max(0, af.assessed_cost_cents - af.paid_cents);
      await startTimerIfEmpty(tx, cart, now);
      await tx.execute(
        sql`insert into cart_items (cart_id, for_key, item_type, fee_id, assessed_fee_id, cost_cents,
              original_cost_cents, allow_partial, created_at)
            values (${cart.id}, ${owner}, 'fee', ${af.fee_id}, ${af.id}, ${owed}, ${af.assessed_cost_cents},
              ${af.allow_partial}, ${now})`,
      );
      return markSessionsExpired(tx, { cartId: cart.id });
    }
    if (!fee || fee.fee_type !== "Optional") throw new ApiError(404, t("fees.error.notFound"));
    const crit = criteriaError(fee, buyer);
    if (crit) throw new ApiError(403, t("fees.error.notAllowed"), crit);
    const quantity = fee.is_donation ? 1 : (body.quantity ?? 1);
    const { bought, inCart } = await countsByFee(tx, owner);
    const counted = (bought.get(Number(fee.id)) ?? 0) + (inCart.get(Number(fee.id)) ?? 0);
    if (counted + quantity > fee.max_quantity) {
      throw new ApiError(409, t("fees.error.limit"));
    }
    if (fee.fee_group_id !== null) {
      const [other] = await queryRows<{ id: number }>(
        tx,
        sql`select f.id from fees f where f.fee_group_id = ${fee.fee_group_id} and f.id <> ${fee.id}
              and (exists (select 1 from assessed_fees a where a.fee_id = f.id and a.payer_key = ${owner}
                           and a.status in ('paid', 'partial'))
                   or exists (select 1 from cart_items i where i.for_key = ${owner}
                                and i.fee_id = f.id and ${inAnOpenCart}))
            limit 1`,
      );
      if (other) throw new ApiError(409, t("fees.error.group"));
    }
    const answers = checkFeeAnswers(
      // In English: the question is kept with the answer, and records stay English.
      await feeQuestions(tx, [Number(fee.id)], "en"),
      body.courseQuestions ?? [],
    );
    let prices: number[];
    if (fee.is_donation) {
      if (body.donationAmount === undefined || body.donationAmount === null) {
        throw new ApiError(400, t("fees.error.donationRequired"));
      }
      const check = checkDonation(body.donationAmount.toFixed(2), fee.amount_cents);
      if (!check.ok) {
        throw new ApiError(400, t("fees.amountRange", { min: check.min, max: check.max }));
      }
      prices = [check.cents];
    } else {
      prices = unitPricesCents(mapPriced(fee), buyer, quantity, counted);
    }
    await startTimerIfEmpty(tx, cart, now);
    for (const price of prices) {
      await tx.execute(
        sql`insert into cart_items (cart_id, for_key, item_type, fee_id, cost_cents, original_cost_cents,
              allow_partial, donation, answers, created_at)
            values (${cart.id}, ${owner}, 'fee', ${fee.id}, ${price}, ${price}, ${fee.allow_partial},
              ${fee.is_donation}, ${JSON.stringify(answers)}::jsonb, ${now})`,
      );
    }
    return markSessionsExpired(tx, { cartId: cart.id });
  });
  await expireAtProvider(deps, stale);
}

/**
 * POST /v1/cart/assessed-fees ("Add all fees"): every fee assessed to the caller (not bought by
 * themselves) with a balance still owed goes into their open cart, priced at that balance, in
 * one transaction. The cart is locked first, then the fees in id order (docs/architecture.md lock
 * order), so identical calls at once add each fee once; fees already in the cart are left alone.
 * A cart being paid refuses, and nothing is written.
 */
export async function addAssessedFeesToCart(
  deps: ApiDeps,
  claims: TokenClaims,
): Promise<AddAssessedFeesReply> {
  const owner = ownerKey(claims);
  await releaseExpiredCarts(deps, owner);
  const now = deps.clock.now();
  const buyer = await buyerInfo(deps.db, claims);
  const stillOwed = sql`a.payer_key = ${owner} and not a.self_assessed and a.status <> 'paid'
    and a.assessed_cost_cents > a.paid_cents`;
  const done = await deps.db.transaction(async (tx) => {
    // Nothing owed at all: no cart is opened for nothing (a read, before any lock).
    const [someOwed] = await queryRows<{ id: number }>(
      tx,
      sql`select a.id from assessed_fees a where ${stillOwed} limit 1`,
    );
    if (!someOwed) return { added: [], stale: [] };
    const cart = openOrRefuse(await currentCart(tx, owner, buyer.name, { lock: true }));
    const owed = await lockRows<{
      id: number;
      fee_id: number;
      assessed_cost_cents: number;
      paid_cents: number;
      allow_partial: boolean;
    }>(
      tx,
      "assessed-fee",
      sql`select a.id, a.fee_id, a.assessed_cost_cents, a.paid_cents, a.allow_partial
          from assessed_fees a
          where ${stillOwed}
            and not exists (select 1 from cart_items i
                            where i.assessed_fee_id = a.id and ${inAnOpenCart})
          order by a.id`,
    );
    if (!owed.length) return { added: [], stale: [] };
    await startTimerIfEmpty(tx, cart, now);
    for (const af of owed) {
      await tx.execute(
        sql`insert into cart_items (cart_id, for_key, item_type, fee_id, assessed_fee_id, cost_cents,
              original_cost_cents, allow_partial, created_at)
            values (${cart.id}, ${owner}, 'fee', ${af.fee_id}, ${af.id}, ${af.assessed_cost_cents - af.paid_cents},
              ${af.assessed_cost_cents}, ${af.allow_partial}, ${now})`,
      );
    }
    return {
      added: owed.map((af) => Number(af.id)),
      stale: await markSessionsExpired(tx, { cartId: cart.id }),
    };
  });
  await expireAtProvider(deps, done.stale);
  return { added: done.added };
}

/** Every non-waiver question answered; a waiver accepted ("I Accept"): domain/rules/fee-answers. */
function checkFeeAnswers(
  questions: Awaited<ReturnType<typeof feeQuestions>>,
  given: { questionID: number; answer: string }[],
): StoredAnswer[] {
  const answers: Record<string, string> = Object.fromEntries(
    given.map((g) => [feeAnswerField(g.questionID), g.answer]),
  );
  const asked = questions.map((q) => ({
    id: q.id,
    responseType: q.response_type,
    answerList: q.answer_list,
  }));
  const [first] = feeAnswerProblems(asked, answers, t("fees.questions.accept"));
  if (first) {
    throw new ApiError(
      400,
      t(first[1] === "waiver" ? "fees.questions.waiver" : "fees.questions.required"),
    );
  }
  return questions.map((q) => ({
    questionId: q.id,
    question: q.question,
    responseType: q.response_type,
    answer: (answers[feeAnswerField(q.id)] ?? "").trim(),
  }));
}

/** PUT /v1/cart/add: the caller's registration awaiting payment goes into the cart. */
export async function addRegistrationToCart(
  deps: ApiDeps,
  claims: TokenClaims,
  participant: number,
  sectionId: string,
): Promise<void> {
  const owner = ownerKey(claims);
  await releaseExpiredCarts(deps, owner);
  const now = deps.clock.now();
  const buyer = await buyerInfo(deps.db, claims);
  const stale = await deps.db.transaction(async (tx) => {
    const cart = openOrRefuse(await currentCart(tx, owner, buyer.name, { lock: true }));
    const [reg] = await lockRows<{
      id: string;
      status: string;
      cost_cents: number;
      credits_applied_cents: number;
      paid_cents: number;
      pending_cents: number;
      hold_expires_at: Date | string | null;
      allow_partial: boolean;
    }>(
      tx,
      "registration",
      sql`select r.id, r.status, r.cost_cents, r.credits_applied_cents, r.paid_cents, r.pending_cents,
            r.hold_expires_at, p.allow_partial
          from registrations r join course_sections s on s.id = r.course_section_id
          join programs p on p.id = s.program_id
          where r.course_section_id = ${sectionId} and r.participant_id = ${participant}
            and r.status in ('pending_payment', 'registered')`,
      "r",
    );
    const due = reg
      ? reg.cost_cents - reg.credits_applied_cents - reg.paid_cents - reg.pending_cents
      : 0;
    const expired =
      reg?.status === "pending_payment" &&
      reg.hold_expires_at !== null &&
      new Date(reg.hold_expires_at) <= now;
    if (!reg || due <= 0 || expired) throw new ApiError(404, t("cart.error.registrationNotFound"));
    const [already] = await queryRows<{ id: number }>(
      tx,
      sql`select i.id from cart_items i where i.registration_id = ${reg.id} and ${inAnOpenCart}`,
    );
    if (already) return [];
    await startTimerIfEmpty(tx, cart, now);
    await tx.execute(
      sql`insert into cart_items (cart_id, for_key, item_type, registration_id, cost_cents, original_cost_cents,
            allow_partial, created_at)
          values (${cart.id}, ${owner}, 'registration', ${reg.id}, ${due}, ${reg.cost_cents}, ${reg.allow_partial}, ${now})`,
    );
    await setInCart(tx, reg.id, true);
    return markSessionsExpired(tx, { cartId: cart.id });
  });
  await expireAtProvider(deps, stale);
}

/**
 * For a registration paid from its own payment dialog (card, hosted page or mailed check): its
 * line leaves every open cart that holds it (the family's, or a household's it was gathered
 * into), so the cart does not ask for the same balance again (decision 169). A cart being paid
 * at this moment keeps it and the payment is refused (409). Takes the cart lock, so the caller
 * holds no lock after "cart" yet. Returns the hosted sessions of those carts, now stale, to be
 * expired at the provider after commit.
 */
export async function takeRegistrationOutOfCarts(
  tx: Exec,
  registrationId: string,
): Promise<string[]> {
  const carts = await lockRows<{ id: number; status: string }>(
    tx,
    "cart",
    sql`select c.id, c.status from carts c
        where c.status in ('OPEN', 'PROCESSING')
          and exists (select 1 from cart_items i
                      where i.cart_id = c.id and i.registration_id = ${registrationId})
        order by c.id`,
    "c",
  );
  if (carts.some((c) => c.status !== "OPEN")) {
    throw new ApiError(409, t("payment.error.inProgress"), undefined, PaymentErrorCode.inProgress);
  }
  const stale: string[] = [];
  for (const cart of carts) {
    await tx.execute(
      sql`delete from cart_items where cart_id = ${cart.id} and registration_id = ${registrationId}`,
    );
    await clearTimerIfEmpty(tx, cart.id);
    stale.push(...(await markSessionsExpired(tx, { cartId: cart.id })));
  }
  if (carts.length) await setInCart(tx, registrationId, false);
  return stale;
}

/** DELETE /v1/cart/cartItems/: removes the caller's own items. */
export async function removeItems(
  deps: ApiDeps,
  claims: TokenClaims,
  ids: number[],
): Promise<void> {
  const owner = ownerKey(claims);
  await releaseExpiredCarts(deps, owner);
  const stale = await deps.db.transaction(async (tx) => {
    const cart = openOrRefuse(await currentCart(tx, owner, "", { lock: true, create: false }));
    const removed = await queryRows<{ registration_id: string | null }>(
      tx,
      sql`delete from cart_items where cart_id = ${cart.id}
            and id in ${sql.raw(`(${ids.map((n) => Number(n)).join(",")})`)}
          returning registration_id`,
    );
    for (const r of removed) if (r.registration_id) await setInCart(tx, r.registration_id, false);
    await clearTimerIfEmpty(tx, cart.id);
    return removed.length ? markSessionsExpired(tx, { cartId: cart.id }) : [];
  });
  await expireAtProvider(deps, stale);
}

async function clearTimerIfEmpty(tx: Exec, cartId: number): Promise<void> {
  await tx.execute(
    sql`update carts set expires_at = null where id = ${cartId}
          and not exists (select 1 from cart_items where cart_id = ${cartId})`,
  );
}

/** DELETE /v1/cart/empty. */
export async function emptyCart(deps: ApiDeps, claims: TokenClaims): Promise<void> {
  const owner = ownerKey(claims);
  await releaseExpiredCarts(deps, owner);
  const stale = await deps.db.transaction(async (tx) => {
    const cart = await currentCart(tx, owner, "", { lock: true, create: false });
    if (!cart) return [];
    openOrRefuse(cart);
    const removed = await tx
      .delete(cartItems)
      .where(eq(cartItems.cartId, cart.id))
      .returning({ registration_id: cartItems.registrationId });
    for (const r of removed) if (r.registration_id) await setInCart(tx, r.registration_id, false);
    await clearTimerIfEmpty(tx, cart.id);
    return markSessionsExpired(tx, { cartId: cart.id });
  });
  await expireAtProvider(deps, stale);
}

interface ItemRow {
  id: number;
  /** Whose line it is (an owner key); in a household's cart, not always the cart's owner. */
  for_key: string;
  /** That child's first name, when the line is not the cart owner's (decision 167). */
  for_first: string | null;
  item_type: "fee" | "registration";
  fee_id: number | null;
  assessed_fee_id: number | null;
  registration_id: string | null;
  cost_cents: number;
  original_cost_cents: number;
  allow_partial: boolean;
  donation: boolean;
  answers_text: string;
  fee_name: string | null;
  fee_description: string | null;
  course_name: string | null;
  course_description: string | null;
  /** The name and description are the district's Spanish versions (decision 172). */
  name_es: boolean;
  description_es: boolean;
  section_id: string | null;
  program_id: string | null;
  delivery_method: string | null;
  section_number: string | null;
  date_start: string | null;
  date_end: string | null;
  time_start: string | null;
  time_end: string | null;
}

export async function cartItemRows(db: Exec, cartId: number): Promise<ItemRow[]> {
  const { feeName, feeText, courseName, courseText } = lineTexts();
  return queryRows<ItemRow>(
    db,
    sql`select i.id, i.for_key, case when i.for_key <> ct.owner_key then fp.name_first end as for_first,
          i.item_type, i.fee_id, i.assessed_fee_id, i.registration_id, i.cost_cents,
          i.original_cost_cents, i.allow_partial, i.donation, i.answers::text as answers_text,
          ${feeName.text} as fee_name, ${feeText.text} as fee_description,
          ${courseName.text} as course_name, ${courseText.text} as course_description,
          ${feeName.given} or ${courseName.given} as name_es,
          ${feeText.given} and f.description <> '' or ${courseText.given} and c.description <> ''
            as description_es,
          s.id as section_id, s.program_id, s.delivery_method, s.section_number,
          s.date_start::text as date_start, s.date_end::text as date_end,
          to_char(s.time_start, 'HH12:MI AM') as time_start, to_char(s.time_end, 'HH12:MI AM') as time_end
        from cart_items i
        join carts ct on ct.id = i.cart_id
        left join participants fp on i.for_key <> ct.owner_key
          and fp.id = case when i.for_key ~ '^(student|community_member):[0-9]{1,9}$'
                      then split_part(i.for_key, ':', 2)::int end
        left join fees f on f.id = i.fee_id
        left join registrations r on r.id = i.registration_id
        left join course_sections s on s.id = r.course_section_id
        left join courses c on c.id = s.course_id
        ${feeName.join}
        ${feeText.join}
        ${courseName.join}
        ${courseText.join}
        where i.cart_id = ${cartId}
        order by i.id`,
  );
}

/** Identical items grouped with a quantity, sorted by name. */
export function groupItems(rows: ItemRow[]): CartItem[] {
  const groups = new Map<string, CartItem>();
  for (const r of rows) {
    const key = [
      r.for_key,
      r.item_type,
      r.fee_id,
      r.assessed_fee_id,
      r.registration_id,
      r.cost_cents,
      r.answers_text,
    ].join("|");
    const g = groups.get(key);
    if (g) {
      g.ids.push(Number(r.id));
      g.quantity += 1;
      g.cost = (Math.round(g.cost * 100) + r.cost_cents) / 100;
      g.originalCost = (Math.round(g.originalCost * 100) + r.original_cost_cents) / 100;
      continue;
    }
    groups.set(key, {
      id: Number(r.id),
      ids: [Number(r.id)],
      studentFeeId: r.assessed_fee_id !== null ? Number(r.assessed_fee_id) : null,
      courseSectionId: r.section_id,
      programId: r.program_id,
      allowPartialPayment: r.allow_partial,
      name: (r.item_type === "fee" ? r.fee_name : r.course_name) ?? "",
      description: (r.item_type === "fee" ? r.fee_description : r.course_description) ?? "",
      ...spanishList({ name: r.name_es, description: r.description_es }),
      cost: r.cost_cents / 100,
      originalCost: r.original_cost_cents / 100,
      itemType: r.item_type,
      feeId: r.fee_id !== null ? Number(r.fee_id) : null,
      assessedFeeId: r.assessed_fee_id !== null ? Number(r.assessed_fee_id) : null,
      quantity: 1,
      deliveryMethod: r.delivery_method,
      sectionNumber: r.section_number,
      dateStartFull: r.date_start,
      dateEndFull: r.date_end,
      meetingTime: r.time_start && r.time_end ? `${r.time_start} - ${r.time_end}` : null,
      forPerson: r.for_first === null ? null : { key: r.for_key, firstName: r.for_first },
    });
  }
  // The cart owner's lines first, then each other child's (a household's cart), each by name.
  const whose = (i: CartItem) => i.forPerson?.firstName ?? "";
  return [...groups.values()].sort(
    (a, b) => whose(a).localeCompare(whose(b)) || a.name.localeCompare(b.name) || a.id - b.id,
  );
}

function payer(claims: Pick<TokenClaims, "kind" | "sub">, name: string) {
  return { kind: claims.kind, id: claims.sub, name };
}

export function payerFromKey(key: string, name: string) {
  const [kind, ...rest] = key.split(":");
  return payer({ kind: kind as TokenClaims["kind"], sub: rest.join(":") }, name);
}

/** GET /v1/cart/: the caller's open cart (an empty one when there is none). */
export async function cartView(deps: ApiDeps, claims: TokenClaims): Promise<Cart> {
  const owner = ownerKey(claims);
  await releaseExpiredCarts(deps, owner);
  const buyer = await buyerInfo(deps.db, claims);
  const cart = await deps.db.transaction((tx) => currentCart(tx, owner, buyer.name));
  if (!cart) throw new ApiError(500, t("cart.error.fetch"));
  const items = groupItems(await cartItemRows(deps.db, cart.id));
  const totalCents = items.reduce((s, i) => s + Math.round(i.cost * 100), 0);
  const expired = items.length ? null : await recentlyExpiredCart(deps, owner, cart.id);
  return {
    id: Number(cart.id),
    cartTimeout: items.length ? iso(cart.expires_at) : null,
    status: cart.status,
    paidCents: cart.paid_cents,
    total: totalCents / 100,
    cartItems: items,
    payer: payer(claims, buyer.name),
    ...(expired ? { expiredCart: expired } : {}),
  };
}

/** How long an empty cart goes on saying that the one before it ran out of time. */
const EXPIRED_CART_NEWS_MS = 24 * 60 * 60_000;

/**
 * The owner's cart before `currentId`, when it ran out of time with items in it (within the last
 * day): an empty cart then says why it is empty, also to a page loaded afresh without JavaScript,
 * and what became of its registrations: cancelled, or kept because something was paid on them
 * (only their balance left the cart; decision 108).
 */
async function recentlyExpiredCart(
  deps: ApiDeps,
  owner: string,
  currentId: number,
): Promise<{ registrations: boolean; keptRegistrations: boolean } | null> {
  const since = new Date(deps.clock.now().getTime() - EXPIRED_CART_NEWS_MS);
  const [row] = await queryRows<{
    status: string;
    expires_at: Date | string | null;
    cancelled: boolean;
    kept: boolean;
    n: number;
  }>(
    deps.db,
    sql`select c.status, c.expires_at,
          coalesce(bool_or(i.item_type = 'registration' and r.status = 'cancelled'), false)
            as cancelled,
          coalesce(bool_or(i.item_type = 'registration' and r.status <> 'cancelled'), false)
            as kept,
          count(i.id)::int as n
        from carts c left join cart_items i on i.cart_id = c.id
          left join registrations r on r.id = i.registration_id
        where c.owner_key = ${owner} and c.id < ${currentId}
        group by c.id order by c.id desc limit 1`,
  );
  if (!row || row.status !== "EXPIRED" || Number(row.n) === 0 || !row.expires_at) return null;
  return new Date(row.expires_at) >= since
    ? { registrations: Boolean(row.cancelled), keptRegistrations: Boolean(row.kept) }
    : null;
}

/**
 * GET /v1/cart/count: the units in the caller's OPEN or PROCESSING cart, as GET /v1/cart/ would
 * show them (the sum of its lines' quantities). An OPEN cart whose time is up counts as empty,
 * since the cart call would release it first; nothing is written here.
 */
export async function cartItemCount(deps: ApiDeps, claims: TokenClaims): Promise<CartCount> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(${cartItems.id})::int`.mapWith(Number) })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(
      and(
        eq(carts.ownerKey, ownerKey(claims)),
        inArray(carts.status, ["OPEN", "PROCESSING"]),
        not(and(eq(carts.status, "OPEN"), lte(carts.expiresAt, deps.clock.now()))!),
      ),
    );
  return { count: row?.n ?? 0 };
}

/** Lines of a cart in cents, for the checkout rules. */
export async function cartLines(db: Exec, cartId: number) {
  const rows = await cartItemRows(db, cartId);
  return rows
    .map((r) => ({
      id: Number(r.id),
      name: (r.item_type === "fee" ? r.fee_name : r.course_name) ?? "",
      costCents: r.cost_cents,
      allowPartial: r.allow_partial,
      itemType: r.item_type,
      row: r,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * What of a receipt of this owner the caller reads: all of it when it is their own, or, for a
 * guest who proved the mailbox, one of a guest under the same address (decision 141); only their
 * own lines of a household's payment made by another child of their sign-in (decision 167);
 * otherwise nothing.
 */
async function receiptReach(
  deps: ApiDeps,
  claims: TokenClaims,
  owner: string,
): Promise<"all" | "own lines" | null> {
  if (owner === ownerKey(claims)) return "all";
  if (claims.kind === "guest_user" && owner.startsWith("guest_user:")) {
    return (await guestMayReadReceipt(deps.db, Number(claims.sub), owner)) ? "all" : null;
  }
  return claims.kind === "student" || claims.kind === "community_member" ? "own lines" : null;
}

/** GET /v1/cart/{cartId}: a PAID cart of the caller (or any, for staff), for the receipt. */
export async function receiptView(
  deps: ApiDeps,
  claims: TokenClaims,
  cartId: number,
): Promise<Receipt> {
  const [cart] = await queryRows<CartRow>(deps.db, sql`select * from carts where id = ${cartId}`);
  // Only the person who owns the cart reads its receipt; no staff role needs another person's
  // (decision 102). A foreign cart answers exactly like a missing one.
  const reach = cart ? await receiptReach(deps, claims, cart.owner_key) : null;
  if (!cart || !reach || cart.status !== "PAID") throw new ApiError(404, t("cart.error.load"));
  // One line per item and price: quantity × price and what the payment gave it (decision 144),
  // each child's lines together (decision 167).
  const all = await cartPurchases(deps.db, cartId);
  const purchases = reach === "all" ? all : all.filter((p) => p.personKey === ownerKey(claims));
  // A cart with no line of theirs answers exactly like a missing one.
  if (!purchases.length) throw new ApiError(404, t("cart.error.load"));
  const lines = receiptLinesByPerson(purchases, cart.owner_key);
  const items: Receipt["items"] = lines.map((line) => {
    const first = purchases.find((p) => p.key === line.key && p.unitCents === line.unitCents)!;
    const amountPaid = line.paidCents / 100;
    return {
      name: line.name,
      description: first.description,
      itemType: first.itemType,
      quantity: line.quantity,
      unitPrice: line.unitCents / 100,
      lineTotal: line.lineCents / 100,
      amountPaid,
      assessedFee:
        first.itemType === "fee" ? { payment: { amount: amountPaid, date: first.paidAt } } : null,
      registration:
        first.itemType === "registration"
          ? { courseName: first.courseName ?? line.name, amount: amountPaid }
          : null,
      ...(first.spanish.length ? { spanish: [...first.spanish] } : {}),
      forPerson:
        line.personKey !== cart.owner_key && first.personFirst
          ? { key: line.personKey, firstName: first.personFirst }
          : null,
    };
  });
  return {
    id: Number(cart.id),
    status: cart.status,
    payer: payerFromKey(cart.owner_key, cart.owner_name),
    paidAt: iso(cart.paid_at),
    items,
    ...(reach === "all"
      ? { totalPaid: cart.paid_cents / 100, refunds: await cartRefunds(deps, cartId) }
      : await ownPart(deps, cartId, ownerKey(claims), lines)),
  };
}

/**
 * A child's part of a household's receipt read by that child (decision 167): what their lines got,
 * net of what was refunded on them, and those refunds.
 */
async function ownPart(
  deps: ApiDeps,
  cartId: number,
  person: string,
  lines: readonly ReceiptLine[],
) {
  const refunds = await cartRefunds(deps, cartId, person);
  const refunded = refunds.reduce((n, r) => n + Math.round(r.amount * 100), 0);
  return { totalPaid: Math.max(0, receiptPaidCents(lines) - refunded) / 100, refunds };
}

/** The refunds of a cart's payments that went through (decision 131), oldest first. */
async function cartRefunds(deps: ApiDeps, cartId: number, person?: string) {
  const rows = await queryRows<{ amount_cents: number; settled_at: Date | string; name: string }>(
    deps.db,
    sql`select x.amount_cents, x.settled_at, coalesce(c.name, f.name, '') as name
        from payment_refunds x join payments p on p.id = x.payment_id
          left join registrations r on r.id = x.registration_id
          left join course_sections s on s.id = r.course_section_id
          left join courses c on c.id = s.course_id
          left join assessed_fees a on a.id = x.assessed_fee_id
          left join fees f on f.id = a.fee_id
          left join participants pa on pa.id = r.participant_id
        where p.cart_id = ${cartId} and x.status = 'succeeded' and x.settled_at is not null
          ${person ? sql`and coalesce(pa.kind || ':' || pa.id, a.payer_key) = ${person}` : sql``}
        order by x.settled_at, x.id`,
  );
  return rows.map((r) => ({
    amount: Number(r.amount_cents) / 100,
    date: new Date(r.settled_at).toISOString(),
    name: r.name,
  }));
}
