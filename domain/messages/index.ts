// The one catalogue of user-visible texts. Each area keeps its texts in its own file under en/;
// they are merged here so that every page and the district API read the same words.
import { translator } from "./translate";
import { common } from "./en/common";
import { community } from "./en/community";
import { household } from "./en/household";
import { programs } from "./en/programs";
import { fees } from "./en/fees";
import { staff } from "./en/staff";
import { feeRequests } from "./en/fee-requests";
import { cashier } from "./en/cashier";
import { admin } from "./en/admin";
import { adminCatalogue } from "./en/admin-catalogue";
import { adminFees } from "./en/admin-fees";
import { adminPeople } from "./en/admin-people";
import { adminSchools } from "./en/admin-schools";
import { adminImports } from "./en/admin-imports";
import { adminStaffImport } from "./en/admin-staff-import";
import { adminCatalogueImport } from "./en/admin-catalogue-import";
import { businessOffice } from "./en/business-office";
import { mail } from "./en/mail";
import { refunds } from "./en/refunds";
import { refundsFamily } from "./en/refunds-family";
import { receipts } from "./en/receipts";
import { feesPage } from "./en/fees-page";
import { paymentsReport } from "./en/payments-report";
import { guestReceipts } from "./en/guest-receipts";
import { apiReplies } from "./en/api-replies";

export const en = {
  ...common,
  ...household,
  ...community,
  ...programs,
  ...fees,
  ...feesPage,
  ...receipts,
  ...staff,
  ...feeRequests,
  ...cashier,
  ...admin,
  ...adminCatalogue,
  ...adminFees,
  ...adminPeople,
  ...adminSchools,
  ...adminImports,
  ...adminStaffImport,
  ...adminCatalogueImport,
  ...businessOffice,
  ...mail,
  ...refunds,
  ...refundsFamily,
  ...paymentsReport,
  ...guestReceipts,
  ...apiReplies,
} as const;

export type MessageKey = keyof typeof en;

/** The text for a key, with `{name}` placeholders filled from params. */
export const t = translator(en);
