// Wire contract of the cart and the receipt (spec 02 §3 "Cart", "Cart item", §7).
import { z } from "zod";
import { dbId, dbIdParam } from "./common";
import { endpoint } from "./endpoint";
import { HOUSEHOLD_MAX } from "../rules/household";

export const CartItem = z.object({
  id: z.number().int(),
  /** Every row grouped into this line (identical items share one line with a quantity). */
  ids: z.array(z.number().int()),
  studentFeeId: z.number().int().nullable(),
  courseSectionId: z.string().nullable(),
  programId: z.string().nullable(),
  allowPartialPayment: z.boolean(),
  name: z.string(),
  description: z.string(),
  /** Asked for in Spanish: which of name and description the district gave in Spanish. */
  spanish: z.array(z.string()).optional(),
  /** Net of amounts paid or pending, for the whole line. */
  cost: z.number(),
  originalCost: z.number(),
  itemType: z.enum(["fee", "registration"]),
  feeId: z.number().int().nullable(),
  assessedFeeId: z.number().int().nullable(),
  quantity: z.number().int(),
  deliveryMethod: z.string().nullable(),
  sectionNumber: z.string().nullable(),
  dateStartFull: z.string().nullable(),
  dateEndFull: z.string().nullable(),
  meetingTime: z.string().nullable(),
  /**
   * In a household's cart (decision 167), the child a line is for when it is not the cart's
   * owner: their owner key and first name. Null for the owner's own lines.
   */
  forPerson: z.object({ key: z.string(), firstName: z.string() }).nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

export const Payer = z.object({
  kind: z.enum(["student", "community_member", "guest_user", "staff"]),
  id: z.string(),
  name: z.string(),
});

export const Cart = z.object({
  id: z.number().int(),
  /** When the cart's items are released (ISO), null while empty. */
  cartTimeout: z.string().nullable(),
  status: z.string(),
  paidCents: z.number().int(),
  total: z.number(),
  cartItems: z.array(CartItem),
  payer: Payer,
  /**
   * While this cart is still empty: the person's previous cart ran out of time and its items
   * were removed, so the page can say why the cart is empty: `registrations` when registrations
   * in it were cancelled, `keptRegistrations` when registrations in it were kept (something was
   * paid on them: only their balance left the cart). Absent otherwise.
   */
  expiredCart: z
    .object({ registrations: z.boolean(), keptRegistrations: z.boolean().optional() })
    .optional(),
});
export type Cart = z.infer<typeof Cart>;

/**
 * GET /v1/cart/count: how many items the caller's open cart holds (the header's badge on every
 * page). A read only: it neither creates a cart nor releases one whose time is up (that cart
 * counts as empty; the sweeper and the cart's own calls release it).
 */
export const CartCount = z.object({ count: z.number().int().nonnegative() });
export type CartCount = z.infer<typeof CartCount>;

export const ReceiptItem = z.object({
  name: z.string(),
  description: z.string(),
  itemType: z.enum(["fee", "registration"]),
  quantity: z.number().int(),
  /** The price of one unit when it was paid for (dollars); the line costs quantity × this. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** What the payment gave the whole line (dollars); the lines' amounts add up to totalPaid. */
  amountPaid: z.number(),
  /** The amount paid is the line's (not one unit's) amount paid. */
  assessedFee: z.object({ payment: z.object({ amount: z.number(), date: z.string() }) }).nullable(),
  registration: z.object({ courseName: z.string(), amount: z.number() }).nullable(),
  /** A household's receipt (decision 167): the child a line is for, when not the payer. */
  forPerson: z.object({ key: z.string(), firstName: z.string() }).nullable(),
  /** Asked for in Spanish: which of name, description and courseName the district gave in Spanish. */
  spanish: z.array(z.string()).optional(),
});
export const Receipt = z.object({
  id: z.number().int(),
  status: z.string(),
  payer: Payer,
  paidAt: z.string().nullable(),
  totalPaid: z.number(),
  items: z.array(ReceiptItem),
  /**
   * Money given back from the cart's payments (decision 131): succeeded refunds,
   * each with its amount (dollars), when (an instant) and what it was for; totalPaid is net of them.
   */
  refunds: z.array(z.object({ amount: z.number(), date: z.string(), name: z.string() })).optional(),
});
export type Receipt = z.infer<typeof Receipt>;

export const AddRegistrationRequest = z.object({ courseSectionId: z.string().uuid() }).strict();
export const RemoveItemsRequest = z
  .object({ cartItemIds: z.array(dbId()).min(1).max(200) })
  .strict();
export const CartIdParams = z.object({ cartId: dbIdParam() });

/**
 * POST /v1/cart/assessed-fees ("Add all fees"): every fee assessed to the caller that still has a
 * balance goes into their open cart in one transaction; fees already in it are left alone.
 * `added`: the assessed fees this call put in (empty when there was nothing to add).
 */
export const AddAssessedFeesReply = z.object({ added: z.array(z.number().int()) });
export type AddAssessedFeesReply = z.infer<typeof AddAssessedFeesReply>;

// ---- The calls ------------------------------------------------------------------------------

const notTheCallers = { 404: "No such cart, fee or section, or not the caller's" } as const;

export const getCart = endpoint({
  method: "GET",
  path: "/v1/cart",
  access: "any",
  replies: { 200: Cart },
  summary: "The caller's open cart",
  tag: "cart",
});

// The header's badge on every page: one light read, no write (registered before /cart/:cartId).
export const getCartCount = endpoint({
  method: "GET",
  path: "/v1/cart/count",
  access: "any",
  replies: { 200: CartCount },
  summary: "How many items the open cart holds",
  tag: "cart",
});

export const addRegistration = endpoint({
  method: "PUT",
  path: "/v1/cart/add",
  access: "participant",
  body: AddRegistrationRequest,
  replies: { 200: Cart },
  refusals: notTheCallers,
  summary: "Add a registration awaiting payment to the cart",
  tag: "cart",
});

export const addAssessedFees = endpoint({
  method: "POST",
  path: "/v1/cart/assessed-fees",
  access: "any",
  replies: { 200: AddAssessedFeesReply },
  refusals: notTheCallers,
  summary:
    "Add every assessed fee still owed to the cart in one call (fees already in it are left alone)",
  tag: "cart",
});

export const removeCartItems = endpoint({
  method: "DELETE",
  path: "/v1/cart/cartItems",
  access: "any",
  body: RemoveItemsRequest,
  replies: { 200: Cart },
  refusals: notTheCallers,
  summary: "Remove items from the cart",
  tag: "cart",
});

export const emptyCart = endpoint({
  method: "DELETE",
  path: "/v1/cart/empty",
  access: "any",
  replies: { 200: Cart },
  summary: "Empty the cart",
  tag: "cart",
});

export const getReceipt = endpoint({
  method: "GET",
  path: "/v1/cart/:cartId",
  access: "any",
  params: CartIdParams,
  replies: { 200: Receipt },
  summary: "A paid cart's receipt",
  tag: "cart",
});

/**
 * POST /v1/cart/household (decision 167): one cart for a household. The caller (the child on
 * screen) brings into their own open cart the open carts of the other children of their sign-in,
 * each proved by that child's own token (given for their own ID and birth date). The lines keep
 * saying whose they are; the caller's cart is then paid once for all of them.
 */
export const HouseholdCartRequest = z
  .object({
    children: z
      .array(z.string().min(1).max(4000))
      .min(1)
      .max(HOUSEHOLD_MAX - 1),
  })
  .strict();
/** `moved`: the lines that came into the caller's cart. */
export const HouseholdCartReply = z.object({ moved: z.number().int().nonnegative() });

export const gatherHouseholdCart = endpoint({
  method: "POST",
  path: "/v1/cart/household",
  access: "participant",
  body: HouseholdCartRequest,
  replies: { 200: HouseholdCartReply },
  refusals: {
    403: "A child's token is not a live session of a student or community member",
    409: "The caller's cart, or a child's, is being paid",
  },
  summary: "Bring the other children's open carts of this sign-in into the caller's",
  tag: "cart",
});
