import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { logServerError } from "./.server/log";

const ABORT_DELAY = 5_000;

/**
 * How long a page's data streamed with it (single fetch) may wait for a loader's promise: a
 * little under the render's own limit, so that a rejection is written before the render stops.
 */
export const streamTimeout = ABORT_DELAY - 50;

/** A server error in a loader or action: logged once, with the request id, nothing personal. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isOldDataRequestWarning(error, request)) return;
  logServerError(error, request, context.requestId);
};

/**
 * Remix still answers a page's data request of the form before single fetch (`?_data`, from a
 * page opened before it was turned on), and reports each as a warning through handleError: no
 * fault of the server, and not to be logged as one.
 */
function isOldDataRequestWarning(error: unknown, request: Request): boolean {
  return (
    error instanceof Error &&
    error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data") &&
    new URL(request.url).searchParams.has("_data")
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        {/* The page's data comes in inline scripts streamed after the page (single fetch): they
            carry the nonce the security policy lets run (http-guards.ts). */}
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logServerError(error, request, loadContext.requestId);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
