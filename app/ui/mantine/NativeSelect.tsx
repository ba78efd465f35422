// A native select drawn with exactly the markup of Mantine's NativeSelect (default variant, size
// sm, the chevron), so it looks and reads the same without the input components' code in the
// browser: the programs, fees and registration pages all have one (decision 093).
// tests/unit/fields.test.tsx compares the two.
import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { InputWrapperMarkup, controlHead, controlTail } from "~/ui/input-wrapper";

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
  const parts = { id, label, description, error, required };
  return (
    <InputWrapperMarkup
      component="NativeSelect"
      {...parts}
      rootStyle={
        w === undefined ? undefined : { width: `calc(${w / 16}rem * var(--mantine-scale))` }
      }
      rightSection={
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
      }
    >
      <select
        {...controlHead("NativeSelect", error)}
        {...select}
        required={required}
        {...controlTail(parts)}
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
    </InputWrapperMarkup>
  );
}
