// /v1 cart calls (spec 02 §7): the caller's cart, the receipt, adding a registration or every
// assessed fee still owed ("Add all fees"), removing items and emptying. Students, community
// members, guests and staff each have their own cart.
import { Router } from "express";
import { AddRegistrationRequest, CartIdParams, RemoveItemsRequest } from "@domain/contract/cart";
import type { ApiDeps } from "../deps";
import { handle, participantId } from "./kit";
import {
  addAssessedFeesToCart,
  addRegistrationToCart,
  cartItemCount,
  cartView,
  emptyCart,
  receiptView,
  removeItems,
} from "../services/cart";

export function cartRoutes(deps: ApiDeps): Router {
  const r = Router();

  r.get(
    "/cart",
    handle(deps, { access: "any" }, ({ claims }) => cartView(deps, claims!)),
  );

  // The header's badge on every page: one light read, no write (before /cart/:cartId).
  r.get(
    "/cart/count",
    handle(deps, { access: "any" }, ({ claims }) => cartItemCount(deps, claims!)),
  );

  r.put(
    "/cart/add",
    handle(
      deps,
      { access: "participant", body: AddRegistrationRequest },
      async ({ claims, body }) => {
        await addRegistrationToCart(deps, claims!, participantId(claims), body.courseSectionId);
        return cartView(deps, claims!);
      },
    ),
  );

  // "Add all fees": every assessed fee still owed, in one transaction (authorised like the
  // single add: the caller's own fees only).
  r.post(
    "/cart/assessed-fees",
    handle(deps, { access: "any" }, ({ claims }) => addAssessedFeesToCart(deps, claims!)),
  );

  r.delete(
    "/cart/cartItems",
    handle(deps, { access: "any", body: RemoveItemsRequest }, async ({ claims, body }) => {
      await removeItems(deps, claims!, body.cartItemIds);
      return cartView(deps, claims!);
    }),
  );

  r.delete(
    "/cart/empty",
    handle(deps, { access: "any" }, async ({ claims }) => {
      await emptyCart(deps, claims!);
      return cartView(deps, claims!);
    }),
  );

  r.get(
    "/cart/:cartId",
    handle(deps, { access: "any", params: CartIdParams }, ({ claims, params }) =>
      receiptView(deps, claims!, params.cartId),
    ),
  );

  return r;
}
