// The simulated reader, used without provider keys: one reader is discovered, it connects, a
// simulated card is presented a moment after collection starts, and processing asks the web
// app's resource route to settle the simulator's payment intent (nothing real is charged).
import type { Collected, ReaderDriver, ReaderInfo, ReaderStatus } from "./types";

export const SIMULATED_READER: ReaderInfo = {
  id: "tmr_simulated",
  label: "Simulated reader",
  simulated: true,
};

export function createSimulatedDriver(opts: {
  /** Settles the intent on the simulator: resolves with the amount in cents, or null. */
  processIntent: (paymentIntentId: string) => Promise<number | null>;
  cardDelayMs?: number;
  connectDelayMs?: number;
}): ReaderDriver {
  let state: ReaderStatus = { connection: "not_connected", payment: "not_ready" };
  const listeners = new Set<(s: ReaderStatus) => void>();
  let cancelled = false;
  const set = (next: Partial<ReaderStatus>) => {
    state = { ...state, ...next };
    for (const l of listeners) l(state);
  };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  return {
    kind: "simulated",
    async discover() {
      return { ok: true, value: [SIMULATED_READER] };
    },
    async connect(reader) {
      set({ connection: "connecting" });
      await wait(opts.connectDelayMs ?? 150);
      set({ connection: "connected", payment: "ready" });
      return { ok: true, value: reader };
    },
    async setDisplay() {},
    async collect(_secret, paymentIntentId) {
      if (state.connection !== "connected") return { ok: false, message: null };
      cancelled = false;
      set({ payment: "waiting_for_input" });
      await wait(opts.cardDelayMs ?? 600);
      if (cancelled) {
        set({ payment: "ready" });
        return { ok: false, message: "Canceled" };
      }
      return { ok: true, value: { paymentIntentId } satisfies Collected };
    },
    async process(collected) {
      set({ payment: "processing" });
      const amount = await opts.processIntent(collected.paymentIntentId).catch(() => null);
      set({ payment: "ready" });
      if (amount === null) return { ok: false, message: null };
      return {
        ok: true,
        value: {
          paymentIntentId: collected.paymentIntentId,
          status: "succeeded",
          amountCents: amount,
        },
      };
    },
    async cancel() {
      cancelled = true;
    },
    status: () => state,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
