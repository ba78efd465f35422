// The district API as an Express app: mounted under /v1 by server.ts, or run on its own.
import { inLanguage } from "../language";
import { languageFromAcceptLanguage } from "@domain/rules/language";
import express, { type Express } from "express";
import type { ApiDeps } from "../deps";
import { describeApi } from "@domain/contract/meta";
import { ENDPOINTS } from "@domain/contract/endpoints";
import { errorHandler, serve } from "./kit";
import { refuseHostileJson } from "./body-shape";
import { openApiDocument } from "./openapi";
import { observeRequests } from "./observe";
import { identityRoutes } from "./identity";
import { settingsRoutes, statusRoute } from "./settings";
import { communityRoutes } from "./community";
import { programsRoutes } from "./programs";
import { registrationRoutes } from "./registration";
import { feesRoutes } from "./fees";
import { cartRoutes } from "./cart";
import { householdRoutes } from "./household";
import { languageRoutes } from "./language";
import { districtTextRoutes } from "./district-texts";
import { cashierRoutes } from "./cashier";
import { paymentsRoutes } from "./payments";
import { staffRoutes } from "./staff";
import { feeRequestsRoutes } from "./fee-requests";
import { adminRoutes } from "./admin";
import { adminFeeRoutes } from "./admin-fees";
import { adminImportRoutes } from "./admin-imports";
import { adminPeopleRoutes } from "./admin-people";
import { adminSchoolsRoutes } from "./admin-schools";
import { officeRoutes } from "./office";
import { officeMailRoutes } from "./office-mail";
import { adminCatalogueRoutes } from "./admin-catalogue";
import { guestReceiptRoutes } from "./guest-receipts";
import { maintenanceGate } from "./maintenance";

/** Express's `trust proxy`: all, none, a number of hops, or addresses, subnets and names. */
export type TrustProxy = boolean | number | string[];

/**
 * The district API's setting: the web app calls it from this machine (loopback), and people's
 * requests reach `/v1` through the same proxies as the web app's (TRUST_PROXY, decision 135).
 */
export function districtApiTrust(trust: TrustProxy): TrustProxy {
  if (!Array.isArray(trust)) return trust;
  return trust.includes("loopback") ? trust : ["loopback", ...trust];
}

/**
 * Body limit: a drawn signature PNG is far below this; anything larger is refused with 413. The
 * JSON parser counts it on the inflated bytes, so a gzipped body counts by its inflated size.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export function createDistrictApi(deps: ApiDeps, opts: { trustProxy?: TrustProxy } = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  // The web app calls from this machine and forwards the person's address for throttling; the
  // desktop client's calls come through the deployment's proxies (TRUST_PROXY, decision 135).
  app.set("trust proxy", districtApiTrust(opts.trustProxy ?? ["loopback"]));
  app.use(observeRequests(deps.logger, ENDPOINTS));
  app.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });

  const v1 = express.Router();
  v1.use(
    express.json({
      limit: BODY_LIMIT_BYTES,
      strict: false,
      // Webhook signatures are computed over the exact bytes received. The bytes are the inflated
      // ones, before JSON.parse: a body nested too deeply or too wide is refused here (decision 134).
      verify: (req, _res, buf) => {
        refuseHostileJson(buf);
        (req as unknown as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  // Each reply in the language the caller asks for (decision 170): the web app sends its page's.
  // After the body is read, so the handlers run inside it.
  v1.use((req, _res, next) => {
    inLanguage(languageFromAcceptLanguage(req.headers["accept-language"]) ?? "en", next);
  });
  v1.use(maintenanceGate(deps));
  v1.use(identityRoutes(deps));
  v1.use(settingsRoutes(deps));
  v1.use(communityRoutes(deps));
  v1.use(programsRoutes(deps));
  v1.use(registrationRoutes(deps));
  v1.use(feesRoutes(deps));
  v1.use(cartRoutes(deps));
  v1.use(householdRoutes(deps));
  v1.use(languageRoutes(deps));
  v1.use(cashierRoutes(deps));
  v1.use(paymentsRoutes(deps));
  v1.use(staffRoutes(deps));
  v1.use(feeRequestsRoutes(deps));
  v1.use(adminRoutes(deps));
  v1.use(adminFeeRoutes(deps));
  v1.use(adminImportRoutes(deps));
  v1.use(adminPeopleRoutes(deps));
  v1.use(adminSchoolsRoutes(deps));
  v1.use(districtTextRoutes(deps));
  v1.use(officeRoutes(deps));
  v1.use(officeMailRoutes(deps));
  v1.use(adminCatalogueRoutes(deps));
  v1.use(guestReceiptRoutes(deps));
  serve(v1, deps, describeApi, async () => openApiDocument() as { openapi: "3.1.0" });
  v1.use((_req, res) => {
    res.status(404).json({ message: "Not found." });
  });

  // eslint-disable-next-line no-restricted-syntax -- the spec's status file, outside the /v1 contract
  app.get("/status.json", statusRoute(deps));
  app.use("/v1", v1);
  app.use(errorHandler(deps));
  return app;
}
