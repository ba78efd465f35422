// Checkbox, Radio and RadioGroup: native inputs (they work without JavaScript) drawn by
// app/styles/ui.css, each with its own label bound by htmlFor/id. A RadioGroup is named by its
// label (role "radiogroup", aria-labelledby) and points at its error; its radios take their name,
// checked state and change handler from it.
import {
  createContext,
  useContext,
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
} from "react";
import { RequiredMark, useFieldId } from "./field";
import { cx, spacing, type Spacing } from "./style";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "size" | "children">;

export type CheckboxProps = InputProps & {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** The error's id; `${id}-error` by default. */
  errorId?: string;
  /** Bottom margin (theme spacing or px). */
  mb?: Spacing;
};

export function Checkbox({
  id: givenId,
  label,
  description,
  error,
  errorId,
  mb,
  className,
  style,
  "aria-describedby": describedBy,
  ...input
}: CheckboxProps) {
  const id = useFieldId(givenId);
  const errId = errorId ?? `${id}-error`;
  const descId = `${id}-description`;
  const ids = [error ? errId : null, description ? descId : null, describedBy ?? null].filter(
    Boolean,
  );
  return (
    <div
      className={cx("ui-choice", className)}
      style={mb === undefined ? style : { ...style, marginBottom: spacing(mb) }}
      data-error={error ? "" : undefined}
    >
      <div className="ui-choice-row">
        <input
          type="checkbox"
          className="ui-checkbox"
          {...input}
          id={id}
          aria-invalid={error ? true : input["aria-invalid"]}
          aria-describedby={ids.length ? ids.join(" ") : undefined}
        />
        <label className="ui-choice-label" htmlFor={id}>
          {label}
        </label>
      </div>
      {description ? (
        <p className="ui-field-description ui-choice-note" id={descId}>
          {description}
        </p>
      ) : null}
      {error ? (
        <p className="ui-field-error ui-choice-note" id={errId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface GroupState {
  name: string | undefined;
  value: string | undefined;
  defaultValue: string | undefined;
  onChange: ((value: string) => void) | undefined;
  invalid: boolean;
}

const GroupContext = createContext<GroupState | null>(null);

export type RadioProps = InputProps & { label: ReactNode; value: string };

export function Radio({
  id: givenId,
  label,
  value,
  className,
  style,
  onChange,
  ...input
}: RadioProps) {
  const id = useFieldId(givenId);
  const group = useContext(GroupContext);
  const controlled = group?.value !== undefined;
  const byDefault = !controlled && group?.defaultValue !== undefined;
  return (
    <div className={cx("ui-choice", className)} style={style}>
      <div className="ui-choice-row">
        <input
          type="radio"
          className="ui-radio"
          name={group?.name}
          aria-invalid={group?.invalid ? true : undefined}
          {...input}
          id={id}
          value={value}
          checked={controlled ? group?.value === value : input.checked}
          defaultChecked={byDefault ? group?.defaultValue === value : input.defaultChecked}
          onChange={(event) => {
            group?.onChange?.(event.currentTarget.value);
            onChange?.(event);
          }}
        />
        <label
          className="ui-choice-label"
          htmlFor={id}
          data-disabled={input.disabled ? "" : undefined}
        >
          {label}
        </label>
      </div>
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface RadioGroupProps {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** The error's id; `${id}-error` by default. */
  errorId?: string;
  id?: string;
  /** Marks the label (the server checks that one is chosen). */
  required?: boolean;
  /** Controlled when given (with onChange). */
  value?: string | undefined;
  /**
   * Without `value` the group is uncontrolled: the radios keep what the person checks (before the
   * page's script runs too) and `defaultValue` is the one checked at first.
   */
  defaultValue?: string | undefined;
  onChange?: (value: string) => void;
  /** The choices; or Radio children. */
  options?: readonly RadioOption[];
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

export function RadioGroup({
  name,
  label,
  description,
  error,
  errorId,
  id: givenId,
  required,
  value,
  defaultValue,
  onChange,
  options,
  children,
  className,
  style,
}: RadioGroupProps) {
  const id = useFieldId(givenId);
  // Controlled only when `value` is given; otherwise the radios are uncontrolled (defaultValue).
  const errId = errorId ?? `${id}-error`;
  const descId = `${id}-description`;
  const described = [error ? errId : null, description ? descId : null].filter(Boolean);
  return (
    <div className={cx("ui-field", className)} style={style} data-error={error ? "" : undefined}>
      <div className="ui-field-label" id={`${id}-label`}>
        {label}
        {required ? <RequiredMark /> : null}
      </div>
      {description ? (
        <p className="ui-field-description" id={descId}>
          {description}
        </p>
      ) : null}
      <GroupContext.Provider
        value={{ name, value, defaultValue, onChange, invalid: Boolean(error) }}
      >
        <div
          role="radiogroup"
          className="ui-radio-group"
          aria-labelledby={`${id}-label`}
          aria-describedby={described.length ? described.join(" ") : undefined}
          aria-required={required ? true : undefined}
        >
          {options
            ? options.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} disabled={o.disabled} />
              ))
            : children}
        </div>
      </GroupContext.Provider>
      {error ? (
        <p className="ui-field-error" id={errId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
