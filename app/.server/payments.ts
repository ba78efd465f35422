// Server helpers of the fee, cart and payment pages: whose token to send, and the calls.
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { Cart } from "@domain/contract/cart";
import { FeesReply, PurchaseHistory, StudentFeesReply } from "@domain/contract/fees";
import { callApi } from "./api";
import { getSession, validStaff, validStudent } from "./session";

export interface Caller {
  request: Request;
  context: AppLoadContext;
}

/** Staff pages use the staff token; everything else the family token. */
export type Who = "student" | "staff";

export async function whoIsSignedIn(request: Request): Promise<Who | null> {
  const session = await getSession(request);
  if (validStudent(session)) return "student";
  if (validStaff(session)) return "staff";
  return null;
}

export function loadCart(caller: Caller, auth: Who) {
  return callApi(caller, { path: "/v1/cart/", auth, reply: Cart });
}

export function loadFees(caller: Caller, auth: Who) {
  return callApi(caller, { path: "/v1/fees", auth, reply: FeesReply });
}

export function loadStudentFees(caller: Caller, auth: Who) {
  return callApi(caller, { path: "/v1/student-fees", auth, reply: StudentFeesReply });
}

export function loadPurchaseHistory(caller: Caller, auth: Who) {
  return callApi(caller, { path: "/v1/purchase-history", auth, reply: PurchaseHistory });
}

export const Ok = z.object({ ok: z.literal(true) });

/** The origin the person's browser used, for the hosted checkout's return addresses. */
export function originOf(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}
