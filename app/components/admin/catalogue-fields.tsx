// The fields of the program and section forms of the administration (decision 120), shared
// by the new and edit pages. Plain inputs and checkboxes posted as they are, so the pages work
// without JavaScript; conform's metadata gives each its label, kept value and error.
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { ButtonHTMLAttributes } from "react";
import type { FieldMetadata } from "@conform-to/react";
import {
  DELIVERY_METHODS,
  RESPONSE_TYPES,
  WEEK_DAYS,
  type SectionOptions,
} from "@domain/contract/admin-catalogue";
import { t } from "@domain/messages/admin";
import type { FieldMeta } from "~/components/fields";
import { AdminTextarea, AdminTextInput } from "~/components/admin/fields";

type Fields = Record<string, FieldMeta>;
type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement>;
/** The questions' list field: each item a fieldset of the question's inputs. */
type QuestionList = FieldMetadata<
  Array<Record<string, unknown> | undefined> | undefined,
  Record<string, unknown>,
  string[]
>;

export function FlagField({ meta, label }: { meta: FieldMeta; label: string }) {
  return (
    <Checkbox
      key={meta.key}
      name={meta.name}
      id={meta.id}
      defaultChecked={meta.initialValue === "on"}
      label={label}
      error={meta.errors?.[0]}
    />
  );
}

export function SelectField({
  meta,
  label,
  data,
  required,
}: {
  meta: FieldMeta;
  label: string;
  data: { value: string; label: string }[];
  required?: boolean;
}) {
  return (
    <NativeSelect
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      data={data}
      defaultValue={meta.initialValue === undefined ? "" : String(meta.initialValue)}
      error={meta.errors?.[0]}
      withAsterisk={required}
    />
  );
}

export function ProgramFormFields({ fields }: { fields: Fields }) {
  return (
    <Stack>
      <AdminTextInput meta={fields.name!} label={t("admin.programs.name")} required />
      <FlagField meta={fields.open!} label={t("admin.programs.openLabel")} />
      <FlagField meta={fields.active!} label={t("admin.programs.activeLabel")} />
      <FlagField meta={fields.oneSectionPerTerm!} label={t("admin.programs.oneSectionPerTerm")} />
      <FlagField meta={fields.requiresSurvey!} label={t("admin.programs.requiresSurvey")} />
      <FlagField meta={fields.allowPartial!} label={t("admin.programs.allowPartial")} />
      <AdminTextarea
        meta={fields.cancellationMessage!}
        label={t("admin.programs.cancellationMessage")}
        rows={3}
      />
      <AdminTextInput
        meta={fields.sortOrder!}
        label={t("admin.programs.sortOrder")}
        type="number"
        min={0}
        required
      />
    </Stack>
  );
}

export function SectionFormFields({
  fields,
  questionList,
  addQuestion,
  removeQuestion,
  options,
  seatsTaken,
}: {
  fields: Fields;
  questionList: QuestionList;
  /** conform's list intents (insert, remove) as submit buttons: they work without JavaScript. */
  addQuestion: (sortOrder: number) => ButtonProps;
  removeQuestion: (index: number) => ButtonProps;
  options: SectionOptions;
  seatsTaken?: number;
}) {
  const days = new Set(
    ([] as unknown[]).concat(fields.meetingDays!.initialValue ?? []).map((v) => String(v)),
  );
  const questions = questionList.getFieldList();
  return (
    <Stack>
      <SelectField
        meta={fields.courseId!}
        label={t("admin.sections.course")}
        required
        data={[
          { value: "", label: t("admin.sections.chooseCourse") },
          ...options.courses.map((c) => ({ value: c.id, label: c.label })),
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AdminTextInput
          meta={fields.sectionNumber!}
          label={t("admin.sections.sectionNumber")}
          required
        />
        <AdminTextInput
          meta={fields.termId!}
          label={t("admin.sections.termId")}
          description={t("admin.sections.termIdHint")}
          required
        />
        <AdminTextInput meta={fields.term!} label={t("admin.sections.term")} required />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          meta={fields.instructorEmployeeId!}
          label={t("admin.sections.instructor")}
          data={[
            { value: "", label: t("admin.sections.noInstructor") },
            ...options.instructors.map((i) => ({
              value: i.employeeId,
              label: `${i.name} (${i.employeeId})`,
            })),
          ]}
        />
        <SelectField
          meta={fields.schoolId!}
          label={t("admin.sections.school")}
          data={[
            { value: "", label: t("admin.sections.noSchool") },
            ...options.schools.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
      </SimpleGrid>
      <FlagField meta={fields.restrictToSchool!} label={t("admin.sections.restrictToSchool")} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AdminTextInput
          meta={fields.capacity!}
          label={t("admin.sections.capacity")}
          type="number"
          min={0}
          required
          description={
            seatsTaken === undefined
              ? undefined
              : t("admin.sections.capacityHint", { taken: String(seatsTaken) })
          }
        />
        <AdminTextInput
          meta={fields.cost!}
          label={t("admin.sections.cost")}
          required
          description={t("admin.sections.moneyHint")}
        />
        <AdminTextInput
          meta={fields.creditHours!}
          label={t("admin.sections.creditHours")}
          required
        />
      </SimpleGrid>
      <FlagField meta={fields.waitlistEnabled!} label={t("admin.sections.waitlist")} />
      <SelectField
        meta={fields.deliveryMethod!}
        label={t("admin.sections.delivery")}
        required
        data={DELIVERY_METHODS.map((d) => ({ value: d, label: d }))}
      />
      <Checkbox.Group
        label={t("admin.sections.days")}
        error={fields.meetingDays!.errors?.[0]}
        id={fields.meetingDays!.id}
        defaultValue={[...days]}
      >
        <Group gap="md" mt="xs">
          {WEEK_DAYS.map((d) => (
            <Checkbox
              key={`${fields.meetingDays!.key}-${d}`}
              name={fields.meetingDays!.name}
              value={d}
              label={d}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {/* The browser's own date and time fields: people type the date and the time as they
            read them (month first, AM or PM), and the form sends YYYY-MM-DD and HH:MM. */}
        <AdminTextInput
          meta={fields.timeStart!}
          label={t("admin.sections.timeStart")}
          description={t("admin.sections.timeHint")}
          type="time"
        />
        <AdminTextInput
          meta={fields.timeEnd!}
          label={t("admin.sections.timeEnd")}
          description={t("admin.sections.timeHint")}
          type="time"
        />
        <AdminTextInput
          meta={fields.dateStart!}
          label={t("admin.sections.dateStart")}
          description={t("admin.sections.dateHint")}
          type="date"
          required
        />
        <AdminTextInput
          meta={fields.dateEnd!}
          label={t("admin.sections.dateEnd")}
          description={t("admin.sections.dateHint")}
          type="date"
          required
        />
      </SimpleGrid>
      <AdminTextInput meta={fields.roomNumber!} label={t("admin.sections.room")} />
      <FlagField meta={fields.allowCommunity!} label={t("admin.sections.allowCommunity")} />
      <AdminTextInput
        meta={fields.eligibleGrades!}
        label={t("admin.sections.grades")}
        description={t("admin.sections.gradesHint")}
      />
      <FlagField
        meta={fields.timeConflictOverride!}
        label={t("admin.sections.timeConflictOverride")}
      />
      <FlagField
        meta={fields.oneSectionPerTermOverride!}
        label={t("admin.sections.oneSectionPerTermOverride")}
      />
      <AdminTextarea meta={fields.notes!} label={t("admin.sections.notes")} rows={2} />
      <Fieldset legend={t("admin.sections.questions")}>
        <Stack>
          {questionList.errors?.[0] ? (
            <Text c="red" size="sm">
              {questionList.errors[0]}
            </Text>
          ) : null}
          {questions.map((q, i) => {
            const f = q.getFieldset() as unknown as Fields;
            const n = String(i + 1);
            return (
              <Paper
                key={q.key ?? `question-${i}`}
                withBorder
                p="sm"
                role="group"
                aria-label={t("admin.sections.question", { n })}
              >
                <Stack gap="xs">
                  <input
                    type="hidden"
                    name={f.id!.name}
                    defaultValue={f.id!.initialValue as string | undefined}
                  />
                  <AdminTextarea
                    meta={f.question!}
                    label={t("admin.sections.questionText")}
                    rows={2}
                    required
                  />
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <SelectField
                      meta={f.responseType!}
                      label={t("admin.sections.responseType")}
                      required
                      data={RESPONSE_TYPES.map((r) => ({ value: r, label: r }))}
                    />
                    <AdminTextInput meta={f.answerList!} label={t("admin.sections.answerList")} />
                    <AdminTextInput
                      meta={f.sortOrder!}
                      label={t("admin.sections.sortOrder")}
                      type="number"
                      min={0}
                      required
                    />
                  </SimpleGrid>
                  <Group>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      type="submit"
                      {...removeQuestion(i)}
                    >
                      {t("admin.sections.removeQuestion", { n })}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
          <Group>
            <Button variant="light" type="submit" {...addQuestion(questions.length + 1)}>
              {t("admin.sections.addQuestion")}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </Stack>
  );
}

/** The section form's values of a section read from the district API. */
export function sectionDefaults(s: {
  courseId: string;
  sectionNumber: string;
  termId: string;
  term: string;
  instructorEmployeeId: string | null;
  schoolId: number | null;
  restrictToSchool: boolean;
  capacity: number;
  waitlistEnabled: boolean;
  costCents: number;
  creditHours: number;
  deliveryMethod: (typeof DELIVERY_METHODS)[number];
  meetingDays: (typeof WEEK_DAYS)[number][];
  roomNumber: string | null;
  dateStart: string;
  dateEnd: string;
  timeStart: string | null;
  timeEnd: string | null;
  allowCommunity: boolean;
  eligibleGrades: string[] | null;
  timeConflictOverride: boolean;
  oneSectionPerTermOverride: boolean;
  notes: string | null;
  questions: {
    id: number;
    question: string;
    responseType: (typeof RESPONSE_TYPES)[number];
    answerList: string[];
    sortOrder: number;
  }[];
}) {
  const on = (v: boolean) => (v ? "on" : undefined);
  return {
    courseId: s.courseId,
    sectionNumber: s.sectionNumber,
    termId: s.termId,
    term: s.term,
    instructorEmployeeId: s.instructorEmployeeId ?? "",
    schoolId: s.schoolId === null ? "" : String(s.schoolId),
    restrictToSchool: on(s.restrictToSchool),
    capacity: String(s.capacity),
    waitlistEnabled: on(s.waitlistEnabled),
    cost: (s.costCents / 100).toFixed(2),
    creditHours: String(s.creditHours),
    deliveryMethod: s.deliveryMethod,
    meetingDays: s.meetingDays,
    roomNumber: s.roomNumber ?? "",
    dateStart: s.dateStart,
    dateEnd: s.dateEnd,
    timeStart: s.timeStart ?? "",
    timeEnd: s.timeEnd ?? "",
    allowCommunity: on(s.allowCommunity),
    eligibleGrades: (s.eligibleGrades ?? []).join(", "),
    timeConflictOverride: on(s.timeConflictOverride),
    oneSectionPerTermOverride: on(s.oneSectionPerTermOverride),
    notes: s.notes ?? "",
    questions: s.questions.map((q) => ({
      id: String(q.id),
      question: q.question,
      responseType: q.responseType,
      answerList: q.answerList.join(", "),
      sortOrder: String(q.sortOrder),
    })),
  };
}

/** The search of the programs and the courses lists: a name, or part of one. */
export function CatalogueSearchFields({ q, error }: { q: string; error?: string | null }) {
  return (
    <>
      <TextInput
        name="q"
        label={t("admin.programs.search")}
        defaultValue={q}
        error={error ?? undefined}
      />
      <Button type="submit" variant="light">
        {t("admin.programs.searchButton")}
      </Button>
    </>
  );
}
