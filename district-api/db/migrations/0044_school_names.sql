-- Schools and school years are kept from the administration and the OneRoster imports
-- (decision 149). A file names a school by its short or full name in any case, and a
-- school year by its name, so each name belongs to one row: two administrators (or an import and
-- an administrator) adding the same name at once leave one row, the other is told it is taken.
create unique index schools_short_name_lower on schools (lower(short_name));
create unique index schools_full_name_lower on schools (lower(full_name));
create unique index school_years_year_lower on school_years (lower(year));
