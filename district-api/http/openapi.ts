// The OpenAPI 3.1 description of every /v1 call (decision 114), served at GET /v1/openapi.json.
// Requests (body, query, path parameters) come from the schemas each route is built with
// (route-table.ts); replies, summaries and tags from the table below, which a test holds complete:
// a route without a description fails it. A district running its own API can check itself
// against this document.
import type { Express } from "express";
import { z } from "zod";
import * as community from "@domain/contract/community";
import * as guestReceipts from "@domain/contract/guest-receipts";
import * as identity from "@domain/contract/identity";
import * as programs from "@domain/contract/programs";
import { listRoutes } from "./route-table";
import { ENDPOINTS } from "@domain/contract/endpoints";
import type { EndpointDefinition, Method } from "@domain/contract/endpoint";
import { describeEndpoints } from "./openapi-document";

interface Description {
  summary: string;
  tag: string;
  /** The 2xx reply's schema; "pdf" for a document; undefined for 204 No Content. */
  reply?: z.ZodTypeAny | "pdf" | "json";
  /** The success statuses, when not the usual one (200 with a reply, 204 without). */
  success?: (200 | 201 | 204)[];
  /**
   * Refusals this call gives beyond those every call of its kind can (`commonRefusals`), each
   * with what it means here. A test holds them true: every status an integration test sees is
   * listed (tests/support/contract-replies.ts).
   */
  refusals?: Partial<Record<400 | 401 | 402 | 403 | 404 | 406 | 409 | 410 | 429 | 502, string>>;
}

/** Every /v1 call, "METHOD /v1/path" as Express declares it. */
export const DESCRIPTIONS: Record<string, Description> = {
  "POST /v1/student": {
    tag: "identity",
    summary: "Sign in a student or community member with ID and birth date",
    reply: identity.StudentLoginReply,
    refusals: {
      401: "No student or community member with this ID and birth date",
      429: "Too many failed attempts: signing in is locked for a while",
    },
  },
  "POST /v1/instructor": {
    tag: "identity",
    summary: "Sign in a staff member with username and password",
    reply: identity.InstructorLoginReply,
    refusals: {
      401: "No staff member with this username and password",
      429: "Too many failed attempts: signing in is locked for a while",
    },
  },
  "POST /v1/identity/refresh-token": {
    tag: "identity",
    summary: "Exchange a live token for a fresh one",
    reply: identity.RefreshTokenReply,
  },
  "POST /v1/identity/sign-out": {
    tag: "identity",
    summary: "End the session of this token on the server",
    reply: "json",
  },
  "POST /v1/identity/desktop-session": {
    tag: "identity",
    summary: "Turn a token pushed by the desktop client into a desktop session",
    reply: identity.DesktopSessionReply,
    refusals: {
      401: "The token pushed by the desktop client is not a live token",
      429: "Too many attempts from this address or for this person: try again later",
    },
  },
  "PUT /v1/student/recover-student": {
    tag: "identity",
    summary: "Mail a student's ID to the addresses on file",
    reply: identity.RecoverReply,
    refusals: { 429: "Too many attempts from this address or for this person: try again later" },
  },
  "PUT /v1/community/recover-member": {
    tag: "identity",
    summary: "Mail a community member's ID to the address on file",
    reply: identity.RecoverReply,
    refusals: { 429: "Too many attempts from this address or for this person: try again later" },
  },
  "PUT /v1/community/register-guest": {
    tag: "identity",
    summary: "Start a guest session with a name and e-mail address",
    reply: identity.GuestReply,
    refusals: { 429: "Too many attempts from this address or for this person: try again later" },
  },
  "POST /v1/guest/mailbox-code": {
    tag: "identity",
    summary: "Mail the guest's address a code that opens earlier receipts (decision 141)",
    reply: guestReceipts.MailboxCodeReply,
    refusals: { 429: "Too many codes mailed to this address: try again later" },
  },
  "POST /v1/guest/mailbox-code/confirm": {
    tag: "identity",
    summary: "Prove the guest's mailbox with the code mailed to it",
    reply: guestReceipts.MailboxCodeReply,
  },
  "GET /v1/guest/earlier-receipts": {
    tag: "identity",
    summary: "The paid carts of every guest under a proven address",
    reply: guestReceipts.EarlierReceiptsReply,
  },
  "GET /v1/identity/me": { tag: "identity", summary: "Who this token belongs to", reply: "json" },
  "GET /v1/settings": {
    tag: "settings",
    summary: "The district's texts and settings shown to families",
    reply: identity.Settings,
  },
  "PUT /v1/community/register-member": {
    tag: "community",
    summary:
      "Register a community member; the same reply whether or not they are registered already (decision 137)",
    reply: community.RegisterMemberReply,
    refusals: { 429: "Too many attempts from this address or for this person: try again later" },
  },
  "GET /v1/profile/community": {
    tag: "community",
    summary: "The signed-in community member's profile",
    reply: community.CommunityProfile,
  },
  "PUT /v1/profile/community": {
    tag: "community",
    summary: "Update the signed-in community member's profile",
    reply: "json",
    refusals: { 429: "Too many attempts from this address or for this person: try again later" },
  },
  "GET /v1/program": {
    tag: "programs",
    summary: "Programs and courses the person may register for, with their states",
    reply: programs.ProgramsReply,
  },
  "POST /v1/survey/:programUUID": {
    tag: "programs",
    summary: "Submit a program's health survey",
    reply: programs.SurveyReply,
  },
  "POST /v1/register/waitlist/:courseSelectionUUID": {
    tag: "registration",
    summary: "Join a course's waitlist",
    reply: programs.RegisterReply,
    refusals: { 406: "The course has no waitlist open, or the page the family saw is out of date" },
  },
  "DELETE /v1/register/waitlist/:courseSelectionUUID": {
    tag: "registration",
    summary: "Leave a course's waitlist",
    reply: programs.RegisterReply,
  },
  "GET /v1/register/:courseSelectionUUID/check": {
    tag: "registration",
    summary: "Whether the person's own schedule or program rules would refuse a registration",
    reply: programs.RegisterCheckReply,
    refusals: {
      406: "The section is full, or the page the family saw is out of date",
      409: "Register would refuse it now (time conflict, survey, one section per term): the message says why",
    },
  },
  "POST /v1/register/:courseSelectionUUID": {
    tag: "registration",
    summary: "Register for a course (a paid course holds the seat for the payment window)",
    reply: programs.RegisterReply,
    refusals: {
      406: "The section is full, or the page the family saw is out of date (errorCode says which)",
    },
  },
  "DELETE /v1/register/:courseSelectionUUID": {
    tag: "registration",
    summary: "Cancel a registration",
    reply: programs.RegisterReply,
  },
  "POST /v1/registrations/:registrationId/payment-window": {
    tag: "registration",
    summary:
      "More time to pay, once: the payment window (and the cart it is in) moves by the district's window from its old end",
    reply: programs.PaymentWindowReply,
    refusals: {
      404: "No registration of the caller's with this id (another family's is not found either)",
      409: "The window has ended, the registration no longer awaits payment, or it was extended before",
    },
  },
  "GET /v1/openapi.json": { tag: "meta", summary: "This description of the API", reply: "json" },
};

/**
 * The calls not yet declared as endpoint values (domain/contract/endpoint.ts), read as if they
 * were: their schemas from the route table, their words and replies from DESCRIPTIONS above.
 */
function undeclaredEndpoints(app: Express): EndpointDefinition[] {
  const declared = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
  return listRoutes(app)
    .filter((route) => !declared.has(`${route.method} ${route.path}`))
    .map((route) => {
      const d = DESCRIPTIONS[`${route.method} ${route.path}`];
      const body = d?.reply === undefined ? null : d.reply === "json" ? z.unknown() : d.reply;
      const statuses = d?.success ?? [body === null ? 204 : 200];
      return {
        method: route.method as Method,
        path: route.path as `/v1/${string}`,
        access: route.spec?.access ?? "public",
        roles: route.spec?.roles,
        params: route.spec?.params,
        query: route.spec?.query,
        body: route.spec?.body,
        replies: Object.fromEntries(statuses.map((s) => [s, s === 204 ? null : body])),
        refusals: d?.refusals,
        summary: d?.summary ?? "",
        tag: d?.tag ?? "",
      };
    });
}

/** Every /v1 call of the district API `app`, declared or not yet. */
export function describedEndpoints(app: Express): EndpointDefinition[] {
  return [...ENDPOINTS, ...undeclaredEndpoints(app)];
}

/** The OpenAPI 3.1 document of the district API `app`. */
export function openApiDocument(app: Express): Record<string, unknown> {
  return describeEndpoints(describedEndpoints(app));
}
