// Sign out is a post (no GET changes state). A GET shows the button, for links and bookmarks.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { Button, Paper, Title } from "~/ui";
import { t } from "@domain/messages/common";
import { writeSession } from "~/.server/session";
import { endServerSessions } from "~/.server/sign-out";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("nav.signOut") };

export async function action({ request, context }: ActionFunctionArgs) {
  // Both sessions end on the server, so a copy of this cookie opens nothing any more; then they go
  // from the cookie, which stays only to carry the one-time notice.
  await endServerSessions(request, context);
  const notice = { kind: "info" as const, text: t("notice.signedOut") };
  return redirect("/", {
    headers: { "Set-Cookie": await writeSession(request, { student: null, staff: null, notice }) },
  });
}

export default function SignOut() {
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="md">
        {t("nav.signOut")}
      </Title>
      <Form method="post">
        <Button type="submit">{t("nav.signOut")}</Button>
      </Form>
    </Paper>
  );
}
