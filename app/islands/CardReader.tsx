// The card reader (spec 02 §4, §7): connects to the preferred reader (local storage
// 'PreferredReaderId'), shows the status text from the reader states, and on request sets the
// terminal user on the host, creates the reader payment intent, shows the cart on the reader,
// collects and processes the card. The pay button is enabled by the parent once a payment of the
// right amount is captured; the form then completes the in-person transaction.
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { t } from "@domain/messages/cashier";
import { readerStatusText, type ReaderState } from "@domain/rules/cashier";
import { formatUsd } from "@domain/rules/money";
import { ONLINE_MINIMUM_CENTS } from "@domain/rules/checkout";
import { callHostScript, hostReplyError } from "./host-scripts";
import { createSimulatedDriver } from "./reader/simulated";
import { createStripeDriver } from "./reader/stripe";
import {
  PREFERRED_READER_KEY,
  pickReader,
  type ReaderCartDisplay,
  type ReaderDriver,
  type ReaderInfo,
} from "./reader/types";

export interface Captured {
  paymentIntentId: string;
  amountCents: number;
  readerId: string;
}

interface Props {
  cartId: number;
  /** "student" or "staff": whose session the resource route uses. */
  as: "student" | "staff";
  payNowCents: number;
  paymentType: "full" | "partial" | null;
  /** The form has no error that would stop a reader payment. */
  formValid: boolean;
  publishableKey: string | null;
  simulated: boolean;
  captured: Captured | null;
  onConnected: (connected: boolean) => void;
  onCaptured: (c: Captured | null) => void;
}

async function readerCall<T>(
  as: string,
  body: unknown,
): Promise<T & { ok: boolean; message?: string }> {
  const res = await fetch(`/cart/in-person/reader?as=${as}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  return (await res.json().catch(() => ({ ok: false }))) as T & { ok: boolean; message?: string };
}

export function CardReader(props: Props) {
  const { as, onConnected } = props;
  const driverRef = useRef<ReaderDriver | null>(null);
  const [reader, setReader] = useState<ReaderInfo | null>(null);
  const [state, setState] = useState<ReaderState>({
    connection: "not_connected",
    payment: "not_ready",
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    void (async () => {
      setState({ connection: "connecting", payment: "not_ready" });
      const driver = props.publishableKey
        ? await createStripeDriver({
            simulated: props.simulated,
            fetchConnectionToken: async () => {
              const r = await readerCall<{ secret: string }>(as, { intent: "token" });
              if (!r.ok) throw new Error("connection token");
              return r.secret;
            },
            // Reader errors (discovery, connect, disconnect) are only logged (spec 02 §8).
            onError: (what, err) => console.warn(`reader ${what}`, err),
          }).catch(() => null)
        : createSimulatedDriver({
            processIntent: async (paymentIntentId) => {
              const r = await readerCall<{ amount: number }>(as, {
                intent: "simulate",
                paymentIntentId,
              });
              return r.ok ? r.amount : null;
            },
          });
      if (cancelled) return;
      if (!driver) {
        setState({ connection: "not_connected", payment: "not_ready" });
        setError(t("reader.error.connecting"));
        return;
      }
      driverRef.current = driver;
      unsubscribe = driver.onStatus((s) => setState((prev) => ({ ...prev, ...s })));
      const found = await driver.discover();
      const chosen = found.ok
        ? pickReader(found.value, window.localStorage.getItem(PREFERRED_READER_KEY))
        : null;
      if (!chosen) {
        setState({ connection: "not_connected", payment: "not_ready" });
        setError(t("reader.error.connecting"));
        return;
      }
      const connected = await driver.connect(chosen);
      if (cancelled) return;
      if (!connected.ok) {
        setError(t("reader.error.connecting"));
        return;
      }
      window.localStorage.setItem(PREFERRED_READER_KEY, chosen.id);
      setReader(chosen);
    })();
    return () => {
      cancelled = true;
      unsubscribe();
    };
    // The reader connects once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const connected = state.connection === "connected";
  useEffect(() => onConnected(connected), [connected, onConnected]);

  const collect = useCallback(async () => {
    setError(null);
    const driver = driverRef.current;
    if (!driver) return setError(t("reader.error.terminalNotReady"));
    if (driver.status().connection !== "connected" || !reader) {
      return setError(t("reader.error.readerNotReady"));
    }
    if (!props.formValid || props.payNowCents < ONLINE_MINIMUM_CENTS)
      return setError(t("reader.error.fixForm"));
    if (!props.paymentType) return setError(t("reader.error.userNotReady"));
    setBusy(true);
    props.onCaptured(null);
    try {
      // The host is told first; without the host object this is its error (-1) and no card is
      // collected (decision 102).
      const reply = await callHostScript("patchCartInPersonTerminal", { cartId: props.cartId });
      const hostError = hostReplyError("patchCartInPersonTerminal", reply);
      if (hostError) return setError(hostError);
      const intent = await readerCall<{
        clientSecret: string;
        paymentIntentId: string;
        cart: ReaderCartDisplay;
      }>(as, {
        intent: "intent",
        payNowCents: props.payNowCents,
        paymentType: props.paymentType,
        terminalId: reader.id,
      });
      if (!intent.ok) return setError(intent.message ?? t("reader.error.collecting"));
      setState((s) => ({ ...s, collecting: true }));
      await driver.setDisplay(intent.cart);
      const collected = await driver.collect(intent.clientSecret, intent.paymentIntentId);
      setState((s) => ({ ...s, collecting: false }));
      if (!collected.ok) {
        return setError(
          collected.message
            ? t("reader.error.collectCardMsg", { msg: collected.message })
            : t("reader.error.collectCard"),
        );
      }
      const processed = await driver.process(collected.value);
      if (!processed.ok || processed.value.status === "failed") {
        return setError(t("reader.error.processing"));
      }
      props.onCaptured({
        paymentIntentId: processed.value.paymentIntentId,
        amountCents: processed.value.amountCents,
        readerId: reader.id,
      });
    } catch {
      setError(t("reader.error.collecting"));
    } finally {
      setState((s) => ({ ...s, collecting: false }));
      setBusy(false);
    }
  }, [as, props, reader]);

  return (
    <Stack gap="xs" data-testid="card-reader">
      <Text size="sm" role="status" aria-live="polite" data-reader-status={state.payment}>
        {readerStatusText({ ...state, collected: Boolean(props.captured) })}
      </Text>
      {reader ? (
        <Text size="xs" c="dimmed">
          {t("reader.name", { label: reader.simulated ? t("reader.simulated") : reader.label })}
        </Text>
      ) : null}
      {props.captured ? (
        <Alert color="green" role="status">
          {t("reader.captured", { amount: formatUsd(props.captured.amountCents) })}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group>
        <Button
          type="button"
          variant="light"
          onClick={() => void collect()}
          loading={busy}
          disabled={!connected || busy}
        >
          {t("reader.collect")}
        </Button>
        {busy ? (
          <Button type="button" variant="default" onClick={() => void driverRef.current?.cancel()}>
            {t("reader.cancel")}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
