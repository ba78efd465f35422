// /v1 cart calls (spec 02 §7): the caller's cart, the receipt, adding a registration or every
// assessed fee still owed ("Add all fees"), removing items and emptying. Students, community
// members, guests and staff each have their own cart.
import { Router } from "express";
import * as cart from "@domain/contract/cart";
import type { ApiDeps } from "../deps";
import { participantId, serve } from "./kit";
import {
  addAssessedFeesToCart,
  addRegistrationToCart,
  cartItemCount,
  cartView,
  emptyCart,
  receiptView,
  removeItems,
} from "../services/cart";
import { gatherHouseholdCart } from "../services/household-cart";

export function cartRoutes(deps: ApiDeps): Router {
  const r = Router();

  serve(r, deps, cart.getCart, ({ claims }) => cartView(deps, claims));

  // Before /cart/:cartId, which would take "count" for a cart id.
  serve(r, deps, cart.getCartCount, ({ claims }) => cartItemCount(deps, claims));

  serve(r, deps, cart.addRegistration, async ({ claims, body }) => {
    await addRegistrationToCart(deps, claims, participantId(claims), body.courseSectionId);
    return cartView(deps, claims);
  });

  // "Add all fees": every assessed fee still owed, in one transaction (authorised like the
  // single add: the caller's own fees only).
  serve(r, deps, cart.addAssessedFees, ({ claims }) => addAssessedFeesToCart(deps, claims));

  serve(r, deps, cart.removeCartItems, async ({ claims, body }) => {
    await removeItems(deps, claims, body.cartItemIds);
    return cartView(deps, claims);
  });

  serve(r, deps, cart.emptyCart, async ({ claims }) => {
    await emptyCart(deps, claims);
    return cartView(deps, claims);
  });

  // One cart for a household (decision 167): the other children's carts come into the caller's.
  serve(r, deps, cart.gatherHouseholdCart, ({ claims, body }) =>
    gatherHouseholdCart(deps, claims, body.children),
  );

  serve(r, deps, cart.getReceipt, ({ claims, params }) => receiptView(deps, claims, params.cartId));

  return r;
}
