// A native select wired to conform (works without JavaScript), with a blank first choice.
import type { FieldMetadata } from "@conform-to/react";
import { NativeSelect } from "~/ui/mantine/NativeSelect";

interface SelectFieldProps {
  meta: FieldMetadata<string | undefined> | FieldMetadata<string>;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  autoComplete?: string;
}

export function SelectField({ meta, label, placeholder, options, autoComplete }: SelectFieldProps) {
  return (
    <NativeSelect
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      defaultValue={(meta.initialValue as string | undefined) ?? ""}
      error={meta.errors?.[0]}
      autoComplete={autoComplete}
      data={[{ value: "", label: placeholder }, ...options]}
    />
  );
}
