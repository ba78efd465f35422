// The administration's pure pieces: the forms' rules, the instants the API takes, the district's
// day bounds and the audit trail's CSV rows (decision 119).
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { Instant, MaintenanceWindowRequest, SettingsChange } from "@domain/contract/admin";
import { MaintenanceForm, SettingsForm, StaffCreateForm } from "@domain/forms/admin";
import { auditCsvRows } from "@domain/rules/audit-csv";
import { districtDayBounds, formatAuditTime } from "@domain/rules/time";

const form = (fields: Record<string, string | string[]>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) fd.append(k, x);
  return fd;
};

describe("the maintenance form", () => {
  const ok = {
    startDate: "2026-12-01",
    startTime: "22:00",
    endDate: "2026-12-02",
    endTime: "02:00",
  };
  it("takes a window whose end is after its start", () => {
    expect(parseWithZod(form(ok), { schema: MaintenanceForm }).status).toBe("success");
  });
  it("takes a date and time as typed where the browser has no date field, as its hints say", () => {
    const s = parseWithZod(
      form({
        startDate: "12/01/2026",
        startTime: "10:00 PM",
        endDate: "12/2/2026",
        endTime: "2 am",
      }),
      { schema: MaintenanceForm },
    );
    expect(s.status === "success" && s.value).toMatchObject({
      startDate: "2026-12-01",
      startTime: "22:00",
      endDate: "2026-12-02",
      endTime: "02:00",
    });
  });
  it.each([
    ["startDate", { startDate: "2026-02-31" }, "Enter a real date: month, day and year."],
    ["startDate", { startDate: "02/31/2026" }, "Enter a real date: month, day and year."],
    ["endTime", { endTime: "24:00" }, "Enter a time, e.g. 10:00 PM."],
    ["endTime", { endDate: "2026-12-01", endTime: "21:59" }, "The end must be after the start."],
  ])("refuses a bad %s", (field, over, message) => {
    const s = parseWithZod(form({ ...ok, ...over }), { schema: MaintenanceForm });
    expect(s.status).toBe("error");
    expect(s.reply().error?.[field]).toEqual([message]);
  });
});

describe("instants the district API takes", () => {
  it.each([
    ["2026-12-01T08:00:00.000Z", true],
    ["2026-12-01T08:00:00-06:00", true],
    ["2026-02-29T08:00:00Z", false],
    ["2028-02-29T08:00:00Z", true],
    ["2026-12-01T08:00:00", false],
    ["1999-12-31T08:00:00Z", false],
    ["tomorrow", false],
  ])("%s → %s", (v, ok) => {
    expect(Instant.safeParse(v).success).toBe(ok);
  });
  it("refuses an end not after the start, naming end", () => {
    const r = MaintenanceWindowRequest.safeParse({
      start: "2026-12-01T08:00:00Z",
      end: "2026-12-01T08:00:00Z",
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["end"]);
  });
});

describe("settings", () => {
  it("stores line breaks as \\n, so an unchanged form changes nothing", () => {
    const s = parseWithZod(
      form({
        homeMessage: "a\r\nb",
        gradeLabel: "Grade",
        registrationPaymentConfirmed: "No. {confirmationNumber}",
        waitlistPaymentConfirmed: "No. {confirmationNumber}",
        districtName: "D",
        checkPayableTo: "D",
        checkMailingAddress: "1 Main\r\nTown",
        cartHoldMinutes: "15",
        paymentWindowMinutes: "20",
        mailedCheckDays: "21",
        mailedCheckSharePercent: "20",
      }),
      { schema: SettingsForm },
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.homeMessage).toBe("a\nb");
    expect(s.value.checkMailingAddress).toBe("1 Main\nTown");
    expect(s.value.instructions).toBe("");
    expect(s.value.homeMessageShow).toBe(false);
    expect(s.value.paymentWindowMinutes).toBe(20);
    expect(s.value.mailedCheckDays).toBe(21);
    expect(s.value.mailedCheckSharePercent).toBe(20);
  });
  it("keeps the confirmation placeholder and sane minutes", () => {
    expect(SettingsChange.safeParse({ waitlistPaymentConfirmed: "Thanks" }).success).toBe(false);
    expect(SettingsChange.safeParse({ cartHoldMinutes: 0 }).success).toBe(false);
    expect(SettingsChange.safeParse({ cartHoldMinutes: 1440 }).success).toBe(true);
  });
});

describe("the staff form", () => {
  it("reads the roles' checkboxes as a list, and refuses none", () => {
    const base = {
      username: "nia",
      employeeId: "E9",
      nameFirst: "Nia",
      nameLast: "T",
      password: "long-enough-1",
    };
    const two = parseWithZod(form({ ...base, roles: ["instructor", "fee_admin"] }), {
      schema: StaffCreateForm,
    });
    expect(two.status === "success" && two.value.roles).toEqual(["instructor", "fee_admin"]);
    const none = parseWithZod(form(base), { schema: StaffCreateForm });
    expect(none.reply().error?.roles).toEqual(["Choose at least one role."]);
  });
});

describe("district days and the audit CSV", () => {
  it("a district day runs from its midnight to the next, in the zone", () => {
    const { start, end } = districtDayBounds("2026-11-25", "America/Chicago");
    expect(start.toISOString()).toBe("2026-11-25T06:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-26T06:00:00.000Z");
  });
  it("writes one row per entry with the zone's time and the values as JSON", () => {
    const rows = auditCsvRows(
      [
        {
          id: 1,
          at: "2026-11-25T20:05:09.000Z",
          actorEmployeeId: "E1005",
          actorUsername: "admin",
          action: "settings.change",
          entity: "settings",
          entityId: "1",
          before: { gradeLabel: "Grade" },
          after: { gradeLabel: "=1+1" },
        },
      ],
      "America/Chicago",
    );
    expect(rows[1]).toEqual([
      "2026-11-25 14:05:09 CST",
      "admin",
      "E1005",
      "settings.change",
      "settings",
      "1",
      '{"gradeLabel":"Grade"}',
      '{"gradeLabel":"=1+1"}',
    ]);
    expect(formatAuditTime("2026-07-01T12:00:00Z", "America/Chicago")).toBe(
      "2026-07-01 07:00:00 CDT",
    );
  });
});
