// Forms whose choices become controlled once the page's script runs (the cart, the payment
// dialog): on a slow phone a person may choose a payment method or type an amount before that.
// Taking control with empty state would undo their choice, so at hydration the values already in
// the form are handed over first.
import { useEffect, useRef, useState } from "react";

/** Reads a control of the form by name: a radio group's checked value, an input's value, or "". */
export type ReadControl = (name: string) => string;

/**
 * Whether the page has hydrated. Just before it says so, `adopt` receives a reader of the form
 * `formId` as it stands, to copy into state what the person chose or typed before.
 */
export function useHydratedForm(formId: string, adopt: (read: ReadControl) => void): boolean {
  const [hydrated, setHydrated] = useState(false);
  const adoptRef = useRef(adopt);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) {
      adoptRef.current((name) => {
        const control = form.elements.namedItem(name);
        if (!control) return "";
        // A group of one radio is the input itself, whose value is set whether checked or not.
        if (control instanceof HTMLInputElement && /^(radio|checkbox)$/.test(control.type)) {
          return control.checked ? control.value : "";
        }
        return "value" in control ? String(control.value) : "";
      });
    }
    setHydrated(true);
  }, [formId]);
  return hydrated;
}
