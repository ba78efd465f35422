// Mantine's Textarea (default variant, size sm) drawn with its markup without the input
// components' code and react-textarea-autosize (decision 096). `autosize` grows the field with its
// text, at least `minRows` rows, measured on a hidden copy as react-textarea-autosize does, so the
// page does not jump. tests/unit/plain-mantine.test.tsx holds the markup to Mantine's Textarea.
import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { InputWrapperMarkup, controlHead, controlTail } from "~/ui/input-wrapper";

export type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "children"> & {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** Grows with its content (without a scroll bar). */
  autosize?: boolean;
  /** The least height in rows, with `autosize`. */
  minRows?: number;
};

const useLayout = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The styles that decide how tall the text is, copied onto the hidden copy. */
const COPIED = [
  "boxSizing",
  "width",
  "fontFamily",
  "fontSize",
  "fontStyle",
  "fontWeight",
  "letterSpacing",
  "lineHeight",
  "paddingTop",
  "paddingRight",
  "paddingBottom",
  "paddingLeft",
  "borderTopWidth",
  "borderRightWidth",
  "borderBottomWidth",
  "borderLeftWidth",
  "tabSize",
  "textIndent",
  "textTransform",
  "wordBreak",
] as const;

let copy: HTMLTextAreaElement | null = null;

/** Sets the height that shows all of `el`'s text, and at least `minRows` rows. */
function fit(el: HTMLTextAreaElement, minRows: number) {
  if (!copy) {
    copy = document.createElement("textarea");
    copy.setAttribute("aria-hidden", "true");
    copy.tabIndex = -1;
    copy.style.cssText =
      "position:absolute;top:0;right:0;visibility:hidden;overflow:hidden;height:0;min-height:0;max-height:none;z-index:-1000;";
  }
  if (!copy.isConnected) document.body.appendChild(copy);
  const css = getComputedStyle(el);
  for (const p of COPIED) copy.style[p] = css[p];
  const padding = parseFloat(css.paddingTop) + parseFloat(css.paddingBottom);
  const border =
    css.boxSizing === "border-box"
      ? parseFloat(css.borderTopWidth) + parseFloat(css.borderBottomWidth)
      : 0;
  copy.value = el.value || el.placeholder || "x";
  const text = copy.scrollHeight - padding;
  copy.value = "x";
  const row = copy.scrollHeight - padding;
  const height = Math.max(text, row * minRows) + padding + border;
  el.style.setProperty("height", `${height}px`, "important");
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { id: givenId, label, description, error, required, autosize, minRows = 1, onChange, ...area },
  ref,
) {
  const reactId = useId();
  const id = givenId ?? `mantine-${reactId.replace(/:/g, "")}`;
  const inner = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => inner.current!, []);
  useLayout(() => {
    const el = inner.current;
    if (!autosize || !el) return;
    const refit = () => fit(el, minRows);
    refit();
    window.addEventListener("resize", refit);
    return () => window.removeEventListener("resize", refit);
  }, [autosize, minRows]);
  const parts = { id, label, description, error, required };
  return (
    <InputWrapperMarkup component="Textarea" multiline {...parts}>
      <textarea
        ref={inner}
        {...controlHead("Textarea", error)}
        {...area}
        data-no-overflow={autosize ? "true" : undefined}
        required={required}
        onChange={(event) => {
          if (autosize) fit(event.currentTarget, minRows);
          onChange?.(event);
        }}
        {...controlTail(parts)}
      />
    </InputWrapperMarkup>
  );
});
