// /admin/spanish: the district's own texts in Spanish (decision 172). Every text
// families read, 25 a page on the server, filtered by kind, state and words (a GET form, so a
// filtered page is a link); each row shows its English and has its own form for the Spanish
// version, a plain post that comes back to the same filtered page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { CONFIRMATION_PLACEHOLDER } from "@domain/contract/admin";
import { SPANISH_STATES } from "@domain/contract/district-texts";
import { TEXT_ENTITIES } from "@domain/rules/district-texts";
import { t } from "@domain/messages/admin";
import { spanishTextAction, spanishTextsPage, type SpanishTextRow } from "~/.server/district-texts";
import { Pager } from "~/components/staff/Pager";
import { useZodForm } from "~/components/zod-form";
import { FormError, mantineFieldProps } from "~/components/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.spanish.title") };

export function loader(args: LoaderFunctionArgs) {
  return spanishTextsPage(args);
}

export function action(args: ActionFunctionArgs) {
  return spanishTextAction(args);
}

const BADGE_COLOR = { missing: "gray", review: "yellow", done: "green" } as const;

type ActionData = ReturnType<typeof useActionData<typeof action>>;

function SpanishRow({ row, actionData }: { row: SpanishTextRow; actionData: ActionData }) {
  const navigation = useNavigation();
  const formId = `spanish-${row.key}`;
  const [form, fields, formProps] = useZodForm({
    id: formId,
    // Only the row that was posted shows the action's errors.
    lastResult: actionData?.row === row.key ? actionData.result : undefined,
    defaultValue: { spanish: row.spanish ?? "" },
    load: () => import("@domain/forms/district-texts"),
    schema: (m) => m.districtTextForm(row.english),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("entity") === row.entity &&
    navigation.formData?.get("entityId") === row.entityId &&
    navigation.formData?.get("field") === row.field;
  const headingId = `${formId}-title`;
  const hints = [
    row.shape === "answers" ? t("admin.spanish.answersHint") : null,
    row.shape === "markdown" ? t("admin.spanish.markdownHint") : null,
    row.keepsPlaceholder
      ? t("admin.spanish.placeholderHint", { placeholder: CONFIRMATION_PLACEHOLDER })
      : null,
    t("admin.spanish.emptyRemoves"),
  ].filter((h): h is string => h !== null);
  const input = {
    ...mantineFieldProps(fields.spanish, t("admin.spanish.spanish")),
    lang: "es",
    description: hints.join(" "),
  };
  const englishLines = row.english.split("\n").length;
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {row.name}
          </Title>
          <Badge color={BADGE_COLOR[row.state]} variant="light" style={{ flexShrink: 0 }}>
            {t(`admin.spanish.badge.${row.state}`)}
          </Badge>
        </Group>
        <div>
          <Text size="sm" fw={700}>
            {t("admin.spanish.english")}
          </Text>
          <Text lang="en" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {row.english}
          </Text>
        </div>
        {row.state === "review" ? (
          <Alert color="yellow" title={t("admin.spanish.englishChanged")}>
            <Text size="sm">{t("admin.spanish.writtenFrom")}</Text>
            <Text size="sm" lang="en" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {row.writtenFrom}
            </Text>
          </Alert>
        ) : null}
        <Form method="post" {...formProps}>
          <Stack gap="xs">
            <FormError errors={form.errors} id={form.errorId} />
            <input type="hidden" name="entity" value={row.entity} />
            <input type="hidden" name="entityId" value={row.entityId} />
            <input type="hidden" name="field" value={row.field} />
            <input type="hidden" name="version" value={row.version} />
            {row.shape === "line" ? (
              <TextInput key={fields.spanish.key} {...input} />
            ) : (
              <Textarea
                key={fields.spanish.key}
                {...input}
                autosize={false}
                rows={
                  row.shape === "markdown"
                    ? 8
                    : row.shape === "answers"
                      ? Math.max(2, englishLines)
                      : 3
                }
              />
            )}
            <Group>
              <Button type="submit" disabled={saving}>
                {t("admin.spanish.save")}
                <span className="visually-hidden"> {row.name}</span>
              </Button>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </Paper>
  );
}

export default function AdminSpanishTexts() {
  const { filter, list, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const counts = list?.counts ?? { all: 0, missing: 0, review: 0, done: 0 };
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="sm">
          {t("admin.spanish.title")}
        </Title>
        <Text mb="md">{t("admin.spanish.intro")}</Text>
        <Form method="get" role="search" aria-label={t("admin.spanish.filters")}>
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              name="entity"
              label={t("admin.spanish.kind")}
              defaultValue={filter.entity ?? ""}
              data={[
                { value: "", label: t("admin.spanish.kind.all") },
                ...TEXT_ENTITIES.map((k) => ({ value: k, label: t(`admin.spanish.kind.${k}`) })),
              ]}
            />
            <NativeSelect
              name="state"
              label={t("admin.spanish.state")}
              defaultValue={filter.state ?? ""}
              data={[
                { value: "", label: t("admin.spanish.state.all", { count: counts.all }) },
                ...SPANISH_STATES.map((s) => ({
                  value: s,
                  label: t(`admin.spanish.state.${s}`, { count: counts[s] }),
                })),
              ]}
            />
            <TextInput
              name="q"
              type="search"
              label={t("admin.spanish.search")}
              description={t("admin.spanish.searchHint")}
              defaultValue={filter.q ?? ""}
              maxLength={100}
            />
            <Button type="submit" variant="default">
              {t("admin.spanish.apply")}
            </Button>
          </Group>
        </Form>
      </Paper>
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : list && list.rows.length === 0 ? (
        <Paper p="lg" withBorder>
          <Text>{t("admin.spanish.none")}</Text>
        </Paper>
      ) : list ? (
        <>
          <Text role="status">{t("admin.spanish.count", { total: list.total })}</Text>
          {list.rows.map((row) => (
            // A saved row is drawn again from what was saved (its version is in the key).
            <SpanishRow key={`${row.key}:${row.version}`} row={row} actionData={actionData} />
          ))}
          <Pager
            page={list.page}
            pageCount={list.pages}
            search={search}
            label={t("admin.spanish.title")}
          />
        </>
      ) : null}
    </Stack>
  );
}
