// A checkbox drawn with exactly the markup of Mantine's Checkbox (filled, label on the right), so
// it looks and reads the same without the input components' code in the browser (decision 093).
// tests/unit/fields.test.tsx compares the two.
import { useId, type CSSProperties, type InputHTMLAttributes } from "react";

export type PlainCheckboxProps = {
  label: string;
  /** Bottom margin in px, as Mantine's `mb`. */
  mb?: number;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "name" | "value" | "defaultChecked" | "checked" | "onChange"
>;

export function PlainCheckbox({ label, mb, id: givenId, ...input }: PlainCheckboxProps) {
  const reactId = useId();
  const id = givenId ?? `mantine-${reactId.replace(/:/g, "")}`;
  return (
    <div
      style={
        {
          "--checkbox-color": "var(--mantine-color-district-filled)",
          ...(mb === undefined
            ? {}
            : { marginBottom: `calc(${mb / 16}rem * var(--mantine-scale))` }),
        } as CSSProperties
      }
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-variant="filled"
      data-label-position="right"
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            id={id}
            name={input.name}
            type="checkbox"
            defaultChecked={input.defaultChecked}
            checked={input.checked}
            onChange={input.onChange}
            value={input.value}
          />
          <svg
            viewBox="0 0 10 7"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden="true"
            className="m_bf295423 mantine-Checkbox-icon"
          >
            <path
              d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper">
          <label className="m_8ee546b8 mantine-Checkbox-label" htmlFor={id}>
            {label}
          </label>
        </div>
      </div>
    </div>
  );
}
