// The components drawn with Mantine's markup without Mantine's code (decision 096) render exactly
// what Mantine's own render, for each combination of props the app uses: same classes, data
// attributes, CSS variables, style props, ids and aria wiring. A Mantine upgrade that changes its
// markup fails here.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as M from "@mantine/core";
import { Button } from "~/ui/mantine/Button";
import { CloseButton } from "~/ui/mantine/CloseButton";
import { Alert } from "~/ui/mantine/Alert";
import { Anchor } from "~/ui/mantine/Anchor";
import { Badge } from "~/ui/mantine/Badge";
import { Card } from "~/ui/mantine/Card";
import { Group } from "~/ui/mantine/Group";
import { Paper } from "~/ui/mantine/Paper";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { Title } from "~/ui/mantine/Title";
import { Textarea } from "~/ui/mantine/Textarea";
import { PlainTextInput } from "~/components/fields";
import { theme } from "~/theme";

function html(element: React.ReactElement): string {
  return renderToStaticMarkup(<M.MantineProvider theme={theme}>{element}</M.MantineProvider>)
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/mantine-R[0-9a-zA-Z]+/g, "ID");
}

/** Renders `props` with ours and with Mantine's, and compares. */
function same(ours: React.ElementType, theirs: React.ElementType, props: object) {
  const Ours = ours;
  const Theirs = theirs;
  expect(html(<Ours {...props} />)).toBe(html(<Theirs {...props} />));
}

const buttons: [string, object][] = [
  ["filled submit", { type: "submit", children: "Login" }],
  ["loading", { type: "submit", loading: true, children: "Pay" }],
  ["not loading", { type: "submit", loading: false, children: "Pay" }],
  ["disabled", { disabled: true, children: "Added" }],
  ["default, xs, margin", { variant: "default", size: "xs", mt: "md", children: "Filter" }],
  ["light red link", { component: "a", href: "/x", variant: "light", color: "red", children: "X" }],
  [
    "subtle compact",
    { variant: "subtle", size: "compact-sm", "aria-label": "Remove", children: "x" },
  ],
  [
    "compact-xs red",
    { color: "red", size: "compact-xs", name: "intent", value: "deny", children: "Deny" },
  ],
  ["green md", { color: "green", size: "md", mt: "sm", children: "Go" }],
  ["white", { variant: "white", children: "W" }],
  ["filled explicit", { variant: "filled", children: "F" }],
  ["light disabled", { variant: "light", disabled: true, children: "Paid" }],
  [
    "submit with attributes",
    { type: "submit", formNoValidate: true, id: "b", name: "intent", value: "1", children: "Add" },
  ],
  ["loading default", { variant: "default", loading: true, type: "submit", children: "Save" }],
];

describe("Button", () => {
  it.each(buttons)("matches Mantine's Button: %s", (_name, props) => {
    same(Button, M.Button, props);
  });
});

describe("CloseButton", () => {
  it.each([
    ["submit", { type: "submit", "aria-label": "Close" }],
    ["link", { component: "a", href: "/programs#x", "aria-label": "Close dialog" }],
  ])("matches Mantine's CloseButton: %s", (_name, props) => {
    same(CloseButton, M.CloseButton, props);
  });
});

const kinds: [string, React.ElementType, React.ElementType, [string, object][]][] = [
  [
    "Alert",
    Alert,
    M.Alert,
    [
      ["red alert", { color: "red", role: "alert", children: "Bad" }],
      ["titled, yellow, padding", { color: "yellow", p: "xs", title: "Balance", children: "Owed" }],
      ["status, margin", { color: "green", role: "status", mb: "md", children: "Saved" }],
      ["given id", { color: "red", id: "form-error", role: "alert", children: "Bad" }],
      [
        "region, light, label",
        {
          color: "district",
          variant: "light",
          role: "region",
          "aria-label": "Home",
          children: "Hi",
        },
      ],
      ["timer, live off", { role: "timer", "aria-live": "off", children: "5:00" }],
      ["title only", { color: "red", title: "Could not save" }],
    ],
  ],
  [
    "Badge",
    Badge,
    M.Badge,
    [
      ["filled colour", { color: "indigo", variant: "filled", children: "LHS" }],
      ["light round", { variant: "light", radius: "xl", children: "Clubs" }],
      ["outline round", { variant: "outline", radius: "xl", children: "Optional" }],
      ["orange, large", { color: "orange", size: "lg", children: "Due" }],
      [
        "label style",
        {
          color: "yellow",
          styles: { label: { color: "var(--mantine-color-dark-9)" } },
          children: "P",
        },
      ],
      ["default", { children: "D" }],
    ],
  ],
  [
    "Card",
    Card,
    M.Card,
    [
      [
        "fee card",
        {
          withBorder: true,
          padding: "md",
          className: "fee-card",
          component: "article",
          "aria-label": "Band",
          children: ["a", null, <b key="b">b</b>],
        },
      ],
      ["plain", { children: "c" }],
    ],
  ],
  [
    "Paper",
    Paper,
    M.Paper,
    [
      [
        "dialog",
        {
          role: "dialog",
          "aria-modal": "true",
          "aria-labelledby": "t",
          tabIndex: -1,
          autoFocus: true,
          className: "page-dialog",
          style: { width: "min(100%, 56rem)" },
          shadow: "xl",
          p: "lg",
          withBorder: true,
          children: "x",
        },
      ],
      [
        "section",
        {
          component: "section",
          withBorder: true,
          p: "md",
          className: "center-narrow",
          children: "s",
        },
      ],
      ["hidden, min width", { display: "none", miw: 280, p: "sm", children: "h" }],
    ],
  ],
  [
    "Text",
    Text,
    M.Text,
    [
      ["small dimmed", { size: "sm", c: "dimmed", mb: "md", children: "t" }],
      ["red shade, alert", { size: "sm", c: "red.8", role: "alert", children: "t" }],
      ["weight", { fw: 700, children: "$5.00" }],
      ["span", { span: true, size: "xs", fw: 600, children: "s" }],
      ["dd, no margin", { component: "dd", m: 0, className: "staff-muted", children: "d" }],
      [
        "style, id, live",
        { style: { whiteSpace: "pre-wrap" }, id: "b", "aria-live": "polite", children: "p" },
      ],
      ["large, margins", { size: "lg", mt: "sm", mb: 4, "data-testid": "change", children: "c" }],
    ],
  ],
  [
    "Anchor",
    Anchor,
    M.Anchor,
    [
      ["link", { href: "/signin", children: "Sign in" }],
      [
        "small, centred, labelled",
        { href: "/x", size: "sm", ta: "center", id: "o", "aria-label": "L", children: "a" },
      ],
    ],
  ],
  [
    "Title",
    Title,
    M.Title,
    [
      ["h1", { children: "Programs" }],
      ["h1 as h2, margin", { order: 1, size: "h2", mb: "sm", children: "Fees" }],
      ["h2 as h3, id", { order: 2, size: "h3", id: "t", children: "Dialog" }],
      ["h3 as h4", { order: 3, size: "h4", children: "Card" }],
      ["h2 as h5, margin", { order: 2, size: "h5", mb: 4, children: "x" }],
      ["h3", { order: 3, mb: "md", children: "x" }],
    ],
  ],
  [
    "Textarea",
    Textarea,
    M.Textarea,
    [
      ["required question", { name: "q_1", label: "Why?", required: true, maxLength: 5000 }],
      [
        "autosize with value and error",
        {
          id: "d",
          name: "description",
          label: "Description",
          autosize: true,
          minRows: 3,
          defaultValue: "Text",
          error: "Too long",
        },
      ],
      [
        "autosize, required, autofocus",
        {
          id: "n",
          name: "notes",
          label: "Notes",
          autosize: true,
          minRows: 2,
          required: true,
          autoFocus: true,
        },
      ],
      ["described", { id: "o", name: "o", label: "Other", description: "Optional" }],
    ],
  ],
  [
    "Group",
    Group,
    M.Group,
    [
      ["defaults", { children: ["a", "b"] }],
      [
        "between, top, no wrap",
        { justify: "space-between", align: "flex-start", wrap: "nowrap", children: "a" },
      ],
      ["end, margin", { justify: "flex-end", mt: "md", className: "no-print", children: "a" }],
      ["bottom, xs", { align: "flex-end", gap: "xs", children: ["a", false, "b"] }],
      ["grow", { grow: true, gap: 6, mt: 6, children: ["a", null, "b", "c"] }],
      ["grow, sm", { grow: true, gap: "sm", children: [<i key="a">a</i>, <i key="b">b</i>] }],
    ],
  ],
  [
    "Stack",
    Stack,
    M.Stack,
    [
      ["defaults", { children: "a" }],
      ["gap px, margin", { gap: 4, mt: 4, children: "a" }],
      ["dl, no margin", { component: "dl", m: 0, gap: "xs", className: "receipt", children: "a" }],
      [
        "centred column",
        { maw: 960, mx: "auto", p: "md", gap: "lg", align: "flex-start", children: "a" },
      ],
      ["test id", { "data-testid": "card-reader", gap: 6, mb: "md", children: "a" }],
    ],
  ],
];

describe.each(kinds)("%s", (_name, ours, theirs, cases) => {
  it.each(cases)("matches Mantine's: %s", (_case, props) => {
    same(ours, theirs, props);
  });
});

describe("PlainTextInput", () => {
  it.each([
    ["search", { id: "s", name: "q", label: "Search", defaultValue: "band", type: "search" }],
    [
      "donation amount, width",
      {
        id: "d",
        name: "donationAmount",
        label: "Amount",
        inputMode: "decimal",
        required: true,
        defaultValue: "5.00",
        title: "From $5.00 to $500.00",
        w: 140,
      },
    ],
  ])("matches Mantine's TextInput: %s", (_name, props) => {
    same(PlainTextInput, M.TextInput, props);
  });
});
