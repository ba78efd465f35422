// /admin/audit: the audit trail, newest first, paged on the server; a filter by who, action, what
// and a date range in the district's zone (a GET form, so a filtered page is a link); the same
// filter downloads as CSV (decision 119).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import {
  Alert,
  Button,
  Code,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/admin";
import { Pager } from "~/components/staff/Pager";
import { auditPage } from "~/.server/admin";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.audit.title") };

export function loader(args: LoaderFunctionArgs) {
  return auditPage(args);
}

export default function AdminAudit() {
  const { filter, errors, zone, actions, entities, page, loadError, downloadHref } =
    useLoaderData<typeof loader>();
  const { search } = useLocation();
  const any = { value: "", label: t("admin.audit.any") };
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="md">
          {t("admin.audit.title")}
        </Title>
        <Form method="get" aria-label={t("admin.audit.filters")}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              name="actor"
              label={t("admin.audit.actor")}
              defaultValue={filter.actor ?? ""}
              error={errors.actor?.[0]}
            />
            <NativeSelect
              name="action"
              label={t("admin.audit.action")}
              defaultValue={filter.action ?? ""}
              data={[any, ...actions.map((a) => ({ value: a, label: a }))]}
            />
            <NativeSelect
              name="entity"
              label={t("admin.audit.entity")}
              defaultValue={filter.entity ?? ""}
              data={[any, ...entities.map((e) => ({ value: e, label: e }))]}
            />
            <TextInput
              name="from"
              type="date"
              label={t("admin.audit.from")}
              defaultValue={filter.from ?? ""}
              error={errors.from?.[0]}
            />
            <TextInput
              name="to"
              type="date"
              label={t("admin.audit.to")}
              defaultValue={filter.to ?? ""}
              error={errors.to?.[0]}
            />
            <Button type="submit">{t("admin.audit.apply")}</Button>
            <Button component="a" href={downloadHref} variant="default" download>
              {t("admin.audit.download")}
            </Button>
          </Group>
        </Form>
      </Paper>
      <Paper p="lg" withBorder>
        {loadError ? (
          <Alert color="red" role="alert">
            {loadError}
          </Alert>
        ) : page && page.entries.length === 0 ? (
          <Text>{t("admin.audit.none")}</Text>
        ) : page ? (
          <>
            <Table.ScrollContainer minWidth={800}>
              <Table striped verticalSpacing="xs">
                <Table.Caption>
                  {t("admin.audit.caption", { total: String(page.total), zone })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("admin.audit.col.at")}</Table.Th>
                    <Table.Th>{t("admin.audit.col.actor")}</Table.Th>
                    <Table.Th>{t("admin.audit.col.action")}</Table.Th>
                    <Table.Th>{t("admin.audit.col.entity")}</Table.Th>
                    <Table.Th>{t("admin.audit.col.before")}</Table.Th>
                    <Table.Th>{t("admin.audit.col.after")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.entries.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{e.at}</Table.Td>
                      <Table.Td>{e.actorUsername}</Table.Td>
                      <Table.Td>{e.action}</Table.Td>
                      <Table.Td>
                        {e.entity}
                        {e.entityId ? ` ${e.entityId}` : ""}
                      </Table.Td>
                      <Table.Td>
                        <Code block style={{ maxWidth: "22rem", whiteSpace: "pre-wrap" }}>
                          {e.before}
                        </Code>
                      </Table.Td>
                      <Table.Td>
                        <Code block style={{ maxWidth: "22rem", whiteSpace: "pre-wrap" }}>
                          {e.after}
                        </Code>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              page={page.page}
              pageCount={page.pages}
              search={search}
              label={t("admin.audit.title")}
            />
          </>
        ) : null}
      </Paper>
    </Stack>
  );
}
