// Form fields wired to conform metadata: label, value kept after a failed post, error announced.
// A field showing an error renders `autofocus`: after a failed post without JavaScript the browser
// focuses the first such field in the page (only the first autofocus counts); with JavaScript
// conform moves focus itself, and autofocus only acts when an input mounts.
import {
  useEffect,
  useRef,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from "react";
import { TextInput, type TextInputProps } from "~/ui";
import { t } from "@domain/messages/common";
import { useHydrated } from "./use-hydrated";

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
  yieldTo,
}: {
  errors?: string[];
  id?: string;
  takeFocus?: boolean;
  /** The form whose error summary, when shown, says the message instead (decision 159). */
  yieldTo?: SummaryFormMeta;
}) {
  if (!errors?.length) return null;
  if (yieldTo && summaryShown(yieldTo)) return null;
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

/**
 * A form's labels by field name from its area's catalogue (for the error summary's links): the
 * text of `${prefix}.${name}`, or of the key `keys` names for it; undefined where there is none.
 */
export function catalogueLabels<K extends string>(
  translate: (key: K) => string,
  prefix: string,
  keys: Partial<Record<string, K>> = {},
): (name: string) => string | undefined {
  return (name) => {
    const key = (keys[name] ?? `${prefix}.${name}`) as K;
    const text = translate(key);
    return text === key ? undefined : text;
  };
}

/**
 * A summary link's click with JavaScript (GOV.UK's error summary does the same): the field takes
 * the focus and its label or legend is scrolled into view, without a change of the URL's hash. A
 * hash navigation would be a navigation for the router, which forgets the refused post's reply
 * (the page's "Error:" title with it). Without JavaScript the link is a plain in-page link.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.hash.slice(1);
  const field = id ? document.getElementById(decodeURIComponent(id)) : null;
  if (!field) return;
  event.preventDefault();
  // A choice's group is named by its legend, another field by its label: the name shows with it.
  const caption =
    field.getAttribute("type") === "radio" || field.getAttribute("type") === "checkbox"
      ? field.closest("fieldset")?.querySelector("legend")
      : document.querySelector(`label[for="${CSS.escape(id)}"]`);
  (caption ?? field).scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}

/** What the error summary needs of conform's form metadata (useZodForm's `form`). */
export interface SummaryFormMeta {
  id: string;
  errorId?: string | undefined;
  errors?: string[] | undefined;
  status?: "success" | "error" | undefined;
  allErrors: Record<string, string[]>;
}

/** The fields with an error, by name ("" is the form's own message). */
function fieldEntries(form: SummaryFormMeta): [string, string[]][] {
  return Object.entries(form.allErrors).filter(([name, errors]) => name !== "" && errors.length);
}

/** True when the form's error summary is shown: a post was refused and an error remains. */
export function summaryShown(form: SummaryFormMeta): boolean {
  return form.status === "error" && (fieldEntries(form).length > 0 || !!form.errors?.length);
}

/**
 * The errors of a refused post at the top of its form or page (GOV.UK's error summary), without
 * saying anything twice (decision 159): the heading, the form's own message (the one place it is
 * shown: the form's `FormError` yields to the summary), then a link to each invalid field named
 * by the field's label, its message staying beside the field. Shown once a post was refused (by
 * the server, or by conform in the browser); a line leaves as its field is corrected. Before a
 * refusal it is the form's plain `FormError`, so it can stand in the FormError's place.
 *
 * Where a field is at fault the first invalid field has the focus (conform moves it there; without
 * JavaScript its `autofocus`). Where only the form's own message is shown the summary takes it:
 * with JavaScript when the action refuses the post (`result`, its `submission.reply()`), without
 * by its `autofocus`. The same in a dialog (decision 095 gives the focus to its first invalid field).
 */
export function ErrorSummary({
  form,
  result,
  labelOf,
  message,
  formErrorElsewhere,
  messages,
}: {
  form: SummaryFormMeta;
  result?: unknown;
  /** A field's label by its name: the link's text. A field without one is named generically. */
  labelOf?: (name: string) => string | undefined;
  /** The form's own message as the page draws it (with a link), in place of its plain text. */
  message?: ReactNode;
  /**
   * The form draws its `FormError` elsewhere (with `yieldTo`): before a refusal the summary shows
   * nothing, instead of the form's message.
   */
  formErrorElsewhere?: boolean;
  /**
   * The form's message where a short dialog says its fields' messages there, together and once
   * (the course questions' "All fields are required."): its invalid fields point at it
   * (`aria-describedby` the form's `errorId`) instead of showing a message of their own.
   */
  messages?: string[];
}) {
  const ref = useRef<HTMLElement>(null);
  const focusedFor = useRef<unknown>(undefined);
  const hydrated = useHydrated();
  const shown = summaryShown(form);
  const refusedByServer = (result as { status?: string } | null | undefined)?.status === "error";
  // A field at fault takes the focus itself (conform, or its `autofocus` without JavaScript).
  const fieldsAtFault = fieldEntries(form).length > 0;
  useEffect(() => {
    if (!shown || !refusedByServer || fieldsAtFault) return;
    if (focusedFor.current === result) return;
    focusedFor.current = result;
    ref.current?.focus();
  });
  const said = messages ?? form.errors ?? [];
  const formMessage = said.length ? (
    <div id={form.errorId} role="alert" className="field-error">
      {message ?? said.join(" ")}
    </div>
  ) : null;
  if (!shown) return formErrorElsewhere ? null : formMessage;
  const titleId = `${form.id}-error-summary`;
  const fields = fieldEntries(form);
  // Without JavaScript the first invalid field has `autofocus` (invalidFocus): the summary takes
  // it only when no field is at fault. In the browser React would act on `autofocus` whenever
  // the summary appears, before conform focuses the first invalid field: the effect above does it.
  const autoFocus = !hydrated && fields.length === 0 ? true : undefined;
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className="error-summary"
      tabIndex={-1}
      autoFocus={autoFocus}
    >
      <h2 id={titleId} className="error-summary-title">
        {t("form.errorSummary")}
      </h2>
      {formMessage}
      {fields.length ? (
        <ul>
          {fields.map(([name]) => (
            <li key={name}>
              <a href={`#${form.id}-${name}`} onClick={focusField}>
                {labelOf?.(name) ?? t("form.errorSummaryUnnamed")}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
