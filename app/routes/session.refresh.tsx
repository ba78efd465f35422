// Resource route the keep-alive island posts to; the refresh itself happens in server.ts's
// session middleware before this runs, so answering is all that is left.
import { json } from "@remix-run/node";
import { getSession, validStaff, validStudent } from "~/.server/session";

export async function action({ request }: { request: Request }) {
  const session = await getSession(request);
  return json({ student: Boolean(validStudent(session)), staff: Boolean(validStaff(session)) });
}
