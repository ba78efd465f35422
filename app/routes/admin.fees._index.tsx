// /admin/fees: every fee, 50 a page on the server, searched by name or account code (a GET form,
// so a searched page is a link), with a link to edit each and one to make another (decision 121);
// below, the fee groups with their number of fees and a form for a new one, a plain
// post (decision 127).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/admin";
import { StaffListPage } from "~/components/staff/StaffListPage";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextInput } from "~/components/admin/fields";
import { feeListAction, feeListPage } from "~/.server/admin-fees";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("adminFees.title") };

export function loader(args: LoaderFunctionArgs) {
  return feeListPage(args);
}

export function action(args: ActionFunctionArgs) {
  return feeListAction(args);
}

export default function AdminFees() {
  const { q, total, page, pages, fees } = useLoaderData<typeof loader>();
  return (
    <StaffListPage
      title={t("adminFees.title")}
      actions={
        <Button component={Link} to="/admin/fees/new">
          {t("adminFees.create")}
        </Button>
      }
      form={{
        role: "search",
        label: t("adminFees.search"),
        fields: (
          <>
            <TextInput name="q" label={t("adminFees.search")} defaultValue={q} />
            <Button type="submit" variant="default">
              {t("adminFees.searchButton")}
            </Button>
          </>
        ),
      }}
      list={{
        rows: fees,
        caption: t("adminFees.count", { total: String(total) }),
        page,
        pageCount: pages,
      }}
      empty={t("adminFees.none")}
      minWidth={720}
      rowKey={(f) => f.id}
      columns={[
        {
          header: t("adminFees.col.name"),
          cell: (f) => (
            <Anchor
              component={Link}
              to={`/admin/fees/${f.id}`}
              aria-label={t("adminFees.open", { name: f.name })}
            >
              {f.name}
            </Anchor>
          ),
        },
        { header: t("adminFees.col.amount"), cell: (f) => f.amount },
        { header: t("adminFees.col.type"), cell: (f) => f.feeType },
        { header: t("adminFees.col.school"), cell: (f) => f.school ?? "" },
        { header: t("adminFees.col.year"), cell: (f) => f.year ?? "" },
        {
          header: t("adminFees.col.assessed"),
          cell: (f) => (
            <Anchor component={Link} to={`/admin/fees/${f.id}/assessed`}>
              {f.assessedCount}
            </Anchor>
          ),
        },
        {
          header: t("adminFees.col.status"),
          cell: (f) => (
            <Badge color={f.active ? "green" : "gray"} variant="light">
              {f.active ? t("adminFees.active") : t("adminFees.inactive")}
            </Badge>
          ),
        },
      ]}
    >
      <FeeGroups />
    </StaffListPage>
  );
}

function FeeGroups() {
  const { groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-fee-group-new",
    lastResult: actionData?.form === "group-create" ? actionData.result : undefined,
    load: () => import("@domain/forms/admin-fees"),
    schema: (m) => m.FeeGroupForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Paper p="lg" withBorder component="section" aria-labelledby="fee-groups-title">
      <Title order={2} size="h3" mb="md" id="fee-groups-title">
        {t("adminFees.groups")}
      </Title>
      {groups.length === 0 ? (
        <Text>{t("adminFees.groupsNone")}</Text>
      ) : (
        <Table striped maw={560}>
          <Table.Caption>{t("adminFees.groupsCaption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("adminFees.col.group")}</Table.Th>
              <Table.Th>{t("adminFees.col.groupFees")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.name}</Table.Td>
                <Table.Td>{g.feeCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h4" mt="lg" mb="sm">
        {t("adminFees.groupNew")}
      </Title>
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="group-create" />
        <Stack maw={560}>
          <FormError errors={form.errors} id={form.errorId} />
          <AdminTextInput meta={fields.name} label={t("adminFees.groupName")} required />
          <Group>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("adminFees.groupCreate")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
