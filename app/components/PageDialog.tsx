// A dialog that is a page state: it renders on the server (so it works without JavaScript, reached
// by URL) and, with JavaScript, takes focus, closes on Escape and gives focus back when it closes.
import { useEffect, useId, useRef } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { CloseButton } from "~/ui/mantine/CloseButton";
import { Paper } from "~/ui/mantine/Paper";
import { Title } from "~/ui/mantine/Title";

interface PageDialogProps {
  title: string;
  /** Where closing the dialog goes. */
  closeHref: string;
  closeLabel: string;
  /** A wider dialog for long forms, e.g. "56rem" (the default is the stylesheet's 34rem). */
  width?: string;
  children: React.ReactNode;
}

export function PageDialog({ title, closeHref, closeLabel, width, children }: PageDialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>(
      "input:not([type=hidden]), select, textarea, button, a[href]",
    );
    (first ?? ref.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [closeHref, navigate]);
  return (
    <div className="page-dialog-backdrop">
      <Paper
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
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
          <CloseButton component={Link} to={closeHref} preventScrollReset aria-label={closeLabel} />
        </div>
        {children}
      </Paper>
    </div>
  );
}
