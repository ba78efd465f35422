// Community member registration and profile (spec 01 §7): register-member, profile/community.
import { Router } from "express";
import { ProfileUpdateRequest, RegisterMemberRequest } from "@domain/contract/community";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { ApiError, handle, participantId } from "./kit";
import { readProfile, registerMember, updateProfile } from "../services/community";

export function communityRoutes(deps: ApiDeps): Router {
  const r = Router();

  r.put(
    "/community/register-member",
    handle(deps, { access: "public", body: RegisterMemberRequest }, async ({ body }) => {
      await registerMember(deps, body);
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
