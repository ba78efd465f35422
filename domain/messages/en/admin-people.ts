// Texts of students and community members found by the administration, and staff roles (issue 18 point 5).
export const adminPeople = {
  "admin.nav.people": "People",
} as const;
