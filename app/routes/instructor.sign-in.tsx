// Staff login (spec 01 §2). A signed-in staff user is sent to /instructor/.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "~/components/lazy-validation";
import { decodeJwt } from "jose";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Paper } from "~/ui/mantine/Paper";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { Title } from "~/ui/mantine/Title";
import { t } from "@domain/messages/common";
import { staffDestination } from "@domain/rules/destinations";
import { fetchApi } from "~/.server/api";
import { readFormData } from "~/.server/http-guards";
import { getSession, validStaff, writeSession } from "~/.server/session";
import { loadSettings } from "~/.server/settings";
import { FormError, TextField } from "~/components/fields";
import { PasswordField } from "~/components/password-field";
import {
  InstructorLoginReply,
  StaffSigninForm,
  TokenClaims,
  parseWithZod,
} from "~/.server/forms.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (validStaff(await getSession(request))) throw redirect("/instructor/");
  const settings = await loadSettings(context);
  return json({ message: settings?.instructorLogInMessage ?? null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: StaffSigninForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const res = await fetchApi({ request, context }, "/v1/instructor", {
    method: "POST",
    body: submission.value,
    auth: "none",
  }).catch(() => null);
  if (!res || res.status !== 200) {
    // No answer, or the service failed: say so rather than blaming the password.
    const message =
      !res || res.status >= 500
        ? t("error.invalidResponse")
        : res.status === 429
          ? t("error.tooManyAttempts")
          : t("staffSignin.failed");
    return json(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const reply = InstructorLoginReply.safeParse(await res.json().catch(() => null));
  const claims = reply.success ? TokenClaims.safeParse(decodeJwt(reply.data.accessToken)) : null;
  if (!reply.success || !claims?.success) {
    return json(
      { result: submission.reply({ formErrors: [t("error.invalidResponse")] }) },
      { status: 502 },
    );
  }
  // Role and expiry are read from the token (spec 01 §3).
  const staff = {
    accessToken: reply.data.accessToken,
    expires: claims.data.exp * 1000,
    role: claims.data.role,
    employeeID: reply.data.employeeID,
    displayName: reply.data.displayName,
  };
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirect(staffDestination(claims.data.role, redirectTo), {
    headers: { "Set-Cookie": await writeSession(request, { staff }) },
  });
}

export default function StaffSignIn() {
  const { message } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const validation = useLazyValidation(
    () => import("@domain/forms/signin").then((m) => m.StaffSigninForm),
    { shouldValidate: "onBlur" },
  );
  const [form, fields] = useForm({
    id: "staff-signin",
    lastResult: actionData?.result,
    ...validation.options,
  });
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
      <Form method="post" {...getFormProps(form)} {...validation.formProps}>
        <Stack>
          <FormError errors={form.errors} id={form.errorId} />
          <TextField
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
