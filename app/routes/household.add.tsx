// "Add another child" (decision 165): the next child's ID and birth date, as they would sign in.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "~/ui";
import { t } from "@domain/messages/household";
import { useZodForm } from "~/components/zod-form";
import { StudentSignInFields, studentSignInLabel } from "~/components/StudentSignInFields";
import { ErrorSummary } from "~/components/fields";
import { addChildAction, addChildPage } from "~/.server/household";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("household.addTitle") };

export function loader(args: LoaderFunctionArgs) {
  return addChildPage(args);
}

export function action(args: ActionFunctionArgs) {
  return addChildAction(args);
}

export default function AddChild() {
  const { full, max, remembered, atRegister } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "add-child",
    lastResult: actionData?.result,
    load: () => import("@domain/forms/signin"),
    schema: (m) => m.StudentSigninForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("household.addTitle")}
      </Title>
      <Text size="sm" mb="md">
        {t(atRegister ? "household.addIntroRegister" : "household.addIntro")}
      </Text>
      {full ? (
        <Alert color="yellow" role="status" mb="md">
          {t("household.full", { max })}
        </Alert>
      ) : null}
      <Form method="post" {...formProps}>
        <Stack>
          <ErrorSummary form={form} result={actionData?.result} labelOf={studentSignInLabel} />
          <StudentSignInFields studentId={fields.studentId} dob={fields.dob} idAutoComplete="off" />
          <Group justify="space-between">
            <Button component={Link} to="/programs" variant="default">
              {t("signin.back")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("household.addSubmit")}
            </Button>
          </Group>
        </Stack>
      </Form>
      {remembered ? (
        // A community account's remembered children (decision 168).
        <Stack component="section" aria-labelledby="remembered-title" mt="xl" gap="xs">
          <Title order={2} size="h4" id="remembered-title">
            {t("household.rememberedTitle")}
          </Title>
          <Text size="sm">{t("household.rememberedIntro")}</Text>
          {remembered.length ? (
            <Form method="post" action="/household/forget">
              <ul className="remembered-children">
                {remembered.map((c) => (
                  <li key={c.value}>
                    <Group justify="space-between">
                      <Text>{c.name}</Text>
                      <Button
                        type="submit"
                        name="child"
                        value={c.value}
                        variant="default"
                        size="xs"
                      >
                        {c.forgetLabel}
                      </Button>
                    </Group>
                  </li>
                ))}
              </ul>
            </Form>
          ) : (
            <Text size="sm" c="dimmed">
              {t("household.rememberedNone")}
            </Text>
          )}
        </Stack>
      ) : null}
    </Paper>
  );
}
