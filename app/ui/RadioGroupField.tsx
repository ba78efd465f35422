// A group of radio buttons drawn with exactly the markup of Mantine's Radio.Group holding Radios
// in a Stack (gap 4, mt 4), so it looks and reads the same without the input components' code in
// the browser (decision 093). tests/unit/fields.test.tsx compares the two.
import { useId, useState, type CSSProperties } from "react";

export interface RadioOption {
  value: string;
  label: string;
  disabled?: boolean;
}

const DOT = (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    fill="none"
    viewBox="0 0 5 5"
    aria-hidden="true"
    className="m_f3ed6b2b mantine-Radio-icon"
  >
    <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
  </svg>
);

function RadioItem({
  name,
  option,
  checked,
  onChange,
}: {
  name: string;
  option: RadioOption;
  checked: boolean;
  onChange: (value: string) => void;
}) {
  const id = `mantine-${useId().replace(/:/g, "")}`;
  const disabled = option.disabled ? "true" : undefined;
  return (
    <div
      style={{ "--radio-color": "var(--mantine-color-district-filled)" } as CSSProperties}
      className="m_f3f1af94 mantine-Radio-root m_5f75b09e mantine-Radio-root"
      data-label-position="right"
      data-checked={checked ? "true" : undefined}
    >
      <div className="m_5f6e695e mantine-Radio-body">
        <div className="m_89c4f5e4 mantine-Radio-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_8a3dbb89 mantine-Radio-radio"
            name={name}
            disabled={option.disabled}
            id={id}
            type="radio"
            checked={checked}
            value={option.value}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
          {DOT}
        </div>
        <div className="m_d3ea56bb mantine-Radio-labelWrapper" data-disabled={disabled}>
          <label className="m_8ee546b8 mantine-Radio-label" htmlFor={id} data-disabled={disabled}>
            {option.label}
          </label>
        </div>
      </div>
    </div>
  );
}

export function RadioGroupField({
  name,
  label,
  options,
  value,
  onChange,
  error,
  required,
}: {
  name: string;
  label: string;
  options: readonly RadioOption[];
  /** Controlled when given; otherwise the group keeps its own choice. */
  value?: string | undefined;
  onChange?: (value: string) => void;
  error?: string | undefined;
  /** Marks the label as Mantine does (the server checks that one is chosen). */
  required?: boolean;
}) {
  const id = `mantine-${useId().replace(/:/g, "")}`;
  const [own, setOwn] = useState("");
  const current = value ?? own;
  const choose = (next: string) => {
    setOwn(next);
    onChange?.(next);
  };
  return (
    <div
      className="m_46b77525 mantine-InputWrapper-root mantine-RadioGroup-root"
      data-error={error ? "true" : undefined}
    >
      <div
        className="m_8fdc1311 mantine-InputWrapper-label mantine-RadioGroup-label"
        data-required={required ? "true" : undefined}
        id={`${id}-label`}
      >
        {label}
        {required ? (
          <span
            className="m_78a94662 mantine-InputWrapper-required mantine-RadioGroup-required"
            aria-hidden="true"
          >
            {" *"}
          </span>
        ) : null}
      </div>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <div
          style={
            {
              "--stack-gap": "calc(0.25rem * var(--mantine-scale))",
              "--stack-align": "stretch",
              "--stack-justify": "flex-start",
              marginTop: "calc(0.25rem * var(--mantine-scale))",
            } as CSSProperties
          }
          className="m_6d731127 mantine-Stack-root"
        >
          {options.map((option) => (
            <RadioItem
              key={option.value}
              name={name}
              option={option}
              checked={current === option.value}
              onChange={choose}
            />
          ))}
        </div>
      </div>
      {error ? (
        <p
          className="m_8f816625 mantine-InputWrapper-error mantine-RadioGroup-error"
          id={`${id}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
