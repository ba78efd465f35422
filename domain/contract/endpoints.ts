// Every /v1 call declared in the contract, in one list: what the district API registers, the
// OpenAPI description describes and the contract fuzz walks (decision 162).
import * as adminCatalogue from "./admin-catalogue";
import * as adminFees from "./admin-fees";
import * as adminImports from "./admin-imports";
import * as adminPeople from "./admin-people";
import * as adminSchools from "./admin-schools";
import * as admin from "./admin";
import * as cart from "./cart";
import * as cashier from "./cashier";
import * as community from "./community";
import * as districtTexts from "./district-texts";
import * as feeRequests from "./fee-requests";
import * as fees from "./fees";
import * as guestReceipts from "./guest-receipts";
import * as household from "./household";
import * as identity from "./identity";
import * as language from "./language";
import * as meta from "./meta";
import * as officeMail from "./office-mail";
import * as officeRefunds from "./office-refunds";
import * as office from "./office";
import * as paymentsReport from "./payments-report";
import * as payments from "./payments";
import * as programs from "./programs";
import * as staff from "./staff";
import { isEndpoint, type Endpoint } from "./endpoint";

const AREAS: Record<string, unknown>[] = [
  adminCatalogue,
  adminFees,
  adminImports,
  adminPeople,
  adminSchools,
  admin,
  cart,
  cashier,
  community,
  districtTexts,
  feeRequests,
  fees,
  guestReceipts,
  household,
  identity,
  language,
  meta,
  officeMail,
  officeRefunds,
  office,
  paymentsReport,
  payments,
  programs,
  staff,
];

export const ENDPOINTS: readonly Endpoint[] = AREAS.flatMap((area) =>
  Object.values(area).filter(isEndpoint),
);
