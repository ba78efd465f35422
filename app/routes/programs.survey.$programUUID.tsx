// The health-risk survey gate (spec 01 §2, §5): isAtRisk true or false, before the activities of
// a program that requires it. A dialog that is a URL; a plain form post.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useZodForm } from "~/components/zod-form";
import { Button, Group, Radio, Stack, Text } from "~/ui";
import { t } from "@domain/messages/programs";
import { ErrorSummary } from "~/components/fields";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { programsOpener } from "~/components/programs/openers";
import { surveyPage, surveyAction } from "~/.server/programs";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("survey.title") };

export function loader(args: LoaderFunctionArgs) {
  return surveyPage(args);
}

export function action(args: ActionFunctionArgs) {
  return surveyAction(args);
}

/** The survey's one field, named in the error summary by its question. */
const surveyLabel = (name: string) => (name === "isAtRisk" ? t("survey.isAtRisk") : undefined);

export default function Survey() {
  const { programUUID, name, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "health-survey",
    lastResult: actionData?.result,
    load: () => import("@domain/forms/course-questions"),
    schema: (m) => m.SurveyForm,
    shouldValidate: "onSubmit",
  });
  // Closing goes back to the list, to the gate's button that opened the survey.
  const close = hrefTo(back, programsOpener.survey(programUUID));
  const choiceError = fields.isAtRisk.errors?.[0];
  const choiceErrorId = `${fields.isAtRisk.id}-error`;
  // After a failed post the first error takes the focus: the choice, else the error summary. The
  // first choice has the field's id: the summary's link leads to it.
  const choice = (value: "true" | "false", label: string, first: boolean) => (
    <Radio
      name={fields.isAtRisk.name}
      value={value}
      label={label}
      id={first ? fields.isAtRisk.id : `${fields.isAtRisk.id}-no`}
      aria-invalid={choiceError ? true : undefined}
      aria-describedby={choiceError ? choiceErrorId : undefined}
      autoFocus={first && choiceError ? true : undefined}
    />
  );
  return (
    <PageDialog
      title={t("survey.title")}
      closeHref={back}
      closeLabel={t("card.close")}
      openerId={programsOpener.survey(programUUID)}
    >
      <Form method="post" {...formProps}>
        <Stack>
          <ErrorSummary form={form} result={actionData?.result} labelOf={surveyLabel} />
          <Text size="sm">{t("survey.intro", { program: name })}</Text>
          <fieldset className="question-fieldset">
            <legend>{t("survey.isAtRisk")}</legend>
            <Group mt={6}>
              {choice("true", t("survey.yes"), true)}
              {choice("false", t("survey.no"), false)}
            </Group>
            {choiceError ? (
              <div role="alert" className="field-error" id={choiceErrorId}>
                {choiceError}
              </div>
            ) : null}
          </fieldset>
          <Group justify="flex-end">
            <Button component={Link} to={close} variant="default">
              {t("questions.cancel")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("survey.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </PageDialog>
  );
}
