// /admin/fees/:id: edit a fee (decision 121), with links to assess it and to the students it
// was assessed to. Only what changed is saved and recorded in the audit trail.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Anchor, Button, Group, Paper, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { feeEditAction, feeEditPage } from "~/.server/admin-fees";
import { FeeFormFields } from "~/components/admin/fee-form";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("adminFees.editTitle") };

export function loader(args: LoaderFunctionArgs) {
  return feeEditPage(args);
}

export function action(args: ActionFunctionArgs) {
  return feeEditAction(args);
}

export default function AdminFeeEdit() {
  const { id, name, options, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to="/admin/fees" size="sm">
        {t("adminFees.back")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {t("adminFees.editTitle", { name })}
      </Title>
      <Group mb="md">
        <Button component={Link} to={`/admin/fees/${id}/assess`}>
          {t("adminFees.assessLink")}
        </Button>
        <Button component={Link} to={`/admin/fees/${id}/assessed`} variant="default">
          {t("adminFees.assessedLink")}
        </Button>
      </Group>
      <FeeFormFields
        key={id}
        id={`admin-fee-${id}`}
        options={options}
        values={values}
        lastResult={actionData?.result}
      />
    </Paper>
  );
}
