// The accessibility contract of the family pages' controls (app/ui, decision 118): every control
// is named by its label (htmlFor/id), points at its description and error (aria-describedby, in
// that order: error first), says when it is invalid (aria-invalid) and required, and the texts
// carry the ids the control points at. Rendered on the server, as the pages first are.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Radio,
  RadioGroup,
  Select,
  Table,
  TextInput,
  Textarea,
} from "~/ui";
import { FormError, PlainTextInput, TextField } from "~/components/fields";

interface El {
  tag: string;
  attrs: Record<string, string>;
  /** The element's text (for elements without nested elements of the same tag). */
  text: string;
}

/** The elements of a rendered tree, in document order, with their attributes and text. */
function parse(node: ReactElement): El[] {
  const html = renderToStaticMarkup(node);
  const els: El[] = [];
  for (const m of html.matchAll(/<([a-z0-9]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([^\s=>]+)(?:="([^"]*)")?/g))
      attrs[a[1]!.toLowerCase()] = a[2] ?? "";
    const rest = html.slice(m.index! + m[0].length);
    const close = rest.indexOf(`</${m[1]}>`);
    const text = close < 0 ? "" : rest.slice(0, close).replace(/<[^>]+>/g, "");
    els.push({ tag: m[1]!, attrs, text });
  }
  return els;
}

const one = (els: El[], pred: (e: El) => boolean): El => {
  const found = els.filter(pred);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const byId = (els: El[], id: string) => one(els, (e) => e.attrs.id === id);
const byTag = (els: El[], tag: string) => one(els, (e) => e.tag === tag);

/** The control's accessible name from its <label for>, and what it is described by. */
function wiring(els: El[], control: El) {
  const id = control.attrs.id!;
  const label = one(els, (e) => e.tag === "label" && e.attrs.for === id);
  const described = (control.attrs["aria-describedby"] ?? "").split(" ").filter(Boolean);
  return { label: label.text, described: described.map((d) => byId(els, d).text) };
}

describe("TextInput", () => {
  it("is named by its label and described by its description", () => {
    const els = parse(<TextInput id="email" label="Email" description="We write here" />);
    const input = byTag(els, "input");
    expect(wiring(els, input)).toEqual({ label: "Email", described: ["We write here"] });
    expect(input.attrs["aria-invalid"]).toBeUndefined();
  });

  it("with an error: invalid, described by the error then the description", () => {
    const els = parse(
      <TextInput id="email" label="Email" description="We write here" error="Required" />,
    );
    const input = byTag(els, "input");
    expect(input.attrs["aria-invalid"]).toBe("true");
    expect(input.attrs["aria-describedby"]).toBe("email-error email-description");
    expect(wiring(els, input).described).toEqual(["Required", "We write here"]);
  });

  it("uses the ids it is given for the error and the description (conform's)", () => {
    const els = parse(
      <TextInput
        id="f-name"
        label="Name"
        description="As on the birth certificate"
        error="Too long"
        errorId="f-name-err"
        descriptionId="f-name-desc"
      />,
    );
    expect(byTag(els, "input").attrs["aria-describedby"]).toBe("f-name-err f-name-desc");
    expect(byId(els, "f-name-err").text).toBe("Too long");
    expect(byId(els, "f-name-desc").text).toBe("As on the birth certificate");
  });

  it("gives itself an id when none is given, so the label still names it", () => {
    const els = parse(<TextInput label="Card number" name="card" />);
    const input = byTag(els, "input");
    expect(input.attrs.id).toBeTruthy();
    expect(wiring(els, input).label).toBe("Card number");
  });

  it("marks a required field (the control says so; the asterisk is hidden from readers)", () => {
    const els = parse(<TextInput id="x" label="Name" required />);
    expect(byTag(els, "input").attrs.required).toBeDefined();
    const mark = byTag(els, "span");
    expect(mark.attrs["aria-hidden"]).toBe("true");
    expect(mark.text.trim()).toBe("*");
  });

  it("keeps the input's own attributes (type, autocomplete, value)", () => {
    const els = parse(
      <TextInput id="p" label="Password" type="password" autoComplete="current-password" />,
    );
    expect(byTag(els, "input").attrs).toMatchObject({
      type: "password",
      autocomplete: "current-password",
    });
  });
});

describe("TextField (conform's field metadata)", () => {
  it("renders the value kept after a failed post, the error with conform's id and focus", () => {
    const meta = {
      id: "form-field-email",
      name: "email",
      errors: ["Enter an email"],
      initialValue: "a@",
      errorId: "form-field-email-error",
      descriptionId: "form-field-email-description",
    };
    const els = parse(<TextField meta={meta} label="Email" description="For the receipt" />);
    const input = byTag(els, "input");
    expect(input.attrs).toMatchObject({ name: "email", value: "a@", "aria-invalid": "true" });
    expect(input.attrs.autofocus).toBeDefined();
    expect(wiring(els, input)).toEqual({
      label: "Email",
      described: ["Enter an email", "For the receipt"],
    });
  });

  it("PlainTextInput is the same labelled input", () => {
    const els = parse(<PlainTextInput id="q" label="Search" />);
    expect(wiring(els, byTag(els, "input")).label).toBe("Search");
  });

  it("the form's own error is an alert", () => {
    const els = parse(<FormError id="f-error" errors={["Invalid Student ID"]} />);
    expect(byId(els, "f-error").attrs.role).toBe("alert");
  });
});

describe("Select", () => {
  it("is a native select named by its label, with its options and error", () => {
    const els = parse(
      <Select
        id="grade"
        label="Grade"
        error="Choose one"
        data={[{ value: "", label: "Choose" }, "1", { value: "2", label: "Two", disabled: true }]}
        defaultValue="1"
      />,
    );
    const select = byTag(els, "select");
    expect(wiring(els, select)).toEqual({ label: "Grade", described: ["Choose one"] });
    expect(select.attrs["aria-invalid"]).toBe("true");
    const options = els.filter((e) => e.tag === "option");
    expect(options.map((o) => [o.attrs.value, o.text])).toEqual([
      ["", "Choose"],
      ["1", "1"],
      ["2", "Two"],
    ]);
    expect(options[1]!.attrs.selected).toBeDefined();
    expect(options[2]!.attrs.disabled).toBeDefined();
  });
});

describe("Textarea", () => {
  it("is named by its label and points at its error", () => {
    const els = parse(<Textarea id="why" label="Why" error="Required" autosize minRows={2} />);
    const area = byTag(els, "textarea");
    expect(wiring(els, area)).toEqual({ label: "Why", described: ["Required"] });
    expect(area.attrs.rows).toBe("2");
  });
});

describe("Checkbox", () => {
  it("is named by its own label and points at its error", () => {
    const els = parse(<Checkbox id="accept" name="accept" label="I accept" error="Required" />);
    const box = byTag(els, "input");
    expect(box.attrs.type).toBe("checkbox");
    expect(box.attrs["aria-invalid"]).toBe("true");
    expect(wiring(els, box)).toEqual({ label: "I accept", described: ["Required"] });
  });

  it("posts its value when checked, without JavaScript", () => {
    const els = parse(<Checkbox label="Open only" name="open" value="1" defaultChecked />);
    const box = byTag(els, "input");
    expect(box.attrs).toMatchObject({ name: "open", value: "1" });
    expect(box.attrs.checked).toBeDefined();
    expect(wiring(els, box).label).toBe("Open only");
  });
});

describe("RadioGroup and Radio", () => {
  it("a group is a radiogroup named by its label, described by its error", () => {
    const els = parse(
      <RadioGroup
        id="method"
        name="method"
        label="Payment method"
        required
        error="Choose a method"
        options={[
          { value: "card", label: "Card" },
          { value: "mail", label: "Mailed check" },
        ]}
      />,
    );
    const group = one(els, (e) => e.attrs.role === "radiogroup");
    expect(byId(els, group.attrs["aria-labelledby"]!).text).toContain("Payment method");
    expect(byId(els, group.attrs["aria-describedby"]!).text).toBe("Choose a method");
    const radios = els.filter((e) => e.tag === "input");
    expect(radios.map((r) => [r.attrs.type, r.attrs.name, r.attrs.value])).toEqual([
      ["radio", "method", "card"],
      ["radio", "method", "mail"],
    ]);
    expect(radios.map((r) => wiring(els, r).label)).toEqual(["Card", "Mailed check"]);
    expect(radios.every((r) => r.attrs["aria-invalid"] === "true")).toBe(true);
  });

  it("Radio children take the group's name, and its defaultValue checks one without JavaScript", () => {
    const els = parse(
      <RadioGroup name="m" label="Method" defaultValue="mail">
        <Radio value="card" label="Card" />
        <Radio value="mail" label="Mail" />
      </RadioGroup>,
    );
    const radios = els.filter((e) => e.tag === "input");
    expect(radios.map((r) => r.attrs.name)).toEqual(["m", "m"]);
    expect(radios.map((r) => "checked" in r.attrs)).toEqual([false, true]);
  });

  it("a group of options without a value is uncontrolled: its defaultValue is checked at first", () => {
    const group = (defaultValue?: string) =>
      parse(
        <RadioGroup
          name="paymentMethod"
          label="Method"
          defaultValue={defaultValue}
          options={[
            { value: "stripe", label: "Card" },
            { value: "mail", label: "Mail" },
          ]}
        />,
      ).filter((e) => e.tag === "input");
    expect(group("mail").map((r) => "checked" in r.attrs)).toEqual([false, true]);
    expect(group().map((r) => "checked" in r.attrs)).toEqual([false, false]);
  });

  it("a controlled group checks its value", () => {
    const els = parse(
      <RadioGroup name="m" label="Method" value="card" onChange={() => {}}>
        <Radio value="card" label="Card" />
        <Radio value="mail" label="Mail" />
      </RadioGroup>,
    );
    const radios = els.filter((e) => e.tag === "input");
    expect(radios.map((r) => "checked" in r.attrs)).toEqual([true, false]);
  });

  it("a radio on its own keeps the wiring it is given", () => {
    const els = parse(
      <Radio
        id="yes"
        name="isAtRisk"
        value="true"
        label="Yes"
        aria-invalid
        aria-describedby="survey-error"
      />,
    );
    const radio = byTag(els, "input");
    expect(radio.attrs).toMatchObject({
      id: "yes",
      "aria-invalid": "true",
      "aria-describedby": "survey-error",
    });
    expect(one(els, (e) => e.tag === "label" && e.attrs.for === "yes").text).toBe("Yes");
  });
});

describe("Button", () => {
  it("is a button that does not submit unless told", () => {
    expect(byTag(parse(<Button>Save</Button>), "button").attrs.type).toBe("button");
    expect(byTag(parse(<Button type="submit">Save</Button>), "button").attrs.type).toBe("submit");
  });

  it("busy: disabled, its name kept, the spinner hidden from readers", () => {
    const els = parse(
      <Button type="submit" loading>
        Pay
      </Button>,
    );
    const button = byTag(els, "button");
    expect(button.attrs.disabled).toBeDefined();
    expect(button.text).toBe("Pay");
    expect(els.find((e) => e.attrs["aria-hidden"] === "true")).toBeTruthy();
  });

  it("as a link: an anchor with its href, no button type or disabled", () => {
    const els = parse(
      <Button component="a" href="/cart" variant="default">
        Cart
      </Button>,
    );
    const a = byTag(els, "a");
    expect(a.attrs.href).toBe("/cart");
    expect(a.attrs.type).toBeUndefined();
    expect(a.attrs.disabled).toBeUndefined();
  });

  it("the close button is named by its aria-label; its icon is hidden", () => {
    const els = parse(<CloseButton aria-label="Close" />);
    expect(byTag(els, "button").attrs["aria-label"]).toBe("Close");
    expect(byTag(els, "svg").attrs["aria-hidden"]).toBe("true");
  });
});

describe("Alert", () => {
  it("is an alert named by its title and described by its message", () => {
    const els = parse(
      <Alert id="a1" title="Payment declined" color="red">
        Try another card.
      </Alert>,
    );
    const alert = byId(els, "a1");
    expect(alert.attrs.role).toBe("alert");
    expect(byId(els, alert.attrs["aria-labelledby"]!).text).toBe("Payment declined");
    expect(byId(els, alert.attrs["aria-describedby"]!).text).toBe("Try another card.");
  });

  it("can be a status instead", () => {
    expect(parse(<Alert role="status">Saved</Alert>)[0]!.attrs.role).toBe("status");
  });
});

describe("Table", () => {
  it("is a native table with header cells", () => {
    const els = parse(
      <Table aria-label="Receipt">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>Method</Table.Th>
            <Table.Td>Cash</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>,
    );
    expect(byTag(els, "table").attrs["aria-label"]).toBe("Receipt");
    expect(byTag(els, "th").text).toBe("Method");
    expect(byTag(els, "td").text).toBe("Cash");
  });
});
