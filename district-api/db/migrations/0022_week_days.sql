-- Meeting days in one spelling (decision 126): the administration's form writes "Mon" … "Sun",
-- while the first demo data and older rows wrote the instructor view's codes (M, T, W, Th, F, S).
-- Mixed spellings hid time conflicts (a "M" course and a "Mon" course did not meet on the same
-- day) and kept such sections from opening in the administration. Every known spelling becomes
-- its day; what names no day is kept as it was, and the district API leaves it out when read.
update course_sections s
set meeting_days = (
  select array_agg(
    case lower(btrim(d))
      when 'm' then 'Mon' when 'mo' then 'Mon' when 'mon' then 'Mon' when 'monday' then 'Mon'
      when 't' then 'Tue' when 'tu' then 'Tue' when 'tue' then 'Tue' when 'tues' then 'Tue'
      when 'tuesday' then 'Tue'
      when 'w' then 'Wed' when 'we' then 'Wed' when 'wed' then 'Wed' when 'wednesday' then 'Wed'
      when 'th' then 'Thu' when 'r' then 'Thu' when 'thu' then 'Thu' when 'thur' then 'Thu'
      when 'thurs' then 'Thu' when 'thursday' then 'Thu'
      when 'f' then 'Fri' when 'fr' then 'Fri' when 'fri' then 'Fri' when 'friday' then 'Fri'
      when 's' then 'Sat' when 'sa' then 'Sat' when 'sat' then 'Sat' when 'saturday' then 'Sat'
      when 'su' then 'Sun' when 'u' then 'Sun' when 'sun' then 'Sun' when 'sunday' then 'Sun'
      else d
    end
    order by n)
  from unnest(s.meeting_days) with ordinality as u(d, n)
)
where s.meeting_days is not null
  and cardinality(s.meeting_days) > 0
  and not (s.meeting_days <@ array['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']::text[]);
