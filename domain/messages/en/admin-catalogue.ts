// Texts of programmes, courses, sections and their questions (issue 18 point 3).
export const adminCatalogue = {
  "admin.nav.programs": "Programs",
} as const;
