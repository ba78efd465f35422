// One form system (docs/architecture.md "One way for each thing", "a form"): the action answers
// conform's `submission.reply()`, the page hands it to useZodForm (conform's useForm) as
// `lastResult`, and the fields of app/components/fields.tsx draw it with the ids conform gives:
// the value kept, the message beside its field under conform's `errorId`, the first invalid field
// focused without JavaScript, the form's own message under the form's `errorId`.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { MantineProvider } from "@mantine/core";
import { StudentSigninForm } from "@domain/forms/signin";
import { RegisterMemberForm } from "@domain/forms/community";
import { formErrorMap } from "@domain/forms/error-map";
import { t } from "@domain/messages";
import { FormError, TextField } from "~/components/fields";
import { useZodForm } from "~/components/zod-form";
import { theme } from "~/theme";

function post(fields: [string, string][]): FormData {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  return fd;
}

/** What conform collects of a page: each field's metadata and the form's. */
type Seen = Record<string, { id: string; errorId: string; descriptionId: string }>;

function SigninPage({ lastResult, seen }: { lastResult: SubmissionResult; seen: Seen }) {
  const [form, fields, formProps] = useZodForm({
    id: "student-signin",
    lastResult,
    load: () => import("@domain/forms/signin"),
    schema: (m) => m.StudentSigninForm,
    shouldValidate: "onBlur",
  });
  for (const [name, meta] of [
    ["", form],
    ["studentId", fields.studentId],
    ["dob", fields.dob],
  ] as const) {
    seen[name] = { id: meta.id, errorId: meta.errorId, descriptionId: meta.descriptionId };
  }
  return (
    <form method="post" id={formProps.id} noValidate={formProps.noValidate}>
      <FormError errors={form.errors} id={form.errorId} />
      <TextField meta={fields.studentId} label="ID" description="Six digits" />
      <TextField meta={fields.dob} label="Birth Date" />
    </form>
  );
}

function render(lastResult: SubmissionResult): { html: string; seen: Seen } {
  const seen: Seen = {};
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <SigninPage lastResult={lastResult} seen={seen} />
    </MantineProvider>,
  );
  return { html, seen };
}

/** The element with `id`, as markup, up to its closing tag's start. */
function elementWithId(html: string, id: string): string {
  const m = new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>([^<]*)`).exec(html);
  if (!m) throw new Error(`no element #${id} in ${html}`);
  return m[0];
}

describe("a form's action reply read as conform's lastResult", () => {
  const refused = parseWithZod(
    post([
      ["studentId", "100011"],
      ["dob", "13/45/2012"],
    ]),
    { schema: StudentSigninForm, errorMap: formErrorMap },
  );

  it("the field in error says why under conform's errorId, and keeps the value typed", () => {
    const { html, seen } = render(refused.reply());
    const dob = seen.dob!;
    expect(dob.id).toBe("student-signin-dob");
    const input = elementWithId(html, dob.id);
    expect(input).toContain('value="13/45/2012"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain(`aria-describedby="${dob.errorId}"`);
    // Without JavaScript the browser focuses the first field rendered with autofocus.
    expect(input).toContain("autofocus");
    expect(elementWithId(html, dob.errorId)).toContain(t("signin.dobFormat"));
    // The field without an error keeps its value and is not announced as invalid.
    const id = elementWithId(html, seen.studentId!.id);
    expect(id).toContain('value="100011"');
    expect(id).not.toContain('aria-invalid="true"');
    expect(id).not.toContain("autofocus");
  });

  it("a description is drawn under conform's descriptionId and described by it", () => {
    const { html, seen } = render(refused.reply());
    const studentId = seen.studentId!;
    expect(elementWithId(html, studentId.descriptionId)).toContain("Six digits");
    expect(elementWithId(html, studentId.id)).toContain(
      `aria-describedby="${studentId.descriptionId}"`,
    );
  });

  it("a refusal that is no field's (formErrors) is the form's message, under its errorId", () => {
    const ok = parseWithZod(
      post([
        ["studentId", "100011"],
        ["dob", "01/15/2012"],
      ]),
      { schema: StudentSigninForm, errorMap: formErrorMap },
    );
    const { html, seen } = render(ok.reply({ formErrors: [t("signin.failed")] }));
    const message = elementWithId(html, seen[""]!.errorId);
    expect(message).toContain('role="alert"');
    expect(message).toContain(t("signin.failed"));
    expect(html).not.toContain('aria-invalid="true"');
    expect(elementWithId(html, seen.dob!.id)).toContain('value="01/15/2012"');
  });
});

describe("a list intent posted without JavaScript (guardians)", () => {
  it("the action applies conform's insert intent: one more guardian, only the list checked", () => {
    const fd = post([
      ["nameFirst", ""],
      ["guardians[0].nameFirst", "Ann"],
      ["guardians[1].nameFirst", "Bob"],
      ["__intent__", JSON.stringify({ type: "insert", payload: { name: "guardians" } })],
    ]);
    const submission = parseWithZod(fd, { schema: RegisterMemberForm, errorMap: formErrorMap });
    // Not a submission: the action answers the reply with 200 and the page shows the new list.
    expect(submission.status).toBeUndefined();
    const reply = submission.reply();
    expect((reply.initialValue?.guardians as unknown[]).length).toBe(3);
    expect(reply.intent).toEqual({ type: "insert", payload: { name: "guardians" } });
  });
});
