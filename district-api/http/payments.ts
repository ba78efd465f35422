// /v1 payment calls (spec 02 §7) plus the hosted checkout, the webhook, and the simulator's own
// card confirmation (only when the simulator is the provider).
import { Router, type Request } from "express";
import { z } from "zod";
import {
  CheckoutSessionRequest,
  CompleteSetupIntentRequest,
  ConfirmCourseRequest,
  ConfirmMailinRequest,
  CreateSetupIntentRequest,
  SimulatorCardRequest,
  SubmitOrderRequest,
} from "@domain/contract/payments";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle } from "./kit";
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

const SectionParams = z.object({ courseSectionId: z.string().uuid() });
const SimParams = z.object({ id: z.string().regex(/^[a-z]+_sim_[0-9a-f]+$/) });

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

  r.post(
    "/payment/create-setup-intent",
    handle(deps, { access: "any", body: CreateSetupIntentRequest }, ({ claims, body }) =>
      createSetupIntent(deps, claims!, body),
    ),
  );

  r.post(
    "/payment/complete-setup-intent",
    handle(deps, { access: "any", body: CompleteSetupIntentRequest }, ({ claims, body }) =>
      completeCardPayment(deps, claims!, body),
    ),
  );

  r.post(
    "/payment/checkout-session",
    handle(deps, { access: "any", body: CheckoutSessionRequest }, ({ claims, body }) =>
      createHostedCheckout(deps, claims!, body),
    ),
  );

  r.get(
    "/payment/status",
    handle(
      deps,
      { access: "any", query: z.object({ ref: z.string().max(100) }) },
      // Only the caller's own payment, by payment id or card setup id (decision 102).
      ({ claims, query }) => ownPaymentStatus(deps, claims!, query.ref),
    ),
  );

  r.post(
    "/payment/submit-order",
    handle(deps, { access: "any", body: SubmitOrderRequest }, ({ claims, body }) =>
      submitFreeOrder(deps, claims!, body.cartId),
    ),
  );

  r.post(
    "/payment/confirm-mailin",
    handle(deps, { access: "participant", body: ConfirmMailinRequest }, ({ claims, body, req }) =>
      // The client address: the web app forwards its visitor's (X-Forwarded-For, trusted from
      // the loopback proxy only), as for the public limits (decision 142).
      confirmMailin(deps, claims!, body, req.ip),
    ),
  );

  const confirm = (kind: "fab" | "free_after_cc" | "waitlist") =>
    handle(deps, { access: "participant", body: ConfirmCourseRequest }, ({ claims, body }) =>
      confirmWithoutPayment(deps, claims!, kind, body.courseSectionId),
    );
  r.post("/payment/confirm-fab", confirm("fab"));
  r.post("/payment/confirm-free-after-cc", confirm("free_after_cc"));
  r.post("/payment/confirm-waitlist", confirm("waitlist"));

  r.get(
    "/payment/registration/:courseSectionId",
    handle(deps, { access: "participant", params: SectionParams }, ({ claims, params }) =>
      registrationPayment(deps, claims!, params.courseSectionId),
    ),
  );

  r.get(
    "/payment/connectionToken",
    handle(deps, { access: "staff" }, async () => ({
      secret: await provider(deps).connectionToken(),
    })),
  );

  // The provider calls this; it is trusted only by its signature.
  r.post(
    "/payment/webhook",
    handle(deps, { access: "public" }, async ({ req }) => {
      const raw = (req as Request & { rawBody?: Buffer }).rawBody ?? Buffer.from("");
      const signature = req.get("stripe-signature") ?? undefined;
      const event = await provider(deps).parseWebhook(raw, signature);
      if (!event) throw new ApiError(400, t("error.badRequest"));
      const outcome = await handleProviderEvent(deps, event);
      return { received: true, outcome };
    }),
  );

  // The simulator's card form and hosted page (test mode only).
  r.post(
    "/payment/simulator/setup/:id/confirm",
    handle(
      deps,
      { access: "any", params: SimParams, body: SimulatorCardRequest },
      async ({ params, body }) => {
        const result = await simulator(deps).confirmSetup(params.id, body.cardNumber, {
          expiry: body.expiry,
          now: deps.clock.now(),
          timeZone: deps.timeZone,
        });
        if (!result.ok) throw new ApiError(402, result.message, result.message);
        return { paymentMethod: result.paymentMethod };
      },
    ),
  );

  // The simulator's hosted page is its opener's only (issue 28 point 9): anyone else is told it
  // does not exist, as for an unknown session.
  const ownSession = async (claims: TokenClaims, id: string) => {
    const s = await simulator(deps).session(id);
    if (!s || !(await ownsHostedPayment(deps, claims, s.metadata.paymentId))) {
      throw new ApiError(404, t("payment.sessionGone"));
    }
    return s;
  };

  r.get(
    "/payment/simulator/checkout/:id",
    handle(deps, { access: "any", params: SimParams }, async ({ claims, params }) => {
      const s = await ownSession(claims!, params.id);
      return {
        id: s.id,
        status: s.status,
        amount: (s.amountCents ?? 0) / 100,
        description: s.metadata.description ?? "",
        cancelUrl: sitePath(s.metadata.cancelUrl),
        successUrl: sitePath(s.metadata.successUrl),
      };
    }),
  );

  r.post(
    "/payment/simulator/checkout/:id/pay",
    handle(
      deps,
      { access: "any", params: SimParams, body: SimulatorCardRequest },
      async ({ claims, params, body }) => {
        const sim = simulator(deps);
        const s = await ownSession(claims!, params.id);
        const result = await sim.paySession(params.id, body.cardNumber, {
          expiry: body.expiry,
          now: deps.clock.now(),
          timeZone: deps.timeZone,
        });
        if (!result.ok) throw new ApiError(402, result.message, result.message);
        // The simulator delivers its event the way Stripe would call the webhook.
        await handleProviderEvent(deps, result.event);
        return { redirectUrl: sitePath(s.metadata.successUrl) };
      },
    ),
  );

  return r;
}
