// Wire contract of community member registration and profile (spec 01 §7). The fields and their
// rules come from the form schema (domain/forms/community.ts) so browser, action and API agree.
import { z } from "zod";
import { t } from "../messages/community";
import { GENDERS, GRADES, memberFields, wireDob } from "../forms/community";
import { endpoint } from "./endpoint";

/** Decoded signature limit: a drawn or typed signature is a few KB; a photo is refused. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;

/** A PNG as base64, bare or as a data URL. Decoding and the PNG check happen in the API. */
export const SignaturePng = z
  .string({ required_error: t("community.signatureRequired") })
  .min(1, t("community.signatureRequired"))
  // base64 of 200 KB is about 273 KB of text, plus the data URL prefix.
  .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 64, t("community.signatureInvalid"));

// Strict, as every public call's body (decision 134); the profile update inherits it.
export const RegisterMemberRequest = z
  .object({
    ...memberFields,
    dob: wireDob,
    digitalSignature: SignaturePng,
  })
  .strict();
export type RegisterMemberRequest = z.input<typeof RegisterMemberRequest>;

/** The ID is not in the reply: it goes to the e-mail address, which proves the address works. */
export const RegisterMemberReply = z.object({ ok: z.literal(true), email: z.string() });

/** Profile update: the same fields; without a new signature the one on file stays. */
export const ProfileUpdateRequest = RegisterMemberRequest.extend({
  digitalSignature: SignaturePng.optional(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

export const GuardianReply = z.object({
  id: z.number(),
  nameFirst: z.string(),
  nameLast: z.string(),
  relationship: z.string(),
  relationshipOther: z.string().nullable(),
  phone1: z.string(),
  phone1Type: z.string(),
  phone2: z.string().nullable(),
  phone2Type: z.string().nullable(),
  email: z.string().nullable(),
});
export type GuardianReply = z.infer<typeof GuardianReply>;

export const CommunityProfile = z.object({
  studentId: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  dob: z.string(),
  grade: z.enum(GRADES).nullable(),
  gender: z.enum(GENDERS).nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  homePhone: z.string().nullable(),
  email: z.string().nullable(),
  printedSignature: z.string().nullable(),
  /** The stored signature as a PNG data URL, or null when none is on file. */
  digitalSignature: z.string().nullable(),
  guardians: z.array(GuardianReply),
});
export type CommunityProfile = z.infer<typeof CommunityProfile>;

// ---- The calls ------------------------------------------------------------------------------

const tooManyAttempts = "Too many attempts from this address or for this person: try again later";

export const registerMember = endpoint({
  method: "PUT",
  path: "/v1/community/register-member",
  access: "public",
  body: RegisterMemberRequest,
  replies: { 200: RegisterMemberReply },
  refusals: { 429: tooManyAttempts },
  summary:
    "Register a community member; the same reply whether or not they are registered already (decision 137)",
  tag: "community",
});

export const getCommunityProfile = endpoint({
  method: "GET",
  path: "/v1/profile/community",
  access: "participant",
  replies: { 200: CommunityProfile },
  summary: "The signed-in community member's profile",
  tag: "community",
});

export const updateCommunityProfile = endpoint({
  method: "PUT",
  path: "/v1/profile/community",
  access: "participant",
  body: ProfileUpdateRequest,
  replies: { 200: CommunityProfile },
  refusals: { 429: tooManyAttempts },
  summary: "Update the signed-in community member's profile",
  tag: "community",
});
