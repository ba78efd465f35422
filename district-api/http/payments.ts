// /v1 payment calls (spec 02 §7) plus the hosted checkout, the webhook, and the simulator's own
// card confirmation (only when the simulator is the provider).
import { Router, type Request } from "express";
import * as payments from "@domain/contract/payments";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve } from "./kit";
import { ApiError } from "../errors";
import type { SimulatorProvider } from "../payments/simulator";
import { provider } from "../services/payment-records";
import { completeCardPayment, createSetupIntent } from "../services/card-payments";
import { createHostedCheckout, ownsHostedPayment } from "../services/hosted-checkout";
import { handleProviderEvent } from "../services/settlement";
import { confirmMailin } from "../services/mailed-checks";
import { confirmWithoutPayment, submitFreeOrder } from "../services/free-confirmations";
import { registrationPayment } from "../services/registration-payments";
import { ownPaymentStatus } from "../services/payment-status";

/** The simulator's page is on this site: it sends the browser to a path here, never elsewhere. */
function sitePath(url: string | undefined): string {
  try {
    const u = new URL(url ?? "/", "http://site.invalid");
    // One leading slash: "//elsewhere" would be another site's address.
    return `/${u.pathname.replace(/^[/\\]+/, "")}${u.search}`;
  } catch {
    return "/";
  }
}

function simulator(deps: ApiDeps): SimulatorProvider {
  const p = provider(deps);
  if (p.name !== "simulator") throw new ApiError(404, t("error.notFound"));
  return p as SimulatorProvider;
}

export function paymentsRoutes(deps: ApiDeps): Router {
  const r = Router();

  serve(r, deps, payments.createSetupIntent, ({ claims, body }) =>
    createSetupIntent(deps, claims, body),
  );

  serve(r, deps, payments.completeSetupIntent, ({ claims, body }) =>
    completeCardPayment(deps, claims, body),
  );

  serve(r, deps, payments.startCheckoutSession, ({ claims, body }) =>
    createHostedCheckout(deps, claims, body),
  );

  // Only the caller's own payment, by payment id or card setup id (decision 102).
  serve(r, deps, payments.getPaymentStatus, ({ claims, query }) =>
    ownPaymentStatus(deps, claims, query.ref),
  );

  serve(r, deps, payments.submitOrder, ({ claims, body }) =>
    submitFreeOrder(deps, claims, body.cartId),
  );

  serve(r, deps, payments.promiseMailedCheck, ({ claims, body, req }) =>
    // The client address: the web app forwards its visitor's (X-Forwarded-For, trusted from
    // the loopback proxy only), as for the public limits (decision 142).
    confirmMailin(deps, claims, body, req.ip),
  );

  const confirmations = [
    [payments.confirmFinancialAssistance, "fab"],
    [payments.confirmCourseCredits, "free_after_cc"],
    [payments.confirmWaitlistPlace, "waitlist"],
  ] as const;
  for (const [e, kind] of confirmations) {
    serve(r, deps, e, ({ claims, body }) =>
      confirmWithoutPayment(deps, claims, kind, body.courseSectionId),
    );
  }

  serve(r, deps, payments.getRegistrationPayment, ({ claims, params }) =>
    registrationPayment(deps, claims, params.courseSectionId),
  );

  // The provider calls this; it is trusted only by its signature.
  serve(r, deps, payments.receiveProviderEvent, async ({ req }) => {
    const raw = (req as Request & { rawBody?: Buffer }).rawBody ?? Buffer.from("");
    const signature = req.get("stripe-signature") ?? undefined;
    const event = await provider(deps).parseWebhook(raw, signature);
    if (!event) throw new ApiError(400, t("error.badRequest"));
    const outcome = await handleProviderEvent(deps, event);
    return { received: true as const, outcome };
  });

  // The simulator's card form and hosted page (test mode only).
  serve(r, deps, payments.confirmSimulatorCard, async ({ params, body }) => {
    const result = await simulator(deps).confirmSetup(params.id, body.cardNumber, {
      expiry: body.expiry,
      now: deps.clock.now(),
      timeZone: deps.timeZone,
    });
    if (!result.ok) throw new ApiError(402, result.message, result.message);
    return { paymentMethod: result.paymentMethod };
  });

  // The simulator's hosted page is its opener's only (decision 140): anyone else is told it
  // does not exist, as for an unknown session.
  const ownSession = async (claims: TokenClaims, id: string) => {
    const s = await simulator(deps).session(id);
    if (!s || !(await ownsHostedPayment(deps, claims, s.metadata.paymentId))) {
      throw new ApiError(404, t("payment.sessionGone"));
    }
    return s;
  };

  serve(r, deps, payments.getSimulatorCheckout, async ({ claims, params }) => {
    const s = await ownSession(claims, params.id);
    return {
      id: s.id,
      status: s.status,
      amount: (s.amountCents ?? 0) / 100,
      description: s.metadata.description ?? "",
      cancelUrl: sitePath(s.metadata.cancelUrl),
      successUrl: sitePath(s.metadata.successUrl),
    };
  });

  serve(r, deps, payments.paySimulatorCheckout, async ({ claims, params, body }) => {
    const sim = simulator(deps);
    const s = await ownSession(claims, params.id);
    const result = await sim.paySession(params.id, body.cardNumber, {
      expiry: body.expiry,
      now: deps.clock.now(),
      timeZone: deps.timeZone,
    });
    if (!result.ok) throw new ApiError(402, result.message, result.message);
    // The simulator delivers its event the way Stripe would call the webhook.
    await handleProviderEvent(deps, result.event);
    return { redirectUrl: sitePath(s.metadata.successUrl) };
  });

  return r;
}
