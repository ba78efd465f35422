// /admin/schools: the district's schools and school years, each with a link to rename it, and
// links to add one (decision 149).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { schoolsPage } from "~/.server/admin-schools";

export function loader(args: LoaderFunctionArgs) {
  return schoolsPage(args);
}

export default function AdminSchools() {
  const { schools, schoolYears } = useLoaderData<typeof loader>();
  return (
    <Paper p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("admin.schools.title")}
      </Title>
      <Text mb="lg">{t("admin.schools.intro")}</Text>
      <Stack gap="xl">
        <section aria-labelledby="schools-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="schools-title">
              {t("admin.schools.schoolsTitle")}
            </Title>
            <Button component={Link} to="/admin/schools/new">
              {t("admin.schools.add")}
            </Button>
          </Group>
          {schools.length === 0 ? (
            <Text>{t("admin.schools.none")}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("admin.schools.col.shortName")}</Table.Th>
                  <Table.Th scope="col">{t("admin.schools.col.fullName")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {schools.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/admin/schools/${s.id}`}
                        aria-label={t("admin.schools.open", { name: s.shortName })}
                      >
                        {s.shortName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{s.fullName}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </section>
        <section aria-labelledby="years-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="years-title">
              {t("admin.schools.yearsTitle")}
            </Title>
            <Button component={Link} to="/admin/schools/years/new">
              {t("admin.schools.addYear")}
            </Button>
          </Group>
          {schoolYears.length === 0 ? (
            <Text>{t("admin.schools.noYears")}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("admin.schools.col.year")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {schoolYears.map((y) => (
                  <Table.Tr key={y.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/admin/schools/years/${y.id}`}
                        aria-label={t("admin.schools.openYear", { name: y.year })}
                      >
                        {y.year}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </section>
      </Stack>
    </Paper>
  );
}
