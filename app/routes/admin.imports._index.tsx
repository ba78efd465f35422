// /admin/imports: upload the district's student file (one plain CSV, or a OneRoster 1.1 set) for
// a dry run (issue 19, decision 124). A plain multipart post, so it works without JavaScript; the
// report follows on /admin/imports/runs/:id.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/admin";
import { IMPORT_KINDS } from "@domain/imports/kinds";
import { importsAction, importsPage } from "~/.server/admin-imports";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";

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
  const fileErrors = fields.files.errors;
  return (
    <Paper p="lg" withBorder>
      <Title order={1} size="h2" mb="md">
        {t("admin.imports.title")}
      </Title>
      <Text mb="md">{t("admin.imports.intro")}</Text>
      <Form method="post" encType="multipart/form-data" {...formProps}>
        <Stack maw={560}>
          <FormError errors={form.errors} id={form.errorId} />
          <NativeSelect
            name={fields.kind.name}
            id={fields.kind.id}
            label={t("admin.imports.kind")}
            description={t("admin.imports.catalogueHelp")}
            defaultValue={fields.kind.initialValue ?? "students"}
            data={IMPORT_KINDS.map((kind) => ({
              value: kind,
              label: t(`admin.imports.kind.${kind}`),
            }))}
          />
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
            <Button type="submit" loading={busy}>
              {t("admin.imports.dryRun")}
            </Button>
            {busy ? (
              <Text size="sm" role="status">
                {t("admin.imports.uploading")}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
