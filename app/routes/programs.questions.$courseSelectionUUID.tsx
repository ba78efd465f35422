// Course questions before registering or joining a waitlist (spec 01 §5), as a dialog that is a
// URL: Value List as choices, Free Form as text, Signature as a typed signature, Waiver as its
// text with "I Accept", a signature and the legal name.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useZodForm } from "~/components/zod-form";
import { ErrorSummary } from "~/components/fields";
import { Button, Checkbox, Group, Radio, Stack, Text, Textarea, TextInput } from "~/ui";
import { questionField } from "@domain/forms/course-question-fields";
import { hasWaiver, WAIVER_ACCEPTED } from "@domain/rules/registration";
import { t } from "@domain/messages/programs";
import { courseQuestionsAction, courseQuestionsPage } from "~/.server/programs";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { programsOpener } from "~/components/programs/openers";
import { districtTextLang } from "~/components/district-text";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("questions.title") };

export function loader(args: LoaderFunctionArgs) {
  return courseQuestionsPage(args);
}

export function action(args: ActionFunctionArgs) {
  return courseQuestionsAction(args);
}

export default function CourseQuestions() {
  const { course, intent, back, postTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: `questions-${course.courseSelectionUUID}`,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    load: () => import("@domain/forms/course-questions"),
    schema: (m) => m.courseQuestionsForm(course.courseQuestions),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // conform's fields object is a proxy: name the fields to read their errors.
  const names = [
    ...course.courseQuestions.map((q) => questionField(q.id)),
    ...(hasWaiver(course.courseQuestions) ? ["signature", "legalName"] : []),
  ];
  const errors = [
    ...new Set(names.flatMap((n) => fields[n]?.errors ?? []).concat(form.errors ?? [])),
  ];
  // "All fields are required." first, then the waiver's message.
  const required = t("register.answersRequired");
  errors.sort((a, b) => Number(b === required) - Number(a === required));
  const err = (name: string) => fields[name]?.errors?.[0];
  // An unanswered question is marked invalid and points at the dialog's message, said once at
  // its top (decision 159), instead of repeating it.
  const invalid = (name: string) =>
    err(name)
      ? { "aria-invalid": true as const, "aria-describedby": form.errorId }
      : { "aria-invalid": undefined };
  const sorted = [...course.courseQuestions].sort((a, b) => a.sortOrder - b.sortOrder);
  // After a failed post the first invalid answer takes the focus (autofocus, for the page without
  // JavaScript; conform focuses it with JavaScript), or the error summary when no answer is at fault.
  const firstInvalid = [
    ...sorted.map((q) => questionField(q.id)),
    ...(hasWaiver(course.courseQuestions) ? ["signature", "legalName"] : []),
  ].find((n) => err(n));
  const focusFirst = (name: string) => (name === firstInvalid ? true : undefined);
  // The error summary names each unanswered question by its text (the waiver by its name).
  const questionLabel = (name: string) => {
    if (name === "signature") return t("questions.signature");
    if (name === "legalName") return t("questions.legalName");
    const q = course.courseQuestions.find((c) => questionField(c.id) === name);
    if (!q) return undefined;
    return q.responseType === "Waiver" ? t("questions.waiverLabel") : q.question;
  };
  const opener = programsOpener.action(course.courseSelectionUUID);
  return (
    <PageDialog
      title={t("questions.title")}
      closeHref={back}
      closeLabel={t("questions.cancel")}
      openerId={opener}
    >
      <Form method="post" action={postTo} {...formProps}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="status" value={course.status} />
        <Stack gap="md">
          {/* The dialog says its answers' messages once, here; the answers point at them. */}
          <ErrorSummary
            form={form}
            result={actionData && "result" in actionData ? actionData.result : undefined}
            labelOf={questionLabel}
            messages={errors}
          />
          <Text size="sm">{t("questions.intro", { name: course.name })}</Text>
          {sorted.map((q) => {
            const name = questionField(q.id);
            const id = `${form.id}-${name}`;
            // The district's words, in Spanish where it wrote them (decision 172).
            const questionLang = districtTextLang(q.spanish, "question");
            const question = <span lang={questionLang}>{q.question}</span>;
            const answerLang = districtTextLang(q.spanish, "answerList");
            switch (q.responseType) {
              case "Value List":
                return (
                  <fieldset
                    key={q.id}
                    className="question-fieldset"
                    aria-invalid={err(name) ? true : undefined}
                  >
                    <legend>{question}</legend>
                    <Stack gap={6} mt={6}>
                      {q.answerList.map((a, i) => (
                        <Radio
                          key={a}
                          // The first choice has the question's id: the summary's link leads there.
                          id={i === 0 ? id : `${id}-${i}`}
                          name={name}
                          value={a}
                          // The answer kept is the English one; its label is the district's
                          // Spanish answer where it wrote one.
                          label={<span lang={answerLang}>{q.answerLabels?.[i] ?? a}</span>}
                          // The choice's message is the dialog's ("All fields are required.").
                          {...invalid(name)}
                          autoFocus={i === 0 ? focusFirst(name) : undefined}
                          defaultChecked={fields[name]?.initialValue === a}
                        />
                      ))}
                    </Stack>
                  </fieldset>
                );
              case "Free Form":
                return (
                  <Textarea
                    key={q.id}
                    id={id}
                    name={name}
                    label={question}
                    autosize
                    minRows={2}
                    maxLength={5000}
                    defaultValue={(fields[name]?.initialValue as string | undefined) ?? ""}
                    {...invalid(name)}
                    autoFocus={focusFirst(name)}
                  />
                );
              case "Signature":
                return (
                  <TextInput
                    key={q.id}
                    id={id}
                    name={name}
                    label={question}
                    description={t("questions.signatureHint")}
                    autoComplete="name"
                    maxLength={200}
                    defaultValue={(fields[name]?.initialValue as string | undefined) ?? ""}
                    {...invalid(name)}
                    autoFocus={focusFirst(name)}
                  />
                );
              case "Waiver":
                return (
                  <Stack key={q.id} gap={6}>
                    {/* A plain scrolling box: keyboard users can focus and scroll it. */}
                    <div
                      className="waiver-text"
                      role="region"
                      aria-label={t("questions.waiverLabel")}
                      tabIndex={0}
                    >
                      <Text size="sm" lang={questionLang}>
                        {q.question}
                      </Text>
                    </div>
                    <Checkbox
                      id={id}
                      name={name}
                      value={WAIVER_ACCEPTED}
                      label={t("questions.accept")}
                      defaultChecked={fields[name]?.initialValue === WAIVER_ACCEPTED}
                      {...invalid(name)}
                      autoFocus={focusFirst(name)}
                    />
                  </Stack>
                );
            }
          })}
          {hasWaiver(course.courseQuestions) ? (
            <>
              <TextInput
                id={`${form.id}-signature`}
                name="signature"
                label={t("questions.signature")}
                description={t("questions.signatureHint")}
                maxLength={200}
                defaultValue={(fields.signature?.initialValue as string | undefined) ?? ""}
                {...invalid("signature")}
                autoFocus={focusFirst("signature")}
              />
              <TextInput
                id={`${form.id}-legalName`}
                name="legalName"
                label={t("questions.legalName")}
                autoComplete="name"
                maxLength={200}
                defaultValue={(fields.legalName?.initialValue as string | undefined) ?? ""}
                {...invalid("legalName")}
                autoFocus={focusFirst("legalName")}
              />
            </>
          ) : null}
          <Group justify="flex-end">
            <Button component={Link} to={hrefTo(back, opener)} variant="default">
              {t("questions.cancel")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("questions.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </PageDialog>
  );
}
