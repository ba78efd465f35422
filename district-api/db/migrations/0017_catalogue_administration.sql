-- Programmes and sections edited by administrators (decision 120). A section
-- with any registration (whatever its status) cannot be deleted: the check reads registrations by
-- section, which until now only a partial index (live registrations) covered.
create index if not exists registrations_section_idx on registrations (course_section_id);
