// Sign-in, registration and the profile, for every kind of person (spec 01 §2–§5): the loaders
// and actions of /signin, /instructor/sign-in, /register-guest, /register-community-member,
// /edit-profile and the desktop client's /desktop/session. Each form's schema is shared with its
// page; a session starts through writeSession (./session.ts) only.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { familyDestination, staffDestination } from "@domain/rules/destinations";
import { typedDateToIso } from "@domain/rules/calendar";
import { callEndpoint, fetchEndpoint, or503 } from "./api";
import { readFormData } from "./form-data";
import { getSession, validStudent, writeSession, validStaff, type StudentSession } from "./session";
import { rememberDeviceHeader, rememberedDevices } from "./device-cookie";
import { loadSettings, settingText } from "./settings";
import { endTokenSession } from "./sign-out";
import { fitsInCookie } from "@domain/rules/household";
import { openChildSessions } from "@domain/contract/household";
import {
  RecoverForm,
  StudentLoginReply,
  StudentSigninForm,
  parseWithZod,
  InstructorLoginReply,
  StaffSigninForm,
  TokenClaims,
  GuestForm,
  RegisterMemberForm,
  ProfileForm,
} from "./forms.server";
import { decodeJwt } from "jose";
import type { SubmissionResult } from "@conform-to/react";
import { t } from "@domain/messages/pages";
import language from "@domain/messages/compiled/page/language.js";
import { keepOnRecords } from "./language";
import {
  FormTooLargeError,
  readSignatureForm,
  resolveSignature,
  signatureSource,
  memberBody,
} from "./signature";
import { requireCommunityMember } from "./auth";
import { z } from "zod";
import {
  recoverMemberId,
  recoverStudentId,
  signInStaff,
  signInStudent,
  startDesktopSession,
  startGuestSession,
} from "@domain/contract/identity";
import {
  getCommunityProfile,
  registerMember,
  updateCommunityProfile,
} from "@domain/contract/community";
import { nextPageScripts, PAGE_ROUTES, routesOfLink } from "./next-page-scripts";

/** The new session's cookie and, when the API gave one, this browser's new remembered token. */
async function signedInHeaders(
  request: Request,
  change: Parameters<typeof writeSession>[1],
  deviceToken: string | undefined,
): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await writeSession(request, change));
  const device = await rememberDeviceHeader(request, deviceToken);
  if (device) headers.append("Set-Cookie", device);
  return headers;
}

export async function familySignInPage({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  if (validStudent(await getSession(request)) && !url.searchParams.get("recover")) {
    throw redirect(familyDestination(redirectTo));
  }
  const recover = url.searchParams.get("recover");
  const settings = await loadSettings(context);
  return json({
    redirectTo,
    recover:
      recover === "student" || recover === "member" ? (recover as "student" | "member") : null,
    sent: url.searchParams.get("sent") === "1",
    logInMessage: settingText(settings, "logInMessage"),
    // The page the family goes to once signed in, fetched while they fill in the form.
    nextPageScripts: nextPageScripts(context, {
      next: routesOfLink(familyDestination(redirectTo)),
      current: PAGE_ROUTES.signIn,
    }),
  });
}

/**
 * What a sign-in form says when the district API did not let the person in: no answer or a failed
 * service is said as such rather than blamed on the birth date or password; a lock is a lock.
 */
function signInRefusal(res: Response | null, failed: string): string {
  if (!res || res.status >= 500) return t("error.invalidResponse");
  return res.status === 429 ? t("error.tooManyAttempts") : failed;
}

/** The form's page again with a refused family sign-in's words (the sign-in's and an added child's). */
export function signInRefused(
  submission: { reply(options: { formErrors: string[] }): SubmissionResult<string[]> },
  refusal: Extract<FamilySignIn, { ok: false }>,
) {
  return json(
    { result: submission.reply({ formErrors: [refusal.message] }) },
    { status: refusal.status },
  );
}

export type FamilySignIn =
  | { ok: true; student: StudentSession; deviceToken: string | undefined }
  | { ok: false; message: string; status: number };

/**
 * Signs a family member in with their ID and birth date: the sign-in form's call, also made for
 * "Add another child" (decision 165), so a child is linked under the same guessing limits and
 * refused in the same words. The refusal's status is the page's: 429 when locked, 502 for a reply
 * that cannot be read, 400 otherwise.
 */
export async function signInFamilyMember(
  caller: { request: Request; context: ActionFunctionArgs["context"] },
  form: StudentSigninForm,
): Promise<FamilySignIn> {
  const res = await fetchEndpoint(caller, signInStudent, {
    body: {
      studentId: form.studentId,
      dob: typedDateToIso(form.dob)!,
      deviceTokens: await rememberedDevices(caller.request),
    },
  }).catch(() => null);
  const body: unknown = res ? await res.json().catch(() => null) : null;
  if (!res || res.status !== 200) {
    const message = signInRefusal(res, t("signin.failed"));
    return { ok: false, message, status: res?.status === 429 ? 429 : 400 };
  }
  const reply = StudentLoginReply.safeParse(body);
  if (!reply.success) return { ok: false, message: t("error.invalidResponse"), status: 502 };
  return {
    ok: true,
    student: {
      accessToken: reply.data.accessToken,
      expires: Date.parse(reply.data.expires),
      userType: reply.data.userType,
      studentId: reply.data.studentId,
      nameFirst: reply.data.nameFirst,
      nameLast: reply.data.nameLast,
    },
    deviceToken: reply.data.deviceToken,
  };
}

/**
 * A community member's sign-in (decision 168): marked as the account of the sign-in, with a session
 * for each child remembered for it, as many as the cookie holds (the others' sessions are ended at
 * once). What the sign-in writes into the session.
 */
export async function signInWithRemembered(
  caller: { request: Request; context: ActionFunctionArgs["context"] },
  member: StudentSession,
): Promise<{ student: StudentSession; household?: StudentSession[] }> {
  const student = { ...member, account: true as const };
  const r = await callEndpoint(caller, openChildSessions, { auth: { starting: member } });
  if (!r.ok || !r.data.sessions.length) return { student };
  const household: StudentSession[] = r.data.sessions.map((c) => ({
    accessToken: c.accessToken,
    expires: Date.parse(c.expires),
    userType: c.userType,
    studentId: c.studentId,
    nameFirst: c.nameFirst,
    nameLast: c.nameLast,
  }));
  const staffBeside = Boolean((await getSession(caller.request)).get("staff"));
  while (household.length) {
    const cookie = await writeSession(caller.request, { student, household });
    if (fitsInCookie(cookie.split(";")[0]!.length, staffBeside)) break;
    await endTokenSession(caller.context, household.pop()!.accessToken);
  }
  return household.length ? { student, household } : { student };
}

export async function familySignInAction({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const url = new URL(request.url);
  if (formData.get("intent") === "recover") {
    const submission = parseWithZod(formData, { schema: RecoverForm });
    if (submission.status !== "success") {
      return json({ result: submission.reply() }, { status: 400 });
    }
    const { kind, email } = submission.value;
    // Spec: the call is not awaited and its reply is ignored; the notice shows whatever happens.
    void callEndpoint(
      { request, context },
      kind === "student" ? recoverStudentId : recoverMemberId,
      { body: { email } },
    ).catch(() => undefined);
    const back = new URLSearchParams(url.search);
    back.set("recover", kind);
    back.set("sent", "1");
    return redirect(`/signin?${back.toString()}`);
  }

  const submission = parseWithZod(formData, { schema: StudentSigninForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const signedIn = await signInFamilyMember({ request, context }, submission.value);
  if (!signedIn.ok) return signInRefused(submission, signedIn);
  const { deviceToken } = signedIn;
  // Signed in from a Spanish page: their mail in Spanish too (decision 171). English is the
  // record's default, so an English sign-in (most of opening morning) costs no call.
  if (language !== "en") await keepOnRecords({ request, context }, language, signedIn.student);
  // A community member's remembered children come back with them (decision 168).
  const change =
    signedIn.student.userType === "community_member"
      ? await signInWithRemembered({ request, context }, signedIn.student)
      : { student: signedIn.student };
  return redirect(familyDestination(url.searchParams.get("redirectTo")), {
    headers: await signedInHeaders(request, change, deviceToken),
  });
}

export async function staffSignInPage({ request, context }: LoaderFunctionArgs) {
  if (validStaff(await getSession(request))) throw redirect("/instructor/");
  const settings = await loadSettings(context);
  return json({ message: settings?.instructorLogInMessage ?? null });
}

export async function staffSignInAction({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: StaffSigninForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const res = await fetchEndpoint({ request, context }, signInStaff, {
    body: { ...submission.value, deviceTokens: await rememberedDevices(request) },
  }).catch(() => null);
  if (!res || res.status !== 200) {
    const message = signInRefusal(res, t("staffSignin.failed"));
    return json(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const reply = InstructorLoginReply.safeParse(await res.json().catch(() => null));
  const claims = reply.success ? TokenClaims.safeParse(decodeJwt(reply.data.accessToken)) : null;
  if (!reply.success || !claims?.success) {
    return json(
      { result: submission.reply({ formErrors: [t("error.invalidResponse")] }) },
      { status: 502 },
    );
  }
  // Role and expiry are read from the token (spec 01 §3).
  const staff = {
    accessToken: reply.data.accessToken,
    expires: claims.data.exp * 1000,
    role: claims.data.role,
    employeeID: reply.data.employeeID,
    displayName: reply.data.displayName,
  };
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirect(staffDestination(claims.data.role, redirectTo), {
    headers: await signedInHeaders(request, { staff }, reply.data.deviceToken),
  });
}

export async function guestSignInPage({ request, context }: LoaderFunctionArgs) {
  const category = new URL(request.url).searchParams.get("category");
  const settings = await loadSettings(context);
  return json({
    category: category && category.length < 30 ? category : null,
    message: settingText(settings, "guestLogInMessage"),
  });
}

export async function guestSignInAction({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: GuestForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const { category, ...body } = submission.value;
  const res = await callEndpoint({ request, context }, startGuestSession, { body });
  if (!res.ok) {
    const message =
      res.status === 429 ? tooManyMessage(res.message, t("guest.failed")) : t("guest.failed");
    return json({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  const student = {
    accessToken: res.data.accessToken,
    expires: Date.parse(res.data.expires),
    userType: "guest_user" as const,
    studentId: res.data.studentId,
    nameFirst: res.data.nameFirst,
    nameLast: res.data.nameLast,
  };
  const to = category ? `/fees?category=${encodeURIComponent(category)}` : "/fees";
  return redirect(to, { headers: { "Set-Cookie": await writeSession(request, { student }) } });
}

/**
 * The district API's 429 names the time a public action opens again (decision 137, "Too many
 * attempts. Please try again at …"); without a message the page's own text is shown.
 */
function tooManyMessage(apiMessage: string | undefined, fallback: string): string {
  return apiMessage && apiMessage !== t("error.invalidResponse") ? apiMessage : fallback;
}

export async function communityRegistrationPage({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return json({
    standalone: url.searchParams.get("standalone") === "1",
    created: url.searchParams.get("created") === "1",
  });
}

export async function communityRegistrationAction({ request, context }: ActionFunctionArgs) {
  const standalone = new URL(request.url).searchParams.get("standalone") === "1";
  let formData: FormData;
  try {
    formData = await readSignatureForm(request);
  } catch (err) {
    if (!(err instanceof FormTooLargeError)) throw err;
    return json({ result: null, carried: null, exists: false, tooLarge: true }, { status: 413 });
  }
  const submission = parseWithZod(formData, { schema: RegisterMemberForm });
  const signature = await resolveSignature(signatureSource(formData));
  // Without JavaScript a chosen file cannot be put back in its control: carry it as a data URL.
  const carried =
    signature.status === "ok" && signature.source === "upload" ? signature.dataUrl : null;
  if (submission.status !== "success") {
    // A refused upload is said beside the signature together with the other errors.
    const refused =
      submission.status === "error" && signature.status === "invalid"
        ? { fieldErrors: { digitalSignature: [t("community.signatureInvalid")] } }
        : {};
    return json(
      { result: submission.reply(refused), carried, exists: false, tooLarge: false },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  if (signature.status !== "ok") {
    const message =
      signature.status === "invalid"
        ? t("community.signatureInvalid")
        : t("community.signatureRequired");
    return json(
      {
        result: submission.reply({ fieldErrors: { digitalSignature: [message] } }),
        carried,
        exists: false,
        tooLarge: false,
      },
      { status: 400 },
    );
  }
  const res = await callEndpoint({ request, context }, registerMember, {
    // A new member's signature is required (resolved above); only the profile may keep its own.
    body: { ...memberBody(submission.value, signature), digitalSignature: signature.dataUrl },
  });
  if (!res.ok) {
    // Our district API never answers 409 (decision 137); one that follows the spec may.
    const exists = res.status === 409;
    const message = exists
      ? t(standalone ? "community.existsStandalone" : "community.exists", {
          recover: t("community.forgotMemberId"),
          login: t("community.existsLogin"),
        })
      : res.status === 429
        ? tooManyMessage(res.message, t("community.tooManyAttempts"))
        : t("community.failed");
    return json(
      { result: submission.reply({ formErrors: [message] }), carried, exists, tooLarge: false },
      { status: exists ? 409 : 400 },
    );
  }
  return redirect(`/register-community-member?created=1${standalone ? "&standalone=1" : ""}`);
}

export async function profilePage({ request, context }: LoaderFunctionArgs) {
  await requireCommunityMember(request);
  const res = or503(
    await callEndpoint({ request, context }, getCommunityProfile, {}),
    t("community.profileLoadError"),
  );
  if (!res.ok) return json({ profile: null, error: res.message });
  return json({ profile: res.data, error: null });
}

export async function profileAction({ request, context }: ActionFunctionArgs) {
  const student = await requireCommunityMember(request);
  let formData: FormData;
  try {
    formData = await readSignatureForm(request);
  } catch (err) {
    if (!(err instanceof FormTooLargeError)) throw err;
    return json({ result: null, carried: null, tooLarge: true }, { status: 413 });
  }
  const submission = parseWithZod(formData, { schema: ProfileForm });
  const signature = await resolveSignature(signatureSource(formData));
  const carried =
    signature.status === "ok" && signature.source === "upload" ? signature.dataUrl : null;
  if (submission.status !== "success") {
    // A refused upload is said beside the signature together with the other errors.
    const refused =
      submission.status === "error" && signature.status === "invalid"
        ? { fieldErrors: { digitalSignature: [t("community.signatureInvalid")] } }
        : {};
    return json(
      { result: submission.reply(refused), carried, tooLarge: false },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  if (signature.status === "invalid") {
    return json(
      {
        result: submission.reply({
          fieldErrors: { digitalSignature: [t("community.signatureInvalid")] },
        }),
        carried,
        tooLarge: false,
      },
      { status: 400 },
    );
  }
  const res = await callEndpoint({ request, context }, updateCommunityProfile, {
    body: memberBody(submission.value, signature),
  });
  if (!res.ok) {
    return json(
      {
        result: submission.reply({
          // The registration's 409 text sends a newcomer to "forgot password"; a member signed
          // in has typed another member's name and birth date.
          formErrors: [
            res.status === 409
              ? t("profile.exists")
              : res.status === 429
                ? tooManyMessage(res.message, t("profile.failed"))
                : t("profile.failed"),
          ],
        }),
        carried,
        tooLarge: false,
      },
      { status: 400 },
    );
  }
  // The header greets the member by name: keep the session's names in step with the profile.
  const cookie = await writeSession(request, {
    student: { ...student, nameFirst: res.data.nameFirst, nameLast: res.data.nameLast },
    notice: { kind: "success", text: t("profile.saved") },
  });
  return redirect("/edit-profile", { headers: { "Set-Cookie": cookie } });
}

const Body = z.object({
  accessToken: z.string().min(10).max(4000),
  // With the desktop client's key the session may take in-person payments (decision 070).
  desktopKey: z.string().max(200).optional(),
  // The token of the employee signed in at the register, who takes the payments (decision 102).
  cashierToken: z.string().max(4000).optional(),
});

export async function desktopSessionAction({ request, context }: ActionFunctionArgs) {
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ ok: false }, { status: 400 });
  const res = await callEndpoint({ request, context }, startDesktopSession, {
    body: parsed.data,
  });
  if (!res.ok) return json({ ok: false }, { status: 401 });
  const { claims, accessToken, nameFirst, nameLast } = res.data;
  let redirectTo: string;
  const change: Parameters<typeof writeSession>[1] = {};
  if (claims.kind === "staff") {
    change.staff = {
      accessToken,
      expires: claims.exp * 1000,
      role: claims.role,
      employeeID: claims.employeeID ?? claims.sub,
      displayName: `${nameFirst} ${nameLast}`.trim(),
      desktop: true,
    };
    redirectTo = staffDestination(claims.role, null);
  } else {
    change.student = {
      accessToken,
      expires: claims.exp * 1000,
      userType: claims.kind,
      studentId: claims.studentId ?? claims.sub,
      nameFirst,
      nameLast,
      desktop: true,
    };
    redirectTo = claims.kind === "guest_user" ? "/fees" : familyDestination(null);
  }
  return json(
    { ok: true, redirectTo },
    { headers: { "Set-Cookie": await writeSession(request, change) } },
  );
}
