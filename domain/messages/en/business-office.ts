// Texts of the business office: mailed checks, refunds, reconciliation (issue 20).
export const businessOffice = {
  "admin.nav.businessOffice": "Business office",
} as const;
