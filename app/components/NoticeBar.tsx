import { useEffect, useRef, useState } from "react";
import { t } from "@domain/messages/common";

/**
 * A snackbar that hides after 10 seconds (spec 01 §9); CSS hides it when JavaScript is off. Plain
 * markup styled in app.css: it is on every page, so it costs no component library code.
 */
export function NoticeBar({
  notice,
}: {
  notice: { kind: "success" | "error" | "info" | "warning"; text: string };
}) {
  const [open, setOpen] = useState(true);
  const textRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    setOpen(true);
    // After a post the button that was pressed is often gone ("Add to Cart" becomes "Added", a
    // dialog closes, another page opens): the focus would fall to the page's body. It goes to the
    // notice that says what happened instead; focus a dialog or a field kept is left alone.
    const active = document.activeElement;
    if (!active || active === document.body) textRef.current?.focus();
    const id = setTimeout(() => setOpen(false), 10_000);
    return () => clearTimeout(id);
  }, [notice]);
  if (!open) return null;
  return (
    <div className="notice-bar" role={notice.kind === "error" ? "alert" : "status"}>
      <div className="notice-card" data-kind={notice.kind}>
        <p ref={textRef} tabIndex={-1}>
          {notice.text}
        </p>
        <button
          type="button"
          className="notice-close"
          aria-label={t("notice.close")}
          onClick={() => setOpen(false)}
        >
          <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
            <path
              d="M11.8 3.2a.5.5 0 0 1 0 .7L8.2 7.5l3.6 3.6a.5.5 0 0 1-.7.7L7.5 8.2l-3.6 3.6a.5.5 0 0 1-.7-.7l3.6-3.6-3.6-3.6a.5.5 0 0 1 .7-.7l3.6 3.6 3.6-3.6a.5.5 0 0 1 .7 0Z"
              fill="currentColor"
            />
          </svg>
        </button>
      </div>
    </div>
  );
}
