// Community member registration and profile (spec 01 §7): register-member, profile/community.
import { Router } from "express";
import * as community from "@domain/contract/community";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { participantId, serve } from "./kit";
import { ApiError } from "../errors";
import { decodeSignature, readProfile, registerMember, updateProfile } from "../services/community";
import { PUBLIC_LIMITS } from "@domain/rules/public-limits";
import { addressLimitKey, admitPublicAction, mailboxCheck } from "../services/public-limits";

export function communityRoutes(deps: ApiDeps): Router {
  const r = Router();

  serve(r, deps, community.registerMember, async ({ req, body }) => {
    // A signature that is not a small PNG is bad input: refused before anything is counted.
    const png = decodeSignature(body.digitalSignature);
    // Every registration that passed validation counts, new or not, before anyone is looked
    // up: per client address (an hour's and a day's) and per mailbox given (decision 137).
    await admitPublicAction(deps, [
      {
        key: addressLimitKey("register-member:hour", req.ip),
        limit: PUBLIC_LIMITS.registrationPerAddressHour,
      },
      {
        key: addressLimitKey("register-member:day", req.ip),
        limit: PUBLIC_LIMITS.registrationPerAddressDay,
      },
      mailboxCheck(body.email),
    ]);
    // The same reply whether or not the person already had an account (decision 137).
    await registerMember(deps, body, png);
    return { ok: true as const, email: body.email };
  });

  serve(r, deps, community.getCommunityProfile, async ({ claims }) => {
    if (claims.kind !== "community_member") throw new ApiError(403, t("error.forbidden"));
    return readProfile(deps.db, participantId(claims));
  });

  serve(r, deps, community.updateCommunityProfile, async ({ claims, body }) => {
    if (claims.kind !== "community_member") throw new ApiError(403, t("error.forbidden"));
    const memberId = participantId(claims);
    const png = body.digitalSignature ? decodeSignature(body.digitalSignature) : null;
    await admitPublicAction(deps, [
      { key: `public:profile:${memberId}`, limit: PUBLIC_LIMITS.profileSavesPerMember },
    ]);
    return updateProfile(deps, memberId, body, png);
  });

  return r;
}
