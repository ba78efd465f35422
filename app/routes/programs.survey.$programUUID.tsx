// The health-risk survey gate (spec 01 §2, §5): isAtRisk true or false, before the activities of
// a program that requires it. A dialog that is a URL; a plain form post.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "~/components/lazy-validation";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Radio } from "~/ui/mantine/Radio";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { t } from "@domain/messages/programs";
import { callApi } from "~/.server/api";
import { requireParticipant } from "~/.server/auth";
import { loadPrograms } from "~/.server/programs";
import { flashNotice } from "~/.server/session";
import { FormError } from "~/components/fields";
import { PageDialog } from "~/components/PageDialog";
import { SurveyForm, SurveyReply, parseWithZod } from "~/.server/forms.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireParticipant(request);
  const { programs } = await loadPrograms({ request, context });
  const program = programs.find((p) => p.programUUID === params.programUUID);
  if (!program || !program.requiresSurvey || program.finishedSurvey) {
    throw redirect(program ? `/programs?program=${program.programUUID}` : "/programs");
  }
  return json({ programUUID: program.programUUID, name: program.name });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireParticipant(request);
  const submission = parseWithZod(await request.formData(), { schema: SurveyForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const id = params.programUUID ?? "";
  const res = await callApi(
    { request, context },
    {
      path: `/v1/survey/${encodeURIComponent(id)}`,
      method: "POST",
      body: { isAtRisk: submission.value.isAtRisk === "true" },
      auth: "student",
      reply: SurveyReply,
      timeoutMs: 10_000,
    },
  );
  if (!res.ok) {
    return json(
      { result: submission.reply({ formErrors: [t("survey.failed")] }) },
      { status: res.status >= 500 ? 502 : 400 },
    );
  }
  const cookie = await flashNotice(request, { kind: "success", text: t("survey.success") });
  return redirect(`/programs?program=${encodeURIComponent(id)}`, {
    headers: { "Set-Cookie": cookie },
  });
}

export default function Survey() {
  const { name } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const validation = useLazyValidation(
    () => import("@domain/forms/course-questions").then((m) => m.SurveyForm),
    { shouldValidate: "onSubmit" },
  );
  const [form, fields] = useForm({
    id: "health-survey",
    lastResult: actionData?.result,
    ...validation.options,
  });
  return (
    <PageDialog title={t("survey.title")} closeHref="/programs" closeLabel={t("card.close")}>
      <Form method="post" {...getFormProps(form)} {...validation.formProps} noValidate>
        <Stack>
          <FormError errors={form.errors} id={form.errorId} />
          <Text size="sm">{t("survey.intro", { program: name })}</Text>
          <fieldset className="question-fieldset">
            <legend>{t("survey.isAtRisk")}</legend>
            <Group mt={6}>
              <Radio
                name={fields.isAtRisk.name}
                value="true"
                label={t("survey.yes")}
                id="survey-yes"
              />
              <Radio
                name={fields.isAtRisk.name}
                value="false"
                label={t("survey.no")}
                id="survey-no"
              />
            </Group>
            {fields.isAtRisk.errors?.length ? (
              <div role="alert" className="field-error">
                {fields.isAtRisk.errors[0]}
              </div>
            ) : null}
          </fieldset>
          <Group justify="flex-end">
            <Button component={Link} to="/programs" variant="default">
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
