// Stripe Terminal behind the reader driver interface, used when a publishable key is set. The
// SDK is loaded from the provider (spec 02 §7); the connection token comes from the web app's
// resource route, which calls GET /v1/payment/connectionToken. Simulated readers are discovered
// too when the key is a test key.
import type { loadStripeTerminal as loadStripeTerminalType } from "@stripe/terminal-js";
import type { ReaderDriver, ReaderInfo, ReaderStatus } from "./types";

type Terminal = NonNullable<Awaited<ReturnType<typeof loadStripeTerminalType>>>;
type TerminalInstance = ReturnType<Terminal["create"]>;
type SdkReader = Parameters<TerminalInstance["connectReader"]>[0];

function errorOf(r: unknown): string | null | undefined {
  if (r && typeof r === "object" && "error" in r) {
    const e = (r as { error?: { message?: string } }).error;
    return e?.message ?? null;
  }
  return undefined;
}

export async function createStripeDriver(opts: {
  fetchConnectionToken: () => Promise<string>;
  simulated: boolean;
  onError?: (what: "discover" | "connect" | "disconnect", err: unknown) => void;
}): Promise<ReaderDriver | null> {
  const { loadStripeTerminal } = await import("@stripe/terminal-js");
  const StripeTerminal = await loadStripeTerminal().catch(() => null);
  if (!StripeTerminal) return null;
  let state: ReaderStatus = { connection: "not_connected", payment: "not_ready" };
  const listeners = new Set<(s: ReaderStatus) => void>();
  const set = (next: Partial<ReaderStatus>) => {
    state = { ...state, ...next };
    for (const l of listeners) l(state);
  };
  const terminal = StripeTerminal.create({
    onFetchConnectionToken: opts.fetchConnectionToken,
    onUnexpectedReaderDisconnect: (e) => {
      opts.onError?.("disconnect", e);
      set({ connection: "not_connected", payment: "not_ready" });
    },
    onConnectionStatusChange: (e) => set({ connection: e.status as ReaderStatus["connection"] }),
    onPaymentStatusChange: (e) => set({ payment: e.status as ReaderStatus["payment"] }),
  });
  const found = new Map<string, SdkReader>();
  return {
    kind: "stripe",
    async discover() {
      const r = await terminal.discoverReaders({ simulated: opts.simulated });
      const err = errorOf(r);
      if (err !== undefined) {
        opts.onError?.("discover", err);
        return { ok: false, message: err };
      }
      const readers = (r as { discoveredReaders: SdkReader[] }).discoveredReaders;
      found.clear();
      return {
        ok: true,
        value: readers.map((x): ReaderInfo => {
          found.set(x.id, x);
          return { id: x.id, label: x.label ?? x.id, simulated: x.id.startsWith("SIMULATOR") };
        }),
      };
    },
    async connect(reader) {
      const sdk = found.get(reader.id);
      if (!sdk) return { ok: false, message: null };
      const r = await terminal.connectReader(sdk);
      const err = errorOf(r);
      if (err !== undefined) {
        opts.onError?.("connect", err);
        return { ok: false, message: err };
      }
      return { ok: true, value: reader };
    },
    async setDisplay(cart) {
      await terminal
        .setReaderDisplay({
          type: "cart",
          cart: {
            line_items: cart.lineItems,
            tax: 0,
            total: cart.total,
            currency: cart.currency,
          },
        })
        .catch(() => undefined);
    },
    async collect(clientSecret, paymentIntentId) {
      const r = await terminal.collectPaymentMethod(clientSecret);
      const err = errorOf(r);
      if (err !== undefined) return { ok: false, message: err };
      return {
        ok: true,
        value: { paymentIntentId, handle: (r as { paymentIntent: unknown }).paymentIntent },
      };
    },
    async process(collected) {
      const r = await terminal.processPayment(
        collected.handle as Parameters<TerminalInstance["processPayment"]>[0],
      );
      const err = errorOf(r);
      if (err !== undefined) return { ok: false, message: err };
      const pi = (r as { paymentIntent: { id: string; status: string; amount: number } })
        .paymentIntent;
      return {
        ok: true,
        value: {
          paymentIntentId: pi.id,
          status:
            pi.status === "succeeded" || pi.status === "requires_capture" ? pi.status : "failed",
          amountCents: pi.amount,
        },
      };
    },
    async cancel() {
      await terminal.cancelCollectPaymentMethod().catch(() => undefined);
    },
    status: () => state,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
