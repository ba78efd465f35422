// My Activities: the instructor's program picker (spec 02 §2) and the fees the employee owns.
// Choosing a program is a GET form, so it works without JavaScript.
import { json, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/staff";
import { requireStaff } from "~/.server/auth";
import { isInstructor, loadInstructorPrograms, loadMyFees } from "~/.server/staff";
import { or503 } from "~/.server/api";
import { StaffRefresh } from "~/islands/StaffRefresh";
import staffStyles from "~/components/staff/staff.css?url";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("staff.myActivities") };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const url = new URL(request.url);
  const chosen = url.searchParams.get("program");
  if (chosen && /^[0-9a-f-]{36}$/i.test(chosen)) {
    throw redirect(`/instructor/program/${chosen}`);
  }
  const caller = { request, context };
  const instructor = isInstructor(staff);
  const [programs, fees] = await Promise.all([
    instructor ? loadInstructorPrograms(caller) : null,
    loadMyFees(caller),
  ]);
  // Data that could not be read is a 503 (decision 150), the activities' words first.
  if (programs) or503(programs, t("staff.programsLoadError"));
  or503(fees, t("staff.feesError"));
  return json({
    instructor,
    programs: programs?.ok
      ? programs.data.map((p) => ({ id: p.id, programName: p.programName }))
      : [],
    programsError: programs && !programs.ok ? programs.hint || programs.message : null,
    fees: fees.ok ? fees.data : [],
    feesError: fees.ok ? null : fees.status === 403 ? t("staff.invalidUser") : t("staff.feesError"),
  });
}

function ProgramPicker({ programs }: { programs: { id: string; programName: string }[] }) {
  const submit = useSubmit();
  if (!programs.length) return <Text>{t("staff.noPrograms")}</Text>;
  return (
    <Form method="get" action="/instructor/">
      <Group align="flex-end">
        <NativeSelect
          name="program"
          label={t("staff.pickProgram")}
          data={[
            { value: "", label: "—" },
            ...programs.map((p) => ({ value: p.id, label: p.programName })),
          ]}
          defaultValue=""
          required
          onChange={(e) => {
            if (e.currentTarget.value) submit(e.currentTarget.form);
          }}
        />
        <Button type="submit">{t("staff.viewProgram")}</Button>
      </Group>
    </Form>
  );
}

export default function InstructorHome() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <StaffRefresh />
      <Title order={1}>{t("staff.myActivities")}</Title>
      <Paper p="md" withBorder>
        {data.instructor ? (
          data.programsError ? (
            <Alert color="red" role="alert">
              {data.programsError}
            </Alert>
          ) : (
            <ProgramPicker programs={data.programs} />
          )
        ) : (
          <Text>{t("staff.notInstructor")}</Text>
        )}
      </Paper>
      <section aria-labelledby="my-fees-title">
        <Title order={2} size="h3" id="my-fees-title" mb="sm">
          {t("staff.myFees")}
        </Title>
        {data.feesError ? (
          <Alert color="red" role="alert">
            {data.feesError}
          </Alert>
        ) : data.fees.length === 0 ? (
          <Text>{t("staff.noFees")}</Text>
        ) : (
          <div className="staff-table-wrap">
            <Table className="staff-table" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("staff.col.fee")}</Table.Th>
                  <Table.Th scope="col">{t("staff.col.school")}</Table.Th>
                  <Table.Th scope="col">{t("staff.col.schoolYear")}</Table.Th>
                  <Table.Th scope="col">{t("staff.col.type")}</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t("staff.viewStudents")}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.fees.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>{f.name}</Table.Td>
                    <Table.Td>{f.school?.shortName ?? ""}</Table.Td>
                    <Table.Td>{f.schoolYear ?? ""}</Table.Td>
                    <Table.Td>{f.type}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/instructor/my-fee/${f.id}`}
                        aria-label={t("staff.viewStudentsFor", { fee: f.name })}
                      >
                        {t("staff.viewStudents")}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </section>
    </Stack>
  );
}
