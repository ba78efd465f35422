// The one catalogue of user-visible texts. Each area keeps its texts in its own file under en/
// (and its Spanish under es/, decision 170); they are merged here for the district API, which
// answers in each request's language (district-api/language.ts), and for the server's own
// messages. Pages use their area's `t` (./<area>.ts), the web app's server modules `./pages.ts`.
import { translator, type Params } from "./translate";
import { displayLanguage } from "./language";
import type { Language } from "../rules/language";
import { common } from "./en/common";
import { community } from "./en/community";
import { household } from "./en/household";
import { programs } from "./en/programs";
import { fees } from "./en/fees";
import { paymentDialog } from "./en/payment-dialog";
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
import commonTexts from "./compiled/en/common.js";
import communityTexts from "./compiled/en/community.js";
import householdTexts from "./compiled/en/household.js";
import programsTexts from "./compiled/en/programs.js";
import feesTexts from "./compiled/en/fees.js";
import paymentDialogTexts from "./compiled/en/payment-dialog.js";
import staffTexts from "./compiled/en/staff.js";
import feeRequestsTexts from "./compiled/en/fee-requests.js";
import cashierTexts from "./compiled/en/cashier.js";
import adminTexts from "./compiled/en/admin.js";
import adminCatalogueTexts from "./compiled/en/admin-catalogue.js";
import adminFeesTexts from "./compiled/en/admin-fees.js";
import adminPeopleTexts from "./compiled/en/admin-people.js";
import adminSchoolsTexts from "./compiled/en/admin-schools.js";
import adminImportsTexts from "./compiled/en/admin-imports.js";
import adminStaffImportTexts from "./compiled/en/admin-staff-import.js";
import adminCatalogueImportTexts from "./compiled/en/admin-catalogue-import.js";
import businessOfficeTexts from "./compiled/en/business-office.js";
import mailTexts from "./compiled/en/mail.js";
import refundsTexts from "./compiled/en/refunds.js";
import refundsFamilyTexts from "./compiled/en/refunds-family.js";
import receiptsTexts from "./compiled/en/receipts.js";
import feesPageTexts from "./compiled/en/fees-page.js";
import paymentsReportTexts from "./compiled/en/payments-report.js";
import guestReceiptsTexts from "./compiled/en/guest-receipts.js";
import apiRepliesTexts from "./compiled/en/api-replies.js";
import commonSpanish from "./compiled/es/common.js";
import communitySpanish from "./compiled/es/community.js";
import householdSpanish from "./compiled/es/household.js";
import programsSpanish from "./compiled/es/programs.js";
import feesSpanish from "./compiled/es/fees.js";
import paymentDialogSpanish from "./compiled/es/payment-dialog.js";
import staffSpanish from "./compiled/es/staff.js";
import feeRequestsSpanish from "./compiled/es/fee-requests.js";
import cashierSpanish from "./compiled/es/cashier.js";
import adminSpanish from "./compiled/es/admin.js";
import adminCatalogueSpanish from "./compiled/es/admin-catalogue.js";
import adminFeesSpanish from "./compiled/es/admin-fees.js";
import adminPeopleSpanish from "./compiled/es/admin-people.js";
import adminSchoolsSpanish from "./compiled/es/admin-schools.js";
import adminImportsSpanish from "./compiled/es/admin-imports.js";
import adminStaffImportSpanish from "./compiled/es/admin-staff-import.js";
import adminCatalogueImportSpanish from "./compiled/es/admin-catalogue-import.js";
import businessOfficeSpanish from "./compiled/es/business-office.js";
import mailSpanish from "./compiled/es/mail.js";
import refundsSpanish from "./compiled/es/refunds.js";
import refundsFamilySpanish from "./compiled/es/refunds-family.js";
import receiptsSpanish from "./compiled/es/receipts.js";
import feesPageSpanish from "./compiled/es/fees-page.js";
import paymentsReportSpanish from "./compiled/es/payments-report.js";
import guestReceiptsSpanish from "./compiled/es/guest-receipts.js";
import apiRepliesSpanish from "./compiled/es/api-replies.js";

export const en = {
  ...common,
  ...household,
  ...community,
  ...programs,
  ...fees,
  ...paymentDialog,
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

const byLanguage: Record<Language, (key: MessageKey, params?: Params) => string> = {
  en: translator<MessageKey>({
    ...commonTexts,
    ...communityTexts,
    ...householdTexts,
    ...programsTexts,
    ...feesTexts,
    ...paymentDialogTexts,
    ...staffTexts,
    ...feeRequestsTexts,
    ...cashierTexts,
    ...adminTexts,
    ...adminCatalogueTexts,
    ...adminFeesTexts,
    ...adminPeopleTexts,
    ...adminSchoolsTexts,
    ...adminImportsTexts,
    ...adminStaffImportTexts,
    ...adminCatalogueImportTexts,
    ...businessOfficeTexts,
    ...mailTexts,
    ...refundsTexts,
    ...refundsFamilyTexts,
    ...receiptsTexts,
    ...feesPageTexts,
    ...paymentsReportTexts,
    ...guestReceiptsTexts,
    ...apiRepliesTexts,
  }),
  es: translator<MessageKey>({
    ...commonSpanish,
    ...communitySpanish,
    ...householdSpanish,
    ...programsSpanish,
    ...feesSpanish,
    ...paymentDialogSpanish,
    ...staffSpanish,
    ...feeRequestsSpanish,
    ...cashierSpanish,
    ...adminSpanish,
    ...adminCatalogueSpanish,
    ...adminFeesSpanish,
    ...adminPeopleSpanish,
    ...adminSchoolsSpanish,
    ...adminImportsSpanish,
    ...adminStaffImportSpanish,
    ...adminCatalogueImportSpanish,
    ...businessOfficeSpanish,
    ...mailSpanish,
    ...refundsSpanish,
    ...refundsFamilySpanish,
    ...receiptsSpanish,
    ...feesPageSpanish,
    ...paymentsReportSpanish,
    ...guestReceiptsSpanish,
    ...apiRepliesSpanish,
  }),
};

/** The text for a key in the current language, its arguments filled from params. */
export function t(key: MessageKey, params?: Params): string {
  return byLanguage[displayLanguage()](key, params);
}
