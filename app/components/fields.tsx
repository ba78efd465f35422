// Form fields wired to conform metadata: label, value kept after a failed post, error announced.
// A field showing an error renders `autofocus`: after a failed post without JavaScript the browser
// focuses the first such field in the page (only the first autofocus counts); with JavaScript
// conform moves focus itself, and autofocus only acts when an input mounts.
import type { CSSProperties, InputHTMLAttributes, ReactNode } from "react";

/** What a field needs of conform's field metadata, or of useLightForm's. */
export interface FieldMeta {
  id: string;
  name: string;
  key?: string | undefined;
  errors?: string[] | undefined;
  initialValue?: unknown;
}

export type PlainTextInputProps = {
  id: string;
  label: string;
  description?: ReactNode;
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "size" | "children">;

export type FieldProps = {
  meta: FieldMeta;
  label: string;
  description?: ReactNode;
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "name" | "defaultValue" | "id" | "size" | "children"
>;

/** `autoFocus` for a field rendered with an error (see above). */
export function invalidFocus(meta: { errors?: string[] }): true | undefined {
  return meta.errors?.length ? true : undefined;
}

const SM = "var(--mantine-font-size-sm)";
const SMALLER = "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))";
const HALF_XS = "calc(var(--mantine-spacing-xs) / 2)";

/**
 * A text input with exactly the markup of Mantine's TextInput (default variant, size sm), so it
 * looks and reads the same, without the input components' code in the browser: every sign-in and
 * registration page loads it (decision 093). tests/unit/fields.test.tsx compares the two.
 */
export function PlainTextInput({
  id,
  label,
  description,
  error,
  defaultValue,
  value,
  ...input
}: PlainTextInputProps) {
  const flag = error ? "true" : undefined;
  const describedBy =
    [error ? `${id}-error` : null, description ? `${id}-description` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const wrapperStyle = {
    ...(description ? { "--input-margin-top": HALF_XS } : {}),
    ...(error ? { "--input-margin-bottom": HALF_XS } : {}),
    "--input-height": "var(--input-height-sm)",
    "--input-fz": SM,
  } as CSSProperties;
  return (
    <div
      className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root"
      data-size="sm"
      data-error={flag}
    >
      <label
        style={{ "--input-label-size": SM } as CSSProperties}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
        data-size="sm"
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
      </label>
      {description ? (
        <p
          style={{ "--input-description-size": SMALLER } as CSSProperties}
          className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
          data-size="sm"
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={wrapperStyle}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={flag}
      >
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={flag}
          {...input}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          id={id}
          defaultValue={defaultValue}
          value={value}
        />
      </div>
      {error ? (
        <p
          style={{ "--input-error-size": SMALLER } as CSSProperties}
          className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error"
          data-size="sm"
          id={`${id}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A text field wired to conform's (or useLightForm's) field metadata. */
export function TextField({ meta, label, description, ...rest }: FieldProps) {
  return (
    <PlainTextInput
      key={meta.key}
      id={meta.id}
      label={label}
      description={description}
      error={meta.errors?.[0]}
      name={meta.name}
      autoFocus={invalidFocus(meta)}
      {...rest}
      defaultValue={meta.initialValue as string | undefined}
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
