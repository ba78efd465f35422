// Demo people, staff, schools, settings and maintenance (README "Demo accounts").
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  feeCategories,
  maintenance,
  participants,
  schools,
  schoolYears,
  settings,
  staff,
} from "../schema";
import { hashPassword } from "../../services/passwords";

const FIRST = [
  "Ava",
  "Liam",
  "Mia",
  "Noah",
  "Emma",
  "Lucas",
  "Sofia",
  "Mateo",
  "Chloé",
  "Ethan",
  "Isabella",
  "Mason",
  "Amara",
  "Elijah",
  "Harper",
  "Logan",
  "Zoë",
  "Aiden",
  "Layla",
  "Owen",
];
const LAST = [
  "Johnson",
  "García",
  "Nguyen",
  "Smith",
  "Brown",
  "Martínez",
  "Lee",
  "Davis",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "White",
  "Harris",
  "O'Brien",
];
const GRADES = ["K", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];

export const DEMO_STUDENT_DOB = "2012-01-15";

export function demoStudent(n: number) {
  const id = 100000 + n;
  const first = FIRST[(n - 1) % FIRST.length]!;
  const last = LAST[(n - 1) % LAST.length]!;
  return {
    id,
    kind: "student" as const,
    nameFirst: first,
    nameLast: last,
    dob: DEMO_STUDENT_DOB,
    grade: GRADES[(n - 1) % GRADES.length]!,
    gender: (n % 2 === 0 ? "M" : "F") as "M" | "F",
    email: `student${id}@example.org`,
    custodianEmails: [`parent${id}@example.org`],
    emergencyName: `Parent of ${first}`,
    emergencyPhone: "+15555550100",
    emergencyRelationship: n % 2 === 0 ? "Father" : "Mother",
    financialAid: n === 3 ? ("free" as const) : n === 4 ? ("reduced" as const) : null,
    activityPass: n === 5,
    schoolId: (n % 2) + 1,
  };
}

/** Adds demo students 100001 … 100000+count that do not exist yet. */
export async function seedStudents(db: Db, count: number): Promise<void> {
  const batch = 500;
  for (let start = 1; start <= count; start += batch) {
    const rows = [];
    for (let n = start; n < Math.min(start + batch, count + 1); n++) rows.push(demoStudent(n));
    await db.insert(participants).values(rows).onConflictDoNothing();
  }
}

/** A maintenance window in the past: the site is online (also what a test puts back). */
export const PAST_MAINTENANCE_WINDOW = {
  startsAt: new Date("2026-01-01T02:00:00Z"),
  endsAt: new Date("2026-01-01T04:00:00Z"),
};

export const DEFAULT_SETTINGS = {
  homeMessage: {
    show: true,
    message: "Summer registration is open. Courses fill quickly — register early!",
  },
  instructions:
    "## How to register\n\n1. Choose a program.\n2. Pick the activities you want and press **Register**.\n3. Pay any fees from your cart before the countdown ends.\n\nQuestions? Call the enrollment office at (555) 555-0100.",
  logInMessage: "Sign in with your student or community member ID number and birth date.",
  guestLogInMessage: "Guests can pay optional fees without an account.",
  gradeLabel: "Grade",
  gradeDescription: "The grade the participant will be in next school year.",
  registrationPaymentConfirmed:
    "Your registration is confirmed. Your confirmation number is {confirmationNumber}.",
  waitlistPaymentConfirmed:
    "Your waitlist spot is confirmed. Your confirmation number is {confirmationNumber}.",
  cancelPaymentRegistration:
    "If you close this window without paying, your registration will be cancelled.",
  programCancellationMessage:
    "Registrations with outstanding fees after the due date will be cancelled.",
  instructorLogInMessage: "Staff sign in with their district username and password.",
  instructorInstructions:
    "## Staff instructions\n\nUse **My Activities** to see your sections and rosters, and **FEES** to buy items.",
  cartCountdownTimer: "15",
  cartHoldMinutes: 15,
  paymentWindowMinutes: 15,
  mailedCheckDays: 21,
  mailedCheckSharePercent: 20,
  districtName: "School District",
  checkPayableTo: "School District",
  checkMailingAddress: "Enrollment Specialist, School District, 100 Main Street, Springfield",
  partiallyCompletedPaymentMessage:
    "You have fees that are partially paid. You can pay the remaining balance at any time.",
  feeRequestInstructions:
    "Fill in every field. Requests are reviewed by the business office before families can pay.",
};

export async function seedCore(db: Db): Promise<void> {
  await db.insert(schools).values([
    { shortName: "LHS", fullName: "Lincoln High School" },
    { shortName: "WMS", fullName: "Washington Middle School" },
    { shortName: "DO", fullName: "District Office" },
  ]);
  await seedStudents(db, 40);
  await db.insert(participants).values({
    id: 200001,
    kind: "community_member",
    nameFirst: "Jordan",
    nameLast: "Rivera",
    dob: "1980-03-02",
    grade: "Adult",
    gender: "F",
    email: "jordan.rivera@example.org",
  });
  // The demo's register is worked by the instructors and the fee administrator: they hold the
  // cashier role (decision 140); the others cannot take money at the register.
  const demoStaff = [
    {
      username: "instructor",
      password: "instructor-demo",
      employeeId: "E1001",
      nameFirst: "Irene",
      nameLast: "Instructor",
      roles: ["instructor", "cashier"],
    },
    {
      username: "feeadmin",
      password: "feeadmin-demo",
      employeeId: "E1002",
      nameFirst: "Frank",
      nameLast: "Feeadmin",
      roles: ["fee_admin", "cashier"],
    },
    {
      username: "proposer",
      password: "proposer-demo",
      employeeId: "E1003",
      nameFirst: "Paula",
      nameLast: "Proposer",
      roles: ["fee_proposer", "instructor"],
    },
    {
      username: "instructor2",
      password: "instructor2-demo",
      employeeId: "E1004",
      nameFirst: "Ian",
      nameLast: "Other",
      roles: ["instructor", "cashier"],
    },
    {
      // The demo's district administrator (decision 119); a real district creates its first one
      // with `npm run admin:create`.
      username: "admin",
      password: "admin-demo",
      employeeId: "E1005",
      nameFirst: "Ada",
      nameLast: "Administrator",
      roles: ["district_admin"],
    },
    {
      // The demo's business office (decision 123): mailed checks.
      username: "office",
      password: "office-demo",
      employeeId: "E1006",
      nameFirst: "Olive",
      nameLast: "Office",
      roles: ["business_office"],
    },
  ];
  for (const s of demoStaff) {
    await db.insert(staff).values({
      username: s.username,
      passwordHash: await hashPassword(s.password),
      employeeId: s.employeeId,
      displayName: `${s.nameFirst} ${s.nameLast}`,
      nameFirst: s.nameFirst,
      nameLast: s.nameLast,
      email: `${s.username}@district.example.org`,
      roles: s.roles,
    });
  }
  await db.insert(schoolYears).values([{ year: "2026-2027" }, { year: "2027-2028" }]);
  await db.insert(feeCategories).values(
    ["Athletics", "Clubs", "Donations", "Field Trips", "Supplies", "Yearbook"].map((name) => ({
      name,
    })),
  );
  await db.insert(settings).values({ id: 1, data: DEFAULT_SETTINGS });
  await db.insert(maintenance).values({ id: 1, ...PAST_MAINTENANCE_WINDOW });
}

export async function isEmpty(db: Db): Promise<boolean> {
  const res = (await db.execute(sql`select count(*)::int as n from participants`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]?.n ?? 0) === 0;
}
