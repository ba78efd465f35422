// The staff list pages' one shape: a Paper with the page's title and a GET form (so a searched or
// filtered page is a link), then a Paper with the load error, or the "none found" text, or the
// table and its Pager. The page gives every text; this draws none of its own.
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { Alert, Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Pager } from "~/components/staff/Pager";

export interface StaffColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Keeps the cell on one line (a date or a time). */
  nowrap?: boolean;
}

/** One loaded page of the list. */
export interface StaffList<Row> {
  rows: readonly Row[];
  /** The table's caption: how many were found. */
  caption?: string;
  page: number;
  pageCount: number;
}

interface StaffListPageProps<Row> {
  /** The page's heading; also names the Pager unless `pagerLabel` does. */
  title: string;
  /** A link back to the page above, before the heading. */
  back?: { to: string; label: string };
  /** Links or buttons beside the heading. */
  actions?: ReactNode;
  intro?: string;
  /**
   * The GET form: its controls and submit button, its name, and `role: "search"` when it is a
   * search (a filter form is not a landmark).
   */
  form: { fields: ReactNode; label?: string; role?: "search" };
  /** What follows the form in the first Paper. */
  afterForm?: ReactNode;
  /** The page could not be read: said instead of the list. */
  loadError?: string | null;
  /** null when there is nothing to show (not loaded). */
  list: StaffList<Row> | null;
  /** Said when the list has no rows. */
  empty: string;
  columns: readonly StaffColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  pagerLabel?: string;
  /** More sections of the page, after the list. */
  children?: ReactNode;
}

export function StaffListPage<Row>({
  title,
  back,
  actions,
  intro,
  form,
  afterForm,
  loadError,
  list,
  empty,
  columns,
  rowKey,
  minWidth,
  pagerLabel,
  children,
}: StaffListPageProps<Row>) {
  const { search } = useLocation();
  return (
    <Stack>
      <Paper p="lg" withBorder>
        {back ? (
          <Anchor component={Link} to={back.to} size="sm">
            {back.label}
          </Anchor>
        ) : null}
        <Group justify="space-between" mt={back ? "md" : undefined} mb={intro ? "xs" : "md"}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {actions ? <Group>{actions}</Group> : null}
        </Group>
        {intro ? <Text mb="md">{intro}</Text> : null}
        <Form method="get" role={form.role} aria-label={form.label}>
          <Group align="flex-end" wrap="wrap">
            {form.fields}
          </Group>
        </Form>
        {afterForm}
      </Paper>
      <Paper p="lg" withBorder>
        {loadError ? (
          <Alert color="red" role="alert">
            {loadError}
          </Alert>
        ) : list ? (
          <>
            {list.rows.length === 0 ? (
              <Text>{empty}</Text>
            ) : (
              <Table.ScrollContainer minWidth={minWidth}>
                <Table striped verticalSpacing="xs">
                  {list.caption ? <Table.Caption>{list.caption}</Table.Caption> : null}
                  <Table.Thead>
                    <Table.Tr>
                      {columns.map((c) => (
                        <Table.Th key={c.header}>{c.header}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.rows.map((row) => (
                      <Table.Tr key={rowKey(row)}>
                        {columns.map((c) => (
                          <Table.Td
                            key={c.header}
                            style={c.nowrap ? { whiteSpace: "nowrap" } : undefined}
                          >
                            {c.cell(row)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {/* Also under "none found": a page past the last one still links back. */}
            <Pager
              page={list.page}
              pageCount={list.pageCount}
              search={search}
              label={pagerLabel ?? title}
            />
          </>
        ) : null}
      </Paper>
      {children}
    </Stack>
  );
}
