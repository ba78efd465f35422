// Texts of the catalogue import (decision 129): what to import on the upload
// page, the report's names of programs, courses and sections, and the reasons a row is refused.
export const adminCatalogueImport = {
  "admin.imports.kind.catalogue": "Programs and sections",
  "admin.imports.kindHelp.catalogue":
    "One row per section with the columns program_code, program_name, section_code, subject, course_number, section_number, term_id, term, date_start, date_end, capacity (and optionally price, meeting_days, time_start, time_end, grades, school, instructor and the others of the documented file). With the district's OneRoster orgs.csv (and academicSessions.csv) beside it, the schools and school years they name are added or renamed.",
  "admin.imports.col.code": "Code",
  "admin.imports.csv.code": "code",
  "admin.imports.catalogue.programRow": "Program: {name}",
  "admin.imports.catalogue.courseRow": "Course: {name}",
  "admin.imports.catalogue.sectionRow": "{course} {section}, {term}",
  "admin.imports.catalogue.yesNo": '"{value}" is not yes or no.',
  "admin.imports.catalogue.missingCode": "The code is missing.",
  "admin.imports.catalogue.courseNameNeeded":
    "The course is not on file: give its course_name to create it.",
  "admin.imports.catalogue.badDay":
    'The meeting day "{value}" is unknown (Mon to Sun, or M, T, W, Th, F, S, Su).',
  "admin.imports.catalogue.otherProgram":
    "This section belongs to another program on file; an import does not move sections between programs.",
  "admin.imports.catalogue.duplicateCode": "The section is already on line {line} of the file.",
  "admin.imports.catalogue.programDiffers":
    "The program's columns differ from its first row, on line {line}.",
  "admin.imports.catalogue.programClaimed":
    "The program on file is already matched by another code, on line {line}.",
} as const;
