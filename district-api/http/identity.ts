// Sign-in for every kind of user, token refresh, ID recovery and guest sessions (spec 01 §7).
import { Router } from "express";
import * as identity from "@domain/contract/identity";
import { t } from "@domain/messages";
import {
  addressKey,
  normaliseParticipantId,
  normaliseUsername,
} from "@domain/rules/sign-in-guessing";
import type { ApiDeps } from "../deps";
import { serve, type EndpointContext } from "./kit";
import { ApiError } from "../errors";
import { issueToken, verifyToken } from "../services/tokens";
import { guardedAttempt, mailParticipantLocked, mailStaffLocked } from "../services/sign-in-guard";
import { rememberDevice } from "../services/sign-in-devices";
import { currentAccount, endSession, liveClaims } from "../services/sessions";
import {
  accountsByAddress,
  birthDateTypo,
  guestAccount,
  namesOf,
  participantBySignIn,
  participantSession,
  staffBySignIn,
} from "../services/accounts";
import { enqueueMail } from "../services/mail-queue";
import { cashierClaims, desktopKeyMatches } from "../services/cashier";
import { readDistrictName } from "../queries/settings";
import { PUBLIC_LIMITS } from "@domain/rules/public-limits";
import { addressLimitKey, admitPublicAction, mailboxAdmits } from "../services/public-limits";

/** Participant ids are PostgreSQL integers; a larger number matches nobody. */
const MAX_PARTICIPANT_ID = 2_147_483_647;

/** What recovery reads; the student's and the member's call take the same body. */
type RecoveryInput = Pick<EndpointContext<typeof identity.recoverStudentId>, "req" | "body">;

function clientAddress(req: { ip?: string }): string {
  return addressKey(req.ip);
}

export function identityRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;

  serve(r, deps, identity.signInStudent, async ({ req, body }) => {
    // "000100037" is the ID 100037: it finds that account and shares its counter.
    const studentId = normaliseParticipantId(body.studentId) ?? body.studentId;
    const id = Number(studentId);
    const inRange = Number.isSafeInteger(id) && id <= MAX_PARTICIPANT_ID;
    const account = `student:${studentId}`;
    const result = await guardedAttempt(
      deps,
      { account, address: clientAddress(req) },
      async () => (inRange ? participantBySignIn(db, id, body.dob) : null),
      async (until) => {
        if (inRange) await mailParticipantLocked(deps, id, until);
      },
      {
        deviceTokens: body.deviceTokens,
        isTypo: async () => inRange && (await birthDateTypo(db, id, body.dob)),
        // Anyone can make community members; only students earn their address room.
        earnsRoom: (p) => p.kind === "student",
      },
    );
    if (result.outcome === "locked") throw new ApiError(429, t("error.tooManyAttempts"));
    if (result.outcome === "failed") throw new ApiError(401, t("signin.failed"));
    const deviceToken = await rememberDevice(db, account, result.device, clock.now());
    return { ...(await participantSession(deps, result.value)), deviceToken };
  });

  serve(r, deps, identity.signInStaff, async ({ req, body }) => {
    const now = clock.now();
    const username = normaliseUsername(body.username);
    const account = `staff:${username}`;
    const result = await guardedAttempt(
      deps,
      { account, address: clientAddress(req) },
      async () => staffBySignIn(db, username, body.password),
      (until) => mailStaffLocked(deps, username, until),
      { deviceTokens: body.deviceTokens, earnsRoom: () => true },
    );
    if (result.outcome === "locked") throw new ApiError(429, t("error.tooManyAttempts"));
    if (result.outcome === "failed") throw new ApiError(401, t("staffSignin.failed"));
    const user = result.value;
    const deviceToken = await rememberDevice(db, account, result.device, now);
    const { token } = await issueToken(
      deps.tokenKey,
      { sub: user.employeeId, kind: "staff", role: user.roles, employeeID: user.employeeId },
      now,
    );
    return {
      accessToken: token,
      employeeID: user.employeeId,
      displayName: user.displayName,
      deviceToken,
    };
  });

  // A refresh re-reads the account: a deactivated or removed account gets no new token, and the
  // new token carries the roles on file now. The session (sid) stays the same (decision 103).
  serve(r, deps, identity.refreshToken, async ({ claims }) => {
    const { exp: _exp, ...rest } = claims;
    const account = await currentAccount(db, rest);
    if (!account) throw new ApiError(401, t("error.unauthorized"));
    const { token } = await issueToken(deps.tokenKey, { ...rest, ...account }, clock.now());
    return { accessToken: token };
  });

  // Sign-out ends the token's session on the server: neither this token nor any other token of
  // the session (refreshed ones, a desktop one) is accepted again, by any process.
  serve(r, deps, identity.signOut, async ({ claims }) => {
    await endSession(db, claims.sid!, clock.now());
  });

  // The desktop client pushes a token it got itself; the web app asks here whether it is genuine
  // before making it the cookie session, and marks it as a desktop session.
  serve(r, deps, identity.startDesktopSession, async ({ req, body }) => {
    // A signed-out session's token is not exchanged (decision 103).
    const claims = await liveClaims(deps, body.accessToken);
    if (!claims) throw new ApiError(401, t("error.unauthorized"));
    const names = await namesOf(db, claims);
    // The cashier claims need the desktop client key and the employee at the register
    // (docs/decisions/102); pushed ones are dropped and decided again.
    const {
      exp: _exp,
      cashier: _cashier,
      cashierEmployeeId: _employee,
      cashierSid: _cashierSid,
      ...rest
    } = claims;
    // A presented key is a guess like a password: counted per account and per address before
    // it is compared (decision 100). A wrong key and a refused (locked) one get the same reply
    // as no key.
    let keyAccepted = false;
    if (body.desktopKey) {
      const desktopKey = body.desktopKey;
      const result = await guardedAttempt(
        deps,
        { account: `desktop-key:${claims.kind}:${claims.sub}`, address: clientAddress(req) },
        async () => (desktopKeyMatches(desktopKey) ? true : null),
      );
      keyAccepted = result.outcome === "ok";
    }
    const cashier = keyAccepted
      ? await cashierClaims(deps, body.desktopKey, body.cashierToken)
      : {};
    const { token } = await issueToken(
      deps.tokenKey,
      { ...rest, desktop: true, ...cashier },
      clock.now(),
    );
    const desktopClaims = await verifyToken(deps.tokenKey, token, clock.now());
    return { claims: desktopClaims!, accessToken: token, ...names };
  });

  // Recovery never says whether the address matched; its mail is queued (decision 130). Each
  // address may ask so often; each mailbox gets so much mail, and a mailbox over its share is
  // silently skipped, since the reply must not depend on it (decision 137).
  function recovery(kind: "student" | "community_member") {
    return async ({ req, body }: RecoveryInput) => {
      await admitPublicAction(deps, [
        { key: addressLimitKey("recover", req.ip), limit: PUBLIC_LIMITS.recoveryPerAddress },
      ]);
      const address = body.email.trim().toLowerCase();
      if (address.length > 3 && address.includes("@")) {
        const accounts = await accountsByAddress(db, kind, address);
        if (accounts.length > 0 && (await mailboxAdmits(db, address, clock.now()))) {
          const district = await readDistrictName(db, deps.districtName);
          for (const p of accounts) {
            await enqueueMail(db, {
              kind: "recover-id",
              participantId: p.id,
              ownerKey: `${kind}:${p.id}`,
              to: address,
              subject: t(
                kind === "student" ? "recover.mailSubjectStudent" : "recover.mailSubjectMember",
              ),
              // A student's names come from the district; a member's were typed by whoever
              // registered, so their mail carries none (decision 137).
              text:
                kind === "student"
                  ? t("recover.mailBody", {
                      name: `${p.nameFirst} ${p.nameLast}`,
                      kind: t("recover.titleStudent"),
                      id: p.id,
                      district,
                    })
                  : t("recover.mailBodyMember", {
                      kind: t("recover.titleMember"),
                      id: p.id,
                      district,
                    }),
            });
          }
        }
      }
      return { ok: true as const };
    };
  }
  serve(r, deps, identity.recoverStudentId, recovery("student"));
  serve(r, deps, identity.recoverMemberId, recovery("community_member"));

  serve(r, deps, identity.startGuestSession, async ({ req, body }) => {
    // A guest session may create a guest: limited per client address (decision 137).
    await admitPublicAction(deps, [
      { key: addressLimitKey("register-guest", req.ip), limit: PUBLIC_LIMITS.guestPerAddress },
    ]);
    const now = clock.now();
    const guest = await guestAccount(db, body);
    const { token, expires } = await issueToken(
      deps.tokenKey,
      { sub: String(guest.id), kind: "guest_user", role: [] },
      now,
    );
    return {
      accessToken: token,
      expires: expires.toISOString(),
      userType: "guest_user" as const,
      studentId: String(guest.id),
      nameFirst: guest.nameFirst,
      nameLast: guest.nameLast,
    };
  });

  // Who am I: lets the web app check a token and read names for the header.
  serve(r, deps, identity.whoAmI, async ({ claims }) => ({ claims }));

  return r;
}
