// /v1 call of a family's language (decision 171).
import { Router } from "express";
import * as language from "@domain/contract/language";
import type { ApiDeps } from "../deps";
import { serve } from "./kit";
import { setParticipantLanguage } from "../services/participant-language";

export function languageRoutes(deps: ApiDeps): Router {
  const r = Router();
  serve(r, deps, language.setParticipantLanguage, ({ claims, body }) =>
    setParticipantLanguage(deps, claims, body.language),
  );
  return r;
}
