// /admin/imports: upload the district's students or staff (one plain CSV, or a OneRoster 1.1 set)
// or its programs and sections (one CSV) for a dry run (decisions 124, 128 and 129). A plain
// multipart post, so it works without JavaScript; the report follows on /admin/imports/runs/:id.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, Checkbox, Group, Input, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { IMPORT_KINDS } from "@domain/imports/kinds";
import { importsAction, importsPage } from "~/.server/admin-imports";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { useUploadWithProgress } from "~/islands/UploadWithProgress";
import { UploadProgress } from "~/components/admin/UploadProgress";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.imports.title") };

export function loader(args: LoaderFunctionArgs) {
  return importsPage(args);
}

export function action(args: ActionFunctionArgs) {
  return importsAction(args);
}

export default function AdminImports() {
  const { limitMb } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields, formProps] = useZodForm({
    id: "admin-imports-upload",
    lastResult: actionData?.result,
    load: () => import("@domain/forms/admin-imports"),
    schema: (m) => m.ImportUploadForm,
    shouldValidate: "onSubmit",
  });
  const upload = useUploadWithProgress({
    fileField: fields.files.name,
    uploadedField: fields.uploaded.name,
    uploadUrl: "/admin/imports/files",
  });
  const fileErrors = upload.error ? [upload.error] : fields.files.errors;
  return (
    <Paper p="lg" withBorder>
      <Title order={1} size="h2" mb="md">
        {t("admin.imports.title")}
      </Title>
      <Text mb="md">{t("admin.imports.intro")}</Text>
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          upload.onSubmit(event);
        }}
      >
        <Stack maw={560}>
          <FormError errors={form.errors} id={form.errorId} />
          <Radio.Group
            name={fields.kind.name}
            id={fields.kind.id}
            label={t("admin.imports.kind")}
            defaultValue={(fields.kind.initialValue as string | undefined) ?? "students"}
            error={fields.kind.errors?.[0]}
          >
            <Stack mt="xs" gap="xs">
              {IMPORT_KINDS.map((kind) => (
                <Radio
                  key={kind}
                  value={kind}
                  label={t(`admin.imports.kind.${kind}`)}
                  description={t(`admin.imports.kindHelp.${kind}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Input.Wrapper
            label={t("admin.imports.files")}
            description={t("admin.imports.filesHelp", { limit: limitMb })}
            error={fileErrors?.[0]}
            id={fields.files.id}
            withAsterisk
          >
            <input
              id={fields.files.id}
              name={fields.files.name}
              type="file"
              accept=".csv,text/csv"
              multiple
              required
              aria-invalid={fileErrors?.length ? true : undefined}
              aria-describedby={`${fields.files.id}-description${fileErrors?.length ? ` ${fields.files.errorId}` : ""}`}
              style={{ display: "block", marginTop: "0.5rem" }}
            />
          </Input.Wrapper>
          <Checkbox
            name={fields.full.name}
            id={fields.full.id}
            label={t("admin.imports.full")}
            defaultChecked={fields.full.initialValue === "on"}
          />
          <Group>
            <Button type="submit" loading={busy || upload.uploading !== null}>
              {t("admin.imports.dryRun")}
            </Button>
            {busy && !upload.uploading ? (
              <Text size="sm" role="status">
                {t("admin.imports.uploading")}
              </Text>
            ) : null}
          </Group>
          <UploadProgress uploading={upload.uploading} />
        </Stack>
      </Form>
    </Paper>
  );
}
