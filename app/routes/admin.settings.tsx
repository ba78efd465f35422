// /admin/settings: every settings text of spec 01 §3 and spec 02 §3, the district's name and check
// address, and the cart hold and payment window (decision 119). "Preview" renders the two
// markdown texts as families and staff will read them (sanitised on the server), without saving.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  TypographyStylesProvider,
} from "@mantine/core";
import { CONFIRMATION_PLACEHOLDER, TEXT_LIMITS } from "@domain/contract/admin";
import { t } from "@domain/messages/admin";
import { settingsAction, settingsPage } from "~/.server/admin";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextarea, AdminTextInput } from "~/components/admin/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.settings.title") };

export function loader(args: LoaderFunctionArgs) {
  return settingsPage(args);
}

export function action(args: ActionFunctionArgs) {
  return settingsAction(args);
}

function Preview({ label, html }: { label: string; html: string }) {
  return (
    <Paper withBorder p="sm" bg="gray.0" role="region" aria-label={label}>
      <Text size="xs" c="dimmed" mb={4}>
        {label}
      </Text>
      {/* Rendered and sanitised on the server (app/.server/markdown.ts). */}
      <TypographyStylesProvider>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </TypographyStylesProvider>
    </Paper>
  );
}

export default function AdminSettings() {
  const { settings, previews: saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const previews = actionData?.previews ?? saved;
  const { homeMessage, ...texts } = settings;
  const [form, fields, formProps] = useZodForm({
    id: "admin-settings",
    lastResult: actionData?.result,
    defaultValue: {
      ...texts,
      cartHoldMinutes: String(settings.cartHoldMinutes),
      paymentWindowMinutes: String(settings.paymentWindowMinutes),
      mailedCheckDays: String(settings.mailedCheckDays),
      mailedCheckSharePercent: String(settings.mailedCheckSharePercent),
      homeMessage: homeMessage.message,
      homeMessageShow: homeMessage.show ? "on" : undefined,
    },
    load: () => import("@domain/forms/admin"),
    schema: (m) => m.SettingsForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting";
  return (
    <Paper p="lg" withBorder>
      <Title order={1} size="h2" mb="md">
        {t("admin.settings.title")}
      </Title>
      <Form method="post" {...formProps}>
        <Stack>
          <FormError errors={form.errors} id={form.errorId} />
          <Fieldset legend={t("admin.settings.homeMessage")}>
            <Stack>
              <Checkbox
                key={fields.homeMessageShow.key}
                name={fields.homeMessageShow.name}
                id={fields.homeMessageShow.id}
                defaultChecked={fields.homeMessageShow.initialValue === "on"}
                label={t("admin.settings.homeMessage.show")}
              />
              <AdminTextarea
                meta={fields.homeMessage}
                label={t("admin.settings.homeMessage.message")}
                rows={3}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t("admin.settings.instructions")}>
            <Stack>
              <AdminTextarea
                meta={fields.instructions}
                label={t("admin.settings.instructions")}
                rows={8}
                description={`${TEXT_LIMITS.markdown.toLocaleString("en-US")} max`}
              />
              <Preview
                label={t("admin.settings.previewOf", { field: t("admin.settings.instructions") })}
                html={previews.instructions}
              />
              <AdminTextarea
                meta={fields.instructorInstructions}
                label={t("admin.settings.instructorInstructions")}
                rows={8}
              />
              <Preview
                label={t("admin.settings.previewOf", {
                  field: t("admin.settings.instructorInstructions"),
                })}
                html={previews.instructorInstructions}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t("admin.settings.signIn")}>
            <Stack>
              <AdminTextarea
                meta={fields.logInMessage}
                label={t("admin.settings.logInMessage")}
                rows={2}
              />
              <AdminTextarea
                meta={fields.guestLogInMessage}
                label={t("admin.settings.guestLogInMessage")}
                rows={2}
              />
              <AdminTextarea
                meta={fields.instructorLogInMessage}
                label={t("admin.settings.instructorLogInMessage")}
                rows={2}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t("admin.settings.grade")}>
            <Stack>
              <AdminTextInput
                meta={fields.gradeLabel}
                label={t("admin.settings.gradeLabel")}
                required
              />
              <AdminTextarea
                meta={fields.gradeDescription}
                label={t("admin.settings.gradeDescription")}
                rows={2}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t("admin.settings.confirmations")}>
            <Stack>
              <Text size="sm">
                {t("admin.settings.confirmationsHint", { placeholder: CONFIRMATION_PLACEHOLDER })}
              </Text>
              <AdminTextarea
                meta={fields.registrationPaymentConfirmed}
                label={t("admin.settings.registrationPaymentConfirmed")}
                rows={2}
                required
              />
              <AdminTextarea
                meta={fields.waitlistPaymentConfirmed}
                label={t("admin.settings.waitlistPaymentConfirmed")}
                rows={2}
                required
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t("admin.settings.payments")}>
            <Stack>
              <AdminTextarea
                meta={fields.cancelPaymentRegistration}
                label={t("admin.settings.cancelPaymentRegistration")}
                rows={2}
              />
              <AdminTextarea
                meta={fields.programCancellationMessage}
                label={t("admin.settings.programCancellationMessage")}
                rows={2}
              />
              <AdminTextarea
                meta={fields.partiallyCompletedPaymentMessage}
                label={t("admin.settings.partiallyCompletedPaymentMessage")}
                rows={2}
              />
              <AdminTextarea
                meta={fields.feeRequestInstructions}
                label={t("admin.settings.feeRequestInstructions")}
                rows={3}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t("admin.settings.district")}>
            <Stack>
              <AdminTextInput
                meta={fields.districtName}
                label={t("admin.settings.districtName")}
                required
              />
              <AdminTextInput
                meta={fields.checkPayableTo}
                label={t("admin.settings.checkPayableTo")}
                required
              />
              <AdminTextarea
                meta={fields.checkMailingAddress}
                label={t("admin.settings.checkMailingAddress")}
                rows={3}
                required
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t("admin.settings.durations")}>
            <Stack>
              <AdminTextInput
                meta={fields.cartHoldMinutes}
                label={t("admin.settings.cartHoldMinutes")}
                description={t("admin.settings.cartHoldMinutesHint")}
                type="number"
                min={1}
                max={1440}
                required
              />
              <AdminTextInput
                meta={fields.paymentWindowMinutes}
                label={t("admin.settings.paymentWindowMinutes")}
                description={t("admin.settings.paymentWindowMinutesHint")}
                type="number"
                min={1}
                max={1440}
                required
              />
              <AdminTextInput
                meta={fields.mailedCheckDays}
                label={t("admin.settings.mailedCheckDays")}
                description={t("admin.settings.mailedCheckDaysHint")}
                type="number"
                min={1}
                max={365}
                required
              />
              <AdminTextInput
                meta={fields.mailedCheckSharePercent}
                label={t("admin.settings.mailedCheckSharePercent")}
                description={t("admin.settings.mailedCheckSharePercentHint")}
                type="number"
                min={0}
                max={100}
                required
              />
            </Stack>
          </Fieldset>
          {actionData && !actionData.previews && form.status === "error" ? (
            <Alert color="red" role="alert">
              {t("admin.saveFailed")}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" name="intent" value="save" loading={busy}>
              {t("admin.settings.save")}
            </Button>
            {/* After Save: Enter in a field saves (the first submit button is the default). */}
            <Button type="submit" name="intent" value="preview" variant="default" disabled={busy}>
              {t("admin.settings.preview")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
