// The cart countdown banner (spec 02 §2): m:ss rendered on the server, ticking about every 0.9 s
// with JavaScript; at zero the page reloads so the released cart shows, and the page is told so
// it can say why the cart emptied.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { Alert } from "~/ui";
import { t } from "@domain/messages/fees";
import { formatCountdown } from "@domain/rules/checkout";
import { crossedWarning, type WarningMinutes } from "@domain/rules/countdown-warnings";

export function CartCountdown({
  deadline,
  initial,
  onExpired,
}: {
  deadline: string;
  initial: string;
  onExpired?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [warning, setWarning] = useState<WarningMinutes | null>(null);
  const revalidator = useRevalidator();
  const expiredRef = useRef(onExpired);
  expiredRef.current = onExpired;
  useEffect(() => {
    const end = Date.parse(deadline);
    // The server's clock decides; the offset keeps the browser's clock out of it.
    const offset = end - Date.now() - mmssToMs(initial);
    let fired = false;
    let before = end - Date.now() - offset;
    const id = setInterval(() => {
      const left = end - Date.now() - offset;
      setText(formatCountdown(left));
      const crossed = crossedWarning(before, left);
      before = left;
      if (crossed) setWarning(crossed);
      if (left <= 0 && !fired) {
        fired = true;
        expiredRef.current?.();
        revalidator.revalidate();
      }
    }, 900);
    return () => clearInterval(id);
  }, [deadline, initial, revalidator]);
  return (
    <>
      <Alert color="yellow" role="timer" aria-live="off">
        {t("cart.countdown.before")} <strong>{text}</strong> {t("cart.countdown.after")}
      </Alert>
      {/* In the page from the start, empty: a live region announces what changes in it. */}
      <div role="status" aria-live="polite" className="visually-hidden">
        {warning ? t(`cart.countdown.warning.${warning}`) : ""}
      </div>
    </>
  );
}

function mmssToMs(s: string): number {
  const [m = "0", sec = "0"] = s.split(":");
  return (Number(m) * 60 + Number(sec)) * 1000;
}
