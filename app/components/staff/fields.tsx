// The staff forms' fields: Mantine's TextInput and PasswordInput wired to a form's field metadata
// (label, id, the value kept after a failed post, the error and its focus).
import {
  PasswordInput,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from "@mantine/core";
import { mantineFieldProps, type FieldMeta } from "~/components/fields";

type Own = "name" | "defaultValue" | "error" | "id" | "label";

export function MantineTextField({
  meta,
  label,
  ...rest
}: { meta: FieldMeta; label: string } & Omit<TextInputProps, Own>) {
  return <TextInput key={meta.key} {...mantineFieldProps(meta, label)} {...rest} />;
}

export function PasswordField({
  meta,
  label,
  ...rest
}: { meta: FieldMeta; label: string } & Omit<PasswordInputProps, Own>) {
  return <PasswordInput key={meta.key} {...mantineFieldProps(meta, label)} {...rest} />;
}
