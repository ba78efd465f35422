// /admin/staff: every staff account, with a link to manage each and one to create another
// (decisions 119 and 122).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Anchor, Badge, Button, Group, Paper, Table, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { roleName } from "~/components/admin/roles";
import { staffListPage } from "~/.server/admin";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.staff.title") };

export function loader(args: LoaderFunctionArgs) {
  return staffListPage(args);
}

export default function AdminStaff() {
  const { accounts } = useLoaderData<typeof loader>();
  return (
    <Paper p="lg" withBorder>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t("admin.staff.title")}
        </Title>
        <Button component={Link} to="/admin/staff/new">
          {t("admin.staff.create")}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("admin.staff.col.username")}</Table.Th>
              <Table.Th>{t("admin.staff.col.name")}</Table.Th>
              <Table.Th>{t("admin.staff.col.employeeId")}</Table.Th>
              <Table.Th>{t("admin.staff.col.roles")}</Table.Th>
              <Table.Th>{t("admin.staff.col.status")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/admin/staff/${a.id}`}
                    aria-label={t("admin.staff.open", { name: a.username })}
                  >
                    {a.username}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {a.nameFirst} {a.nameLast}
                </Table.Td>
                <Table.Td>{a.employeeId}</Table.Td>
                <Table.Td>{a.roles.map(roleName).join(", ")}</Table.Td>
                <Table.Td>
                  <Badge color={a.active ? "green" : "gray"} variant="light">
                    {a.active ? t("admin.staff.active") : t("admin.staff.inactive")}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
