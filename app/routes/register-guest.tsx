// Guest login: first name, last name, e-mail; then /fees with the category (spec 01 §2).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useZodForm } from "~/components/zod-form";
import { Button, Group, Paper, Stack, Text, Title } from "~/ui";
import { t } from "@domain/messages/common";
import { ErrorSummary, TextField } from "~/components/fields";
import { guestSignInPage, guestSignInAction } from "~/.server/identity";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("guest.title") };

export function loader(args: LoaderFunctionArgs) {
  return guestSignInPage(args);
}

export function action(args: ActionFunctionArgs) {
  return guestSignInAction(args);
}

const GUEST_LABELS: Record<string, Parameters<typeof t>[0]> = {
  nameFirst: "guest.nameFirst",
  nameLast: "guest.nameLast",
  email: "guest.email",
};

/** The guest fields' labels, for the error summary's links. */
function guestLabel(name: string): string | undefined {
  const key = GUEST_LABELS[name];
  return key ? t(key) : undefined;
}

export default function RegisterGuest() {
  const { category, message } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "guest-login",
    lastResult: actionData?.result,
    defaultValue: { category: category ?? undefined },
    load: () => import("@domain/forms/signin"),
    schema: (m) => m.GuestForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("guest.title")}
      </Title>
      {message ? (
        <Text size="sm" mb="md" lang={message.lang}>
          {message.text}
        </Text>
      ) : null}
      <Form method="post" {...formProps}>
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <Stack>
          <ErrorSummary form={form} result={actionData?.result} labelOf={guestLabel} />
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
