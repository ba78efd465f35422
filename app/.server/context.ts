// What server.ts hands every loader and action.
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
  }
}
export {};
