// The card reader driver: one interface, two implementations (Stripe Terminal with keys, a
// simulated reader without). Amounts are in cents.
import type { ConnectionStatus, ReaderPaymentStatus } from "@domain/rules/cashier";

export interface ReaderInfo {
  id: string;
  label: string;
  simulated: boolean;
}

export interface ReaderCartDisplay {
  currency: "usd";
  total: number;
  lineItems: { amount: number; description: string; quantity: number }[];
}

export interface ReaderStatus {
  connection: ConnectionStatus;
  payment: ReaderPaymentStatus;
}

/** What the reader collected; handed back to process(). */
export interface Collected {
  paymentIntentId: string;
  /** The SDK's own object (Stripe) or nothing (simulated). */
  handle?: unknown;
}

export interface ProcessedPayment {
  paymentIntentId: string;
  status: "succeeded" | "requires_capture" | "failed";
  amountCents: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; message: string | null };

export interface ReaderDriver {
  readonly kind: "stripe" | "simulated";
  discover(): Promise<Result<ReaderInfo[]>>;
  connect(reader: ReaderInfo): Promise<Result<ReaderInfo>>;
  setDisplay(cart: ReaderCartDisplay): Promise<void>;
  collect(clientSecret: string, paymentIntentId: string): Promise<Result<Collected>>;
  process(collected: Collected): Promise<Result<ProcessedPayment>>;
  cancel(): Promise<void>;
  status(): ReaderStatus;
  onStatus(listener: (s: ReaderStatus) => void): () => void;
}

export const PREFERRED_READER_KEY = "PreferredReaderId";

/** The reader to connect to: the preferred one saved in local storage, else the first. */
export function pickReader(readers: ReaderInfo[], preferredId: string | null): ReaderInfo | null {
  return readers.find((r) => r.id === preferredId) ?? readers[0] ?? null;
}
