// Texts of one area for the pages that show them: common plus the administration (translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { admin } from "./en/admin";
import { adminCatalogue } from "./en/admin-catalogue";
import { adminFees } from "./en/admin-fees";
import { adminPeople } from "./en/admin-people";
import { adminImports } from "./en/admin-imports";
import { businessOffice } from "./en/business-office";
import { refunds } from "./en/refunds";

const catalogue = {
  ...common,
  ...admin,
  ...adminCatalogue,
  ...adminFees,
  ...adminPeople,
  ...adminImports,
  ...businessOffice,
  ...refunds,
} as const;

export type AdminKey = keyof typeof catalogue;
export const t = translator(catalogue);
