// Texts of the staff import (decision 128): what to import on the upload page, and the
// reasons a staff row is refused.
export const adminStaffImport = {
  "admin.imports.kind": "What to import",
  "admin.imports.kind.students": "Students",
  "admin.imports.kind.staff": "Staff",
  "admin.imports.kindHelp.staff":
    "A plain CSV with the columns employee_id, first_name, last_name, roles (and optionally email, username, school), or users.csv and orgs.csv of a OneRoster set; with orgs.csv (and academicSessions.csv) the schools and school years they name are added or renamed. Imported staff sign in once an administrator sets their password.",
  "admin.staffImport.col.id": "Employee ID",
  "admin.staffImport.csv.id": "employee_id",
  "admin.staffImport.fullNote":
    "Full export: staff accounts the import created and the file no longer has are marked inactive (never you, an administrator, or an account made on the staff page).",
  "admin.staffImport.reason.missingId": "The employee ID is missing.",
  "admin.staffImport.reason.badId":
    'The employee ID "{value}" may only have letters, digits, ".", "_" and "-" (40 at most).',
  "admin.staffImport.reason.badUsername":
    'The user name "{value}" may only have letters, digits, ".", "_" and "-" (60 at most).',
  "admin.staffImport.reason.missingRole": "The role is missing.",
  "admin.staffImport.reason.unknownRole": 'The role "{value}" is unknown.',
  "admin.staffImport.reason.adminRole":
    'The role "{value}" is given on the staff page only, never by an import.',
  "admin.staffImport.reason.duplicateId": "The employee ID is already on line {line} of the file.",
  "admin.staffImport.reason.duplicateUsername":
    "The user name is already on line {line} of the file.",
  "admin.staffImport.reason.usernameTaken": "The user name is another staff account's.",
  "admin.staffImport.reason.keptInactive":
    "Deactivated by an administrator: stays inactive until reactivated on the staff page.",
  "admin.staffImport.takenMeanwhile":
    "A user name or employee ID of the file was just given on the staff page. Run the import again.",
} as const;
