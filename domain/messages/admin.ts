// Texts of one area for the pages that show them: common plus the administration (translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
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
import { paymentsReport } from "./en/payments-report";

const catalogue = {
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
} as const;

export type AdminKey = keyof typeof catalogue;
export const t = translator(catalogue);
