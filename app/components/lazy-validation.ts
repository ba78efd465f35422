// Client-side validation loaded when the person starts on the form (decision 093). The form's zod
// schema and zod itself (about 16 KB gzip) are not part of a page's first load: families on slow
// phones download them while they type. Until they arrive, a post is validated by the action with
// the same schema, which it does for every post anyway.
import type { FocusEvent } from "react";
import type { z } from "zod";
import { useSchemaOnFocus, type Parse } from "~/components/schema-on-focus";

type Mode = "onSubmit" | "onBlur" | "onInput";

export interface LazyValidation<Schema extends z.ZodTypeAny> {
  /** Spread into `useForm`: `onValidate` and the validation modes once the schema is here. */
  options: {
    onValidate?: (context: { formData: FormData }) => ReturnType<Parse<Schema>>;
    shouldValidate: Mode;
    shouldRevalidate?: Mode;
  };
  /** Spread onto the `<Form>`: focusing any control starts the download. */
  formProps: {
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  };
}

/** useSchemaOnFocus for a conform form. */
export function useLazyValidation<Schema extends z.ZodTypeAny>(
  loadSchema: () => Promise<Schema>,
  mode: { shouldValidate: Mode; shouldRevalidate?: Mode },
): LazyValidation<Schema> {
  const { parse, onFocus, onBlur } = useSchemaOnFocus(loadSchema, (left) => {
    // conform validates on the document's focusout: leave them again now that it can.
    if (mode.shouldValidate !== "onBlur") return;
    for (const element of left) {
      element.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    }
  });
  return {
    options: parse
      ? { onValidate: ({ formData }) => parse(formData), ...mode }
      : { shouldValidate: "onSubmit" },
    formProps: { onFocus, onBlur },
  };
}
