// Texts of one area for the pages that show them: common plus the administration (translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { admin as adminEn } from "./en/admin";
import type { adminCatalogue as adminCatalogueEn } from "./en/admin-catalogue";
import type { adminFees as adminFeesEn } from "./en/admin-fees";
import type { adminPeople as adminPeopleEn } from "./en/admin-people";
import type { adminSchools as adminSchoolsEn } from "./en/admin-schools";
import type { adminImports as adminImportsEn } from "./en/admin-imports";
import type { adminStaffImport as adminStaffImportEn } from "./en/admin-staff-import";
import type { adminCatalogueImport as adminCatalogueImportEn } from "./en/admin-catalogue-import";
import type { businessOffice as businessOfficeEn } from "./en/business-office";
import type { mail as mailEn } from "./en/mail";
import type { refunds as refundsEn } from "./en/refunds";
import type { paymentsReport as paymentsReportEn } from "./en/payments-report";
import common from "./compiled/page/common.js";
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
import paymentsReport from "./compiled/page/payments-report.js";

export type AdminKey =
  | keyof typeof commonEn
  | keyof typeof adminEn
  | keyof typeof adminCatalogueEn
  | keyof typeof adminFeesEn
  | keyof typeof adminPeopleEn
  | keyof typeof adminSchoolsEn
  | keyof typeof adminImportsEn
  | keyof typeof adminStaffImportEn
  | keyof typeof adminCatalogueImportEn
  | keyof typeof businessOfficeEn
  | keyof typeof mailEn
  | keyof typeof refundsEn
  | keyof typeof paymentsReportEn;
export const t = translator<AdminKey>({
  ...common,
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
  ...paymentsReport,
});
