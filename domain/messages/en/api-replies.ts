// Texts only the district API and the web app's server write (refusals of a request's shape, the
// API's payment refusals, mail bodies): in the one catalogue (index.ts) but in no page's area, so
// that no family page's script carries them (decision 097's budget).
export const apiReplies = {
  "error.jsonTooDeep": "The request body is nested too deeply: at most {max} levels.",
  "error.jsonTooWide": "The request body has too many items in one list: at most {max}.",
  "error.fieldNotInForm": "The form has no field named {name}.",
  // A member's names were typed by whoever registered: the mail carries none (decision 137).
  "recover.mailBodyMember": "Hello,\n\nYour {kind} is {id}.\n\n{district}",
  "payment.error.returnBase": "returnBase must be this site's own address.",
  "payment.description.more": "and {count} more",
  "payment.error.asyncFailed":
    "The payment did not go through: the bank refused it. Nothing was taken; the cart is open again.",
  "paymentDialog.mailShareFull":
    "Mailed checks may hold only {share}% of the seats in {course}, and those are taken. Pay online to keep your seat, or join the waitlist.",
  // Decision 142: from one client address, community members' and guests' unpaid promises hold one seat.
  "paymentDialog.mailOnePerAddress":
    "A mailed check not yet received already holds a seat for an account on your network, and only one may at a time. Pay online by card to keep your seat.",
  // Follows the spec's time-conflict message: which registered course the new one clashes with.
  "register.timeConflictWith": "It overlaps with {course}.",
  "paymentDialog.mailNotOffered":
    "{course} does not take mailed checks. Pay online to keep your seat, or join the waitlist.",
  // The fees page's data could not be read (decision 150): the page answers 503 with this.
  "fees.error.load": "There was an error loading the fees.",
} as const;
