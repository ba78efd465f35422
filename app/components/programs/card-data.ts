// What an activity card shows, computed once in the loader (decision 094): display strings and the
// card's actions, nothing else. /programs lists a hundred cards or more, and the loader's data is
// serialised twice (into the HTML and into the hydration JSON), so the cards carry only this.
import type { Course, CourseStatus } from "@domain/contract/programs";
import { cardView, type CardAction } from "@domain/rules/card-actions";
import { formatUsd, toCents } from "@domain/rules/money";
import { formatCountdown } from "@domain/rules/registration";
import { t } from "@domain/messages/programs";
import { formatCourseDates } from "./format";
import { districtTextLang } from "~/components/district-text";

export interface CardData {
  /** courseSelectionUUID */
  id: string;
  name: string;
  /** "1001 · Section 01 · Summer 2027" */
  meta: string;
  program: string;
  dates: string;
  /** "M, W · 9:00 AM - 10:00 AM", when the course has meeting days or a time. */
  schedule?: string;
  /** "Cost: $25.00", with the financial aid note when aid covers it. */
  cost: string;
  school?: string;
  /** The status line, if any. */
  state?: string;
  actions: CardAction[];
  /** The status the page showed, posted with an action (the API answers 406 when it differs). */
  status: CourseStatus;
  /** Register and join go through the questions page first. */
  questions?: true;
  /** A partly paid registration: "Paid so far: $28.50 · Balance due: $46.50". */
  paidSoFar?: string;
  /** The balance-due panel: its title and the program's cancellation message. */
  balanceDue?: { title: string; message: string; messageLang?: "en" };
  /** On a page in another language: the name, the program's name, in the district's English. */
  nameLang?: "en";
  programLang?: "en";
  /**
   * The payment window's deadline (ISO) and its m:ss when the page was rendered; the registration
   * whose window may still be extended once (decision 146).
   */
  countdown?: { deadline: string; initial: string; extendable?: string };
  /** The last action on this course failed (spec 01 §4). */
  failed?: true;
  /** Why it failed, kept on the card after the notice hides (a time conflict, say). */
  failedReason?: string;
}

/** A card's data; fields that do not apply are left out rather than sent as null or false. */
export function toCardData(course: Course, now: number, failedReason?: string | null): CardData {
  const view = cardView(course);
  const card: CardData = {
    id: course.courseSelectionUUID,
    name: course.name,
    meta: `${course.courseNumber} · ${t("card.section")} ${course.sectionNumber} · ${course.term}`,
    program: course.programName,
    dates: formatCourseDates(course),
    cost: `${t("card.cost")}: ${
      course.originalCost > 0 ? formatUsd(toCents(course.originalCost)) : t("card.free")
    }${course.financialAid === "free" && course.originalCost > 0 ? ` · ${t("card.financialAidFree")}` : ""}`,
    actions: view.actions,
    status: course.status,
  };
  if (course.meetingDays || course.meetingTime) {
    card.schedule = `${course.meetingDays.replaceAll(",", ", ")}${
      course.meetingTime ? ` · ${course.meetingTime}` : ""
    }`;
  }
  const nameLang = districtTextLang(course.spanish, "name");
  if (nameLang) card.nameLang = nameLang;
  const programLang = districtTextLang(course.spanish, "programName");
  if (programLang) card.programLang = programLang;
  if (course.school) card.school = course.school.fullName;
  if (view.text) card.state = view.text;
  if (course.courseQuestions.length) card.questions = true;
  if (course.status === "partial") {
    const balance = toCents(course.cost) - toCents(course.paidOrPendingAmount);
    card.paidSoFar = t("card.paidSoFar", {
      paid: formatUsd(toCents(course.paidAmount)),
      balance: formatUsd(Math.max(0, balance)),
    });
  }
  if (view.balanceDue) {
    const balance =
      toCents(course.cost) - toCents(course.paidOrPendingAmount) - toCents(course.courseCredits);
    card.balanceDue = {
      title: t("card.balanceDue", { amount: formatUsd(Math.max(0, balance)) }),
      message: course.programCancellationMessage,
    };
    const messageLang = districtTextLang(course.spanish, "programCancellationMessage");
    if (messageLang) card.balanceDue.messageLang = messageLang;
  }
  if (course.paymentDeadline && course.paymentDue) {
    card.countdown = {
      deadline: course.paymentDeadline,
      initial: formatCountdown(Date.parse(course.paymentDeadline) - now),
    };
    if (
      course.registrationStatus === "pending_payment" &&
      course.registrationId &&
      !course.paymentWindowExtended
    ) {
      card.countdown.extendable = course.registrationId;
    }
  }
  if (course.registrationError) {
    card.failed = true;
    if (failedReason) card.failedReason = failedReason;
  }
  return card;
}
