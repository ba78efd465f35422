// Form schemas of the schools and school years pages (decision 149), used by conform in the page
// and the action: the contract's own rules, so the page and the district API refuse alike.
import type { z } from "zod";
import { SchoolRequest, SchoolYearRequest } from "../contract/admin-schools";

export const SchoolForm = SchoolRequest;
export type SchoolForm = z.infer<typeof SchoolForm>;

export const SchoolYearForm = SchoolYearRequest;
export type SchoolYearForm = z.infer<typeof SchoolYearForm>;
