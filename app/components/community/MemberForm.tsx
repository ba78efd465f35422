// The community member form shared by registration and My Profile: the member's fields, the
// signature (pad with JavaScript; upload or typed name without) and the guardians/contacts.
// Adding and removing a guardian are conform's list intents (`form.insert`, `form.remove`): plain
// submit buttons that keep everything typed when JavaScript is off, handled in the page by
// conform when it is on.
import { Form } from "@remix-run/react";
import { Alert, Button, Field, Fieldset, Group, Image, SimpleGrid, Stack, Text } from "~/ui";
import { t, type CommunityKey } from "@domain/messages/community";
import { GENDERS, GRADES, PHONE_TYPES, RELATIONSHIPS } from "@domain/forms/community-fields";
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ZodFormProps } from "~/components/zod-form";
import { US_STATES } from "@domain/rules/us-states";
import { BirthDateField } from "~/components/BirthDateField";
import { ErrorSummary, FormError, TextField } from "~/components/fields";
import { SignaturePad } from "~/islands/SignaturePad";
import { SubmitWithHint } from "~/components/SubmitWithHint";
import { useHydrated } from "~/components/use-hydrated";
import { SelectField } from "./SelectField";

export type GuardianShape = {
  id?: string;
  nameFirst: string;
  nameLast: string;
  relationship: string;
  relationshipOther?: string;
  phone1: string;
  phone1Type: string;
  phone2?: string;
  phone2Type?: string;
  email?: string;
};

export type MemberFormShape = {
  nameFirst: string;
  nameLast: string;
  dob: string;
  grade: string;
  gender: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  homePhone: string;
  email: string;
  printedSignature: string;
  digitalSignature?: string;
  signatureTyped?: string;
  signatureFile?: File;
  guardians: GuardianShape[];
};

const opts = (values: readonly string[], prefix?: string) =>
  values.map((v) => ({ value: v, label: prefix ? t(`${prefix}.${v}` as CommunityKey) : v }));

const MEMBER_LABELS: Partial<Record<string, CommunityKey>> = {
  nameFirst: "community.nameFirst",
  nameLast: "community.nameLast",
  dob: "community.dob",
  grade: "community.grade",
  gender: "community.gender",
  address: "community.address",
  city: "community.city",
  state: "community.state",
  zip: "community.zip",
  homePhone: "community.homePhone",
  email: "community.email",
  printedSignature: "community.printedSignature",
  digitalSignature: "community.signaturePad",
  signatureTyped: "community.signatureTyped",
  signatureFile: "community.signatureFile",
  guardians: "community.section.guardians",
};
const GUARDIAN_LABELS: Partial<Record<string, CommunityKey>> = {
  nameFirst: "guardian.nameFirst",
  nameLast: "guardian.nameLast",
  relationship: "guardian.relationship",
  relationshipOther: "guardian.relationshipOther",
  phone1: "guardian.phone1",
  phone1Type: "guardian.phone1Type",
  phone2: "guardian.phone2",
  phone2Type: "guardian.phone2Type",
  email: "guardian.email",
};

/** A field's label by its name, for the error summary ("guardians[0].phone1" names its box). */
export function memberFieldLabel(name: string): string | undefined {
  const guardian = /^guardians\[(\d+)\]\.(\w+)$/.exec(name);
  if (guardian) {
    const key = GUARDIAN_LABELS[guardian[2]!];
    if (!key) return undefined;
    return `${t("guardian.legend", { n: Number(guardian[1]) + 1 })}, ${t(key)}`;
  }
  const key = MEMBER_LABELS[name];
  return key ? t(key) : undefined;
}

export type MemberFields = ReturnType<FormMetadata<MemberFormShape>["getFieldset"]>;
type GuardianFieldsMeta = ReturnType<FieldMetadata<GuardianShape, MemberFormShape>["getFieldset"]>;

function GuardianFields({
  form,
  g,
  index,
  listName,
}: {
  form: FormMetadata<MemberFormShape>;
  g: GuardianFieldsMeta;
  index: number;
  listName: string;
}) {
  const n = index + 1;
  return (
    <Fieldset legend={t("guardian.legend", { n })} className="guardian">
      <input type="hidden" name={g.id.name} defaultValue={g.id.initialValue} key={g.id.key} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField meta={g.nameFirst} label={t("guardian.nameFirst")} autoComplete="off" />
        <TextField meta={g.nameLast} label={t("guardian.nameLast")} autoComplete="off" />
        <SelectField
          meta={g.relationship}
          label={t("guardian.relationship")}
          placeholder={t("guardian.relationshipPlaceholder")}
          options={opts(RELATIONSHIPS, "guardian.relationship")}
        />
        <TextField meta={g.relationshipOther} label={t("guardian.relationshipOther")} />
        <TextField meta={g.phone1} label={t("guardian.phone1")} type="tel" inputMode="tel" />
        <SelectField
          meta={g.phone1Type}
          label={t("guardian.phone1Type")}
          placeholder={t("guardian.phoneTypePlaceholder")}
          options={opts(PHONE_TYPES, "guardian.phoneType")}
        />
        <TextField meta={g.phone2} label={t("guardian.phone2")} type="tel" inputMode="tel" />
        <SelectField
          meta={g.phone2Type}
          label={t("guardian.phone2Type")}
          placeholder={t("guardian.phoneTypePlaceholder")}
          options={opts(PHONE_TYPES, "guardian.phoneType")}
        />
        <TextField meta={g.email} label={t("guardian.email")} type="email" />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button
          type="submit"
          variant="subtle"
          color="red"
          {...form.remove.getButtonProps({ name: listName, index })}
        >
          {t("guardian.remove", { n })}
        </Button>
      </Group>
    </Fieldset>
  );
}

const HIDDEN: React.CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  border: 0,
  padding: 0,
};

export interface MemberFormProps {
  form: FormMetadata<MemberFormShape>;
  fields: MemberFields;
  /** The `<Form>`'s props from useZodForm. */
  formProps: ZodFormProps;
  action?: string;
  /** A signature received on an earlier post that failed, as a PNG data URL. */
  carriedSignature?: string | null;
  /** The signature on file (profile). */
  signatureOnFile?: string | null;
  submitLabel: string;
  pending: boolean;
  /** Shown above the submit button: e.g. the refused signature upload. */
  formMessage?: React.ReactNode;
  /** The action's reply to the last post (the error summary takes the focus on a refusal). */
  result?: unknown;
  /** The form's own message as the page draws it in the error summary (with its links). */
  summaryMessage?: React.ReactNode;
}

export function MemberForm({
  form,
  fields,
  formProps,
  action,
  carriedSignature,
  signatureOnFile,
  submitLabel,
  pending,
  formMessage,
  result,
  summaryMessage,
}: MemberFormProps) {
  const hydrated = useHydrated();
  const guardians = fields.guardians;
  // Errors of fields shown (conform keeps those of the fields validated); "" is the form's own.
  const fieldErrors = Object.keys(form.allErrors).some((name) => name !== "");
  const disabled = hydrated && fieldErrors;
  const signatureValue = carriedSignature ?? fields.digitalSignature.initialValue ?? "";
  return (
    <Form method="post" action={action} encType="multipart/form-data" {...formProps}>
      {/* Enter in a field submits the form; without this the first "Remove" button would be
          the form's default button. */}
      <button
        type="submit"
        tabIndex={-1}
        aria-hidden="true"
        className="default-submit"
        style={HIDDEN}
      />
      <ErrorSummary
        form={form}
        result={result}
        labelOf={memberFieldLabel}
        message={summaryMessage}
        formErrorElsewhere
      />
      <Stack>
        <Fieldset legend={t("community.section.participant")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              meta={fields.nameFirst}
              label={t("community.nameFirst")}
              autoComplete="given-name"
            />
            <TextField
              meta={fields.nameLast}
              label={t("community.nameLast")}
              autoComplete="family-name"
            />
            <BirthDateField meta={fields.dob} label={t("community.dob")} />
            <SelectField
              meta={fields.grade}
              label={t("community.grade")}
              placeholder={t("community.gradePlaceholder")}
              options={opts(GRADES)}
            />
            <SelectField
              meta={fields.gender}
              label={t("community.gender")}
              placeholder={t("community.genderPlaceholder")}
              options={opts(GENDERS, "community.gender")}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t("community.section.address")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              meta={fields.address}
              label={t("community.address")}
              autoComplete="street-address"
            />
            <TextField
              meta={fields.city}
              label={t("community.city")}
              autoComplete="address-level2"
            />
            <SelectField
              meta={fields.state}
              label={t("community.state")}
              placeholder={t("community.statePlaceholder")}
              options={opts(US_STATES)}
            />
            <TextField
              meta={fields.zip}
              label={t("community.zip")}
              inputMode="numeric"
              autoComplete="postal-code"
            />
            <TextField
              meta={fields.homePhone}
              label={t("community.homePhone")}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
            />
            <TextField
              meta={fields.email}
              label={t("community.email")}
              type="email"
              autoComplete="email"
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t("community.section.signature")}>
          <Stack gap="sm">
            <TextField meta={fields.printedSignature} label={t("community.printedSignature")} />
            {signatureOnFile ? (
              <div>
                <Text size="sm" fw={500}>
                  {t("community.signatureOnFile")}
                </Text>
                <Image
                  maw={300}
                  src={signatureOnFile}
                  alt={t("community.signatureOnFile")}
                  bordered
                />
                <Text size="xs" c="dimmed">
                  {t("community.signatureReplace")}
                </Text>
              </div>
            ) : null}
            {carriedSignature ? (
              <div>
                <Text size="sm" fw={500}>
                  {t("community.signatureReceived")}
                </Text>
                <Image maw={300} src={carriedSignature} alt={t("community.signatureReceived")} />
              </div>
            ) : null}
            <SignaturePad
              key={fields.digitalSignature.key}
              name={fields.digitalSignature.name}
              defaultValue={signatureValue}
              label={t("community.signaturePad")}
              help={t("community.signaturePadHelp")}
              clearLabel={t("community.signatureClear")}
              errorId={fields.digitalSignature.errorId}
            />
            {fields.digitalSignature.errors?.length ? (
              <div id={fields.digitalSignature.errorId} role="alert" className="field-error">
                {fields.digitalSignature.errors[0]}
              </div>
            ) : null}
            <Text size="sm" fw={500}>
              {t("community.signatureAlternatives")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {/* A native file control: it opens without JavaScript. */}
              <Field id={fields.signatureFile.id} label={t("community.signatureFile")}>
                <input
                  id={fields.signatureFile.id}
                  name={fields.signatureFile.name}
                  type="file"
                  accept="image/png"
                  className="signature-file"
                  style={{ display: "block", marginTop: 4 }}
                />
              </Field>
              <TextField
                meta={fields.signatureTyped}
                label={t("community.signatureTyped")}
                description={t("community.signatureTypedHelp")}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t("community.section.guardians")}>
          <Stack>
            <Text size="sm">{t("community.twoContacts")}</Text>
            {guardians.getFieldList().map((item, index) => (
              <GuardianFields
                // conform keys the items it knows of; a list grown by a post without JavaScript
                // has items beyond the default value, keyed by their place.
                key={item.key ?? `at-${index}`}
                form={form}
                g={item.getFieldset()}
                index={index}
                listName={guardians.name}
              />
            ))}
            {guardians.errors?.length ? (
              <div id={guardians.errorId} role="alert" className="field-error">
                {guardians.errors[0]}
              </div>
            ) : null}
            <Group>
              <Button
                type="submit"
                variant="light"
                {...form.insert.getButtonProps({ name: guardians.name })}
              >
                {t("guardian.add")}
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        {fieldErrors ? (
          <Alert color="red" role="alert">
            {t("community.validationSummary")}
          </Alert>
        ) : null}
        <FormError errors={form.errors} id={form.errorId} yieldTo={form} />
        {formMessage}
        <Group justify="flex-end">
          <SubmitWithHint
            hint={t("community.validationTooltip")}
            hintId="member-form-fix"
            disabled={disabled}
            loading={pending}
          >
            {submitLabel}
          </SubmitWithHint>
        </Group>
      </Stack>
    </Form>
  );
}
