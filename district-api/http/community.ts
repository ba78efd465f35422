// Community member registration and profile (spec 01 §7): register-member, profile/community.
import { Router } from "express";
import { ProfileUpdateRequest, RegisterMemberRequest } from "@domain/contract/community";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, participantId } from "./kit";
import { ApiError } from "../services/errors";
import { readProfile, registerMember, updateProfile } from "../services/community";
import { REGISTRATION_LIMIT, admitWindowedAttempt, uncountAttempt } from "../services/throttle";

export function communityRoutes(deps: ApiDeps): Router {
  const r = Router();

  r.put(
    "/community/register-member",
    handle(deps, { access: "public", body: RegisterMemberRequest }, async ({ req, body }) => {
      // A 409 tells whether a name and birth date have an account: limit how often one address
      // may hear it, like failed sign-ins (decision 020).
      // The attempt is counted before the check, so a burst cannot outrun the limit; only a 409
      // stays counted.
      const key = `register-member:ip:${req.ip ?? "unknown"}`;
      const admission = await admitWindowedAttempt(
        deps.db,
        key,
        deps.clock.now(),
        REGISTRATION_LIMIT,
      );
      if (!admission.admitted) throw new ApiError(429, t("community.tooManyAttempts"));
      try {
        await registerMember(deps, body);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 409)) await uncountAttempt(deps.db, key);
        throw err;
      }
      await uncountAttempt(deps.db, key);
      return { ok: true as const, email: body.email };
    }),
  );

  r.get(
    "/profile/community",
    handle(deps, { access: "participant" }, async ({ claims }) => {
      if (claims!.kind !== "community_member") throw new ApiError(403, t("error.forbidden"));
      return readProfile(deps.db, participantId(claims));
    }),
  );

  r.put(
    "/profile/community",
    handle(
      deps,
      { access: "participant", body: ProfileUpdateRequest },
      async ({ claims, body }) => {
        if (claims!.kind !== "community_member") throw new ApiError(403, t("error.forbidden"));
        return updateProfile(deps, participantId(claims), body);
      },
    ),
  );

  return r;
}
