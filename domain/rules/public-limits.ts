// How often the public actions that write or mail may be used (docs/decisions/137): per client
// address (an IPv4 address, an IPv6 /56, decision 136) and per recipient mailbox. Pure numbers; the district
// API keeps the counters in the database (services/public-limits.ts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** At most `max` counted actions in a window of `windowMs` from the window's first one. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

export const PUBLIC_LIMITS = {
  /**
   * Community member registrations, new or of someone already registered, per address: a
   * family of four registers in one sitting; a library's or community centre's shared
   * connection registers ten people a day.
   */
  registrationPerAddressHour: { max: 4, windowMs: HOUR },
  registrationPerAddressDay: { max: 10, windowMs: DAY },
  /**
   * Mail that a public action sends to one mailbox (a new member's ID, the notice to a member
   * someone tried to register again, an ID recovery): a parent registering four children and
   * recovering an ID twice in a day. A registration giving a full mailbox is refused; a notice
   * or recovery to a full mailbox is dropped without a word, since saying so would tell the
   * caller about someone else's mailbox.
   */
  mailPerMailbox: { max: 6, windowMs: DAY },
  /** ID recovery requests (student and member together) per address. */
  recoveryPerAddress: { max: 10, windowMs: HOUR },
  /** Guest sessions started per address: a school office's desk helping families pay. */
  guestPerAddress: { max: 20, windowMs: HOUR },
  /** Profile saves per community member. */
  profileSavesPerMember: { max: 10, windowMs: HOUR },
} as const satisfies Record<string, WindowLimit>;

/**
 * New community member IDs are drawn at random from this range (8 digits starting with 2), so
 * knowing one ID says nothing about the next; existing IDs (200001…) stay as they are.
 */
export const MEMBER_ID_MIN = 20_000_000;
export const MEMBER_ID_MAX = 29_999_999;

// Providers that deliver "first.last@" to "firstlast@" (dots in the local part are ignored).
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, for counting mail per recipient: lower case, without a
 * "+tag" (most providers deliver "name+anything@" to "name@"), and without dots where the
 * provider ignores them. Otherwise one inbox would be many recipients, each with its own share.
 */
export function mailboxOf(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf("@");
  if (at <= 0) return a;
  let local = a.slice(0, at);
  let domain = a.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}
