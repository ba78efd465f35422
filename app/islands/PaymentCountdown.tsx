// The payment window on an activity card (spec 01 §4 "Payment window for registration"): the
// deadline is kept per course in local storage, shown as m:ss, and when it passes the
// registration is cancelled with the reason "Payment Timeout" and the expiry dialog opens. The
// district API expires the hold itself anyway; this only tells the person at once. From the
// 5-minute warning on it offers "More time" once (decision 146): a plain form post the /programs
// action answers by showing the page again; with JavaScript the countdown moves to the deadline
// the district API answered, and the button is gone.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Button, Group, Paper, Text, Title } from "~/ui";
import { useHydrated } from "~/components/use-hydrated";
import { t } from "@domain/messages/programs";
import {
  clearPaymentTimer,
  formatCountdown,
  readPaymentTimer,
  setPaymentTimer,
} from "@domain/rules/registration";
import { countdownMs, crossedWarning, offersMoreTime } from "@domain/rules/countdown-warnings";
import type { MoreTimeReply } from "~/.server/payment-window";

export { clearPaymentTimer };

const EXPIRED_EVENT = "payment-window-expired";

export function PaymentCountdown({
  courseSelectionUUID,
  deadline: pageDeadline,
  initial,
  extendable,
  back,
}: {
  courseSelectionUUID: string;
  /** The server's deadline (ISO); authoritative. */
  deadline: string;
  /** m:ss rendered on the server, shown until the island runs. */
  initial: string;
  /** The registration whose window may still be extended once (decision 146). */
  extendable?: string;
  /** The page "More time" comes back to without JavaScript. */
  back: string;
}) {
  const [left, setLeft] = useState(initial);
  // What the live region says last: a warning, or that more time was given.
  const [said, setSaid] = useState("");
  const fetcher = useFetcher();
  const more = useFetcher<MoreTimeReply>();
  const hydrated = useHydrated();
  const given = more.data && "deadline" in more.data ? more.data.deadline : null;
  // The deadline the district API answered "More time" with, until the page has it too.
  const deadline = given && Date.parse(given) > Date.parse(pageDeadline) ? given : pageDeadline;
  const fired = useRef(false);
  const timer = useRef<HTMLParagraphElement>(null);
  const submit = fetcher.submit;
  // Said once when given, the focus on the time left where the button was; the warnings are
  // said again as the new deadline nears.
  useEffect(() => {
    if (!given) return;
    setSaid(t("card.moreTimeGiven"));
    timer.current?.focus();
  }, [given]);
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
      if (crossed) setSaid(t(`card.timeWarning.${crossed}`));
      if (ms <= 0 && !fired.current) {
        fired.current = true;
        window.clearInterval(id);
        clearPaymentTimer(window.localStorage, courseSelectionUUID);
        window.dispatchEvent(new CustomEvent(EXPIRED_EVENT));
        submit({ intent: "expire", courseSelectionUUID }, { method: "post", action: "/programs" });
      }
    };
    const id = window.setInterval(tick, 900);
    tick();
    return () => window.clearInterval(id);
  }, [courseSelectionUUID, deadline, submit]);
  return (
    <>
      <Text ref={timer} tabIndex={-1} size="sm" fw={600} c="red.8" role="timer" aria-live="off">
        {t("card.timeLeft", { time: left })}
      </Text>
      {/* In the page from the start, empty: a live region announces what changes in it. */}
      <div role="status" aria-live="polite" className="visually-hidden">
        {said}
      </div>
      {more.data && "error" in more.data ? <p className="ac-error">{more.data.error}</p> : null}
      {extendable && !given && offersMoreTime(countdownMs(left)) ? (
        <more.Form method="post" action="/programs">
          <input type="hidden" name="intent" value="moreTime" />
          <input type="hidden" name="registrationId" value={extendable} />
          <input type="hidden" name="back" value={back} />
          {/* Only a script's post asks for the deadline as data; a plain post gets the page. */}
          {hydrated ? <input type="hidden" name="reply" value="json" /> : null}
          <button
            type="submit"
            className="ac-button"
            data-look="outline"
            disabled={more.state !== "idle"}
          >
            {t("card.moreTime")}
          </button>
        </more.Form>
      ) : null}
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
