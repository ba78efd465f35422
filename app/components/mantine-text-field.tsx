// A text field with Mantine's TextInput itself, for what the plain TextField (fields.tsx) does not
// draw, such as a left section ("$"). Staff forms only: it brings the input components' code.
import type { TextInputProps } from "@mantine/core";
import { TextInput } from "~/ui/mantine/TextInput";
import { mantineFieldProps, type FieldMeta } from "./fields";

export function MantineTextField({
  meta,
  label,
  ...rest
}: { meta: FieldMeta; label: string } & Omit<
  TextInputProps,
  "name" | "defaultValue" | "error" | "id" | "label"
>) {
  return <TextInput key={meta.key} {...mantineFieldProps(meta, label)} {...rest} />;
}
