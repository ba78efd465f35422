// Guest login: first name, last name, e-mail; then /fees with the category (spec 01 §2).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "~/components/lazy-validation";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Paper } from "~/ui/mantine/Paper";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { Title } from "~/ui/mantine/Title";
import { t } from "@domain/messages/common";
import { callApi } from "~/.server/api";
import { readFormData } from "~/.server/http-guards";
import { writeSession } from "~/.server/session";
import { loadSettings } from "~/.server/settings";
import { FormError, TextField } from "~/components/fields";
import { GuestForm, GuestReply, parseWithZod } from "~/.server/forms.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const category = new URL(request.url).searchParams.get("category");
  const settings = await loadSettings(context);
  return json({
    category: category && category.length < 30 ? category : null,
    message: settings?.guestLogInMessage ?? null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: GuestForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const { category, ...body } = submission.value;
  const res = await callApi(
    { request, context },
    { path: "/v1/community/register-guest", method: "PUT", body, auth: "none", reply: GuestReply },
  );
  if (!res.ok) {
    return json({ result: submission.reply({ formErrors: [t("guest.failed")] }) }, { status: 400 });
  }
  const student = {
    accessToken: res.data.accessToken,
    expires: Date.parse(res.data.expires),
    userType: "guest_user" as const,
    studentId: res.data.studentId,
    nameFirst: res.data.nameFirst,
    nameLast: res.data.nameLast,
  };
  const to = category ? `/fees?category=${encodeURIComponent(category)}` : "/fees";
  return redirect(to, { headers: { "Set-Cookie": await writeSession(request, { student }) } });
}

export default function RegisterGuest() {
  const { category, message } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const validation = useLazyValidation(
    () => import("@domain/forms/signin").then((m) => m.GuestForm),
    { shouldValidate: "onBlur", shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm({
    id: "guest-login",
    lastResult: actionData?.result,
    defaultValue: { category: category ?? undefined },
    ...validation.options,
  });
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("guest.title")}
      </Title>
      {message ? (
        <Text size="sm" mb="md">
          {message}
        </Text>
      ) : null}
      <Form method="post" {...getFormProps(form)} {...validation.formProps}>
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <Stack>
          <FormError errors={form.errors} id={form.errorId} />
          <TextField
            meta={fields.nameFirst}
            label={t("guest.nameFirst")}
            autoComplete="given-name"
          />
          <TextField
            meta={fields.nameLast}
            label={t("guest.nameLast")}
            autoComplete="family-name"
          />
          <TextField
            meta={fields.email}
            label={t("guest.email")}
            type="email"
            autoComplete="email"
          />
          <Group justify="space-between">
            <Button component={Link} to="/" variant="default">
              {t("signin.back")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("guest.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
