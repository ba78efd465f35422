// Demo programs and courses (README "Demo accounts"): three open programs (one needs the health
// survey, one is one-section-per-term) and a closed one; sections open, full with a waitlist and
// closed without one; free and paid; every question type; overlapping times; a few registrations
// of students 100001, 100002 and 100007 (100010 and up stay clean for tests).
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { courseQuestions, courses, courseSections, programs, registrations } from "../schema";
import { surveyResponses } from "../schema/programs";

type SectionSeed = {
  key: string;
  program: string;
  subject: string;
  number: string;
  name: string;
  description: string;
  category: string;
  section?: string;
  days: string[];
  start: string | null;
  end: string | null;
  dateStart?: string;
  dateEnd?: string;
  cost: number;
  capacity: number;
  waitlist?: boolean;
  instructor: string;
  school: number;
  community?: boolean;
  override?: boolean;
  delivery?: string;
  grades?: string[];
  notes?: string;
  courseKey?: string;
};

const WAIVER_TEXT =
  "I understand that participation in this activity involves physical activity and some risk of injury. I release the School District, its staff and volunteers from liability for injuries that occur during the activity, and I consent to emergency medical care if I cannot be reached.";

const SECTIONS: SectionSeed[] = [
  // Summer Enrichment: paid and free, overlapping times, full with and without a waitlist.
  {
    key: "robotics",
    program: "enrichment",
    subject: "ENR",
    number: "101",
    name: "Robotics Camp",
    description: "Build and program a small robot with a team. All materials included.",
    category: "STEM",
    days: ["Mon", "Tue", "Wed", "Thu"],
    start: "09:00",
    end: "11:00",
    cost: 7500,
    capacity: 20,
    instructor: "E1001",
    school: 1,
  },
  {
    key: "art",
    program: "enrichment",
    subject: "ENR",
    number: "110",
    name: "Art Studio",
    description: "Drawing, painting and clay for young artists.",
    category: "Arts",
    days: ["Mon", "Wed"],
    start: "10:00",
    end: "12:00",
    cost: 0,
    capacity: 15,
    instructor: "E1003",
    school: 2,
  },
  {
    key: "reading",
    program: "enrichment",
    subject: "ENR",
    number: "150",
    name: "Reading Lab",
    description: "Small-group reading practice. Overlaps Art Studio on Mondays and Wednesdays.",
    category: "Academics",
    days: ["Mon", "Wed"],
    start: "10:30",
    end: "11:30",
    cost: 0,
    capacity: 20,
    instructor: "E1003",
    school: 2,
  },
  {
    key: "studyhall",
    program: "enrichment",
    subject: "ENR",
    number: "160",
    name: "Study Hall",
    description: "Drop-in homework help. May be taken alongside other courses.",
    category: "Academics",
    days: ["Mon", "Wed"],
    start: "10:00",
    end: "11:00",
    cost: 0,
    capacity: 30,
    instructor: "E1004",
    school: 2,
    override: true,
  },
  {
    key: "chess",
    program: "enrichment",
    subject: "ENR",
    number: "120",
    name: "Chess Club",
    description: "Openings, tactics and friendly tournaments. One table left: join the waitlist.",
    category: "Clubs",
    days: ["Fri"],
    start: "13:00",
    end: "14:00",
    cost: 0,
    capacity: 1,
    instructor: "E1001",
    school: 1,
  },
  {
    key: "coding",
    program: "enrichment",
    subject: "ENR",
    number: "130",
    name: "Coding for Beginners",
    description: "Learn to write your first programs. This section is full and has no waitlist.",
    category: "STEM",
    days: ["Tue", "Thu"],
    start: "13:00",
    end: "15:00",
    cost: 12000,
    capacity: 1,
    waitlist: false,
    instructor: "E1001",
    school: 1,
  },
  {
    key: "music",
    program: "enrichment",
    subject: "ENR",
    number: "140",
    name: "Summer Band",
    description: "Ensemble rehearsals and a final concert. Instruments available to borrow.",
    category: "Arts",
    days: ["Tue", "Thu"],
    start: "09:00",
    end: "10:00",
    cost: 4000,
    capacity: 25,
    instructor: "E1004",
    school: 2,
  },
  // Summer Athletics: requires the health survey.
  {
    key: "basketball",
    program: "athletics",
    subject: "ATH",
    number: "201",
    name: "Basketball Camp",
    description: "Skills, drills and scrimmages in the Lincoln gym.",
    category: "Athletics",
    days: ["Mon", "Tue", "Wed", "Thu", "Fri"],
    start: "08:00",
    end: "09:00",
    cost: 5000,
    capacity: 30,
    instructor: "E1004",
    school: 1,
  },
  {
    key: "swim",
    program: "athletics",
    subject: "ATH",
    number: "210",
    name: "Swim Lessons",
    description: "Beginner and intermediate groups at the district pool.",
    category: "Athletics",
    days: ["Tue", "Thu"],
    start: "15:00",
    end: "16:00",
    cost: 0,
    capacity: 10,
    instructor: "E1003",
    school: 1,
  },
  // Credit Recovery: one section per term, students only.
  {
    key: "algebra1",
    program: "credit",
    subject: "MTH",
    number: "100",
    name: "Algebra I Recovery",
    section: "1",
    courseKey: "algebra",
    description: "Recover Algebra I credit. Morning section.",
    category: "Academics",
    days: ["Mon", "Wed"],
    start: "12:00",
    end: "14:00",
    cost: 0,
    capacity: 25,
    instructor: "E1001",
    school: 1,
    community: false,
  },
  {
    key: "algebra2",
    program: "credit",
    subject: "MTH",
    number: "100",
    name: "Algebra I Recovery",
    section: "2",
    courseKey: "algebra",
    description: "Recover Algebra I credit. Afternoon section.",
    category: "Academics",
    days: ["Tue", "Thu"],
    start: "12:00",
    end: "14:00",
    cost: 0,
    capacity: 25,
    instructor: "E1001",
    school: 1,
    community: false,
  },
  {
    key: "english",
    program: "credit",
    subject: "ENG",
    number: "100",
    name: "English 9 Recovery",
    description: "Recover English 9 credit online, with weekly check-ins.",
    category: "Academics",
    days: ["Fri"],
    start: null,
    end: null,
    delivery: "Online",
    cost: 0,
    capacity: 40,
    instructor: "E1003",
    school: 1,
    community: false,
  },
  // A closed program: never listed.
  {
    key: "pottery",
    program: "closed",
    subject: "CE",
    number: "300",
    name: "Evening Pottery",
    description: "Wheel-thrown pottery for adults.",
    category: "Arts",
    days: ["Tue"],
    start: "18:00",
    end: "20:00",
    dateStart: "2026-02-03",
    dateEnd: "2026-03-31",
    cost: 6000,
    capacity: 12,
    instructor: "E1001",
    school: 3,
    grades: ["Adult"],
  },
];

export async function seedPrograms(db: Db): Promise<void> {
  const programRows = await db
    .insert(programs)
    .values([
      { name: "Summer Enrichment 2027", open: true, allowPartial: true, sortOrder: 1 },
      { name: "Summer Athletics 2027", open: true, requiresSurvey: true, sortOrder: 2 },
      {
        name: "Summer Credit Recovery 2027",
        open: true,
        oneSectionPerTerm: true,
        sortOrder: 3,
        cancellationMessage: "Credit recovery registrations may be cancelled until the first day.",
      },
      { name: "Spring Community Education 2026", open: false, sortOrder: 4 },
    ])
    .returning({ id: programs.id });
  const programIds: Record<string, string> = {
    enrichment: programRows[0]!.id,
    athletics: programRows[1]!.id,
    credit: programRows[2]!.id,
    closed: programRows[3]!.id,
  };

  const courseIds = new Map<string, string>();
  const sectionIds: Record<string, string> = {};
  for (const s of SECTIONS) {
    const courseKey = s.courseKey ?? s.key;
    let courseId = courseIds.get(courseKey);
    if (!courseId) {
      const [c] = await db
        .insert(courses)
        .values({
          subject: s.subject,
          courseNumber: `${s.subject} ${s.number}`,
          name: s.name,
          description: s.description,
          category: s.category,
        })
        .returning({ id: courses.id });
      courseId = c!.id;
      courseIds.set(courseKey, courseId);
    }
    const [row] = await db
      .insert(courseSections)
      .values({
        programId: programIds[s.program]!,
        courseId,
        sectionNumber: s.section ?? "1",
        termId: "2027SU",
        term: s.program === "closed" ? "Spring 2026" : "Summer 2027",
        instructorEmployeeId: s.instructor,
        schoolId: s.school,
        capacity: s.capacity,
        waitlistEnabled: s.waitlist ?? true,
        creditHours: s.program === "credit" ? "0.50" : "0",
        deliveryMethod: s.delivery ?? "In Person",
        meetingDays: s.days,
        roomNumber: s.delivery === "Online" ? null : `${100 + SECTIONS.indexOf(s)}`,
        dateStart: s.dateStart ?? "2027-06-07",
        dateEnd: s.dateEnd ?? "2027-07-16",
        timeStart: s.start,
        timeEnd: s.end,
        costCents: s.cost,
        allowCommunity: s.community ?? true,
        eligibleGrades: s.grades ?? null,
        timeConflictOverride: s.override ?? false,
        notes: s.notes ?? null,
      })
      .returning({ id: courseSections.id });
    sectionIds[s.key] = row!.id;
  }

  // Every kind of question: Art Studio (free) has a value list, free form and a waiver; Robotics
  // (paid) has a value list and a signature; Basketball has a waiver.
  await db.insert(courseQuestions).values([
    {
      courseSectionId: sectionIds.art!,
      question: "T-shirt size",
      responseType: "Value List",
      answerList: ["Youth S", "Youth M", "Youth L", "Adult S", "Adult M", "Adult L"],
      sortOrder: 1,
    },
    {
      courseSectionId: sectionIds.art!,
      question: "Allergies or medical notes (write None if none)",
      responseType: "Free Form",
      sortOrder: 2,
    },
    {
      courseSectionId: sectionIds.art!,
      question: WAIVER_TEXT,
      responseType: "Waiver",
      sortOrder: 3,
    },
    {
      courseSectionId: sectionIds.robotics!,
      question: "Has the participant built a robot before?",
      responseType: "Value List",
      answerList: ["Yes", "No"],
      sortOrder: 1,
    },
    {
      courseSectionId: sectionIds.robotics!,
      question: "Parent or guardian signature",
      responseType: "Signature",
      sortOrder: 2,
    },
    {
      courseSectionId: sectionIds.basketball!,
      question: WAIVER_TEXT,
      responseType: "Waiver",
      sortOrder: 1,
    },
  ]);

  const now = new Date();
  const reg = (
    key: string,
    participantId: number,
    status: "registered" | "waitlisted",
    cents: { cost?: number; paid?: number; pending?: number; credits?: number } = {},
  ) => ({
    courseSectionId: sectionIds[key]!,
    participantId,
    status,
    costCents: cents.cost ?? 0,
    creditsAppliedCents: cents.credits ?? 0,
    createdAt: now,
    updatedAt: now,
    _paid: cents.paid ?? 0,
    _pending: cents.pending ?? 0,
  });
  const regs = [
    reg("chess", 100002, "registered"),
    reg("chess", 100001, "waitlisted"),
    reg("reading", 100001, "registered"),
    reg("music", 100001, "registered", { cost: 4000, paid: 2000 }),
    reg("coding", 100007, "registered", { cost: 12000, paid: 12000 }),
    reg("robotics", 100002, "registered", { cost: 7500, credits: 2500 }),
    reg("basketball", 100002, "registered", { cost: 5000, pending: 5000 }),
    reg("algebra1", 100002, "registered"),
  ];
  for (const { _paid, _pending, ...values } of regs) {
    const [row] = await db.insert(registrations).values(values).returning({ id: registrations.id });
    await db.execute(
      sql`update registrations set paid_cents = ${_paid}, pending_cents = ${_pending} where id = ${row!.id}`,
    );
  }
  await db.insert(surveyResponses).values({
    participantId: 100002,
    programId: programIds.athletics!,
    isAtRisk: false,
    submittedAt: now,
  });
  // Seats match the live registrations.
  await db.execute(
    sql`update course_sections s set seats_taken = (
          select count(*) from registrations r
          where r.course_section_id = s.id and r.status in ('registered', 'pending_payment', 'offered'))`,
  );
}
