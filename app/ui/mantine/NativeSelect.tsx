// A native select drawn with exactly the markup of Mantine's NativeSelect (default variant, size
// sm, the chevron), so it looks and reads the same without the input components' code in the
// browser: the programs, fees and registration pages all have one (decision 093).
// tests/unit/fields.test.tsx compares the two.
import { useId, type CSSProperties, type ReactNode, type SelectHTMLAttributes } from "react";

type Option = string | { value: string; label: string; disabled?: boolean };

export type NativeSelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "children" | "size"
> & {
  label: ReactNode;
  data: readonly Option[];
  description?: ReactNode;
  error?: ReactNode;
  /** Width in px, as Mantine's `w`. */
  w?: number;
};

const SM = "var(--mantine-font-size-sm)";
const SMALLER = "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))";
const HALF_XS = "calc(var(--mantine-spacing-xs) / 2)";
const CHEVRON =
  "M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z";

export function NativeSelect({
  id: givenId,
  label,
  data,
  description,
  error,
  w,
  required,
  ...select
}: NativeSelectProps) {
  const reactId = useId();
  const id = givenId ?? `mantine-${reactId.replace(/:/g, "")}`;
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
    "--input-right-section-pointer-events": "none",
  } as CSSProperties;
  return (
    <div
      style={w === undefined ? undefined : { width: `calc(${w / 16}rem * var(--mantine-scale))` }}
      className="m_46b77525 mantine-InputWrapper-root mantine-NativeSelect-root"
      data-size="sm"
      data-error={flag}
    >
      <label
        style={{ "--input-label-size": SM } as CSSProperties}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-NativeSelect-label"
        data-size="sm"
        data-required={required ? "true" : undefined}
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
        {required ? (
          <span
            className="m_78a94662 mantine-InputWrapper-required mantine-NativeSelect-required"
            aria-hidden="true"
          >
            {" *"}
          </span>
        ) : null}
      </label>
      {description ? (
        <p
          style={{ "--input-description-size": SMALLER } as CSSProperties}
          className="m_fe47ce59 mantine-InputWrapper-description mantine-NativeSelect-description"
          data-size="sm"
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={wrapperStyle}
        className="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={flag}
        data-pointer="true"
        data-with-right-section="true"
      >
        <select
          className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
          data-variant="default"
          data-error={flag}
          {...select}
          required={required}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          id={id}
        >
          {data.map((item) => {
            const option = typeof item === "string" ? { value: item, label: item } : item;
            return (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            );
          })}
        </select>
        <div
          data-position="right"
          className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section"
        >
          <svg
            className="m_2943220b mantine-ComboboxChevron-chevron"
            data-combobox-chevron="true"
            data-error={typeof error === "string" ? error : undefined}
            viewBox="0 0 15 15"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
          >
            <path d={CHEVRON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
      </div>
      {error ? (
        <p
          style={{ "--input-error-size": SMALLER } as CSSProperties}
          className="m_8f816625 mantine-InputWrapper-error mantine-NativeSelect-error"
          data-size="sm"
          id={`${id}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
