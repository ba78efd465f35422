// Form fields wired to conform metadata: label, value kept after a failed post, error announced.
// A field showing an error renders `autofocus`: after a failed post without JavaScript the browser
// focuses the first such field in the page (only the first autofocus counts); with JavaScript
// conform moves focus itself, and autofocus only acts when an input mounts.
import type { FieldMetadata } from "@conform-to/react";
import type { TextInputProps } from "@mantine/core";
import { TextInput } from "~/ui/mantine/TextInput";

export type FieldProps = {
  meta: FieldMetadata<string | undefined> | FieldMetadata<string>;
  label: string;
} & Omit<TextInputProps, "name" | "defaultValue" | "error" | "id" | "label">;

/** `autoFocus` for a field rendered with an error (see above). */
export function invalidFocus(meta: { errors?: string[] }): true | undefined {
  return meta.errors?.length ? true : undefined;
}

export function TextField({ meta, label, ...rest }: FieldProps) {
  return (
    <TextInput
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      defaultValue={meta.initialValue as string | undefined}
      error={meta.errors?.[0]}
      autoFocus={invalidFocus(meta)}
      {...rest}
    />
  );
}

/** The form-level error (e.g. "Invalid Student ID or Birth Date."), announced to screen readers. */
export function FormError({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="field-error">
      {errors.join(" ")}
    </div>
  );
}
