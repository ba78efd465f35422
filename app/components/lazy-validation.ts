// Client-side validation loaded when the person starts on the form (decision 093). The form's zod
// schema and zod itself (about 16 KB gzip) are not part of a page's first load: families on slow
// phones download them while they type. Until they arrive, a post is validated by the action with
// the same schema, which it does for every post anyway.
import { useCallback, useEffect, useRef, useState, type FocusEvent } from "react";
import type { Submission } from "@conform-to/react";
import type { z } from "zod";

type Mode = "onSubmit" | "onBlur" | "onInput";

type Validate<Schema extends z.ZodTypeAny> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

export interface LazyValidation<Schema extends z.ZodTypeAny> {
  /** Spread into `useForm`: `onValidate` and the validation modes once the schema is here. */
  options: {
    onValidate?: (context: { formData: FormData }) => ReturnType<Validate<Schema>>;
    shouldValidate: Mode;
    shouldRevalidate?: Mode;
  };
  /** Spread onto the `<Form>`: focusing any control starts the download. */
  formProps: {
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  };
}

export function useLazyValidation<Schema extends z.ZodTypeAny>(
  loadSchema: () => Promise<Schema>,
  mode: { shouldValidate: Mode; shouldRevalidate?: Mode },
): LazyValidation<Schema> {
  const [validate, setValidate] = useState<Validate<Schema> | null>(null);
  const started = useRef(false);
  const latestLoad = useRef(loadSchema);
  latestLoad.current = loadSchema;
  // Fields left before the schema arrived: validated as soon as it does, as if left again.
  const leftEarly = useRef(new Set<Element>());

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([latestLoad.current(), import("@conform-to/zod")]).then(
      ([schema, { parseWithZod }]) =>
        setValidate(() => (formData: FormData) => parseWithZod(formData, { schema })),
      () => {
        // Offline or a failed download: the action still validates; try again on next focus.
        started.current = false;
      },
    );
  }, []);

  useEffect(() => {
    if (!validate || mode.shouldValidate !== "onBlur") return;
    for (const element of leftEarly.current) {
      if (element.isConnected && document.activeElement !== element) {
        element.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
      }
    }
    leftEarly.current.clear();
  }, [validate, mode.shouldValidate]);

  return {
    options: validate
      ? { onValidate: ({ formData }) => validate(formData), ...mode }
      : { shouldValidate: "onSubmit" },
    formProps: {
      onFocus: load,
      onBlur: (event) => {
        if (!validate) leftEarly.current.add(event.target);
      },
    },
  };
}
