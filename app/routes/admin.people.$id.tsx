// /admin/people/:id: one student or community member: details, registrations, assessed fees,
// payments and sign-in lock; forms for financial aid, the activity pass and unlocking the sign-in
// (decision 122). Plain posts: the page works without JavaScript.
import type { ReactNode } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { FINANCIAL_AID } from "@domain/contract/admin-people";
import { t } from "@domain/messages/admin";
import { personAction, personPage } from "~/.server/admin-people";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = {
  title: (data: { person?: { nameFirst: string; nameLast: string } } | undefined) =>
    data?.person ? `${data.person.nameFirst} ${data.person.nameLast}` : t("admin.people.title"),
};

export function loader(args: LoaderFunctionArgs) {
  return personPage(args);
}

export function action(args: ActionFunctionArgs) {
  return personAction(args);
}

export default function AdminPerson() {
  const { person, signIn, registrations, assessedFees, payments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [aidForm, aidFields, aidFormProps] = useZodForm({
    id: "admin-person-aid",
    lastResult: actionData?.form === "aid" ? actionData.result : undefined,
    defaultValue: { financialAid: person.financialAid },
    load: () => import("@domain/forms/admin-people"),
    schema: (m) => m.FinancialAidForm,
    shouldValidate: "onSubmit",
  });
  const [passForm, passFields, passFormProps] = useZodForm({
    id: "admin-person-pass",
    lastResult: actionData?.form === "pass" ? actionData.result : undefined,
    defaultValue: { activityPass: person.activityPass ? "on" : undefined },
    load: () => import("@domain/forms/admin-people"),
    schema: (m) => m.ActivityPassForm,
    shouldValidate: "onSubmit",
  });
  const name = `${person.nameFirst} ${person.nameLast}`;
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Anchor component={Link} to="/admin/people" size="sm">
          {t("admin.people.back")}
        </Anchor>
        <Group my="md" gap="sm">
          <Title order={1} size="h2">
            {name}
          </Title>
          <Badge variant="light">
            {person.kind === "student"
              ? t("admin.people.kind.student")
              : t("admin.people.kind.community_member")}
          </Badge>
        </Group>
        <Text>
          {t("admin.people.col.id")}: {person.id}
        </Text>
        <Text>
          {t("admin.people.dob")}: {person.dob}
        </Text>
        {person.grade ? (
          <Text>
            {t("admin.people.col.grade")}: {person.grade}
          </Text>
        ) : null}
        {person.school ? (
          <Text>
            {t("admin.people.col.school")}: {person.school}
          </Text>
        ) : null}
        {person.email ? (
          <Text>
            {t("admin.people.email")}: {person.email}
          </Text>
        ) : null}
        {person.custodianEmails.length ? (
          <Text>
            {t("admin.people.custodians")}: {person.custodianEmails.join(", ")}
          </Text>
        ) : null}
      </Paper>

      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("admin.people.signInTitle")}
        </Title>
        <Text mb="sm">{signIn.text}</Text>
        {signIn.failures > 0 ? (
          <Form method="post">
            <Button type="submit" name="intent" value="unlock" disabled={busy}>
              {t("admin.people.unlockSubmit")}
            </Button>
          </Form>
        ) : null}
      </Paper>

      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("admin.people.aidTitle")}
        </Title>
        <Form method="post" {...aidFormProps}>
          <Stack maw={480}>
            <FormError errors={aidForm.errors} id={aidForm.errorId} />
            <Radio.Group
              key={aidFields.financialAid.key}
              name={aidFields.financialAid.name}
              id={aidFields.financialAid.id}
              label={t("admin.people.aidLabel")}
              defaultValue={String(aidFields.financialAid.initialValue ?? person.financialAid)}
              error={aidFields.financialAid.errors?.[0]}
            >
              <Stack gap={6} mt={4}>
                {FINANCIAL_AID.map((aid) => (
                  <Radio key={aid} value={aid} label={t(`admin.people.aid.${aid}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Group>
              <Button type="submit" name="intent" value="aid" disabled={busy}>
                {t("admin.people.aidSubmit")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>

      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("admin.people.passTitle")}
        </Title>
        <Form method="post" {...passFormProps}>
          <Stack maw={480}>
            <FormError errors={passForm.errors} id={passForm.errorId} />
            <Checkbox
              key={passFields.activityPass.key}
              name={passFields.activityPass.name}
              id={passFields.activityPass.id}
              defaultChecked={passFields.activityPass.initialValue === "on"}
              label={t("admin.people.passLabel")}
              error={passFields.activityPass.errors?.[0]}
            />
            <Group>
              <Button type="submit" name="intent" value="pass" disabled={busy}>
                {t("admin.people.passSubmit")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>

      <RecordTable
        title={t("admin.people.registrationsTitle")}
        empty={t("admin.people.noRegistrations")}
        rows={registrations}
        columns={[
          [t("admin.people.col.program"), (r) => r.program],
          [t("admin.people.col.course"), (r) => r.course],
          [t("admin.people.col.term"), (r) => r.term],
          [t("admin.people.col.status"), (r) => r.status],
          [t("admin.people.col.cost"), (r) => r.cost],
          [t("admin.people.col.date"), (r) => r.date],
        ]}
      />
      <RecordTable
        title={t("admin.people.feesTitle")}
        empty={t("admin.people.noFees")}
        rows={assessedFees}
        columns={[
          [t("admin.people.col.fee"), (a) => a.fee],
          [t("admin.people.col.status"), (a) => a.status],
          [t("admin.people.col.quantity"), (a) => a.quantity],
          [t("admin.people.col.assessed"), (a) => a.assessed],
          [t("admin.people.col.paid"), (a) => a.paid],
          [t("admin.people.col.date"), (a) => a.date],
        ]}
      />
      <RecordTable
        title={t("admin.people.paymentsTitle")}
        empty={t("admin.people.noPayments")}
        rows={payments}
        columns={[
          [t("admin.people.col.date"), (x) => x.date],
          [t("admin.people.col.method"), (x) => x.method],
          [t("admin.people.col.status"), (x) => x.status],
          [t("admin.people.col.amount"), (x) => x.amount],
          [t("admin.people.col.confirmation"), (x) => x.confirmationId ?? ""],
        ]}
      />
    </Stack>
  );
}

/** One of the person's records (registrations, fees, payments): a titled table, or a line saying
 * there are none. */
function RecordTable<Row extends { id: string | number }>({
  title,
  empty,
  rows,
  columns,
}: {
  title: string;
  empty: string;
  rows: Row[];
  columns: [label: string, cell: (row: Row) => ReactNode][];
}) {
  return (
    <Paper p="lg" withBorder>
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {columns.map(([label]) => (
                  <Table.Th key={label}>{label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map(([label, cell]) => (
                    <Table.Td key={label}>{cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
