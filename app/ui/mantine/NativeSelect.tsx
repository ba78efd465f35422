// Mantine's NativeSelect, rebuilt from the same parts (InputBase with the chevron, the same class
// names and props): Mantine's own module carries side-effect imports of Combobox, Checkbox and
// ScrollArea that the browser build keeps, about 8 KB gzip on every page with a select
// (decision 093).
import { forwardRef } from "react";
import type { ComboboxChevron as ChevronTyped, InputBase as InputBaseTyped } from "@mantine/core";
import type { NativeSelectProps } from "@mantine/core";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { InputBase as untypedInputBase } from "../../../node_modules/@mantine/core/esm/components/InputBase/InputBase.mjs";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { ComboboxChevron as untypedChevron } from "../../../node_modules/@mantine/core/esm/components/Combobox/ComboboxChevron/ComboboxChevron.mjs";

const InputBase: typeof InputBaseTyped = untypedInputBase;
const ComboboxChevron: typeof ChevronTyped = untypedChevron;

type Option = string | { value: string; label: string; disabled?: boolean };

export type { NativeSelectProps };

export const NativeSelect = forwardRef<
  HTMLSelectElement,
  Omit<NativeSelectProps, "data"> & { data?: readonly Option[] }
>(function NativeSelect({ data, children, size, error, rightSection, unstyled, ...others }, ref) {
  const options = (data ?? []).map((item) => {
    const option = typeof item === "string" ? { value: item, label: item } : item;
    return (
      <option key={option.value} value={option.value} disabled={option.disabled}>
        {option.label}
      </option>
    );
  });
  return (
    <InputBase
      component="select"
      ref={ref}
      {...others}
      __staticSelector="NativeSelect"
      size={size}
      pointer
      error={error}
      unstyled={unstyled}
      rightSection={
        rightSection || <ComboboxChevron size={size} error={error} unstyled={unstyled} />
      }
      rightSectionPointerEvents="none"
    >
      {children || options}
    </InputBase>
  );
});
