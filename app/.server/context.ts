// What server.ts hands every loader and action.
import type { ServerBuild } from "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    apiBaseUrl: string;
    statusPollMs: number;
    clientIp: string;
    /** This request's id (X-Request-Id), sent on to the district API and named in error logs. */
    requestId?: string;
    /** What every page says about this installation: a demo, or payments simulated. */
    environment?: { demo: boolean; simulatedPayments: boolean };
    /** The build's assets manifest: each route's scripts, for the next page's (next-page-scripts.ts). */
    assets: ServerBuild["assets"];
  }
}
export {};
