// The payment window on an activity card (spec 01 §4 "Payment window for registration"): the
// deadline is kept per course in local storage, shown as m:ss, and when it passes the
// registration is cancelled with the reason "Payment Timeout" and the expiry dialog opens. The
// district API expires the hold itself anyway; this only tells the person at once.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Button, Group, Paper, Text, Title } from "~/ui";
import { t } from "@domain/messages/programs";
import {
  clearPaymentTimer,
  formatCountdown,
  readPaymentTimer,
  setPaymentTimer,
} from "@domain/rules/registration";
import { crossedWarning, type WarningMinutes } from "@domain/rules/countdown-warnings";

export { clearPaymentTimer };

const EXPIRED_EVENT = "payment-window-expired";

export function PaymentCountdown({
  courseSelectionUUID,
  deadline,
  initial,
}: {
  courseSelectionUUID: string;
  /** The server's deadline (ISO); authoritative. */
  deadline: string;
  /** m:ss rendered on the server, shown until the island runs. */
  initial: string;
}) {
  const [left, setLeft] = useState(initial);
  const [warning, setWarning] = useState<WarningMinutes | null>(null);
  const fetcher = useFetcher();
  const fired = useRef(false);
  const submit = fetcher.submit;
  useEffect(() => {
    const serverDeadline = Date.parse(deadline);
    let end = readPaymentTimer(window.localStorage, courseSelectionUUID);
    // A timer left from an earlier registration of the same course is replaced.
    if (end === null || Math.abs(end - serverDeadline) > 5_000) {
      setPaymentTimer(window.localStorage, courseSelectionUUID, serverDeadline);
      end = serverDeadline;
    }
    const stopAt = Math.min(end, serverDeadline);
    let before = stopAt - Date.now();
    const tick = () => {
      const ms = stopAt - Date.now();
      setLeft(formatCountdown(ms));
      const crossed = crossedWarning(before, ms);
      before = ms;
      if (crossed) setWarning(crossed);
      if (ms <= 0 && !fired.current) {
        fired.current = true;
        window.clearInterval(id);
        clearPaymentTimer(window.localStorage, courseSelectionUUID);
        window.dispatchEvent(new CustomEvent(EXPIRED_EVENT));
        submit(
          { intent: "expire", courseSelectionUUID, reason: t("register.reasonTimeout") },
          { method: "post", action: "/programs" },
        );
      }
    };
    const id = window.setInterval(tick, 900);
    tick();
    return () => window.clearInterval(id);
  }, [courseSelectionUUID, deadline, submit]);
  return (
    <>
      <Text size="sm" fw={600} c="red.8" role="timer" aria-live="off">
        {t("card.timeLeft", { time: left })}
      </Text>
      {/* In the page from the start, empty: a live region announces what changes in it. */}
      <div role="status" aria-live="polite" className="visually-hidden">
        {warning ? t(`card.timeWarning.${warning}`) : ""}
      </div>
    </>
  );
}

/** The expiry dialog, rendered once per page, opened by any card's countdown. */
export function PaymentExpiryDialog() {
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onExpired = () => setOpen(true);
    window.addEventListener(EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(EXPIRED_EVENT, onExpired);
  }, []);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="page-dialog-backdrop">
      <Paper
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="payment-expired-title"
        aria-describedby="payment-expired-body"
        className="page-dialog"
        shadow="xl"
        p="lg"
        withBorder
      >
        <Title order={2} size="h3" id="payment-expired-title" mb="sm">
          {t("register.expiredTitle")}
        </Title>
        <Text id="payment-expired-body">{t("register.expired")}</Text>
        <Group justify="flex-end" mt="md">
          <Button ref={closeRef} onClick={() => setOpen(false)}>
            {t("card.close")}
          </Button>
        </Group>
      </Paper>
    </div>
  );
}
