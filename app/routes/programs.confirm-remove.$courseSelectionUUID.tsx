// "Remove From Waitlist" asks first (spec 01 §4): the confirmation is a URL, so it works without
// JavaScript, and posts the removal itself.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Group, Stack, Text } from "~/ui";
import { t } from "@domain/messages/programs";
import { requireParticipant } from "~/.server/auth";
import { cardActionResponse, findCourse, loadPrograms, safeBack } from "~/.server/programs";
import { flashNotice } from "~/.server/session";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { programsOpener } from "~/components/programs/openers";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("confirmRemove.title") };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireParticipant(request);
  const back = safeBack(new URL(request.url).searchParams.get("back"));
  const [{ programs }, mine] = await Promise.all([
    loadPrograms({ request, context }),
    loadPrograms({ request, context }, "registrations"),
  ]);
  const course =
    findCourse(programs, params.courseSelectionUUID ?? "") ??
    findCourse(mine.programs, params.courseSelectionUUID ?? "");
  if (!course || course.status !== "waitlisted") {
    const cookie = await flashNotice(request, { kind: "error", text: t("register.notWaitlisted") });
    throw redirect(back, { headers: { "Set-Cookie": cookie } });
  }
  return json({ name: course.name, id: course.courseSelectionUUID, back });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireParticipant(request);
  const back = safeBack(new URL(request.url).searchParams.get("back"));
  const id = params.courseSelectionUUID ?? "";
  return cardActionResponse(
    { request, context },
    "leaveWaitlist",
    id,
    {
      reason: "Removed from waitlist",
      activeCourse: { courseSelectionUUID: id, status: "waitlisted" },
    },
    back,
  );
}

export default function ConfirmRemove() {
  const { name, id, back } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const opener = programsOpener.action(id);
  return (
    <PageDialog
      title={t("confirmRemove.title")}
      closeHref={back}
      closeLabel={t("confirmRemove.keep")}
      openerId={opener}
    >
      <Form method="post">
        <Stack>
          <Text>{t("confirmRemove.body", { name })}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={hrefTo(back, opener)} variant="default">
              {t("confirmRemove.keep")}
            </Button>
            <Button type="submit" color="red" loading={navigation.state === "submitting"}>
              {t("confirmRemove.confirm")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </PageDialog>
  );
}
