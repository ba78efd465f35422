// Demo data of the staff area: the demo instructor (E1001) teaches sections in two programs with
// active, canceled and unpaid registrations and answered questions, and owns a fee with several
// people assessed. Runs after the programs and fees seeds and only adds what is missing. Uses
// students 100020..100040 and member 200001 only; other areas' demos use 100001..100019.
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { queryRows } from "../client";
import {
  assessedFees,
  courseQuestions,
  courses,
  courseSections,
  feeOwners,
  fees,
  programs,
  registrations,
  type StoredAnswer,
} from "../schema";

export const DEMO_INSTRUCTOR = "E1001";
export const OTHER_INSTRUCTOR = "E1004";

interface SectionSpec {
  programId: string;
  subject: string;
  courseNumber: string;
  name: string;
  description: string;
  sectionNumber: string;
  instructor: string;
  costCents: number;
  days: string[];
  start: string;
  end: string;
  active?: boolean;
  capacity?: number;
  room?: string;
  schoolId?: number;
}

/** Adds a course and one section of it; returns the section's id. */
export async function addDemoSection(db: Db, s: SectionSpec): Promise<string> {
  const [course] = await db
    .insert(courses)
    .values({
      subject: s.subject,
      courseNumber: s.courseNumber,
      name: s.name,
      description: s.description,
    })
    .returning({ id: courses.id });
  const [section] = await db
    .insert(courseSections)
    .values({
      programId: s.programId,
      courseId: course!.id,
      sectionNumber: s.sectionNumber,
      termId: "2026FA",
      term: "Fall 2026",
      instructorEmployeeId: s.instructor,
      schoolId: s.schoolId ?? 1,
      capacity: s.capacity ?? 30,
      creditHours: "0.50",
      deliveryMethod: "In Person",
      meetingDays: s.days,
      roomNumber: s.room ?? "A12",
      dateStart: "2026-09-08",
      dateEnd: "2026-12-11",
      timeStart: s.start,
      timeEnd: s.end,
      costCents: s.costCents,
      allowCommunity: true,
      active: s.active ?? true,
    })
    .returning({ id: courseSections.id });
  return section!.id;
}

export async function addDemoProgram(db: Db, name: string, sortOrder: number): Promise<string> {
  // Closed to new registrations so the family pages of other areas' demos are unchanged.
  const [p] = await db
    .insert(programs)
    .values({ name, open: false, active: true, sortOrder })
    .returning({ id: programs.id });
  return p!.id;
}

interface RegSpec {
  participantId: number;
  state: "paid" | "unpaid" | "partial" | "canceled";
  answers?: string[];
  daysAgo: number;
}

/** Adds registrations to a section and keeps seats_taken equal to the seats they hold. */
export async function addDemoRegistrations(
  db: Db,
  sectionId: string,
  costCents: number,
  regs: RegSpec[],
  now = new Date(),
): Promise<void> {
  const questions = await db
    .select()
    .from(courseQuestions)
    .where(sql`${courseQuestions.courseSectionId} = ${sectionId}`)
    .orderBy(courseQuestions.sortOrder);
  for (const r of regs) {
    const answers: StoredAnswer[] = questions.map((q, i) => ({
      questionId: q.id,
      question: q.question,
      responseType: q.responseType,
      answer: r.answers?.[i] ?? (q.responseType === "Waiver" ? "I Accept" : ""),
    }));
    const created = new Date(now.getTime() - r.daysAgo * 86_400_000);
    const [row] = await db
      .insert(registrations)
      .values({
        courseSectionId: sectionId,
        participantId: r.participantId,
        status: r.state === "canceled" ? "cancelled" : "registered",
        cancelReason: r.state === "canceled" ? "Cancelled by family" : null,
        costCents,
        answers,
        createdAt: created,
        updatedAt: created,
        cancelledAt: r.state === "canceled" ? now : null,
      })
      .returning({ id: registrations.id });
    const paid =
      r.state === "paid" ? costCents : r.state === "partial" ? Math.floor(costCents / 2) : 0;
    if (paid > 0) {
      await db.execute(sql`update registrations set paid_cents = ${paid} where id = ${row!.id}`);
    }
  }
  await db.execute(sql`update course_sections set seats_taken = (
      select count(*) from registrations r
      where r.course_section_id = ${sectionId} and r.status in ('registered', 'pending_payment'))
    where id = ${sectionId}`);
}

interface FeeSpec {
  name: string;
  amountCents: number;
  owners: string[];
  accountCode?: string;
  questions?: {
    question: string;
    responseType: "Value List" | "Free Form";
    answerList?: string[];
  }[];
}

/** A fee owned by the given employees, with its questions; returns its id. */
export async function addOwnedFee(db: Db, f: FeeSpec): Promise<number> {
  const [fee] = await db
    .insert(fees)
    .values({
      name: f.name,
      description: `<p>${f.name} for the 2026-2027 school year.</p>`,
      amountCents: f.amountCents,
      // An enrollment fee is assessed, never listed among the optional fees families browse.
      feeType: "Enrollment",
      schoolId: 1,
      schoolYearId: sql`(select id from school_years order by year limit 1)` as unknown as number,
      accountCode: f.accountCode ?? null,
    })
    .returning({ id: fees.id });
  for (const employeeId of f.owners) {
    await db.insert(feeOwners).values({ feeId: fee!.id, employeeId });
  }
  let order = 1;
  for (const q of f.questions ?? []) {
    await db.insert(courseQuestions).values({
      feeId: fee!.id,
      question: q.question,
      responseType: q.responseType,
      answerList: q.answerList ?? [],
      sortOrder: order++,
    });
  }
  return fee!.id;
}

export async function assessDemoFee(
  db: Db,
  feeId: number,
  people: {
    participantId: number;
    kind?: "student" | "community_member";
    paidCents: number;
    answers?: string[];
  }[],
  costCents: number,
): Promise<void> {
  const questions = await db
    .select()
    .from(courseQuestions)
    .where(sql`${courseQuestions.feeId} = ${feeId}`)
    .orderBy(courseQuestions.sortOrder);
  for (const p of people) {
    const paid = Math.min(p.paidCents, costCents);
    await db.insert(assessedFees).values({
      feeId,
      payerKey: `${p.kind ?? "student"}:${p.participantId}`,
      participantId: p.participantId,
      status: paid >= costCents ? "paid" : paid > 0 ? "partial" : "due",
      assessedCostCents: costCents,
      paidCents: paid,
      allowPartial: true,
      answers: p.answers
        ? questions.map((q, i) => ({
            questionId: q.id,
            question: q.question,
            responseType: q.responseType,
            answer: p.answers![i] ?? "",
          }))
        : [],
      paidAt: paid > 0 ? new Date() : null,
    });
  }
}

export const LONG_QUESTION =
  "Please describe any allergies, medical conditions or accommodations our staff should know about so your child can take part safely in every studio activity.";

async function programsTaughtBy(db: Db, employeeId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct program_id)::int as n from course_sections
        where instructor_employee_id = ${employeeId}`,
  );
  return Number(row?.n ?? 0);
}

export async function seedStaff(db: Db): Promise<void> {
  const enrichment = await addDemoProgram(db, "After-School Enrichment", 90);
  const watercolor = await addDemoSection(db, {
    programId: enrichment,
    subject: "ART",
    courseNumber: "101",
    name: "Watercolor Painting",
    description:
      "Learn washes, layering and color mixing in a friendly studio. All supplies are provided.",
    sectionNumber: "01",
    instructor: DEMO_INSTRUCTOR,
    costCents: 4500,
    days: ["Mon", "Wed"],
    start: "15:30",
    end: "17:00",
  });
  let order = 1;
  for (const q of [
    {
      question: "T-shirt size",
      responseType: "Value List" as const,
      answerList: ["S", "M", "L", "XL"],
    },
    { question: LONG_QUESTION, responseType: "Free Form" as const, answerList: [] },
    {
      question: "I agree to follow the studio safety rules.",
      responseType: "Waiver" as const,
      answerList: [],
    },
  ]) {
    await db
      .insert(courseQuestions)
      .values({ courseSectionId: watercolor, sortOrder: order++, ...q });
  }
  const sizes = ["S", "M", "L", "XL"];
  const notes = [
    "None",
    "Peanut allergy",
    "Needs a seat near the door",
    "=Asthma; carries an inhaler",
  ];
  const states: RegSpec["state"][] = [
    "paid",
    "unpaid",
    "paid",
    "canceled",
    "partial",
    "paid",
    "unpaid",
  ];
  const watercolorRegs: RegSpec[] = [];
  for (let n = 20; n <= 34; n++) {
    watercolorRegs.push({
      participantId: 100000 + n,
      state: states[n % states.length]!,
      answers: [sizes[n % sizes.length]!, notes[n % notes.length]!, "I Accept"],
      daysAgo: 40 - n,
    });
  }
  watercolorRegs.push({
    participantId: 200001,
    state: "paid",
    answers: ["M", "None", "I Accept"],
    daysAgo: 3,
  });
  await addDemoRegistrations(db, watercolor, 4500, watercolorRegs);

  // A section that has ended its run: shown under "Inactive".
  await addDemoSection(db, {
    programId: enrichment,
    subject: "ART",
    courseNumber: "090",
    name: "Summer Sketching",
    description: "Drawing from observation. This section has been retired.",
    sectionNumber: "01",
    instructor: DEMO_INSTRUCTOR,
    costCents: 0,
    days: ["Fri"],
    start: "09:00",
    end: "11:00",
    active: false,
  });

  // Another instructor's section in the same program: never visible to the demo instructor.
  const guitar = await addDemoSection(db, {
    programId: enrichment,
    subject: "MUS",
    courseNumber: "120",
    name: "Beginning Guitar",
    description: "Chords, strumming and simple songs.",
    sectionNumber: "01",
    instructor: OTHER_INSTRUCTOR,
    costCents: 3000,
    days: ["Tue", "Thu"],
    start: "15:30",
    end: "16:30",
    room: "M4",
  });
  await addDemoRegistrations(db, guitar, 3000, [
    { participantId: 100038, state: "paid", daysAgo: 5 },
    { participantId: 100039, state: "unpaid", daysAgo: 4 },
  ]);

  if ((await programsTaughtBy(db, DEMO_INSTRUCTOR)) < 2) {
    const evening = await addDemoProgram(db, "Adult and Family Evening Classes", 91);
    const cooking = await addDemoSection(db, {
      programId: evening,
      subject: "CUL",
      courseNumber: "110",
      name: "Healthy Cooking",
      description: "Quick, healthy weeknight meals. Bring an apron.",
      sectionNumber: "02",
      instructor: DEMO_INSTRUCTOR,
      costCents: 2500,
      days: ["Thu"],
      start: "18:00",
      end: "20:00",
      room: "Kitchen",
      schoolId: 2,
    });
    await addDemoRegistrations(db, cooking, 2500, [
      { participantId: 100035, state: "paid", daysAgo: 9 },
      { participantId: 100036, state: "unpaid", daysAgo: 8 },
      { participantId: 100037, state: "canceled", daysAgo: 7 },
      { participantId: 100040, state: "paid", daysAgo: 6 },
    ]);
  }

  const [owned] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from fee_owners where employee_id = ${DEMO_INSTRUCTOR}`,
  );
  if (Number(owned?.n ?? 0) === 0) {
    const feeId = await addOwnedFee(db, {
      name: "Art Club Dues",
      amountCents: 2500,
      owners: [DEMO_INSTRUCTOR],
      accountCode: "ART-2627-01",
      questions: [
        {
          question: "Preferred meeting day",
          responseType: "Value List",
          answerList: ["Tuesday", "Thursday"],
        },
        { question: "Anything else we should know?", responseType: "Free Form" },
      ],
    });
    const people = [];
    for (let n = 20; n <= 32; n++) {
      people.push({
        participantId: 100000 + n,
        paidCents: n % 3 === 0 ? 2500 : n % 3 === 1 ? 1000 : 0,
        answers:
          n % 2 === 0
            ? [n % 4 === 0 ? "Tuesday" : "Thursday", n === 22 ? "+1 friend may join" : ""]
            : undefined,
      });
    }
    people.push({
      participantId: 200001,
      kind: "community_member" as const,
      paidCents: 0,
      answers: ["Tuesday", "Happy to help with setup"],
    });
    await assessDemoFee(db, feeId, people, 2500);
  }
}
