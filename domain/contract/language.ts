// Wire contract of a family's language (decision 171): the language a student or community member
// chose for their pages, kept on their record so the district's mail to them follows it.
import { z } from "zod";
import { endpoint } from "./endpoint";
import { LANGUAGES } from "../rules/language";

export const ParticipantLanguage = z.object({ language: z.enum(LANGUAGES) }).strict();
export type ParticipantLanguage = z.infer<typeof ParticipantLanguage>;

export const setParticipantLanguage = endpoint({
  method: "PUT",
  path: "/v1/participant/language",
  access: "participant",
  body: ParticipantLanguage,
  replies: { 200: ParticipantLanguage },
  refusals: { 403: "Not a student's or community member's own sign-in (a guest or a register)" },
  summary: "Keep the language the caller chose on their record; their mail follows it",
  tag: "identity",
});
