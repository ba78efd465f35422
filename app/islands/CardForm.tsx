// The card form island (JavaScript on). With a publishable key it mounts Stripe's Payment Element;
// without, the simulator's own card form, clearly labelled as test mode. It asks for a setup
// intent on load, shows the slow-load and failed-load messages of spec 02 §8 with "Try again",
// and pays through the web app's resource route; fulfilment happens on the server.
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from "~/ui";
import { t } from "@domain/messages/fees";

interface Setup {
  setupId: string;
  clientSecret: string;
  publishableKey: string | null;
}

interface StripeLike {
  elements(o: { clientSecret: string }): {
    create(kind: "payment"): { mount(el: HTMLElement): void; destroy(): void };
  };
  confirmSetup(o: {
    elements: unknown;
    redirect: "if_required";
  }): Promise<{ error?: { message?: string } }>;
}

const SLOW_MS = 5000;

export function CardForm({
  target,
  who,
  buttonText,
  formId,
  payNowAmount,
  paymentType,
  disabled = false,
}: {
  target: { cartId: number } | { courseSectionId: string };
  who: "student" | "staff";
  buttonText: string;
  /** The surrounding form whose paymentType and partial amount are sent along. */
  formId?: string;
  payNowAmount?: string;
  paymentType?: string;
  /** The amount around the form is not valid: nothing can be paid. */
  disabled?: boolean;
}) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadState, setLoadState] = useState<"loading" | "slow" | "failed" | "ready">("loading");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [card, setCard] = useState("");
  const [expiry, setExpiry] = useState("");
  const stripeRef = useRef<{
    stripe: StripeLike;
    elements: unknown;
    element: { destroy(): void };
  } | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const targetKey = JSON.stringify(target);

  /**
   * Asks for a setup intent and mounts the card entry. `renew` after a declined card: a setup
   * intent pays once (a declined payment is that intent's answer for good), so the next card
   * needs a new one; the decline message stays until the next try.
   */
  const load = useCallback(
    async (renew = false) => {
      setLoadState("loading");
      if (!renew) setError(null);
      const slow = setTimeout(() => setLoadState((s) => (s === "loading" ? "slow" : s)), SLOW_MS);
      try {
        const body = new FormData();
        body.set("intent", "setup");
        body.set("who", who);
        for (const [k, v] of Object.entries(
          JSON.parse(targetKey) as Record<string, string | number>,
        ))
          body.set(k, String(v));
        const res = await fetch("/cart/card", { method: "POST", body });
        const data = (await res.json()) as Partial<Setup> & { error?: string };
        if (!res.ok || !data.setupId) throw new Error(data.error ?? "setup failed");
        setSetup(data as Setup);
        if (data.publishableKey) {
          const { loadStripe } = await import("@stripe/stripe-js");
          const stripe = (await loadStripe(data.publishableKey)) as unknown as StripeLike | null;
          if (!stripe || !mountRef.current) throw new Error("stripe did not load");
          stripeRef.current?.element.destroy();
          const elements = stripe.elements({ clientSecret: data.clientSecret! });
          const element = elements.create("payment");
          element.mount(mountRef.current);
          stripeRef.current = { stripe, elements, element };
        }
        setLoadState("ready");
      } catch {
        setLoadState("failed");
      } finally {
        clearTimeout(slow);
      }
    },
    [targetKey, who],
  );

  useEffect(() => {
    void load();
  }, [load]);

  async function pay() {
    if (!setup) return;
    setBusy(true);
    setError(null);
    try {
      if (stripeRef.current) {
        const { stripe, elements } = stripeRef.current;
        const confirmed = await stripe.confirmSetup({ elements, redirect: "if_required" });
        if (confirmed.error) {
          setError(confirmed.error.message ?? t("payment.error.stripe"));
          return;
        }
      }
      const body = new FormData();
      const form = formId ? (document.getElementById(formId) as HTMLFormElement | null) : null;
      if (form) {
        const fd = new FormData(form);
        body.set("paymentType", String(fd.get("paymentType") ?? ""));
        body.set("partialPaymentAmount", String(fd.get("partialPaymentAmount") ?? ""));
      }
      if (paymentType) body.set("paymentType", paymentType);
      if (payNowAmount) body.set("payNowAmount", payNowAmount);
      body.set("intent", "pay");
      body.set("who", who);
      body.set("setupId", setup.setupId);
      for (const [k, v] of Object.entries(target)) body.set(k, String(v));
      if (!stripeRef.current) {
        body.set("cardNumber", card);
        body.set("expiry", expiry);
      }
      const res = await fetch("/cart/card", { method: "POST", body });
      const data = (await res.json()) as { redirectUrl?: string; error?: string };
      if (data.redirectUrl) {
        window.location.assign(data.redirectUrl);
        return;
      }
      setError(data.error ?? t("payment.error.payment"));
      // Declined (or the card refused): another card may be tried at once, on a new intent.
      if (res.status === 402) void load(true);
    } catch {
      setError(t("payment.error.payment"));
    } finally {
      setBusy(false);
    }
  }

  if (loadState === "failed") {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t("payment.cardLoadFailed")}</Text>
          <Button size="xs" variant="white" onClick={() => void load()}>
            {t("payment.tryAgain")}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {loadState === "slow" ? (
        <Alert color="yellow" role="status">
          {t("payment.cardLoadSlow")}
        </Alert>
      ) : null}
      <div ref={mountRef} />
      {setup && !setup.publishableKey ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Badge color="orange">{t("payment.testMode")}</Badge>
            <Text size="xs" c="dimmed">
              {t("payment.testModeNote")}
            </Text>
          </Group>
          <TextInput
            label={t("payment.cardNumber")}
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            value={card}
            onChange={(e) => setCard(e.currentTarget.value)}
          />
          <TextInput
            label={t("payment.expiry")}
            name="expiry"
            autoComplete="cc-exp"
            maxLength={10}
            placeholder="12/34"
            w={140}
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
          />
        </Stack>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        type="button"
        onClick={() => void pay()}
        loading={busy}
        disabled={loadState !== "ready" || disabled}
      >
        {buttonText}
      </Button>
    </Stack>
  );
}
