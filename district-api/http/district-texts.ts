// /v1 calls of the district's texts in Spanish (decision 172): the administration's list and one
// text's change.
import { Router } from "express";
import * as districtTexts from "@domain/contract/district-texts";
import type { ApiDeps } from "../deps";
import { readDistrictTexts } from "../queries/district-texts";
import { changeDistrictText } from "../services/district-texts";
import { serve, staffClaims } from "./kit";

export function districtTextRoutes(deps: ApiDeps): Router {
  const r = Router();
  serve(r, deps, districtTexts.listDistrictTexts, ({ query }) => readDistrictTexts(deps.db, query));
  serve(r, deps, districtTexts.changeDistrictText, ({ claims, body }) =>
    changeDistrictText(
      deps.db,
      { employeeId: staffClaims(claims).employeeID },
      body,
      deps.clock.now(),
    ),
  );
  return r;
}
