// The labelled controls: a field is its label (bound with htmlFor/id, with a required mark), an
// optional description and an error, each with an id the control points at (aria-describedby,
// aria-invalid). Conform's ids are the defaults: `${id}-description` and `${id}-error`.
import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cx, rem } from "./style";

export interface FieldParts {
  /** The control's id; generated when not given. */
  id?: string | undefined;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean | undefined;
  /** The description's id (conform's `descriptionId`); `${id}-description` by default. */
  descriptionId?: string | undefined;
  /** The error's id (conform's `errorId`); `${id}-error` by default. */
  errorId?: string | undefined;
}

/** The control's id, given or generated. */
export function useFieldId(given: string | undefined): string {
  const own = `field-${useId().replace(/:/g, "")}`;
  return given ?? own;
}

/** The control's accessibility attributes for its field's parts. */
export function fieldAria(
  id: string,
  { description, error, descriptionId, errorId }: FieldParts,
  describedBy?: string,
) {
  const ids = [
    error ? (errorId ?? `${id}-error`) : null,
    description ? (descriptionId ?? `${id}-description`) : null,
    describedBy ?? null,
  ].filter(Boolean);
  // Without an error of its own a control may still be marked invalid by its form (its message
  // said elsewhere, `describedBy`): a given `aria-invalid` is then left as it is.
  return {
    id,
    ...(error ? { "aria-invalid": true as const } : {}),
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

/** The label, description and error around a control. */
export function Field({
  id,
  label,
  description,
  error,
  required,
  descriptionId,
  errorId,
  className,
  style,
  children,
}: FieldParts & { id: string; className?: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <div className={cx("ui-field", className)} style={style} data-error={error ? "" : undefined}>
      <label className="ui-field-label" htmlFor={id} id={`${id}-label`}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {description ? (
        <p className="ui-field-description" id={descriptionId ?? `${id}-description`}>
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="ui-field-error" id={errorId ?? `${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The asterisk after a required field's label (the control itself says "required"). */
export function RequiredMark() {
  return (
    <span className="ui-required" aria-hidden="true">
      {" *"}
    </span>
  );
}

function widthStyle(w: number | undefined): CSSProperties | undefined {
  return w === undefined ? undefined : { width: rem(w) };
}

export type TextInputProps = FieldParts & {
  /** Width in px. */
  w?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "size" | "children">;

/** A labelled text input (any `type`: text, email, tel, password, date, ...). */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  {
    id: givenId,
    label,
    description,
    error,
    required,
    descriptionId,
    errorId,
    w,
    className,
    "aria-describedby": describedBy,
    ...input
  },
  ref,
) {
  const id = useFieldId(givenId);
  const parts = { label, description, error, required, descriptionId, errorId };
  return (
    <Field id={id} {...parts} style={widthStyle(w)}>
      <input
        ref={ref}
        className={cx("ui-input", className)}
        required={required}
        {...input}
        {...fieldAria(id, parts, describedBy)}
      />
    </Field>
  );
});

type Option = string | { value: string; label: string; disabled?: boolean };

export type SelectProps = FieldParts & {
  data: readonly Option[];
  /** Width in px. */
  w?: number;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "children" | "size">;

/** A labelled native select (works without JavaScript). */
export function Select({
  id: givenId,
  label,
  description,
  error,
  required,
  descriptionId,
  errorId,
  data,
  w,
  className,
  "aria-describedby": describedBy,
  ...select
}: SelectProps) {
  const id = useFieldId(givenId);
  const parts = { label, description, error, required, descriptionId, errorId };
  return (
    <Field id={id} {...parts} style={widthStyle(w)}>
      <span className="ui-select-wrap">
        <select
          className={cx("ui-input ui-select", className)}
          required={required}
          {...select}
          {...fieldAria(id, parts, describedBy)}
        >
          {data.map((item) => {
            const o = typeof item === "string" ? { value: item, label: item } : item;
            return (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            );
          })}
        </select>
      </span>
    </Field>
  );
}

export type TextareaProps = FieldParts & {
  /** Grows with its content (without a scroll bar). */
  autosize?: boolean;
  /** The least height in rows, with `autosize`. */
  minRows?: number;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "children">;

const useLayout = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The styles that decide how tall the text is, copied onto the hidden copy. */
const COPIED = [
  "boxSizing",
  "width",
  "fontFamily",
  "fontSize",
  "fontStyle",
  "fontWeight",
  "letterSpacing",
  "lineHeight",
  "paddingTop",
  "paddingRight",
  "paddingBottom",
  "paddingLeft",
  "borderTopWidth",
  "borderRightWidth",
  "borderBottomWidth",
  "borderLeftWidth",
  "tabSize",
  "textIndent",
  "textTransform",
  "wordBreak",
] as const;

let copy: HTMLTextAreaElement | null = null;

/** Sets the height that shows all of `el`'s text, and at least `minRows` rows. */
function fit(el: HTMLTextAreaElement, minRows: number) {
  if (!copy) {
    copy = document.createElement("textarea");
    copy.setAttribute("aria-hidden", "true");
    copy.tabIndex = -1;
    copy.style.cssText =
      "position:absolute;top:0;right:0;visibility:hidden;overflow:hidden;height:0;min-height:0;max-height:none;z-index:-1000;";
  }
  if (!copy.isConnected) document.body.appendChild(copy);
  const css = getComputedStyle(el);
  for (const p of COPIED) copy.style[p] = css[p];
  const padding = parseFloat(css.paddingTop) + parseFloat(css.paddingBottom);
  const border =
    css.boxSizing === "border-box"
      ? parseFloat(css.borderTopWidth) + parseFloat(css.borderBottomWidth)
      : 0;
  copy.value = el.value || el.placeholder || "x";
  const text = copy.scrollHeight - padding;
  copy.value = "x";
  const row = copy.scrollHeight - padding;
  const height = Math.max(text, row * minRows) + padding + border;
  el.style.setProperty("height", `${height}px`);
}

/** A labelled textarea; `autosize` grows it with its text, measured on a hidden copy. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  {
    id: givenId,
    label,
    description,
    error,
    required,
    descriptionId,
    errorId,
    autosize,
    minRows = 1,
    onChange,
    className,
    "aria-describedby": describedBy,
    ...area
  },
  ref,
) {
  const id = useFieldId(givenId);
  const inner = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => inner.current!, []);
  useLayout(() => {
    const el = inner.current;
    if (!autosize || !el) return;
    const refit = () => fit(el, minRows);
    refit();
    window.addEventListener("resize", refit);
    return () => window.removeEventListener("resize", refit);
  }, [autosize, minRows]);
  const parts = { label, description, error, required, descriptionId, errorId };
  return (
    <Field id={id} {...parts}>
      <textarea
        ref={inner}
        className={cx("ui-input ui-textarea", className)}
        data-autosize={autosize ? "" : undefined}
        rows={autosize ? minRows : undefined}
        required={required}
        {...area}
        onChange={(event) => {
          if (autosize) fit(event.currentTarget, minRows);
          onChange?.(event);
        }}
        {...fieldAria(id, parts, describedBy)}
      />
    </Field>
  );
});
