// `npm run import` with the district's orgs.csv and academicSessions.csv
// (decision 157): the dry run prints the schools and school years it would create and writes
// nothing, the real run prints what it created; a catalogue takes them beside its CSV too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-command-schools-"));
  await writeFile(
    path.join(dir, "staff.csv"),
    "employee_id,first_name,last_name,roles,school\nC1,Cli,Setup,teacher,CLI-1\n",
  );
  await writeFile(
    path.join(dir, "orgs.csv"),
    "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n" +
      "org-c,,,Cli High School,school,CLI-1,\n",
  );
  await writeFile(
    path.join(dir, "academicSessions.csv"),
    "sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\n" +
      "as-1,,,,schoolYear,,,,2027\n",
  );
  await writeFile(
    path.join(dir, "catalogue.csv"),
    "program_code,program_name,section_code,subject,course_number,course_name,section_number,term_id,term,date_start,date_end,capacity,school\n" +
      "CLI-P,Cli Club,CLI-S1,CLI,1,Cli,1,2027-SP,Spring 2027,2027-02-01,2027-05-14,10,Cli High School\n",
  );
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function importCommand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/import.ts", ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: path.join(dir, "data") } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const files = (...names: string[]) => names.map((n) => path.join(dir, n));

describe("npm run import with orgs.csv and academicSessions.csv", () => {
  it("the dry run prints what it would create, the real run what it created", async () => {
    const sets = files("staff.csv", "orgs.csv", "academicSessions.csv");
    const dry = await importCommand(["staff", ...sets, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("School CLI-1 (Cli High School): To create");
    expect(dry.stdout).toContain("School year 2026-2027: To create");
    // The dry run wrote nothing: the real run still creates them.
    const real = await importCommand(["staff", ...sets]);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain("School CLI-1 (Cli High School): Created");
    expect(real.stdout).toContain("School year 2026-2027: Created");
    expect(real.stdout).toContain("applied (plain): 1 created");
    // Once on file, a catalogue naming the school by its full name finds it: nothing to create.
    const catalogue = await importCommand(["catalogue", ...files("catalogue.csv", "orgs.csv")]);
    expect(catalogue.code, catalogue.stderr).toBe(0);
    expect(catalogue.stdout).not.toContain("School CLI-1");
    expect(catalogue.stdout).toContain("applied (catalogue): 3 created");
  }, 300_000);
});
