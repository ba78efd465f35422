// The audit trail as CSV rows (docs/architecture.md "a CSV file"): one row per entry, times in the
// district's zone with its name, the values before and after as JSON. Written by app/.server/csv.ts.
import type { AuditEntry } from "../contract/admin";
import { t } from "../messages/admin";
import { formatAuditTime } from "./time";

export function auditCsvRows(entries: readonly AuditEntry[], timeZone: string): string[][] {
  const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));
  return [
    [
      t("admin.audit.col.at"),
      t("admin.audit.col.actor"),
      t("admin.audit.col.employeeId"),
      t("admin.audit.col.action"),
      t("admin.audit.col.entity"),
      t("admin.audit.col.entityId"),
      t("admin.audit.col.before"),
      t("admin.audit.col.after"),
    ],
    ...entries.map((e) => [
      formatAuditTime(e.at, timeZone),
      e.actorUsername,
      e.actorEmployeeId,
      e.action,
      e.entity,
      e.entityId ?? "",
      json(e.before),
      json(e.after),
    ]),
  ];
}
