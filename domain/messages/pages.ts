// Every text of the catalogue in the pages' language (decision 170), for the web app's server
// modules (app/.server), which serve pages of every area; each build of the web app carries one
// language. The district API's replies and mail use `./index.ts`.
import { translator } from "./translate";
import type { MessageKey } from "./index";
import common from "./compiled/page/common.js";
import community from "./compiled/page/community.js";
import household from "./compiled/page/household.js";
import programs from "./compiled/page/programs.js";
import fees from "./compiled/page/fees.js";
import paymentDialog from "./compiled/page/payment-dialog.js";
import staff from "./compiled/page/staff.js";
import feeRequests from "./compiled/page/fee-requests.js";
import cashier from "./compiled/page/cashier.js";
import admin from "./compiled/page/admin.js";
import adminCatalogue from "./compiled/page/admin-catalogue.js";
import adminFees from "./compiled/page/admin-fees.js";
import adminPeople from "./compiled/page/admin-people.js";
import adminSchools from "./compiled/page/admin-schools.js";
import adminImports from "./compiled/page/admin-imports.js";
import adminStaffImport from "./compiled/page/admin-staff-import.js";
import adminCatalogueImport from "./compiled/page/admin-catalogue-import.js";
import businessOffice from "./compiled/page/business-office.js";
import mail from "./compiled/page/mail.js";
import refunds from "./compiled/page/refunds.js";
import refundsFamily from "./compiled/page/refunds-family.js";
import receipts from "./compiled/page/receipts.js";
import feesPage from "./compiled/page/fees-page.js";
import paymentsReport from "./compiled/page/payments-report.js";
import guestReceipts from "./compiled/page/guest-receipts.js";
import apiReplies from "./compiled/page/api-replies.js";

export const t = translator<MessageKey>({
  ...common,
  ...community,
  ...household,
  ...programs,
  ...fees,
  ...paymentDialog,
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
  ...receipts,
  ...feesPage,
  ...paymentsReport,
  ...guestReceipts,
  ...apiReplies,
});
