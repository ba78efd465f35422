-- Fees made and assessed by the district administration (decision 121).
--
-- An assessment by an administrator records who assessed it; a student is assessed a fee by the
-- administration at most once (the unique index makes five identical requests at once charge each
-- student once: INSERT ... ON CONFLICT DO NOTHING). Self-assessed purchases and course fees are
-- not in the index: a family may buy a fee several times.
alter table assessed_fees add column assessed_by text;
create unique index assessed_fees_admin_once on assessed_fees (fee_id, participant_id)
  where assessed_by is not null;
-- "Already assessed this fee?" for every student of a target, as an anti-join on this index.
create index assessed_fees_fee_participant on assessed_fees (fee_id, participant_id)
  where not self_assessed;

-- A waiver or an adjustment keeps its reason and when it was made (the audit entry says who).
alter table assessed_fees add column waived boolean not null default false;
alter table assessed_fees add column adjusted_at timestamptz;
alter table assessed_fees add column adjust_reason text;

-- Targets of an assessment: a grade and/or a school of students.
create index participants_school_grade on participants (school_id, grade) where kind = 'student';
create index participants_grade on participants (grade) where kind = 'student';
-- The administration's fee list searches by name.
create index fees_name_lower on fees (lower(name));
