// The fee form of the administration (/admin/fees/new and /admin/fees/:id; decision 121):
// name, price rules, quantities, sale dates, account code, school, year, group and questions.
// Plain posts: without JavaScript the action checks it and the typed values come back.
import { Form, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import type { FeeOptions } from "@domain/contract/admin-fees";
import { FEE_TYPES, RESPONSE_TYPES } from "@domain/forms/fee-request";
import { t } from "@domain/messages/admin";
import { useZodForm } from "~/components/zod-form";
import { FormError, mantineFieldProps, type FieldMeta } from "~/components/fields";
import { AdminTextarea, AdminTextInput } from "~/components/admin/fields";

function AdminSelect({
  meta,
  label,
  data,
}: {
  meta: FieldMeta;
  label: string;
  data: { value: string; label: string }[];
}) {
  return (
    <NativeSelect
      key={meta.key}
      {...mantineFieldProps(meta, label)}
      defaultValue={meta.initialValue === undefined ? "" : String(meta.initialValue)}
      data={data}
    />
  );
}

function AdminCheckbox({ meta, label }: { meta: FieldMeta; label: string }) {
  return (
    <Checkbox
      key={meta.key}
      name={meta.name}
      id={meta.id}
      defaultChecked={meta.initialValue === "on"}
      label={label}
      error={meta.errors?.[0]}
    />
  );
}

export function FeeFormFields({
  id,
  options,
  values,
  lastResult,
}: {
  id: string;
  options: FeeOptions;
  values: Record<string, unknown>;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id,
    lastResult,
    defaultValue: values,
    load: () => import("@domain/forms/admin-fees"),
    schema: (m) => m.FeeForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const none = { value: "", label: t("adminFees.noneOption") };
  const choice = (list: { id: number; name: string }[]) => [
    none,
    ...list.map((o) => ({ value: String(o.id), label: o.name })),
  ];
  const questions = fields.questions.getFieldList();
  return (
    <Form method="post" {...formProps}>
      <Stack maw={720}>
        <FormError errors={form.errors} id={form.errorId} />
        <AdminTextInput meta={fields.name} label={t("adminFees.name")} required />
        <AdminTextarea meta={fields.description} label={t("adminFees.description")} rows={3} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AdminSelect
            meta={fields.feeType}
            label={t("adminFees.feeType")}
            data={FEE_TYPES.map((v) => ({ value: v, label: v }))}
          />
          <AdminTextInput meta={fields.accountCode} label={t("adminFees.accountCode")} />
          <AdminSelect
            meta={fields.schoolId}
            label={t("adminFees.school")}
            data={choice(options.schools)}
          />
          <AdminSelect
            meta={fields.schoolYearId}
            label={t("adminFees.year")}
            data={choice(options.years)}
          />
          <AdminSelect
            meta={fields.feeGroupId}
            label={t("adminFees.feeGroup")}
            data={choice(options.feeGroups)}
          />
        </SimpleGrid>
        <Fieldset legend={t("adminFees.col.price")}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AdminTextInput
                meta={fields.amount}
                label={t("adminFees.amount")}
                description={t("adminFees.amountHint")}
                required
              />
              <AdminTextInput
                meta={fields.maxQuantity}
                label={t("adminFees.maxQuantity")}
                required
              />
              <AdminTextInput meta={fields.freeAmount} label={t("adminFees.freeAmount")} />
              <AdminTextInput meta={fields.freeQuantity} label={t("adminFees.freeQuantity")} />
              <AdminTextInput meta={fields.reducedAmount} label={t("adminFees.reducedAmount")} />
              <AdminTextInput
                meta={fields.reducedQuantity}
                label={t("adminFees.reducedQuantity")}
              />
              <AdminTextInput meta={fields.activityAmount} label={t("adminFees.activityAmount")} />
              <AdminTextInput
                meta={fields.activityQuantity}
                label={t("adminFees.activityQuantity")}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t("adminFees.specialHint")}
            </Text>
            <AdminCheckbox meta={fields.isDonation} label={t("adminFees.isDonation")} />
            <AdminCheckbox meta={fields.allowPartial} label={t("adminFees.allowPartial")} />
          </Stack>
        </Fieldset>
        <Fieldset legend={t("adminFees.col.status")}>
          <Stack>
            <AdminCheckbox meta={fields.active} label={t("adminFees.activeField")} />
            <AdminCheckbox meta={fields.allowStudent} label={t("adminFees.allowStudent")} />
            <AdminCheckbox meta={fields.allowEmployee} label={t("adminFees.allowEmployee")} />
            <AdminCheckbox
              meta={fields.allowCommunityMember}
              label={t("adminFees.allowCommunityMember")}
            />
            <AdminCheckbox meta={fields.allowGuest} label={t("adminFees.allowGuest")} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AdminTextInput meta={fields.saleStart} label={t("adminFees.saleStart")} />
              <AdminTextInput meta={fields.saleEnd} label={t("adminFees.saleEnd")} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t("adminFees.questions")}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t("adminFees.questionsHint")}
            </Text>
            {questions.map((q, i) => {
              const qf = q.getFieldset();
              const n = String(i + 1);
              return (
                <SimpleGrid key={q.key} cols={{ base: 1, sm: 2 }}>
                  <AdminTextInput meta={qf.question} label={t("adminFees.question", { n })} />
                  <AdminSelect
                    meta={qf.responseType}
                    label={t("adminFees.responseType", { n })}
                    data={RESPONSE_TYPES.map((v) => ({ value: v, label: v }))}
                  />
                  <AdminTextInput meta={qf.answerList} label={t("adminFees.answerList", { n })} />
                  <AdminTextInput meta={qf.sortOrder} label={t("adminFees.sortOrder", { n })} />
                </SimpleGrid>
              );
            })}
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("adminFees.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
