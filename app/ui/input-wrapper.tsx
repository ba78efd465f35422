// Mantine's InputWrapper markup (default variant, size sm) around a native control: the label
// (with the required mark), description, the input wrapper with its CSS variables, an optional
// right section, and the error, with the ids and aria wiring Mantine gives them. TextField,
// PlainTextInput, NativeSelect and Textarea draw with it (decision 093); tests/unit/fields.test.tsx holds
// the result to Mantine's own components.
import type { CSSProperties, ReactNode } from "react";

const SM = "var(--mantine-font-size-sm)";
const SMALLER = "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))";
const HALF_XS = "calc(var(--mantine-spacing-xs) / 2)";

type Component = "TextInput" | "NativeSelect" | "Textarea";

export interface WrapperParts {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean | undefined;
}

/** The control's attributes that come before the caller's own (class, variant, error flag). */
export function controlHead(component: Component, error: ReactNode) {
  return {
    className: `m_8fb7ebe7 mantine-Input-input mantine-${component}-input`,
    "data-variant": "default",
    "data-error": error ? "true" : undefined,
  };
}

/** The control's attributes that come after the caller's own (aria wiring and id). */
export function controlTail({ id, error, description }: WrapperParts) {
  const describedBy =
    [error ? `${id}-error` : null, description ? `${id}-description` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return { "aria-invalid": Boolean(error), "aria-describedby": describedBy, id };
}

export function InputWrapperMarkup({
  component,
  id,
  label,
  description,
  error,
  required,
  rootStyle,
  rightSection,
  multiline,
  children,
}: WrapperParts & {
  component: Component;
  rootStyle?: CSSProperties | undefined;
  rightSection?: ReactNode;
  /** A textarea: vertical padding instead of a fixed height. */
  multiline?: boolean;
  children: ReactNode;
}) {
  const flag = error ? "true" : undefined;
  const wrapperStyle = {
    ...(description ? { "--input-margin-top": HALF_XS } : {}),
    ...(error ? { "--input-margin-bottom": HALF_XS } : {}),
    "--input-height": "var(--input-height-sm)",
    "--input-fz": SM,
    ...(multiline ? { "--input-padding-y": "var(--input-padding-y-sm)" } : {}),
    ...(rightSection ? { "--input-right-section-pointer-events": "none" } : {}),
  } as CSSProperties;
  return (
    <div
      style={rootStyle}
      className={`m_46b77525 mantine-InputWrapper-root mantine-${component}-root`}
      data-size="sm"
      data-error={flag}
    >
      <label
        style={{ "--input-label-size": SM } as CSSProperties}
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${component}-label`}
        data-size="sm"
        data-required={required ? "true" : undefined}
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
        {required ? (
          <span
            className={`m_78a94662 mantine-InputWrapper-required mantine-${component}-required`}
            aria-hidden="true"
          >
            {" *"}
          </span>
        ) : null}
      </label>
      {description ? (
        <p
          style={{ "--input-description-size": SMALLER } as CSSProperties}
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${component}-description`}
          data-size="sm"
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={wrapperStyle}
        className={`m_6c018570 mantine-Input-wrapper mantine-${component}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={flag}
        data-pointer={rightSection ? "true" : undefined}
        data-multiline={multiline ? "true" : undefined}
        data-with-right-section={rightSection ? "true" : undefined}
      >
        {children}
        {rightSection ? (
          <div
            data-position="right"
            className={`m_82577fc2 mantine-Input-section mantine-${component}-section`}
          >
            {rightSection}
          </div>
        ) : null}
      </div>
      {error ? (
        <p
          style={{ "--input-error-size": SMALLER } as CSSProperties}
          className={`m_8f816625 mantine-InputWrapper-error mantine-${component}-error`}
          data-size="sm"
          id={`${id}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
