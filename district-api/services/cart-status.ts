// Cart status, the one way (docs/architecture.md "Cart status"): every change of `carts.status`
// goes through here, and only along CART_MOVES. Lint refuses `update carts set status` elsewhere.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type Exec } from "../db/client";
import { carts } from "../db/schema";

export const CART_STATUSES = ["OPEN", "PROCESSING", "PAID", "MAIL", "EXPIRED"] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** Where a cart may go from each status. PAID, MAIL and EXPIRED are final. */
export const CART_MOVES: Readonly<Record<CartStatus, readonly CartStatus[]>> = {
  // Filling: a card or cashier payment starts, a mailed check is chosen, the time runs out, or a
  // hosted checkout (no JavaScript) settles while it is still open.
  OPEN: ["PROCESSING", "MAIL", "EXPIRED", "PAID"],
  // A payment in flight: it succeeds, or it is declined or abandoned and the cart opens again.
  PROCESSING: ["PAID", "OPEN"],
  PAID: [],
  MAIL: [],
  EXPIRED: [],
};

function fromStatuses(to: CartStatus): CartStatus[] {
  return CART_STATUSES.filter((s) => CART_MOVES[s].includes(to));
}

/**
 * Moves one cart to `to` when its status allows it, setting `also` (more `column = value` pairs)
 * with it. Returns whether it moved; a cart in any other status is left as it is.
 */
export async function moveCart(
  tx: Exec,
  cartId: number,
  to: CartStatus,
  also?: SQL,
): Promise<boolean> {
  const from = fromStatuses(to);
  // Raw: the caller's `also` is SQL `column = value` pairs, which the builder's set cannot append.
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update carts set status = ${to}${also ? sql`, ${also}` : sql``}
        where id = ${cartId} and status in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})
        returning id`,
  );
  return moved.length > 0;
}

/** Moves every cart in `from` that matches `where` to `to`; returns their ids. */
export async function moveCarts(
  tx: Exec,
  from: CartStatus,
  to: CartStatus,
  where: SQL,
): Promise<number[]> {
  if (!CART_MOVES[from].includes(to)) throw new Error(`a cart does not go from ${from} to ${to}`);
  const moved = await tx
    .update(carts)
    .set({ status: to })
    .where(and(eq(carts.status, from), where))
    .returning({ id: carts.id });
  return moved.map((c) => c.id);
}
