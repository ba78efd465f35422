// An activity card: what the course is, its state and the actions of spec 01 §4 "Card action by
// state". Every action is a plain link or form post; questions and confirmations are pages.
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/mantine/Alert";
import { Button } from "~/ui/mantine/Button";
import type { Course } from "@domain/contract/programs";
import { cardView, type CardAction } from "@domain/rules/card-actions";
import { formatUsd, toCents } from "@domain/rules/money";
import { formatCountdown } from "@domain/rules/registration";
import { t } from "@domain/messages/programs";
import { PaymentCountdown } from "~/islands/PaymentCountdown";
import { formatCourseDates } from "./format";

interface Props {
  course: Course;
  /** The page to come back to after an action (path and query). */
  back: string;
  /** Link that opens the detail dialog. */
  detailHref: string;
  /** Server time when the page was rendered, for the countdown's first m:ss. */
  now: number;
}

/** Long action texts wrap instead of being cut off. */
const wrap = { className: "ac-btn", classNames: { label: "ac-btn-label" } };

function ActionControl({
  action,
  course,
  back,
}: {
  action: CardAction;
  course: Course;
  back: string;
}) {
  const navigation = useNavigation();
  const id = course.courseSelectionUUID;
  const backParam = `back=${encodeURIComponent(back)}`;
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("courseSelectionUUID") === id;
  const post = (
    intent: string,
    reason?: string,
    color?: string,
    variant?: "filled" | "light" | "outline",
  ) => (
    <Form method="post" action="/programs" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="courseSelectionUUID" value={id} />
      <input type="hidden" name="status" value={course.status} />
      <input type="hidden" name="back" value={back} />
      {reason ? <input type="hidden" name="reason" value={reason} /> : null}
      <Button {...wrap} type="submit" color={color} variant={variant} loading={busy} fullWidth>
        {action.label}
      </Button>
    </Form>
  );
  switch (action.kind) {
    case "register":
      return course.courseQuestions.length ? (
        <Button
          {...wrap}
          component={Link}
          to={`/programs/questions/${id}?intent=register&${backParam}`}
          fullWidth
        >
          {action.label}
        </Button>
      ) : (
        post("register")
      );
    case "joinWaitlist":
      return course.courseQuestions.length ? (
        <Button
          {...wrap}
          component={Link}
          to={`/programs/questions/${id}?intent=waitlist&${backParam}`}
          variant="outline"
          fullWidth
        >
          {action.label}
        </Button>
      ) : (
        post("waitlist", undefined, undefined, "outline")
      );
    case "leaveWaitlist":
      return (
        <Button
          {...wrap}
          component={Link}
          to={`/programs/confirm-remove/${id}?${backParam}`}
          variant="outline"
          color="red"
          fullWidth
        >
          {action.label}
        </Button>
      );
    case "cancel":
      return post("cancel", "Clicked cancel", "red", "light");
    case "pay":
      return (
        <Button {...wrap} component={Link} to={`/payment/${id}`} fullWidth>
          {action.label}
        </Button>
      );
    case "cart":
      return (
        <Button {...wrap} component={Link} to="/cart" fullWidth>
          {action.label}
        </Button>
      );
  }
}

export function ActivityCard({ course, back, detailHref, now }: Props) {
  const view = cardView(course);
  const headingId = `course-${course.courseSelectionUUID}`;
  const balance =
    toCents(course.cost) - toCents(course.paidOrPendingAmount) - toCents(course.courseCredits);
  // Plain elements styled by app.css rather than Mantine's Card/Stack/Title/Text/Anchor: /programs
  // renders a hundred of these, and each Mantine component costs server time and markup (issue 9).
  return (
    <article
      aria-labelledby={headingId}
      className="activity-card"
      data-registration-error={course.registrationError || undefined}
    >
      <h3 className="ac-title" id={headingId}>
        {course.name}
      </h3>
      <p className="ac-text ac-dimmed">
        {course.courseNumber} · {t("card.section")} {course.sectionNumber} · {course.term}
      </p>
      <p className="ac-text">{course.programName}</p>
      <p className="ac-text">{formatCourseDates(course)}</p>
      {course.meetingDays || course.meetingTime ? (
        <p className="ac-text">
          {course.meetingDays.replaceAll(",", ", ")}
          {course.meetingTime ? ` · ${course.meetingTime}` : ""}
        </p>
      ) : null}
      <p className="ac-text ac-cost">
        {t("card.cost")}:{" "}
        {course.originalCost > 0 ? formatUsd(toCents(course.originalCost)) : t("card.free")}
        {course.financialAid === "free" && course.originalCost > 0
          ? ` · ${t("card.financialAidFree")}`
          : ""}
      </p>
      {course.school ? <p className="ac-text">{course.school.fullName}</p> : null}
      <Link to={detailHref} className="ac-text ac-link" preventScrollReset>
        {t("card.details")}
        <span className="visually-hidden"> {course.name}</span>
      </Link>
      <div style={{ flexGrow: 1 }} />
      {view.text ? <p className="ac-text ac-state">{view.text}</p> : null}
      {view.balanceDue ? (
        <Alert
          color="yellow"
          p="xs"
          title={t("card.balanceDue", { amount: formatUsd(Math.max(0, balance)) })}
        >
          {course.programCancellationMessage}
        </Alert>
      ) : null}
      {course.paymentDeadline && course.paymentDue ? (
        <PaymentCountdown
          courseSelectionUUID={course.courseSelectionUUID}
          deadline={course.paymentDeadline}
          initial={formatCountdown(Date.parse(course.paymentDeadline) - now)}
        />
      ) : null}
      <div className="ac-actions">
        {view.actions.map((a) => (
          <ActionControl key={a.kind} action={a} course={course} back={back} />
        ))}
      </div>
    </article>
  );
}
