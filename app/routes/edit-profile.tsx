// My Profile for community members (spec 01 §2, §5): the registration fields prefilled from
// GET /v1/profile/community, guardians editable (ids kept), saved with PUT; a notice on success.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useLightForm } from "~/components/light-form";
import { Alert } from "~/ui/mantine/Alert";
import { Paper } from "~/ui/mantine/Paper";
import { Stack } from "~/ui/mantine/Stack";
import { Title } from "~/ui/mantine/Title";
import { t } from "@domain/messages/community";
import { formatUsPhone } from "@domain/forms/community-fields";
import { isoToMmddyyyy } from "@domain/rules/calendar";
import { callApi } from "~/.server/api";
import { requireCommunityMember } from "~/.server/auth";
import { writeSession } from "~/.server/session";
import {
  FormTooLargeError,
  readSignatureForm,
  resolveSignature,
  signatureSource,
  memberBody,
} from "~/.server/signature";
import { MemberForm, type MemberFormShape } from "~/components/community/MemberForm";
import { CommunityProfile, ProfileForm, parseWithZod } from "~/.server/forms.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCommunityMember(request);
  const res = await callApi(
    { request, context },
    { path: "/v1/profile/community", auth: "student", reply: CommunityProfile },
  );
  if (!res.ok) return json({ profile: null, error: res.message });
  return json({ profile: res.data, error: null });
}

function formValues(p: CommunityProfile): Omit<Partial<MemberFormShape>, "signatureFile"> {
  return {
    nameFirst: p.nameFirst,
    nameLast: p.nameLast,
    dob: isoToMmddyyyy(p.dob),
    grade: p.grade ?? "",
    gender: p.gender ?? "",
    address: p.address ?? "",
    city: p.city ?? "",
    state: p.state ?? "",
    zip: p.zip ?? "",
    homePhone: formatUsPhone(p.homePhone),
    email: p.email ?? "",
    printedSignature: p.printedSignature ?? "",
    guardians: p.guardians.map((g) => ({
      id: String(g.id),
      nameFirst: g.nameFirst,
      nameLast: g.nameLast,
      relationship: g.relationship,
      relationshipOther: g.relationshipOther ?? "",
      phone1: formatUsPhone(g.phone1),
      phone1Type: g.phone1Type,
      phone2: formatUsPhone(g.phone2),
      phone2Type: g.phone2Type ?? "",
      email: g.email ?? "",
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
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
  const res = await callApi(
    { request, context },
    {
      path: "/v1/profile/community",
      method: "PUT",
      body: memberBody(submission.value, signature),
      auth: "student",
      reply: CommunityProfile,
    },
  );
  if (!res.ok) {
    return json(
      {
        result: submission.reply({
          // The registration's 409 text sends a newcomer to "forgot password"; a member signed
          // in has typed another member's name and birth date.
          formErrors: [res.status === 409 ? t("profile.exists") : t("profile.failed")],
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

export default function EditProfile() {
  const { profile, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useLightForm<typeof ProfileForm, MemberFormShape>({
    id: "edit-profile",
    lastResult: actionData?.result,
    defaultValue: profile ? formValues(profile) : { guardians: [{}, {}] },
    lists: ["guardians"],
    loadSchema: () => import("@domain/forms/community").then((m) => m.ProfileForm),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Paper p="lg" withBorder>
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2">
          {t("profile.title")}
        </Title>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
      {profile ? (
        <MemberForm
          form={form}
          fields={fields}
          action="/edit-profile"
          carriedSignature={actionData?.carried ?? null}
          signatureOnFile={profile.digitalSignature}
          submitLabel={t("profile.submit")}
          pending={navigation.state === "submitting"}
          formMessage={
            actionData?.tooLarge ? (
              <div role="alert" className="field-error">
                {t("community.signatureInvalid")}
              </div>
            ) : null
          }
        />
      ) : null}
    </Paper>
  );
}
