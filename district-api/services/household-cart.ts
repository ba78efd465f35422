// One cart for a household (decision 167). A parent's sign-in holds several children, each by the
// token the district API gave for that child's own ID and birth date (decision 165); at checkout
// the child on screen brings the other children's open carts into their own, so one payment pays
// for all. The lines keep saying whose they are (`cart_items.for_key`): a fee bought is the child's
// it was chosen for, a registration stays its participant's, and each child's receipt lines,
// limits and previous purchases stay theirs.
import { eq, sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import { cartItems } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "../errors";
import { buyerInfo } from "../queries/pricing";
import { currentCart, releaseExpiredCarts, type CartRow } from "./cart";
import { expireAtProvider, markSessionsExpired } from "./hosted-sessions";
import { lockRows } from "./locks";
import { liveClaims } from "./sessions";
import { cartHoldMinutes } from "./registration";

const familyKinds: readonly TokenClaims["kind"][] = ["student", "community_member"];

/**
 * A family sign-in that may hold a household: a student or community member, on their own device
 * or at a cashier's register (`cashier` claims), where the cashier then takes one in-person payment
 * for the household's cart (decision 167). A guest has no ID to link; staff are no family.
 */
function mayHoldHousehold(claims: TokenClaims): boolean {
  return familyKinds.includes(claims.kind);
}

/**
 * The owner keys the children's tokens prove, each a live session of a student or community
 * member other than the caller; one that is not refuses the whole call (403), nothing moved.
 */
async function provenChildren(
  deps: ApiDeps,
  caller: TokenClaims,
  tokens: readonly string[],
): Promise<string[]> {
  const keys = new Set<string>();
  for (const token of tokens) {
    const child = await liveClaims(deps, token);
    if (!child || !mayHoldHousehold(child)) {
      throw new ApiError(403, t("household.cart.notLinked"));
    }
    keys.add(ownerKey(child));
  }
  keys.delete(ownerKey(caller));
  return [...keys];
}

/**
 * POST /v1/cart/household: every open cart of the proven children moves its lines into the
 * caller's open cart, in one transaction. Every cart is locked at once, in id order (the "cart"
 * kind of decision 117's order, so two gathers of one household cannot deadlock), and a cart
 * being paid refuses the whole call (409). The caller's cart then runs out at the earliest time any
 * of the carts would have: bringing carts together never holds a seat longer. Checkouts begun on
 * any of them (hosted sessions) are expired: they were for other contents.
 */
export async function gatherHouseholdCart(
  deps: ApiDeps,
  claims: TokenClaims,
  tokens: readonly string[],
): Promise<{ moved: number }> {
  if (!mayHoldHousehold(claims)) throw new ApiError(403, t("error.forbidden"));
  const children = await provenChildren(deps, claims, tokens);
  const owner = ownerKey(claims);
  for (const key of [owner, ...children]) await releaseExpiredCarts(deps, key);
  if (!children.length) return { moved: 0 };
  const buyer = await buyerInfo(deps.db, claims);
  const done = await deps.db.transaction(async (tx) => {
    await currentCart(tx, owner, buyer.name);
    const owners = [owner, ...children];
    const carts = await lockRows<CartRow>(
      tx,
      "cart",
      sql`select * from carts
          where owner_key in (${sql.join(
            owners.map((k) => sql`${k}`),
            sql`, `,
          )}) and status in ('OPEN', 'PROCESSING')
          order by id`,
    );
    const mine = carts.find((c) => c.owner_key === owner);
    if (!mine || mine.status !== "OPEN") throw new ApiError(409, t("cart.error.notOpen"));
    const theirs = carts.filter((c) => c.owner_key !== owner);
    if (theirs.some((c) => c.status !== "OPEN")) {
      throw new ApiError(409, t("household.cart.beingPaid"));
    }
    const [had] = await tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(cartItems)
      .where(eq(cartItems.cartId, mine.id));
    const ends: number[] =
      (had?.n ?? 0) > 0 && mine.expires_at !== null ? [new Date(mine.expires_at).getTime()] : [];
    let moved = 0;
    const stale: string[] = [];
    for (const cart of theirs) {
      const lines = await tx
        .update(cartItems)
        .set({ cartId: mine.id })
        .where(eq(cartItems.cartId, cart.id))
        .returning({ id: cartItems.id });
      if (!lines.length) continue;
      moved += lines.length;
      if (cart.expires_at !== null) ends.push(new Date(cart.expires_at).getTime());
      await tx.execute(sql`update carts set expires_at = null where id = ${cart.id}`);
      stale.push(...(await markSessionsExpired(tx, { cartId: Number(cart.id) })));
    }
    if (!moved) return { moved, stale };
    // Lines without a time (none should be) get the cart's own hold from now.
    const endsAt = ends.length
      ? new Date(Math.min(...ends))
      : new Date(deps.clock.now().getTime() + (await cartHoldMinutes(tx)) * 60_000);
    await tx.execute(sql`update carts set expires_at = ${endsAt} where id = ${mine.id}`);
    stale.push(...(await markSessionsExpired(tx, { cartId: Number(mine.id) })));
    return { moved, stale };
  });
  await expireAtProvider(deps, done.stale);
  return { moved: done.moved };
}
