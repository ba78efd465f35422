// The one way of a form in a page (docs/architecture.md "One way for each thing"): conform's
// `useForm`, validated in the browser by conform's `parseWithZod` with the form's zod schema from
// `domain/forms/`, the same schema the action parses with (app/.server/forms.server.ts), and fed
// the action's `submission.reply()` as `lastResult`.
//
// The schema, zod and conform's zod adapter (about 16 KB gzip) are not part of a page's first load
// (decision 093): they are imported when a control of the form first takes the focus. Until they
// arrive conform validates nothing in the browser and a post is validated by the action, which it
// is anyway; a field left before they arrive is validated (conform's `form.validate`) once they
// are here.
//
// What a person chose or typed before the page's script ran (a slow phone) stays in the form:
// the controls are uncontrolled, so hydration keeps it, and conform, whose values start from
// `lastResult` or `defaultValue`, reads the form once it listens (an `input` event it takes as a
// value change, never as a validation; decision 125).
import { useEffect, useRef, useState, type FocusEvent } from "react";
import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import type { z } from "zod";

type Mode = "onSubmit" | "onBlur" | "onInput";
type Parse<Schema extends z.ZodTypeAny> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

export interface ZodFormOptions<Module, Schema extends z.ZodTypeAny, Shape> {
  id: string;
  /** The action's `submission.reply()`, from its data. */
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<NoInfer<Shape>>;
  /** Imports the form's module of `domain/forms/` (a dynamic `import()`). */
  load: () => Promise<Module>;
  /** The form's schema in that module (read again at every validation: it may use page data). */
  schema: (module: Module) => Schema;
  shouldValidate: Mode;
  shouldRevalidate?: Mode;
  /** conform's parseWithZod option, as the action parses (fields whose texts the schema reads). */
  disableAutoCoercion?: boolean;
}

/** Props of the `<Form>`: conform's `getFormProps`, and the focus that starts the download. */
export type ZodFormProps = ReturnType<typeof getFormProps> & {
  onFocus: () => void;
  onBlur: (event: FocusEvent<HTMLFormElement>) => void;
};

/**
 * conform's `useForm` with the form's zod schema loaded on first focus. `Shape` names the fields
 * when the schema's input does not (a preprocessed object).
 */
export function useZodForm<
  Module,
  Schema extends z.ZodTypeAny,
  Shape extends Record<string, unknown> = z.input<Schema>,
>(options: ZodFormOptions<Module, Schema, Shape>) {
  const { load, schema, shouldValidate, shouldRevalidate, disableAutoCoercion, ...config } =
    options;
  const [parse, setParse] = useState<{ run: Parse<Schema> } | null>(null);
  const started = useRef(false);
  const latestSchema = useRef(schema);
  latestSchema.current = schema;
  const leftEarly = useRef(new Set<string>());

  const [form, fields] = useForm<Shape, z.output<Schema>, string[]>({
    ...config,
    ...(parse
      ? {
          onValidate: ({ formData }) => parse.run(formData),
          shouldValidate,
          shouldRevalidate: shouldRevalidate ?? shouldValidate,
        }
      : // Nothing to validate with yet: conform leaves the fields alone and the post goes.
        { shouldValidate: "onSubmit" as const }),
  });

  useEffect(() => {
    const element = document.forms.namedItem(config.id);
    const field = element
      ? [...element.elements].find((e): e is HTMLInputElement => !!(e as HTMLInputElement).name)
      : undefined;
    if (!field) return;
    // conform updates its value on an input event whose default was prevented, without validating.
    const asValueOnly = (event: Event) => event.preventDefault();
    field.addEventListener("input", asValueOnly);
    field.dispatchEvent(new Event("input", { bubbles: true, cancelable: true }));
    field.removeEventListener("input", asValueOnly);
    // Once, when the form mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!parse) return;
    const names = [...leftEarly.current];
    leftEarly.current.clear();
    if (shouldValidate !== "onBlur") return;
    const focused = (document.activeElement as HTMLInputElement | null)?.name;
    for (const name of names) if (name !== focused) form.validate({ name });
    // Once, when the schema arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parse]);

  const onFocus = () => {
    if (started.current) return;
    started.current = true;
    Promise.all([load(), import("@conform-to/zod"), import("@domain/forms/error-map")]).then(
      ([module, { parseWithZod }, { formErrorMap }]) =>
        setParse({
          run: (formData) =>
            parseWithZod(formData, {
              schema: latestSchema.current(module),
              errorMap: formErrorMap,
              ...(disableAutoCoercion ? { disableAutoCoercion } : {}),
            }),
        }),
      () => {
        // Offline or a failed download: the action still validates; try again on next focus.
        started.current = false;
      },
    );
  };
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (!parse && name) leftEarly.current.add(name);
  };

  const props: ZodFormProps = { ...getFormProps(form), onFocus, onBlur };
  return [form, fields, props] as [FormMetadata<Shape, string[]>, typeof fields, ZodFormProps];
}
