// Texts of fees made and assessed by the administration (issue 18 point 4).
export const adminFees = {
  "admin.nav.fees": "Fees",
} as const;
