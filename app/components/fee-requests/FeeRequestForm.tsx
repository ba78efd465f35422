// The Fee Request form (spec 02 §5). Plain posts work without JavaScript: adding or removing
// sponsors and questions and searching employees are submit buttons the action answers with the
// form as typed; with JavaScript conform does them in place and checks the rules as one types.
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { t } from "@domain/messages/fee-requests";
import { SubmitWithHint } from "~/components/SubmitWithHint";
import {
  FEE_TYPES,
  RESPONSE_TYPES,
  nextSortOrder,
  renumberAfterDelete,
  searchEmployees,
  type Employee,
  type FeeRequestSchema,
  type QuestionDraft,
} from "@domain/forms/fee-request";
import type * as FeeRequestForms from "@domain/forms/fee-request";
import { useZodForm } from "~/components/zod-form";
import { catalogueLabels, ErrorSummary } from "~/components/fields";
import { MantineTextField } from "~/components/staff/fields";

export interface FeeRequestLookups {
  schools: { id: number; shortName: string; fullName: string }[];
  years: { id: number; year: string }[];
  routes: { id: number; route: string }[];
  employees: Employee[];
  categories: { id: number; name: string }[];
}

interface Props {
  lookups: FeeRequestLookups;
  me: Employee;
  timeZone: string;
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  sponsorQuery?: string;
  saveError?: { warning: string | null } | null;
  instructions?: string | null;
  cancelHref: string;
}

type Meta = FieldMetadata<string | undefined>;

/** The form's fields as posted: strings, and lists of sponsors and questions. */
type FeeRequestFormShape = {
  feeRequestId?: string;
  name?: string;
  school?: string;
  year?: string;
  category?: string;
  approvalRoute?: string;
  type?: string;
  cost?: string;
  costVariable?: string;
  accountNumber?: string;
  accountAssignedByBusinessOffice?: string;
  allowStudent?: string;
  allowEmployee?: string;
  allowCommunityMember?: string;
  allowGuest?: string;
  collectionStart?: string;
  collectionEnd?: string;
  description?: string;
  otherInformation?: string;
  sponsors?: { id?: string; name?: string }[];
  requiresAdditionalInformation?: string;
  questions?: {
    question?: string;
    responseType?: string;
    answerList?: string;
    sortOrder?: string;
  }[];
};

function Select({
  meta,
  label,
  options,
  onChange,
}: {
  meta: Meta;
  label: string;
  options: { value: string; label: string }[];
  onChange?: (value: string) => void;
}) {
  return (
    <NativeSelect
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      defaultValue={(meta.initialValue as string | undefined) ?? ""}
      error={meta.errors?.[0]}
      data={[{ value: "", label: t("feeRequest.choose") }, ...options]}
      onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
    />
  );
}

function Check({
  meta,
  label,
  onChange,
}: {
  meta: Meta;
  label: string;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      defaultChecked={meta.initialValue === "on"}
      onChange={onChange ? (e) => onChange(e.currentTarget.checked) : undefined}
    />
  );
}

/** The request's labels, for the error summary's links. */
const feeRequestLabel = catalogueLabels(t, "feeRequest", {
  accountAssignedByBusinessOffice: "feeRequest.accountByBO",
  requiresAdditionalInformation: "feeRequest.questions",
});

export function FeeRequestForm({
  lookups,
  me,
  timeZone,
  defaultValue,
  lastResult,
  sponsorQuery,
  saveError,
  instructions,
  cancelHref,
}: Props) {
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [query, setQuery] = useState(sponsorQuery ?? "");
  useEffect(() => setQuery(sponsorQuery ?? ""), [sponsorQuery]);

  const [form, fields, formProps] = useZodForm<
    typeof FeeRequestForms,
    FeeRequestSchema,
    FeeRequestFormShape
  >({
    id: "fee-request",
    lastResult,
    defaultValue: defaultValue as FeeRequestFormShape,
    load: () => import("@domain/forms/fee-request"),
    schema: (m) => m.feeRequestSchema({ now: new Date(), timeZone }),
    disableAutoCoercion: true,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // conform's intent helpers, typed loosely: the field names come from `fields`.
  const update = (name: string, value: unknown) => form.update({ name, value } as never);
  // Intent buttons submit the form, so they also work as plain posts without JavaScript.
  const removeButton = (name: string, index: number) => ({
    type: "submit" as const,
    ...form.remove.getButtonProps({ name, index } as never),
  });
  const insertButton = (name: string, defaultValue: unknown) => ({
    type: "submit" as const,
    ...form.insert.getButtonProps({ name, defaultValue } as never),
  });

  const sponsors = fields.sponsors.getFieldList();
  const questions = fields.questions.getFieldList();
  const chosenIds = sponsors.map((s) => {
    const f = s.getFieldset();
    return String(f.id.value ?? f.id.initialValue ?? "");
  });
  const matches = searchEmployees(lookups.employees, query, chosenIds);
  const currentQuestions = questions.map((q) => {
    const f = q.getFieldset();
    return {
      question: f.question.value ?? "",
      responseType: f.responseType.value ?? "",
      answerList: f.answerList.value ?? "",
      sortOrder: f.sortOrder.value ?? "",
    } satisfies QuestionDraft;
  });
  const asksMore =
    (fields.requiresAdditionalInformation.value ??
      fields.requiresAdditionalInformation.initialValue) === "yes";
  const hasErrors = Object.values(form.allErrors).some((e) => e.length > 0);
  const invalid = hydrated && hasErrors;
  const submitting = navigation.state === "submitting";

  return (
    <Form method="post" {...formProps}>
      {/* Enter in a field submits the request: the form's first submit button is this one, not a
          Remove or Add button further down. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="feeRequestId" value={String(defaultValue.feeRequestId ?? "")} />
      <Stack>
        {instructions ? <Text size="sm">{instructions}</Text> : null}
        {saveError ? (
          <Alert color="red" role="alert" title={t("feeRequest.saveError")}>
            {saveError.warning ? null : t("feeRequest.fixIssues")}
          </Alert>
        ) : null}
        {saveError?.warning ? (
          <Alert color="yellow" role="alert">
            {saveError.warning}
          </Alert>
        ) : null}
        <ErrorSummary form={form} result={lastResult} labelOf={feeRequestLabel} />

        <MantineTextField meta={fields.name} label={t("feeRequest.name")} maxLength={200} />
        <Group grow align="flex-start">
          <Select
            meta={fields.school}
            label={t("feeRequest.school")}
            options={lookups.schools.map((s) => ({ value: String(s.id), label: s.fullName }))}
          />
          <Select
            meta={fields.year}
            label={t("feeRequest.year")}
            options={lookups.years.map((y) => ({ value: String(y.id), label: y.year }))}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            meta={fields.type}
            label={t("feeRequest.type")}
            options={FEE_TYPES.map((v) => ({ value: v, label: v }))}
            onChange={(v) => {
              // Course and Enrollment fees have no category (spec 02 §5).
              if (v !== "Optional") update(fields.category.name, "");
            }}
          />
          <Select
            meta={fields.category}
            label={t("feeRequest.category")}
            options={lookups.categories.map((c) => ({ value: String(c.id), label: c.name }))}
          />
        </Group>
        <Select
          meta={fields.approvalRoute}
          label={t("feeRequest.approvalRoute")}
          options={lookups.routes.map((r) => ({ value: String(r.id), label: r.route }))}
        />
        <Group grow align="flex-start">
          <MantineTextField
            meta={fields.cost}
            label={t("feeRequest.cost")}
            inputMode="decimal"
            leftSection="$"
          />
          <div style={{ paddingTop: "1.9rem" }}>
            <Check meta={fields.costVariable} label={t("feeRequest.costVariable")} />
          </div>
        </Group>
        <Group grow align="flex-start">
          <MantineTextField meta={fields.accountNumber} label={t("feeRequest.accountNumber")} />
          <div style={{ paddingTop: "1.9rem" }}>
            <Check
              meta={fields.accountAssignedByBusinessOffice}
              label={t("feeRequest.accountByBO")}
              onChange={(checked) => {
                if (checked) update(fields.accountNumber.name, "");
              }}
            />
          </div>
        </Group>
        <Group grow align="flex-start">
          <MantineTextField
            meta={fields.collectionStart}
            label={t("feeRequest.collectionStart")}
            type="date"
          />
          <MantineTextField
            meta={fields.collectionEnd}
            label={t("feeRequest.collectionEnd")}
            type="date"
          />
        </Group>

        <Fieldset legend={t("feeRequest.whoMayBuy")}>
          <Group>
            <Check meta={fields.allowStudent} label={t("feeRequest.allowStudent")} />
            <Check meta={fields.allowEmployee} label={t("feeRequest.allowEmployee")} />
            <Check
              meta={fields.allowCommunityMember}
              label={t("feeRequest.allowCommunityMember")}
            />
            <Check meta={fields.allowGuest} label={t("feeRequest.allowGuest")} />
          </Group>
        </Fieldset>

        <Textarea
          key={fields.description.key}
          id={fields.description.id}
          name={fields.description.name}
          label={t("feeRequest.description")}
          defaultValue={(fields.description.initialValue as string | undefined) ?? ""}
          autosize
          minRows={3}
        />
        <Textarea
          key={fields.otherInformation.key}
          id={fields.otherInformation.id}
          name={fields.otherInformation.name}
          label={t("feeRequest.otherInformation")}
          defaultValue={(fields.otherInformation.initialValue as string | undefined) ?? ""}
          autosize
          minRows={2}
        />

        <Fieldset legend={t("feeRequest.sponsors")} id={fields.sponsors.id}>
          <Stack gap="xs">
            <ul className="fee-request-sponsors" aria-label={t("feeRequest.sponsors")}>
              {sponsors.map((s, index) => {
                const f = s.getFieldset();
                const id = String(f.id.value ?? f.id.initialValue ?? "");
                const name = String(f.name.value ?? f.name.initialValue ?? "");
                return (
                  // conform gives list items no key in a server render of a reply (no JavaScript).
                  <li key={s.key ?? `sponsor-${index}`}>
                    <input type="hidden" name={f.id.name} value={id} />
                    <input type="hidden" name={f.name.name} value={name} />
                    <Group gap="xs">
                      <Text size="sm">
                        {name} ({id})
                      </Text>
                      {id !== me.id ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={t("feeRequest.removeSponsor", { name })}
                          {...removeButton(fields.sponsors.name, index)}
                        >
                          ✕
                        </Button>
                      ) : null}
                    </Group>
                  </li>
                );
              })}
            </ul>
            {fields.sponsors.errors?.length ? (
              <div role="alert" className="field-error" id={fields.sponsors.errorId}>
                {fields.sponsors.errors[0]}
              </div>
            ) : null}
            <Group align="flex-end" gap="xs">
              <TextInput
                name="sponsorQuery"
                label={t("feeRequest.sponsorSearch")}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
                onKeyDown={(e) => {
                  // Enter searches; it must not submit the request.
                  if (e.key === "Enter" && hydrated) e.preventDefault();
                }}
                style={{ flex: 1 }}
              />
              <Button type="submit" name="_search" value="1" variant="default">
                {t("feeRequest.search")}
              </Button>
            </Group>
            {query.trim() ? (
              matches.length ? (
                <ul className="fee-request-matches" aria-label={t("feeRequest.search")}>
                  {matches.slice(0, 20).map((e) => (
                    <li key={e.id}>
                      <Group gap="xs">
                        <Text size="sm">
                          {e.name} ({e.id})
                        </Text>
                        <Button
                          size="compact-xs"
                          variant="light"
                          aria-label={t("feeRequest.addSponsor", { name: e.name })}
                          {...insertButton(fields.sponsors.name, { id: e.id, name: e.name })}
                        >
                          +
                        </Button>
                      </Group>
                    </li>
                  ))}
                </ul>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("feeRequest.noMatches")}
                </Text>
              )
            ) : null}
          </Stack>
        </Fieldset>

        <Fieldset legend={t("feeRequest.requiresInfo")}>
          <Group>
            <Radio
              key={`${fields.requiresAdditionalInformation.key}-yes`}
              name={fields.requiresAdditionalInformation.name}
              value="yes"
              label={t("feeRequest.yes")}
              defaultChecked={fields.requiresAdditionalInformation.initialValue === "yes"}
            />
            <Radio
              key={`${fields.requiresAdditionalInformation.key}-no`}
              name={fields.requiresAdditionalInformation.name}
              value="no"
              label={t("feeRequest.no")}
              defaultChecked={fields.requiresAdditionalInformation.initialValue !== "yes"}
              onChange={(e) => {
                // "No" clears the questions (spec 02 §5).
                if (e.currentTarget.checked) update(fields.questions.name, []);
              }}
            />
          </Group>
        </Fieldset>

        {asksMore || !hydrated ? (
          <Fieldset legend={t("feeRequest.questions")} id={fields.questions.id}>
            <Stack>
              {questions.map((q, index) => {
                const f = q.getFieldset();
                const n = index + 1;
                const rt = f.responseType.value ?? (f.responseType.initialValue as string) ?? "";
                return (
                  <Paper key={q.key} withBorder p="sm">
                    <Fieldset
                      variant="unstyled"
                      legend={t("feeRequest.questionN", { n })}
                      aria-label={t("feeRequest.questionN", { n })}
                    >
                      <Stack gap="xs">
                        <MantineTextField meta={f.question} label={t("feeRequest.questionText")} />
                        <Group grow align="flex-start">
                          <Select
                            meta={f.responseType}
                            label={t("feeRequest.responseType")}
                            options={RESPONSE_TYPES.map((v) => ({ value: v, label: v }))}
                          />
                          <MantineTextField
                            meta={f.sortOrder}
                            label={t("feeRequest.sortOrder")}
                            inputMode="numeric"
                          />
                        </Group>
                        {!hydrated || rt === "Value List" ? (
                          <MantineTextField
                            meta={f.answerList}
                            label={t("feeRequest.answerList")}
                          />
                        ) : (
                          <input type="hidden" name={f.answerList.name} value="" />
                        )}
                        <Group justify="flex-end">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            {...removeButton(fields.questions.name, index)}
                            onClick={(e) => {
                              // With JavaScript: remove and renumber in one update.
                              e.preventDefault();
                              update(
                                fields.questions.name,
                                renumberAfterDelete(currentQuestions, index),
                              );
                            }}
                          >
                            {t("feeRequest.removeQuestion", { n })}
                          </Button>
                        </Group>
                      </Stack>
                    </Fieldset>
                  </Paper>
                );
              })}
              {fields.questions.errors?.length ? (
                <div role="alert" className="field-error" id={fields.questions.errorId}>
                  {fields.questions.errors[0]}
                </div>
              ) : null}
              <Group>
                <Button
                  variant="default"
                  {...insertButton(fields.questions.name, {
                    question: "",
                    responseType: "",
                    answerList: "",
                    sortOrder: String(nextSortOrder(currentQuestions)),
                  })}
                >
                  {t("feeRequest.addQuestion")}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        ) : null}

        <Group justify="flex-end">
          <Button component={Link} to={cancelHref} variant="default">
            {t("feeRequest.cancel")}
          </Button>
          <SubmitWithHint
            hint={t("feeRequest.fixIssues")}
            hintId="fee-request-fix"
            disabled={invalid}
            loading={submitting}
          >
            {t("feeRequest.submit")}
          </SubmitWithHint>
        </Group>
      </Stack>
    </Form>
  );
}
