// Cancelling a registration asks first, as leaving a waitlist does: the confirmation
// is a URL over the programs list, so it works without JavaScript, and posts the cancellation.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Group, Stack, Text } from "~/ui";
import { CourseStatus } from "@domain/contract/programs";
import { t } from "@domain/messages/programs";
import { cardView } from "@domain/rules/card-actions";
import { requireParticipant } from "~/.server/auth";
import { cardActionResponse, findCourse, loadPrograms, safeBack } from "~/.server/programs";
import { flashNotice } from "~/.server/session";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { programsOpener } from "~/components/programs/openers";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("confirmCancel.title") };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireParticipant(request);
  const back = safeBack(new URL(request.url).searchParams.get("back"));
  const [{ programs }, mine] = await Promise.all([
    loadPrograms({ request, context }),
    loadPrograms({ request, context }, "registrations"),
  ]);
  const course =
    findCourse(mine.programs, params.courseSelectionUUID ?? "") ??
    findCourse(programs, params.courseSelectionUUID ?? "");
  if (!course || !cardView(course).actions.some((a) => a.kind === "cancel")) {
    const cookie = await flashNotice(request, {
      kind: "error",
      text: t("register.notCancellable"),
    });
    throw redirect(back, { headers: { "Set-Cookie": cookie } });
  }
  return json({ name: course.name, id: course.courseSelectionUUID, status: course.status, back });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireParticipant(request);
  const back = safeBack(new URL(request.url).searchParams.get("back"));
  const id = params.courseSelectionUUID ?? "";
  const status = CourseStatus.safeParse((await request.formData()).get("status"));
  return cardActionResponse(
    { request, context },
    "cancel",
    id,
    {
      reason: "Clicked cancel",
      activeCourse: { courseSelectionUUID: id, ...(status.success ? { status: status.data } : {}) },
    },
    back,
  );
}

export default function ConfirmCancel() {
  const { name, id, status, back } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const opener = programsOpener.action(id);
  return (
    <PageDialog
      title={t("confirmCancel.title")}
      closeHref={back}
      closeLabel={t("confirmCancel.keep")}
      openerId={opener}
    >
      <Form method="post">
        <input type="hidden" name="status" value={status} />
        <Stack>
          <Text>{t("confirmCancel.body", { name })}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={hrefTo(back, opener)} variant="default">
              {t("confirmCancel.keep")}
            </Button>
            <Button type="submit" color="red" loading={navigation.state === "submitting"}>
              {t("confirmCancel.confirm")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </PageDialog>
  );
}
