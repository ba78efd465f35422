// A small form state in place of conform's 10 KB gzip (decision 093, 097): the sign-in page's two
// forms and the community member form (registration and My Profile) use it. It reads the action's
// `submission.reply()` as conform does (posted values kept, errors by field name, the form's own
// error) and validates in the browser with the same zod schema once useSchemaOnFocus brings it:
// a field is checked when left, re-checked as it is typed in, and the whole form on submit; the
// first field in error takes the focus. Lists (the guardians) keep conform's intents: "add" and
// "remove" are submit buttons carrying `__intent__`, which the action applies without JavaScript
// and this hook applies in the page with it, keeping what was typed.
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { useSchemaOnFocus, type Parse } from "~/components/schema-on-focus";

type Mode = "onSubmit" | "onBlur" | "onInput";
export type Errors = Record<string, string[]>;
type Check = (formData: FormData) => Errors;

/** conform's name for the intent of a list button. */
export const INTENT = "__intent__";

export interface LightField {
  id: string;
  name: string;
  key: string;
  errorId: string;
  errors: string[] | undefined;
  initialValue: string | undefined;
}

export interface ListItem {
  key: string;
  /** The item's fields by their name inside the item (`nameFirst` for `guardians[0].nameFirst`). */
  fields: Record<string, LightField>;
}

export interface LightList {
  name: string;
  errorId: string;
  /** Errors of the list itself (e.g. too few items). */
  errors: string[] | undefined;
  items: ListItem[];
}

export interface IntentButtonProps {
  type: "submit";
  name: typeof INTENT;
  value: string;
  formNoValidate: true;
}

export interface LightForm {
  id: string;
  errorId: string;
  /** Errors of the form as a whole (conform's `formErrors`, key ""), from the last reply. */
  errors: string[] | undefined;
  /** Whether any field shows an error. */
  hasFieldErrors: boolean;
  list: (name: string) => LightList;
  /** Props of a button that adds an item at the end of a list, or removes one. */
  insertButton: (list: string) => IntentButtonProps;
  removeButton: (list: string, index: number) => IntentButtonProps;
  /** Spread onto the `<Form>`. */
  props: {
    id: string;
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLFormElement>) => void;
    onInput: (event: FormEvent<HTMLFormElement>) => void;
  };
}

type ListIntent =
  | { type: "insert"; payload: { name: string } }
  | { type: "remove"; payload: { name: string; index: number } };

export function fieldErrors(result: SubmissionResult<string[]> | null | undefined): Errors {
  const out: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (messages?.length) out[name] = messages;
  }
  return out;
}

/**
 * The names whose errors a reply shows, as conform decides: after a list intent (a post without
 * JavaScript) only the list's own; after a submission every posted field and every error.
 */
export function shownAfterReply(result: SubmissionResult<string[]> | null | undefined): string[] {
  if (!result) return [];
  const intent = result.intent as ListIntent | undefined;
  if (intent) return intent.payload?.name ? [intent.payload.name] : [];
  return [...new Set([...(result.fields ?? []), ...Object.keys(fieldErrors(result))])];
}

/** A list intent from a button's value, or null. */
export function parseListIntent(value: string | null | undefined): ListIntent | null {
  if (!value) return null;
  try {
    const intent = JSON.parse(value) as Partial<ListIntent>;
    if (intent.type === "insert" && typeof intent.payload?.name === "string") {
      return intent as ListIntent;
    }
    if (
      intent.type === "remove" &&
      typeof intent.payload?.name === "string" &&
      Number.isInteger((intent.payload as { index?: unknown }).index)
    ) {
      return intent as ListIntent;
    }
  } catch {
    // not an intent of ours
  }
  return null;
}

/**
 * Names under a list after its item `index` is removed: the item's own disappear, the following
 * items' move up by one (`guardians[2].email` becomes `guardians[1].email`).
 */
export function shiftAfterRemove(name: string, list: string, index: number): string | null {
  const prefix = `${list}[`;
  if (!name.startsWith(prefix)) return name;
  const m = /^(\d+)\]/.exec(name.slice(prefix.length));
  if (!m) return name;
  const i = Number(m[1]);
  if (i === index) return null;
  if (i < index) return name;
  return `${prefix}${i - 1}]${name.slice(prefix.length + m[0].length)}`;
}

function valueAt(values: unknown, name: string): unknown {
  let current = values;
  for (const part of name.split(/[.[\]]/).filter(Boolean)) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function controlName(target: EventTarget | null): string | null {
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  ) {
    return target.name || null;
  }
  return null;
}

/** The names of the form's controls that post a value (as conform's `fields`). */
function controlNames(form: HTMLFormElement): string[] {
  const names = new Set<string>();
  for (const element of form.elements) {
    const name = controlName(element);
    if (name && name !== INTENT && !(element instanceof HTMLButtonElement)) names.add(name);
  }
  return [...names];
}

interface Item {
  key: string;
  initial: unknown;
}

let nextKey = 0;
const newKey = () => `i${++nextKey}`;

function itemsOf(values: unknown, lists: readonly string[]): Record<string, Item[]> {
  const out: Record<string, Item[]> = {};
  for (const name of lists) {
    const list = valueAt(values, name);
    out[name] = (Array.isArray(list) ? list : []).map((initial) => ({ key: newKey(), initial }));
  }
  return out;
}

/** `Shape` names the fields when the schema's input does not (a preprocessed object). */
export function useLightForm<Schema extends z.ZodTypeAny, Shape = z.input<Schema>>(options: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Values shown before any reply (a profile being edited); a reply's values replace them. */
  defaultValue?: Record<string, unknown>;
  /** Names of the lists in the form (top level), e.g. ["guardians"]. */
  lists?: readonly string[];
  /** The form's schema, loaded when the person first focuses a control. */
  loadSchema: () => Promise<Schema>;
  shouldValidate: Mode;
  shouldRevalidate?: Mode;
}): [LightForm, Record<keyof Shape & string, LightField>] {
  const { id, lastResult, shouldValidate, shouldRevalidate = shouldValidate } = options;
  const listNames = options.lists ?? [];
  const values = lastResult ? lastResult.initialValue : options.defaultValue;
  const [errors, setErrors] = useState<Errors>(() => fieldErrors(lastResult));
  const [shown, setShown] = useState<Set<string>>(() => new Set(shownAfterReply(lastResult)));
  const [items, setItems] = useState(() => itemsOf(values, listNames));
  // Bumped by a list change: the form is checked again once the page shows the new list.
  const [listChanged, setListChanged] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);

  // A new reply from the action replaces what the browser found.
  const seenResult = useRef(lastResult);
  if (seenResult.current !== lastResult) {
    seenResult.current = lastResult;
    setErrors(fieldErrors(lastResult));
    setShown(new Set(shownAfterReply(lastResult)));
    setItems(itemsOf(values, listNames));
  }
  useEffect(() => {
    // With JavaScript, focus the first field the action refused (without it, autofocus does).
    if (!lastResult || lastResult.status !== "error" || !formRef.current) return;
    formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult]);

  /** Validates the whole form, keeps its errors and shows those of `names` from now on. */
  const check = (names: string[], form: HTMLFormElement, run: Check): Errors => {
    const found = run(new FormData(form));
    setErrors(found);
    if (names.length) setShown((prev) => new Set([...prev, ...names]));
    return found;
  };

  const checker =
    (parse: Parse<Schema>): Check =>
    (formData) =>
      fieldErrors(parse(formData).reply());
  const schema = useSchemaOnFocus(options.loadSchema, (left, parse) => {
    if (shouldValidate !== "onBlur") return;
    const form = formRef.current ?? (left[0] as HTMLInputElement).form;
    const names = left.map(controlName).filter((n): n is string => n !== null);
    if (form && names.length) check(names, form, checker(parse));
  });
  const run = schema.parse ? checker(schema.parse) : null;

  useEffect(() => {
    if (!listChanged || !run || !formRef.current) return;
    check([], formRef.current, run);
    // Only a list change asks for this check; `run` is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listChanged]);

  const applyIntent = (intent: ListIntent) => {
    const list = intent.payload.name;
    if (!listNames.includes(list)) return false;
    if (intent.type === "insert") {
      setItems((prev) => ({
        ...prev,
        [list]: [...(prev[list] ?? []), { key: newKey(), initial: undefined }],
      }));
    } else {
      const { index } = intent.payload;
      const move = (names: Iterable<string>) =>
        [...names]
          .map((n) => shiftAfterRemove(n, list, index))
          .filter((n): n is string => n !== null);
      setItems((prev) => ({ ...prev, [list]: (prev[list] ?? []).filter((_, i) => i !== index) }));
      setShown((prev) => new Set(move(prev)));
      setErrors((prev) => {
        const next: Errors = {};
        for (const [name, messages] of Object.entries(prev)) {
          const moved = shiftAfterRemove(name, list, index);
          if (moved !== null) next[moved] = messages;
        }
        return next;
      });
    }
    // As conform: the list's own error (too few, too many) shows from now on.
    setShown((prev) => new Set([...prev, list]));
    setListChanged((n) => n + 1);
    return true;
  };

  const field = (name: string, initial: unknown, key: string): LightField => {
    const fieldId = `${id}-field-${name}`;
    return {
      id: fieldId,
      name,
      key,
      errorId: `${fieldId}-error`,
      errors: shown.has(name) ? errors[name] : undefined,
      initialValue: typeof initial === "string" ? initial : undefined,
    };
  };

  const fields = new Proxy({} as Record<string, LightField>, {
    get: (_target, name: string) =>
      field(name, valueAt(values, name), `${name}-${lastResult ? "r" : "i"}`),
  });

  const intentButton = (value: ListIntent): IntentButtonProps => ({
    type: "submit",
    name: INTENT,
    value: JSON.stringify(value),
    formNoValidate: true,
  });

  const form: LightForm = {
    id,
    errorId: `${id}-form-error`,
    errors: lastResult?.error?.[""] ?? undefined,
    hasFieldErrors: [...shown].some((name) => name !== "" && Boolean(errors[name]?.length)),
    list: (name) => ({
      name,
      errorId: `${id}-field-${name}-error`,
      errors: shown.has(name) ? errors[name] : undefined,
      items: (items[name] ?? []).map((item, index) => ({
        key: item.key,
        fields: new Proxy({} as Record<string, LightField>, {
          get: (_target, sub: string) =>
            field(`${name}[${index}].${sub}`, valueAt(item.initial, sub), `${item.key}/${sub}`),
        }),
      })),
    }),
    insertButton: (list) => intentButton({ type: "insert", payload: { name: list } }),
    removeButton: (list, index) => intentButton({ type: "remove", payload: { name: list, index } }),
    props: {
      id,
      noValidate: true,
      onFocus: schema.onFocus,
      onBlur: (event) => {
        formRef.current = event.currentTarget;
        schema.onBlur(event);
        const name = controlName(event.target);
        if (!name || shouldValidate !== "onBlur" || !run) return;
        check([name], event.currentTarget, run);
      },
      onInput: (event) => {
        formRef.current = event.currentTarget;
        const name = controlName(event.target);
        if (!name || !run) return;
        const mode = shown.has(name) ? shouldRevalidate : shouldValidate;
        if (mode === "onInput") check([name], event.currentTarget, run);
      },
      onSubmit: (event) => {
        formRef.current = event.currentTarget;
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        // A list button: applied here, without a post and whatever the fields hold.
        const intent = submitter?.name === INTENT ? parseListIntent(submitter.value) : null;
        if (intent && applyIntent(intent)) {
          event.preventDefault();
          return;
        }
        if (!run) return; // the action validates
        // Buttons that are not the form's own submit (e.g. Cancel in a dialog) are links.
        if (submitter && submitter.getAttribute("formnovalidate") !== null) return;
        const form = event.currentTarget;
        const found = check(controlNames(form), form, run);
        if (Object.keys(found).some((name) => name !== "")) {
          event.preventDefault();
          setShown((prev) => new Set([...prev, ...Object.keys(found)]));
          requestAnimationFrame(() =>
            form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
          );
        }
      },
    },
  };
  return [form, fields as Record<keyof Shape & string, LightField>];
}
