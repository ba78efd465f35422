// The status of a course for one person (spec 01 §4 "Course status values"), computed by the
// district API from seats, waitlist and the person's registration and payments.
import type { CourseStatus, RegistrationStatus } from "../contract/programs";

export interface StatusInput {
  capacity: number;
  /** Seats held, not counting holds whose deadline has passed. */
  seatsTaken: number;
  waitlistEnabled: boolean;
  /** People waiting for this section. */
  waitingCount: number;
  registration: {
    status: RegistrationStatus;
    costCents: number;
    paidCents: number;
    pendingCents: number;
    creditsCents: number;
  } | null;
}

export interface StatusResult {
  status: CourseStatus;
  requiresPayment: boolean;
  /** Money is owed that is neither paid, promised (mail-in) nor covered by credits. */
  paymentDue: boolean;
  seatsAvailable: number;
}

export function courseStatus(input: StatusInput): StatusResult {
  const seatsAvailable = Math.max(0, input.capacity - input.seatsTaken);
  const reg = input.registration;
  if (!reg) {
    // A free seat goes to the waitlist first, so people waiting keep the course in "waitlist".
    const status: CourseStatus =
      seatsAvailable > 0 && input.waitingCount === 0
        ? "open"
        : input.waitlistEnabled
          ? "waitlist"
          : "closed-no-waitlist";
    return { status, requiresPayment: false, paymentDue: false, seatsAvailable };
  }
  if (reg.status === "waitlisted") {
    return { status: "waitlisted", requiresPayment: false, paymentDue: false, seatsAvailable };
  }
  const requiresPayment = reg.costCents > 0;
  const covered = reg.paidCents + reg.pendingCents + reg.creditsCents;
  const paymentDue = requiresPayment && covered < reg.costCents;
  let status: CourseStatus = "registered";
  if (reg.creditsCents > 0) {
    status = paymentDue ? "registered-with-credits-pending-payment" : "registered-with-credits";
  } else if (
    reg.status === "registered" &&
    reg.paidCents > 0 &&
    reg.paidCents + reg.pendingCents < reg.costCents
  ) {
    status = "partial";
  }
  return { status, requiresPayment, paymentDue, seatsAvailable };
}

/** The status value spec 01 §4 gives a full course on its card: "full", or "Course Full" when closed. */
export function isFull(status: CourseStatus): boolean {
  return status === "waitlist" || status === "closed-no-waitlist";
}
