// Mantine inputs of the administration pages wired to conform's field metadata: the label, the
// value kept after a failed post, the error beside the field (app/components/fields.tsx).
import type { ReactNode } from "react";
import { PasswordInput, Textarea, TextInput } from "@mantine/core";
import { mantineFieldProps, type FieldMeta } from "~/components/fields";

interface Props {
  meta: FieldMeta;
  label: string;
  description?: ReactNode;
  required?: boolean;
}

export function AdminTextInput({
  meta,
  label,
  type,
  ...rest
}: Props & {
  type?: "text" | "email" | "number" | "date" | "time";
  autoComplete?: string;
  min?: number;
  max?: number;
}) {
  return (
    <TextInput
      key={meta.key}
      {...mantineFieldProps(meta, label)}
      defaultValue={meta.initialValue === undefined ? undefined : String(meta.initialValue)}
      type={type}
      {...rest}
    />
  );
}

export function AdminTextarea({ meta, label, rows = 4, ...rest }: Props & { rows?: number }) {
  return (
    <Textarea
      key={meta.key}
      {...mantineFieldProps(meta, label)}
      autosize={false}
      rows={rows}
      {...rest}
    />
  );
}

export function AdminPasswordInput({ meta, label, ...rest }: Props) {
  return (
    <PasswordInput
      key={meta.key}
      {...mantineFieldProps(meta, label)}
      defaultValue={undefined}
      autoComplete="new-password"
      {...rest}
    />
  );
}
