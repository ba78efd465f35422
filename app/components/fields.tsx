// Form fields wired to conform metadata: label, value kept after a failed post, error announced.
// A field showing an error renders `autofocus`: after a failed post without JavaScript the browser
// focuses the first such field in the page (only the first autofocus counts); with JavaScript
// conform moves focus itself, and autofocus only acts when an input mounts.
import { useContext, useEffect, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import { TextInput, type TextInputProps } from "~/ui";
import { t } from "@domain/messages/common";
import { InPageDialog } from "./dialog-context";

/**
 * What a field needs of conform's field metadata (useZodForm's `fields`). The label, description
 * and error are drawn with conform's ids: `id` on the control, `descriptionId` and `errorId`
 * (`${id}-description`, `${id}-error`, the ids the input wrapper gives them).
 */
export interface FieldMeta {
  id: string;
  name: string;
  key?: string | undefined;
  errors?: string[] | undefined;
  initialValue?: unknown;
  /** conform's ids for the field's error and description (`${id}-error`, `${id}-description`). */
  errorId?: string | undefined;
  descriptionId?: string | undefined;
}

export type PlainTextInputProps = {
  id: string;
  label: string;
  description?: ReactNode;
  error?: string | undefined;
  errorId?: string | undefined;
  descriptionId?: string | undefined;
  /** Width in px. */
  w?: number;
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

/** A labelled text input not wired to a form's metadata (search boxes, amounts). */
export function PlainTextInput(props: PlainTextInputProps) {
  return <TextInput {...(props as TextInputProps)} />;
}

/** The props a Mantine input takes from a field's metadata (the staff forms, components/staff/fields). */
export function mantineFieldProps(meta: FieldMeta, label: string) {
  return {
    id: meta.id,
    name: meta.name,
    label,
    defaultValue: meta.initialValue as string | undefined,
    error: meta.errors?.[0],
    autoFocus: invalidFocus(meta),
  };
}

/** A text field wired to conform's field metadata. */
export function TextField({ meta, label, description, ...rest }: FieldProps) {
  return (
    <PlainTextInput
      key={meta.key}
      id={meta.id}
      label={label}
      description={description}
      error={meta.errors?.[0]}
      errorId={meta.errorId}
      descriptionId={meta.descriptionId}
      name={meta.name}
      autoFocus={invalidFocus(meta)}
      {...rest}
      defaultValue={meta.initialValue as string | undefined}
    />
  );
}

/**
 * The form's own message (not a field's). With `takeFocus` it renders `autofocus` (focusable by
 * script only): after a failed post without JavaScript the browser focuses the message, for forms
 * whose error belongs to no field; where a field shows an error, that field takes the focus.
 */
export function FormError({
  errors,
  id,
  takeFocus,
}: {
  errors?: string[];
  id?: string;
  takeFocus?: boolean;
}) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="field-error"
      tabIndex={takeFocus ? -1 : undefined}
      autoFocus={takeFocus || undefined}
    >
      {errors.join(" ")}
    </div>
  );
}

/** What the error summary needs of conform's form metadata (useZodForm's `form`). */
export interface SummaryFormMeta {
  id: string;
  status?: "success" | "error" | undefined;
  allErrors: Record<string, string[]>;
}

/**
 * The errors of a refused post at the top of its page (GOV.UK's error summary): the form's own
 * message, then each field's, linked to the field (conform's id, `${form.id}-${name}`). Shown once
 * a post was refused (by the server, or by conform in the browser), and an error leaves it as the
 * field is corrected. It renders `autofocus` (see above: placed before the form, it is the first
 * in the page), so without JavaScript the browser focuses it; with JavaScript it takes the focus
 * whenever the action refuses a post (`result`, the action's `submission.reply()`), after conform
 * has moved it to the first invalid field.
 */
export function ErrorSummary({
  form,
  result,
  labelOf,
  children,
}: {
  form: SummaryFormMeta;
  result?: unknown;
  /** A field's label by its name, so that each line says which field it is about. */
  labelOf?: (name: string) => string | undefined;
  /** Beside the form's own message: what helps with it (a link). */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const focusedFor = useRef<unknown>(undefined);
  // In a dialog the first invalid field takes the focus instead (dialog-context.ts).
  const takesFocus = !useContext(InPageDialog);
  const entries = Object.entries(form.allErrors).filter(([, errors]) => errors.length > 0);
  const shown = form.status === "error" && entries.length > 0;
  const refusedByServer = (result as { status?: string } | null | undefined)?.status === "error";
  useEffect(() => {
    if (!takesFocus || !shown || !refusedByServer || focusedFor.current === result) return;
    focusedFor.current = result;
    ref.current?.focus();
  });
  if (!shown) return null;
  const titleId = `${form.id}-error-summary`;
  return (
    <div
      ref={ref}
      role="group"
      aria-labelledby={titleId}
      className="error-summary"
      tabIndex={-1}
      autoFocus={takesFocus}
    >
      <h2 id={titleId} className="error-summary-title">
        {t("form.errorSummary")}
      </h2>
      <ul>
        {entries.map(([name, errors]) => {
          if (name === "") {
            return (
              <li key="form">
                {errors.join(" ")} {children}
              </li>
            );
          }
          const label = labelOf?.(name);
          const text = errors[0]!;
          return (
            <li key={name}>
              <a href={`#${form.id}-${name}`}>
                {label ? t("form.errorSummaryLine", { label, error: text }) : text}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
