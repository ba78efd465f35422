// /guest-receipts (decision 141): a guest's earlier receipts, once this session entered the code
// mailed to its address. Two plain form posts: send a code, enter it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useZodForm } from "~/components/zod-form";
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "~/ui";
import { t } from "@domain/messages/guest-receipts";
import { catalogueLabels, ErrorSummary, TextField } from "~/components/fields";
import { guestReceiptsAction, guestReceiptsPage } from "~/.server/guest-receipts";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("guestReceipts.title") };

export function loader(args: LoaderFunctionArgs) {
  return guestReceiptsPage(args);
}

export function action(args: ActionFunctionArgs) {
  return guestReceiptsAction(args);
}

/** The code form's field, for the error summary's link. */
const codeLabel = catalogueLabels(t, "guestReceipts");

export default function GuestReceipts() {
  const { proven, sent, receipts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "mailbox-code",
    lastResult: actionData?.result,
    load: () => import("@domain/forms/guest-receipts"),
    schema: (m) => m.MailboxCodeForm,
    shouldValidate: "onSubmit",
  });
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("guestReceipts.title")}
      </Title>
      {proven ? (
        receipts.length === 0 ? (
          <Text>{t("guestReceipts.none")}</Text>
        ) : (
          <ul>
            {receipts.map((r) => (
              <li key={r.href}>
                <Anchor component={Link} to={r.href}>
                  {r.label}
                </Anchor>
              </li>
            ))}
          </ul>
        )
      ) : (
        <Stack>
          <Text>{t("guestReceipts.intro")}</Text>
          {sent ? <Alert role="status">{t("guestReceipts.sent")}</Alert> : null}
          <ErrorSummary form={form} result={actionData?.result} labelOf={codeLabel} />
          <Form method="post">
            <Button type="submit" name="intent" value="send" variant="default">
              {t("guestReceipts.send")}
            </Button>
          </Form>
          {sent ? (
            <Form method="post" {...formProps}>
              <input type="hidden" name="intent" value="confirm" />
              <Stack>
                <TextField
                  meta={fields.code}
                  label={t("guestReceipts.code")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                />
                <Group>
                  <Button type="submit" loading={navigation.state === "submitting"}>
                    {t("guestReceipts.confirm")}
                  </Button>
                </Group>
              </Stack>
            </Form>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
