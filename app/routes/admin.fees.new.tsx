// /admin/fees/new: a fee made by the administration, outside the fee-request path (decision 121):
// price rules, quantities, sale dates, account code, school, year, group, questions.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Anchor, Paper, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { feeCreateAction, feeCreatePage } from "~/.server/admin-fees";
import { FeeFormFields } from "~/components/admin/fee-form";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("adminFees.createTitle") };

export function loader(args: LoaderFunctionArgs) {
  return feeCreatePage(args);
}

export function action(args: ActionFunctionArgs) {
  return feeCreateAction(args);
}

export default function AdminFeeNew() {
  const { options, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to="/admin/fees" size="sm">
        {t("adminFees.back")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {t("adminFees.createTitle")}
      </Title>
      <FeeFormFields
        id="admin-fee-new"
        options={options}
        values={values}
        lastResult={actionData?.result}
      />
    </Paper>
  );
}
