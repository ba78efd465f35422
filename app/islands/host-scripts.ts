// Scripts of the desktop client (spec 02 §7): the page asks the host to run a script through
// FileMaker.PerformScript(name, JSON.stringify(param)); the host answers by calling
//   window.fileMakerCallback(requestId, reply)
// where requestId is the one the page put into the parameter and reply is
// { message, errorCode, data } (an object or its JSON text). errorCode 0 is success. Each call
// times out after 10 s with 'FileMaker Call timed out' and errorCode 100.
import {
  HOST_TIMEOUT_CODE,
  HOST_TIMEOUT_MS,
  hostErrorMessage,
  type HostScript,
} from "@domain/rules/cashier";
import { t } from "@domain/messages/cashier";
import { desktopHost } from "./desktop";

export interface HostReply {
  message: string;
  errorCode: number;
  data: unknown;
}

export interface HostParams {
  patchCartInPersonTerminal: { cartId: number };
  patchCartTenderedCents: { cartId: number; tenderedCents: number };
  patchCartInPersonCheck: { cartId: number; checkNumber: string; payNowAmount: number };
}

declare global {
  interface Window {
    /** The host answers a script here: (requestId, { message, errorCode, data }). */
    fileMakerCallback?: (requestId: string, reply: unknown) => boolean;
  }
}

const pending = new Map<string, (reply: HostReply) => void>();
let counter = 0;

function normalise(reply: unknown): HostReply {
  let value = reply;
  if (typeof reply === "string") {
    try {
      value = JSON.parse(reply);
    } catch {
      value = null;
    }
  }
  const v = (value ?? {}) as Partial<HostReply>;
  const code = Number(v.errorCode);
  return {
    message: typeof v.message === "string" ? v.message : "",
    // A reply the page cannot read counts as an invalid cash-register context.
    errorCode: Number.isFinite(code) ? code : -1,
    data: v.data ?? null,
  };
}

/** Installs window.fileMakerCallback (idempotent). */
export function installHostCallback(): void {
  if (typeof window === "undefined") return;
  window.fileMakerCallback = (requestId: string, reply: unknown) => {
    const resolve = pending.get(String(requestId));
    if (!resolve) return false;
    pending.delete(String(requestId));
    resolve(normalise(reply));
    return true;
  };
}

/**
 * Runs a host script and waits for its answer, at most `timeoutMs` (10 s). Never rejects: a
 * missing host answers errorCode -1, a silent host errorCode 100.
 */
export function callHostScript<S extends HostScript>(
  script: S,
  param: HostParams[S],
  opts: { timeoutMs?: number } = {},
): Promise<HostReply> {
  installHostCallback();
  const host = desktopHost();
  if (!host) {
    return Promise.resolve({ message: t("host.error.context"), errorCode: -1, data: null });
  }
  const requestId = `${Date.now().toString(36)}-${++counter}`;
  return new Promise<HostReply>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(requestId);
      resolve({ message: t("host.error.timeout"), errorCode: HOST_TIMEOUT_CODE, data: null });
    }, opts.timeoutMs ?? HOST_TIMEOUT_MS);
    pending.set(requestId, (reply) => {
      clearTimeout(timer);
      resolve(reply);
    });
    try {
      host.PerformScript(script, JSON.stringify({ ...param, requestId }));
    } catch {
      clearTimeout(timer);
      pending.delete(requestId);
      resolve({ message: t("host.error.context"), errorCode: -1, data: null });
    }
  });
}

/** The message to show for a host reply, or null when it succeeded. */
export function hostReplyError(script: HostScript, reply: HostReply): string | null {
  return hostErrorMessage(script, reply.errorCode);
}
