// The audit trail's filter offers every action and entity the district API records (decision 139:
// it offered import.students but not import.staff). The actions are read from the services' own
// names, and every audit entry the services write must use one of those names or a literal this
// test finds, so an action added later without a place in the filter fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_NAMES, AUDIT_ENTITY_NAMES } from "@domain/contract/admin";
import { AUDIT_ACTIONS } from "../../district-api/services/audit";
import { CATALOGUE_ACTIONS } from "../../district-api/services/catalogue";
import { CATALOGUE_IMPORT_AUDIT_ACTION } from "../../district-api/services/catalogue-import";
import { FEE_AUDIT_ACTIONS } from "../../district-api/services/admin-fees";
import { IMPORT_AUDIT_ACTION } from "../../district-api/services/imports";
import { OFFICE_AUDIT_ACTIONS } from "../../district-api/services/office-checks";
import { REFUND_AUDIT_ACTIONS } from "../../district-api/services/office-refunds";
import { STAFF_IMPORT_AUDIT_ACTION } from "../../district-api/services/staff-import";

const NAMED: Record<string, string | Record<string, string>> = {
  AUDIT_ACTIONS,
  CATALOGUE_ACTIONS,
  CATALOGUE_IMPORT_AUDIT_ACTION,
  FEE_AUDIT_ACTIONS,
  IMPORT_AUDIT_ACTION,
  OFFICE_AUDIT_ACTIONS,
  REFUND_AUDIT_ACTIONS,
  STAFF_IMPORT_AUDIT_ACTION,
};

const servicesDir = path.join(__dirname, "../../district-api/services");
const sources = readdirSync(servicesDir)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => readFileSync(path.join(servicesDir, f), "utf8"));

describe("the audit trail's filter", () => {
  it("offers every action the district API records", () => {
    const recorded = new Set<string>();
    for (const v of Object.values(NAMED)) {
      for (const a of typeof v === "string" ? [v] : Object.values(v)) recorded.add(a);
    }
    for (const src of sources) {
      for (const m of src.matchAll(/\baction: "([a-z-]+\.[a-z.-]+)"/g)) recorded.add(m[1]!);
      // Any other name an entry is written with must be one of the groups above.
      for (const m of src.matchAll(/\baction: (?:[^"\n,]*\? )?([A-Z_]+)\b/g)) {
        expect(Object.keys(NAMED), `audit actions named ${m[1]}`).toContain(m[1]);
      }
    }
    expect(recorded).toContain("import.students");
    expect(recorded).toContain("import.staff");
    const offered = new Set<string>(AUDIT_ACTION_NAMES);
    expect([...recorded].filter((a) => !offered.has(a))).toEqual([]);
  });

  it("offers every entity the district API records", () => {
    const recorded = new Set<string>();
    for (const src of sources) {
      for (const m of src.matchAll(/\bentity: "([a-z-]+)"/g)) recorded.add(m[1]!);
    }
    const offered = new Set<string>(AUDIT_ENTITY_NAMES);
    expect([...recorded].filter((e) => !offered.has(e))).toEqual([]);
  });
});
