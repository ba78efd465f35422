// A native select wired to the form's field metadata (works without JavaScript), with a blank
// first choice.
import type { FieldMeta } from "~/components/fields";
import { Select } from "~/ui";

interface SelectFieldProps {
  meta: FieldMeta;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  autoComplete?: string;
}

export function SelectField({ meta, label, placeholder, options, autoComplete }: SelectFieldProps) {
  return (
    <Select
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
