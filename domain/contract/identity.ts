// Wire contract of sign-in, sessions, settings and status (spec 01 §7).
import { z } from "zod";
import { t } from "../messages/common";
import { email, isoDate, requiredText } from "./common";
import { DEVICES_PER_BROWSER } from "../rules/sign-in-guessing";
import { endpoint } from "./endpoint";

export const UserType = z.enum(["student", "community_member", "guest_user"]);
export type UserType = z.infer<typeof UserType>;

/** Claims every district API token carries. Role and expiry are read from the token (spec 01 §3). */
export const TokenClaims = z.object({
  sub: z.string(),
  kind: z.enum(["student", "community_member", "guest_user", "staff"]),
  role: z.array(z.string()),
  exp: z.number(),
  studentId: z.string().optional(),
  employeeID: z.string().optional(),
  /** Set when the session was pushed in by the desktop database client. */
  desktop: z.boolean().optional(),
  /** Set when the desktop client also presented its key: in-person payments are allowed. */
  cashier: z.boolean().optional(),
  /** The employee signed in at the register, who takes the in-person payments (decision 102). */
  cashierEmployeeId: z.string().optional(),
  /** That employee's own session: when it ends, this one ends too (decision 140). */
  cashierSid: z.string().uuid().optional(),
  /** The session the token belongs to; a refresh keeps it, sign-out ends it (decision 103). */
  sid: z.string().uuid().optional(),
  /** When the token was issued (seconds); a staff member's sessions ended after it refuse it. */
  iat: z.number().optional(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

/**
 * The remembered-browser tokens the web app keeps in its device cookie (decision 136): an attempt
 * presenting one given to this person is counted on that browser only.
 */
const DeviceTokens = z.array(z.string().min(1).max(100)).max(DEVICES_PER_BROWSER).optional();
/** A new remembered-browser token, given with a sign-in from a browser not yet known to the person. */
const DeviceToken = z.string().optional();

// The public calls' bodies are strict: an unknown key is a 400 naming it (decision 134).
export const StudentLoginRequest = z
  .object({
    studentId: requiredText(20).regex(/^\d+$/, "must be digits"),
    dob: isoDate,
    deviceTokens: DeviceTokens,
  })
  .strict();
export const StudentLoginReply = z.object({
  accessToken: z.string(),
  expires: z.string(),
  userType: UserType,
  studentId: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  deviceToken: DeviceToken,
});
export type StudentLoginReply = z.infer<typeof StudentLoginReply>;

export const InstructorLoginRequest = z
  .object({
    username: z.string().max(100),
    password: z.string().max(200),
    deviceTokens: DeviceTokens,
  })
  .strict();
export const InstructorLoginReply = z.object({
  accessToken: z.string(),
  employeeID: z.string(),
  displayName: z.string(),
  deviceToken: DeviceToken,
});
export type InstructorLoginReply = z.infer<typeof InstructorLoginReply>;

export const RefreshTokenReply = z.object({ accessToken: z.string() });

export const RecoverRequest = z
  .object({
    // A null e-mail becomes an empty string (spec 01 §5); an empty one simply matches nobody.
    email: z
      .string()
      .max(254)
      .nullable()
      .transform((v) => v ?? ""),
  })
  .strict();
export const RecoverReply = z.object({ ok: z.literal(true) });

export const GuestRequest = z
  .object({
    nameFirst: requiredText(60),
    nameLast: requiredText(60),
    email,
  })
  .strict();
export const GuestReply = StudentLoginReply;

export const Settings = z.object({
  homeMessage: z.object({ show: z.boolean(), message: z.string() }),
  instructions: z.string(),
  logInMessage: z.string(),
  guestLogInMessage: z.string(),
  gradeLabel: z.string(),
  gradeDescription: z.string(),
  registrationPaymentConfirmed: z.string(),
  waitlistPaymentConfirmed: z.string(),
  cancelPaymentRegistration: z.string(),
  programCancellationMessage: z.string(),
  instructorLogInMessage: z.string(),
  instructorInstructions: z.string(),
  cartCountdownTimer: z.string(),
  partiallyCompletedPaymentMessage: z.string(),
  feeRequestInstructions: z.string(),
  // Shown to families; an API without them (an older district API) gets today's texts.
  districtName: z.string().default(t("settings.default.districtName")),
  checkPayableTo: z.string().default(t("settings.default.checkPayableTo")),
  checkMailingAddress: z.string().default(t("settings.default.checkMailingAddress")),
  /**
   * Asked for in Spanish: the texts given in the district's Spanish version (decision 172); the
   * others are its English.
   */
  spanish: z.array(z.string()).optional(),
});
export type Settings = z.infer<typeof Settings>;

/** /status.json: 1 normal, 2 an HTML page came back, -1 error, -2 invalid (spec 01 §4). */
export const MaintenanceStatus = z.object({
  state: z.number().int(),
  start: z.string().nullable(),
  end: z.string().nullable(),
});
export type MaintenanceStatus = z.infer<typeof MaintenanceStatus>;

/** The desktop client pushes a session it obtained itself; the API checks it before use. */
export const DesktopSessionRequest = z
  .object({
    accessToken: z.string().min(10).max(4000),
    /** The desktop client's key (DESKTOP_CLIENT_KEY); with it the session may take in-person payments. */
    desktopKey: z.string().max(200).optional(),
    /**
     * The access token of the employee signed in at the register (POST /v1/instructor); with the key
     * it makes the session a cashier one, and in-person payments record that employee (decision 102).
     */
    cashierToken: z.string().max(4000).optional(),
  })
  .strict();
export const DesktopSessionReply = z.object({
  claims: TokenClaims,
  accessToken: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
});

/** GET /v1/identity/me: the claims of the token the call came with. */
export const MeReply = z.object({ claims: TokenClaims });

// ---- The calls ------------------------------------------------------------------------------

const tooManyFailures = "Too many failed attempts: signing in is locked for a while";
const tooManyAttempts = "Too many attempts from this address or for this person: try again later";

export const signInStudent = endpoint({
  method: "POST",
  path: "/v1/student",
  access: "public",
  body: StudentLoginRequest,
  replies: { 200: StudentLoginReply },
  refusals: {
    401: "No student or community member with this ID and birth date",
    429: tooManyFailures,
  },
  summary: "Sign in a student or community member with ID and birth date",
  tag: "identity",
});

export const signInStaff = endpoint({
  method: "POST",
  path: "/v1/instructor",
  access: "public",
  body: InstructorLoginRequest,
  replies: { 200: InstructorLoginReply },
  refusals: {
    401: "No staff member with this username and password",
    429: tooManyFailures,
  },
  summary: "Sign in a staff member with username and password",
  tag: "identity",
});

export const refreshToken = endpoint({
  method: "POST",
  path: "/v1/identity/refresh-token",
  access: "any",
  replies: { 200: RefreshTokenReply },
  summary: "Exchange a live token for a fresh one",
  tag: "identity",
});

export const signOut = endpoint({
  method: "POST",
  path: "/v1/identity/sign-out",
  access: "any",
  replies: { 204: null },
  summary: "End the session of this token on the server",
  tag: "identity",
});

export const startDesktopSession = endpoint({
  method: "POST",
  path: "/v1/identity/desktop-session",
  access: "public",
  body: DesktopSessionRequest,
  replies: { 200: DesktopSessionReply },
  refusals: {
    401: "The token pushed by the desktop client is not a live token",
    429: tooManyAttempts,
  },
  summary: "Turn a token pushed by the desktop client into a desktop session",
  tag: "identity",
});

export const recoverStudentId = endpoint({
  method: "PUT",
  path: "/v1/student/recover-student",
  access: "public",
  body: RecoverRequest,
  replies: { 200: RecoverReply },
  refusals: { 429: tooManyAttempts },
  summary: "Mail a student's ID to the addresses on file",
  tag: "identity",
});

export const recoverMemberId = endpoint({
  method: "PUT",
  path: "/v1/community/recover-member",
  access: "public",
  body: RecoverRequest,
  replies: { 200: RecoverReply },
  refusals: { 429: tooManyAttempts },
  summary: "Mail a community member's ID to the address on file",
  tag: "identity",
});

export const startGuestSession = endpoint({
  method: "PUT",
  path: "/v1/community/register-guest",
  access: "public",
  body: GuestRequest,
  replies: { 200: GuestReply },
  refusals: { 429: tooManyAttempts },
  summary: "Start a guest session with a name and e-mail address",
  tag: "identity",
});

// Lets the web app check a token and read names for the header.
export const whoAmI = endpoint({
  method: "GET",
  path: "/v1/identity/me",
  access: "any",
  replies: { 200: MeReply },
  summary: "Who this token belongs to",
  tag: "identity",
});

export const getSettings = endpoint({
  method: "GET",
  path: "/v1/settings",
  access: "public",
  replies: { 200: Settings },
  summary: "The district's texts and settings shown to families",
  tag: "settings",
});
