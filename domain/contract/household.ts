// Wire contract of a community account's remembered children (decision 168). A community member
// who proved a child's ID and birth date in their sign-in may keep the link; at their next sign-in
// the district API opens a session for each remembered child (each child's data is still reached
// only with that child's own session, as decision 165 has it), and the link can be removed.
import { z } from "zod";
import { dbIdParam } from "./common";
import { endpoint } from "./endpoint";
import { StudentLoginReply, UserType } from "./identity";
import { HOUSEHOLD_MAX } from "../rules/household";

/** A child remembered for the caller's account. */
export const RememberedChild = z.object({
  childId: z.string(),
  userType: UserType,
  nameFirst: z.string(),
});
export const RememberedChildren = z.object({ children: z.array(RememberedChild) });
export type RememberedChildren = z.infer<typeof RememberedChildren>;

/** The child to remember, proved by their own live session's token. */
export const RememberChildRequest = z.object({ child: z.string().min(1).max(4000) }).strict();

export const ChildIdParams = z.object({ childId: dbIdParam() });

/** A session opened for a remembered child: what a sign-in gives (without a device token). */
export const ChildSession = StudentLoginReply.omit({ deviceToken: true });
export const ChildSessions = z.object({ sessions: z.array(ChildSession).max(HOUSEHOLD_MAX) });
export type ChildSessions = z.infer<typeof ChildSessions>;

const onlyCommunityAccounts = {
  403: "Not a community member's own sign-in (a student, a guest, staff or a register)",
} as const;

export const listRememberedChildren = endpoint({
  method: "GET",
  path: "/v1/household/children",
  access: "participant",
  replies: { 200: RememberedChildren },
  refusals: onlyCommunityAccounts,
  summary: "The children remembered for the caller's community account",
  tag: "household",
});

export const rememberChild = endpoint({
  method: "POST",
  path: "/v1/household/children",
  access: "participant",
  body: RememberChildRequest,
  replies: { 200: RememberedChildren },
  refusals: {
    ...onlyCommunityAccounts,
    409: "The account already remembers as many children as a sign-in may hold",
  },
  summary: "Remember a child, proved by their own session, for the caller's community account",
  tag: "household",
});

export const forgetChild = endpoint({
  method: "DELETE",
  path: "/v1/household/children/:childId",
  access: "participant",
  params: ChildIdParams,
  replies: { 200: RememberedChildren },
  refusals: { ...onlyCommunityAccounts, 404: "The child is not remembered for this account" },
  summary: "Stop remembering a child for the caller's community account",
  tag: "household",
});

export const openChildSessions = endpoint({
  method: "POST",
  path: "/v1/household/sessions",
  access: "participant",
  replies: { 200: ChildSessions },
  refusals: onlyCommunityAccounts,
  summary: "Open a session for each child remembered for the caller's community account",
  tag: "household",
});
