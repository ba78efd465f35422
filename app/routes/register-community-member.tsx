// Community member registration (spec 01 §2, §3, §5): the form with signature and guardians,
// then a page saying the ID was e-mailed. `?standalone=1` is the variant linked from outside the
// app (decision 021): its 409 message sends the person back to login or ID recovery.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useLightForm } from "~/components/light-form";
import { Anchor } from "~/ui/mantine/Anchor";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Paper } from "~/ui/mantine/Paper";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { Title } from "~/ui/mantine/Title";
import { t } from "@domain/messages/community";
import { callApi } from "~/.server/api";
import {
  FormTooLargeError,
  readSignatureForm,
  resolveSignature,
  signatureSource,
  memberBody,
} from "~/.server/signature";
import { MemberForm, type MemberFormShape } from "~/components/community/MemberForm";
import { RegisterMemberForm, RegisterMemberReply, parseWithZod } from "~/.server/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return json({
    standalone: url.searchParams.get("standalone") === "1",
    created: url.searchParams.get("created") === "1",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
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
  const res = await callApi(
    { request, context },
    {
      path: "/v1/community/register-member",
      method: "PUT",
      body: memberBody(submission.value, signature),
      auth: "none",
      reply: RegisterMemberReply,
    },
  );
  if (!res.ok) {
    const exists = res.status === 409;
    const message = exists
      ? t(standalone ? "community.existsStandalone" : "community.exists")
      : res.status === 429
        ? t("community.tooManyAttempts")
        : t("community.failed");
    return json(
      { result: submission.reply({ formErrors: [message] }), carried, exists, tooLarge: false },
      { status: exists ? 409 : 400 },
    );
  }
  return redirect(`/register-community-member?created=1${standalone ? "&standalone=1" : ""}`);
}

function Created() {
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("community.successTitle")}
      </Title>
      <Text role="status" mb="md">
        {t("community.success")}
      </Text>
      <Button component={Link} to="/signin">
        {t("community.successLogin")}
      </Button>
    </Paper>
  );
}

export default function RegisterCommunityMember() {
  const { standalone, created } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useLightForm<typeof RegisterMemberForm, MemberFormShape>({
    id: "register-member",
    lastResult: actionData?.result,
    defaultValue: { guardians: [{}, {}] },
    lists: ["guardians"],
    loadSchema: () => import("@domain/forms/community").then((m) => m.RegisterMemberForm),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (created) return <Created />;
  const here = `/register-community-member${standalone ? "?standalone=1" : ""}`;
  const existsLinks = actionData?.exists ? (
    <Group>
      {standalone ? (
        <Anchor component={Link} to="/signin">
          {t("community.backToLogin")}
        </Anchor>
      ) : null}
      <Anchor component={Link} to="/signin?recover=member">
        {standalone ? t("community.forgotMemberId") : t("signin.forgotMember")}
      </Anchor>
    </Group>
  ) : actionData?.tooLarge ? (
    <div role="alert" className="field-error">
      {t("community.signatureInvalid")}
    </div>
  ) : null;
  return (
    <Paper p="lg" withBorder>
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2">
          {t("community.title")}
        </Title>
        <Text size="sm">{t("community.intro")}</Text>
      </Stack>
      <MemberForm
        form={form}
        fields={fields}
        action={here}
        carriedSignature={actionData?.carried ?? null}
        submitLabel={t("community.submit")}
        pending={navigation.state === "submitting"}
        formMessage={existsLinks}
      />
    </Paper>
  );
}
