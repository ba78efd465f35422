-- The catalogue import (decision 129): programmes and sections come from the
-- district's spreadsheet and are matched, run after run, by the codes the district gives them
-- (program_code, section_code), never by their names. A code names one programme or one section;
-- rows made in the product have none until an import adopts them.
alter table programs add column source_key text;
create unique index programs_source_key on programs (source_key) where source_key is not null;
alter table course_sections add column source_key text;
create unique index course_sections_source_key on course_sections (source_key)
  where source_key is not null;
