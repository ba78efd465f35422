// What server.ts hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    apiBaseUrl: string;
    statusPollMs: number;
    clientIp: string;
  }
}
export {};
