// The plain TextField and NativeSelect draw exactly what Mantine's TextInput and NativeSelect draw
// (decision 093): same classes,
// data attributes, CSS variables, ids and aria wiring, for each kind of field the forms use.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Checkbox,
  MantineProvider,
  NativeSelect as MantineNativeSelect,
  Radio,
  Stack,
  TextInput,
} from "@mantine/core";
import { RadioGroupField } from "~/ui/RadioGroupField";
import { PlainCheckbox } from "~/ui/PlainCheckbox";
import { NativeSelect, type NativeSelectProps } from "~/ui/mantine/NativeSelect";
import { TextField, type FieldMeta, type FieldProps } from "~/components/fields";
import { theme } from "~/theme";

function html(element: React.ReactElement): string {
  return renderToStaticMarkup(<MantineProvider theme={theme}>{element}</MantineProvider>).replace(
    /<style[\s\S]*?<\/style>/g,
    "",
  );
}

function mantine({ meta, label, ...rest }: FieldProps) {
  return (
    <TextInput
      id={meta.id}
      name={meta.name}
      label={label}
      defaultValue={meta.initialValue as string | undefined}
      error={meta.errors?.[0]}
      autoFocus={meta.errors?.length ? true : undefined}
      {...(rest as object)}
    />
  );
}

const cases: [string, FieldProps][] = [
  ["empty", { meta: { id: "f-id", name: "studentId" }, label: "Student ID" }],
  [
    "value and input attributes",
    {
      meta: { id: "f-dob", name: "dob", initialValue: "01/15/2012" },
      label: "Birth Date (MM/DD/YYYY)",
      inputMode: "numeric",
      placeholder: "MM/DD/YYYY",
      autoComplete: "bday",
    },
  ],
  [
    "error",
    {
      meta: { id: "f-e", name: "email", errors: ["Email is required"], initialValue: "x" },
      label: "Email",
      type: "email",
      maxLength: 200,
    },
  ],
  [
    "description",
    { meta: { id: "f-d", name: "name" }, label: "Name", description: "As on the ID card" },
  ],
  [
    "required",
    {
      meta: { id: "f-r", name: "nameLast" },
      label: "Last Name",
      required: true,
      autoComplete: "off",
    },
  ],
  [
    "description and error",
    {
      meta: { id: "f-de", name: "phone", errors: ["Must be a full US phone number"] } as FieldMeta,
      label: "Phone",
      description: "Ten digits",
      type: "tel",
      inputMode: "tel",
    },
  ],
];

describe("TextField", () => {
  it.each(cases)("matches Mantine's TextInput: %s", (_name, props) => {
    expect(html(<TextField {...props} />)).toBe(html(mantine(props)));
  });

  it("announces its error", () => {
    const out = html(<TextField meta={{ id: "a", name: "a", errors: ["Bad"] }} label="A" />);
    expect(out).toContain('aria-invalid="true"');
    expect(out).toContain('aria-describedby="a-error"');
    expect(out).toContain('id="a-error">Bad</p>');
  });
});

const selects: [string, NativeSelectProps][] = [
  [
    "value chosen",
    {
      id: "p",
      name: "program",
      label: "Program",
      defaultValue: "b",
      data: [{ value: "", label: "All programs" }, "b"],
    },
  ],
  [
    "error and width",
    { id: "q", name: "quantity", label: "Quantity", error: "Bad", data: ["1", "2"], w: 90 },
  ],
  [
    "required, described, autocomplete",
    {
      id: "g",
      name: "grade",
      label: "Grade",
      required: true,
      description: "As of September",
      autoComplete: "off",
      data: [{ value: "", label: "Choose", disabled: true }, "K"],
    },
  ],
];

describe("NativeSelect", () => {
  it.each(selects)("matches Mantine's NativeSelect: %s", (_name, props) => {
    expect(html(<NativeSelect {...props} />)).toBe(
      html(<MantineNativeSelect {...(props as object)} data={props.data as string[]} />),
    );
  });
});

describe("RadioGroupField", () => {
  // React's generated ids differ between the two trees; everything else must not.
  const ids = (s: string) => s.replace(/mantine-R(?!adio)[0-9a-zA-Z]+/g, "ID");
  it.each([
    ["chosen, one disabled, error", "a", "Pick one", false],
    ["nothing chosen", undefined, undefined, false],
    ["required", undefined, undefined, true],
  ])("matches Mantine's Radio.Group of Radios: %s", (_name, value, error, required) => {
    const options = [
      { value: "a", label: "Mailed check" },
      { value: "b", label: "Online card", disabled: true },
    ];
    const ours = html(
      <RadioGroupField
        name="m"
        label="Payment Method"
        options={options}
        value={value}
        error={error}
        required={required}
      />,
    );
    const theirs = html(
      <Radio.Group
        name="m"
        label="Payment Method"
        value={value}
        error={error}
        required={required}
        onChange={() => {}}
      >
        <Stack gap={4} mt={4}>
          {options.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} disabled={o.disabled} />
          ))}
        </Stack>
      </Radio.Group>,
    );
    expect(ids(ours)).toBe(ids(theirs));
  });
});

describe("PlainCheckbox", () => {
  it.each([
    ["checked, with a margin", { defaultChecked: true, mb: 8 }],
    ["not checked", {}],
  ])("matches Mantine's Checkbox: %s", (_name, extra) => {
    const props = { id: "c", name: "partial", value: "1", label: "View partially", ...extra };
    expect(html(<PlainCheckbox {...props} />)).toBe(html(<Checkbox {...props} />));
  });
});
