// The form's schema and zod loaded when the person starts on the form (decision 093, 097), for
// both form hooks: useLazyValidation (conform) and useLightForm. Its own module so that a page
// loads only the hook it uses.
import { useCallback, useEffect, useRef, useState, type FocusEvent } from "react";
import type { Submission } from "@conform-to/react";
import type { z } from "zod";

export type Parse<Schema extends z.ZodTypeAny> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

export interface SchemaOnFocus<Schema extends z.ZodTypeAny> {
  /** conform's parseWithZod bound to the schema, once both have arrived. */
  parse: Parse<Schema> | null;
  /** Spread onto the `<Form>` (or call from its handlers): focusing a control starts the download. */
  onFocus: () => void;
  onBlur: (event: FocusEvent<HTMLFormElement>) => void;
}

/**
 * The loading both form hooks share (useLazyValidation for conform, useLightForm): the schema
 * and conform's zod parser are fetched when a control of the form first takes focus (again on
 * the next focus if the download failed), and the controls left before they arrived are handed
 * to `recheck` as soon as they do, so that they are checked as if left again.
 */
export function useSchemaOnFocus<Schema extends z.ZodTypeAny>(
  loadSchema: () => Promise<Schema>,
  recheck: (left: Element[], parse: Parse<Schema>) => void,
): SchemaOnFocus<Schema> {
  const [parse, setParse] = useState<Parse<Schema> | null>(null);
  const started = useRef(false);
  const latest = useRef({ loadSchema, recheck });
  latest.current = { loadSchema, recheck };
  const leftEarly = useRef(new Set<Element>());

  const onFocus = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([
      latest.current.loadSchema(),
      import("@conform-to/zod"),
      import("@domain/forms/error-map"),
    ]).then(
      ([schema, { parseWithZod }, { formErrorMap }]) =>
        setParse(
          () => (formData: FormData) => parseWithZod(formData, { schema, errorMap: formErrorMap }),
        ),
      () => {
        // Offline or a failed download: the action still validates; try again on next focus.
        started.current = false;
      },
    );
  }, []);

  useEffect(() => {
    if (!parse) return;
    const left = [...leftEarly.current].filter(
      (element) => element.isConnected && document.activeElement !== element,
    );
    leftEarly.current.clear();
    if (left.length) latest.current.recheck(left, parse);
  }, [parse]);

  const onBlur = useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      if (!parse) leftEarly.current.add(event.target);
    },
    [parse],
  );

  return { parse, onFocus, onBlur };
}
