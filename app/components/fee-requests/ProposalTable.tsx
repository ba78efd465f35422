// The fee request list and the status history dialog, shared by /instructor/fees and
// /instructor/fee-proposals.
import type { ReactNode } from "react";
import { Badge, Table, Text } from "@mantine/core";
import type { FeeProposal } from "@domain/contract/fee-requests";
import { t } from "@domain/messages/fee-requests";
import { formatUsd, toCents } from "@domain/rules/money";
import { formatDistrictDate, formatDistrictDateTime } from "@domain/rules/time";
import { PageDialog } from "~/components/PageDialog";

/**
 * The ids of a row's links that open a dialog: closing the dialog goes back to the link
 * (PageDialog's openerId), with or without JavaScript.
 */
export const openerId = {
  add: "fr-add",
  review: (id: number) => `fr-review-${id}`,
  history: (id: number) => `fr-history-${id}`,
  edit: (id: number) => `fr-edit-${id}`,
  duplicate: (id: number) => `fr-duplicate-${id}`,
};

const STATUS_COLOR = { Pending: "yellow", Approved: "green", Denied: "red" } as const;

export function StatusBadge({ status }: { status: FeeProposal["requestStatus"] }) {
  return (
    // Dark text on the light tint keeps the contrast readable for every status colour.
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      styles={{ label: { color: "var(--mantine-color-dark-9)" } }}
    >
      {t(`feeRequest.status.${status}`)}
    </Badge>
  );
}

export function ProposalTable({
  proposals,
  timeZone,
  empty,
  label,
  showProposer = false,
  actions,
}: {
  proposals: FeeProposal[];
  /** Names the table's scrolling box, which takes focus so the keyboard can scroll it. */
  label: string;
  timeZone: string;
  empty: string;
  showProposer?: boolean;
  actions: (p: FeeProposal) => ReactNode;
}) {
  if (proposals.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    // A plain scrolling box, not Table.ScrollContainer: its ScrollArea brings floating-ui into
    // every page's JavaScript (decision 092). At 320 px the table scrolls inside it (WCAG 1.4.10
    // allows it for a two-dimensional table); it is a named region the keyboard can scroll.
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <Table striped highlightOnHover miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("feeRequest.col.name")}</Table.Th>
            <Table.Th>{t("feeRequest.col.school")}</Table.Th>
            <Table.Th>{t("feeRequest.col.year")}</Table.Th>
            <Table.Th>{t("feeRequest.col.type")}</Table.Th>
            <Table.Th>{t("feeRequest.col.cost")}</Table.Th>
            <Table.Th>{t("feeRequest.col.collection")}</Table.Th>
            <Table.Th>{t("feeRequest.col.created")}</Table.Th>
            {showProposer ? <Table.Th>{t("feeRequest.col.proposer")}</Table.Th> : null}
            <Table.Th>{t("feeRequest.col.status")}</Table.Th>
            <Table.Th>{t("feeRequest.col.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proposals.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Th scope="row">{p.feeName}</Table.Th>
              <Table.Td>{p.school.shortName}</Table.Td>
              <Table.Td>{p.schoolYear.year}</Table.Td>
              <Table.Td>
                {p.feeType}
                {p.feeCategory ? ` · ${p.feeCategory.name}` : ""}
              </Table.Td>
              <Table.Td>{formatUsd(toCents(p.cost))}</Table.Td>
              <Table.Td>
                {formatDistrictDate(p.saleStartDate, timeZone)} –{" "}
                {formatDistrictDate(p.saleEndDate, timeZone)}
              </Table.Td>
              <Table.Td>{formatDistrictDate(p.createdAt, timeZone)}</Table.Td>
              {showProposer ? <Table.Td>{p.createdBy.name}</Table.Td> : null}
              <Table.Td>
                <StatusBadge status={p.requestStatus} />
              </Table.Td>
              <Table.Td>{actions(p)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Status history: the approver notes, or 'No status history to display.' (spec 02 §2). */
export function HistoryDialog({
  proposal,
  timeZone,
  closeHref,
}: {
  proposal: FeeProposal;
  timeZone: string;
  closeHref: string;
}) {
  const withNotes = proposal.statusHistory.filter((h) => h.notes);
  return (
    <PageDialog
      title={`${t("feeRequest.historyTitle")}: ${proposal.feeName}`}
      closeHref={closeHref}
      closeLabel={t("feeRequest.close")}
      openerId={openerId.history(proposal.id)}
    >
      {withNotes.length === 0 ? (
        <Text>{t("feeRequest.noHistory")}</Text>
      ) : (
        <ul className="fee-request-history">
          {withNotes.map((h, i) => (
            <li key={i}>
              <Text size="sm" fw={600}>
                {t("feeRequest.historyEntry", {
                  status: t(`feeRequest.status.${h.status}`),
                  by: h.by,
                  at: formatDistrictDateTime(h.at, timeZone),
                })}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {h.notes}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </PageDialog>
  );
}
