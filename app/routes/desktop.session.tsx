// The desktop client pushes a session into the page; the district API checks the token before it
// becomes the cookie session, and marks it as a desktop session.
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { DesktopSessionReply } from "@domain/contract/identity";
import { familyDestination, staffDestination } from "@domain/rules/destinations";
import { callApi } from "~/.server/api";
import { writeSession } from "~/.server/session";

const Body = z.object({
  accessToken: z.string().min(10).max(4000),
  // With the desktop client's key the session may take in-person payments (decision 070).
  desktopKey: z.string().max(200).optional(),
  // The token of the employee signed in at the register, who takes the payments (decision 102).
  cashierToken: z.string().max(4000).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ ok: false }, { status: 400 });
  const res = await callApi(
    { request, context },
    {
      path: "/v1/identity/desktop-session",
      method: "POST",
      body: parsed.data,
      auth: "none",
      reply: DesktopSessionReply,
    },
  );
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
