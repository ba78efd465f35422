// Picks the payment provider: Stripe when STRIPE_SECRET_KEY is set, the simulator otherwise.
import { createHash } from "node:crypto";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import type { PaymentProvider } from "./provider";
import { createSimulator } from "./simulator";
import { stripeFromEnv } from "./stripe";

export async function createPaymentProvider(
  db: Db,
  tokenKey: Uint8Array,
  env: NodeJS.ProcessEnv = process.env,
  clock?: Clock,
): Promise<PaymentProvider> {
  const stripe = await stripeFromEnv(env);
  if (stripe) return stripe;
  // The simulator signs its webhook events with a key derived from the one secret.
  const key = new Uint8Array(
    createHash("sha256").update("simulator-webhook:").update(tokenKey).digest(),
  );
  return createSimulator(db, key, clock);
}
