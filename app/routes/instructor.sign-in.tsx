// Staff login (spec 01 §2). A signed-in staff user is sent to /instructor/.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useZodForm } from "~/components/zod-form";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/common";
import { FormError } from "~/components/fields";
import { MantineTextField, PasswordField } from "~/components/staff/fields";
import { staffSignInPage, staffSignInAction } from "~/.server/identity";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("staffSignin.title") };

export function loader(args: LoaderFunctionArgs) {
  return staffSignInPage(args);
}

export function action(args: ActionFunctionArgs) {
  return staffSignInAction(args);
}

export default function StaffSignIn() {
  const { message } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "staff-signin",
    lastResult: actionData?.result,
    load: () => import("@domain/forms/signin"),
    schema: (m) => m.StaffSigninForm,
    shouldValidate: "onBlur",
  });
  // The district API's refusal stays until the next attempt: checking a field as it is left
  // (pressing Login leaves the password field) would otherwise take the line away, moving the
  // button from under the pointer so that the click is lost.
  const refusal = actionData?.result?.error?.[""] ?? undefined;
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("staffSignin.title")}
      </Title>
      {message ? (
        <Text size="sm" mb="md">
          {message}
        </Text>
      ) : null}
      <Form method="post" {...formProps}>
        <Stack>
          <FormError errors={form.errors?.length ? form.errors : refusal} id={form.errorId} />
          <MantineTextField
            meta={fields.username}
            label={t("staffSignin.username")}
            autoComplete="username"
          />
          <PasswordField
            meta={fields.password}
            label={t("staffSignin.password")}
            autoComplete="current-password"
          />
          <Group justify="space-between">
            <Button component={Link} to="/" variant="default">
              {t("signin.back")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("staffSignin.login")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
