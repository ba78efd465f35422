// A dialog that is a page state: it renders on the server (so it works without JavaScript, reached
// by URL) and takes focus when it opens and gives it back when it closes (decision 095):
// - without JavaScript, the dialog carries `autofocus`, so the browser focuses it when the page
//   loads; closing is a link to `closeHref#openerId`, and the browser focuses the opener, the
//   fragment's target, when that page loads;
// - with JavaScript, an effect focuses the first control, Escape closes, and closing focuses the
//   element that had focus before (or the opener, when the dialog page was loaded directly).
import { useEffect, useId, useRef } from "react";
import { Link, useActionData, useNavigate } from "@remix-run/react";
import { CloseButton, Paper, Title } from "~/ui";

interface PageDialogProps {
  title: string;
  /** Where closing the dialog goes. */
  closeHref: string;
  closeLabel: string;
  /**
   * The id of the link that opens this dialog on the page `closeHref` leads to. Closing goes to
   * `closeHref#openerId`, so the focus goes back to that link, with or without JavaScript.
   */
  openerId?: string;
  /**
   * Whether the dialog takes the focus when its page loads (the `autofocus` attribute). By default
   * it does, except on the answer to a post (the route has action data): a form showing errors
   * puts `autofocus` on its first invalid field, and only the first `autofocus` of a page counts.
   */
  autoFocus?: boolean;
  /** A wider dialog for long forms, e.g. "56rem" (the default is the stylesheet's 34rem). */
  width?: string;
  children: React.ReactNode;
}

/** `href` with its fragment set to `id`: a link back to the element `id` on that page. */
export function hrefTo(href: string, id: string | undefined): string {
  return id ? `${href.split("#")[0]}#${encodeURIComponent(id)}` : href;
}

/** The element id a link's fragment names, if any. */
function fragmentOf(href: string): string | undefined {
  const hash = href.split("#")[1];
  return hash ? decodeURIComponent(hash) : undefined;
}

export function PageDialog({
  title,
  closeHref,
  closeLabel,
  openerId,
  autoFocus,
  width,
  children,
}: PageDialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const posted = useActionData() !== undefined;
  const close = hrefTo(closeHref, openerId);
  // A `closeHref` that already names its opener (`/programs#action-…`) gives the focus back to it
  // with JavaScript too, not only through the browser's fragment navigation without it.
  const backId = openerId ?? fragmentOf(closeHref);
  useEffect(() => {
    const dialog = ref.current;
    const active = document.activeElement as HTMLElement | null;
    // Loaded with the dialog open, the focus is on the dialog itself (autofocus) or nowhere.
    const previous =
      active && active !== document.body && !dialog?.contains(active) ? active : null;
    const first = dialog?.querySelector<HTMLElement>(
      "input:not([type=hidden]), select, textarea, button, a[href]",
    );
    // A field the page focused (its first error) keeps the focus.
    if (!dialog?.contains(active) || active === dialog) (first ?? dialog)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(close, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      const back = previous?.isConnected
        ? previous
        : backId
          ? document.getElementById(backId)
          : null;
      back?.focus();
    };
  }, [close, navigate, backId]);
  return (
    <div className="page-dialog-backdrop">
      <Paper
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        // Rendered into the server HTML: the browser focuses the dialog when the page loads, also
        // without JavaScript. On the client React ignores it for a div.
        autoFocus={autoFocus ?? !posted}
        className="page-dialog"
        style={width ? { width: `min(100%, ${width})` } : undefined}
        shadow="xl"
        p="lg"
        withBorder
      >
        <div className="page-dialog-head">
          <Title order={2} id={titleId} size="h3">
            {title}
          </Title>
          <CloseButton component={Link} to={close} preventScrollReset aria-label={closeLabel} />
        </div>
        {children}
      </Paper>
    </div>
  );
}
