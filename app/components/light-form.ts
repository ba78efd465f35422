// A small form state for short forms (today the sign-in page's two), in place of conform's
// 10 KB gzip on the pages every family loads first (decision 093). It reads the action's
// `submission.reply()` the way conform does (same field ids, error ids and form error), and
// validates in the browser with the same zod schema once useLazyValidation-style loading brings
// it: a field is checked when left, re-checked as it is typed in, and the whole form on submit.
// The long forms (community member, fee request) keep conform for their lists.
import { useCallback, useEffect, useRef, useState, type FormEvent, type FocusEvent } from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";

type Mode = "onSubmit" | "onBlur" | "onInput";
type Errors = Record<string, string[]>;
type Validate = (formData: FormData) => Errors;

export interface LightField {
  id: string;
  name: string;
  key: string;
  errorId: string;
  errors: string[] | undefined;
  initialValue: string | undefined;
}

export interface LightForm {
  id: string;
  errorId: string;
  /** Errors of the form as a whole (conform's `formErrors`, key ""). */
  errors: string[] | undefined;
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

function fieldErrors(result: SubmissionResult<string[]> | undefined): Errors {
  const out: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (messages?.length) out[name] = messages;
  }
  return out;
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

export function useLightForm<Schema extends z.ZodTypeAny>(options: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The form's schema, loaded when the person first focuses a control. */
  loadSchema: () => Promise<Schema>;
  shouldValidate: Mode;
  shouldRevalidate?: Mode;
}): [LightForm, Record<keyof z.input<Schema> & string, LightField>] {
  const { id, lastResult, shouldValidate, shouldRevalidate = shouldValidate } = options;
  const [errors, setErrors] = useState<Errors>(() => fieldErrors(lastResult));
  const [shown, setShown] = useState<Set<string>>(
    () => new Set(Object.keys(fieldErrors(lastResult))),
  );
  const [validate, setValidate] = useState<Validate | null>(null);
  const started = useRef(false);
  const loadSchema = useRef(options.loadSchema);
  loadSchema.current = options.loadSchema;
  const formRef = useRef<HTMLFormElement | null>(null);
  // Controls left before the schema arrived: checked as soon as it does.
  const leftEarly = useRef(new Set<string>());

  // A new reply from the action replaces what the browser found.
  const seenResult = useRef(lastResult);
  if (seenResult.current !== lastResult) {
    seenResult.current = lastResult;
    const next = fieldErrors(lastResult);
    setErrors(next);
    setShown(new Set(Object.keys(next)));
  }
  useEffect(() => {
    // With JavaScript, focus the first field the action refused (without it, autofocus does).
    if (!lastResult || !formRef.current) return;
    formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult]);

  const check = useCallback((names: string[] | "all", form: HTMLFormElement, run: Validate) => {
    const found = run(new FormData(form));
    setErrors((prev) => {
      const next = { ...prev };
      const targets = names === "all" ? Object.keys({ ...prev, ...found }) : names;
      for (const name of targets) {
        if (name === "") continue;
        if (found[name]?.length) next[name] = found[name]!;
        else delete next[name];
      }
      return next;
    });
    if (names !== "all") setShown((prev) => new Set([...prev, ...names]));
    return found;
  }, []);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([loadSchema.current(), import("@conform-to/zod")]).then(
      ([schema, { parseWithZod }]) =>
        setValidate(() => (formData: FormData) => {
          const submission = parseWithZod(formData, { schema });
          return fieldErrors(submission.reply());
        }),
      () => {
        started.current = false; // the action still validates; try again on next focus
      },
    );
  }, []);

  useEffect(() => {
    if (!validate || !formRef.current || shouldValidate !== "onBlur") return;
    const names = [...leftEarly.current];
    leftEarly.current.clear();
    if (names.length) check(names, formRef.current, validate);
  }, [validate, shouldValidate, check]);

  const fields = new Proxy({} as Record<string, LightField>, {
    get(_target, name: string): LightField {
      const fieldId = `${id}-field-${name}`;
      const initial = lastResult?.initialValue?.[name];
      return {
        id: fieldId,
        name,
        key: `${name}-${lastResult ? "r" : "i"}`,
        errorId: `${fieldId}-error`,
        errors: shown.has(name) ? errors[name] : undefined,
        initialValue: typeof initial === "string" ? initial : undefined,
      };
    },
  });

  const form: LightForm = {
    id,
    errorId: `${id}-form-error`,
    errors: lastResult?.error?.[""] ?? undefined,
    props: {
      id,
      noValidate: true,
      onFocus: load,
      onBlur: (event) => {
        formRef.current = event.currentTarget;
        const name = controlName(event.target);
        if (!name || shouldValidate !== "onBlur") return;
        if (validate) check([name], event.currentTarget, validate);
        else leftEarly.current.add(name);
      },
      onInput: (event) => {
        formRef.current = event.currentTarget;
        const name = controlName(event.target);
        if (!name || !validate) return;
        const revalidate = shown.has(name) ? shouldRevalidate : shouldValidate;
        if (revalidate === "onInput") check([name], event.currentTarget, validate);
      },
      onSubmit: (event) => {
        formRef.current = event.currentTarget;
        if (!validate) return; // the action validates
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        // Buttons that are not the form's own submit (e.g. Cancel in a dialog) are links.
        if (submitter && submitter.getAttribute("formnovalidate") !== null) return;
        const found = check("all", event.currentTarget, validate);
        const invalid = Object.keys(found).filter((name) => name !== "");
        if (invalid.length) {
          event.preventDefault();
          setShown((prev) => new Set([...prev, ...invalid]));
          const form = event.currentTarget;
          requestAnimationFrame(() =>
            form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
          );
        }
      },
    },
  };
  return [form, fields as Record<keyof z.input<Schema> & string, LightField>];
}
