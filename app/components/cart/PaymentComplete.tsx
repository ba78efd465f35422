// "Payment Complete" with a 5-second countdown to the next page, "Payment Processing" while the
// provider's confirmation is still on its way (the page checks again every 5 seconds), or the
// error and the way back (decision 102).
import { useEffect, useState } from "react";
import { Link, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "~/ui";
import { formatUsd } from "@domain/rules/money";
import { t } from "@domain/messages/receipts";

type Outcome = "complete" | "pending" | "failed";
const WAIT_SECONDS = 5;

/** The page's meta refresh: on to the next page once complete, the same page while pending. */
export function completeMeta(data: { outcome: Outcome; next: string; stay?: boolean } | undefined) {
  if (data?.outcome === "complete" && !data.stay) {
    return [{ httpEquiv: "refresh", content: `${WAIT_SECONDS};url=${data.next}` }];
  }
  if (data?.outcome === "pending") return [{ httpEquiv: "refresh", content: `${WAIT_SECONDS}` }];
  return [];
}

export function PaymentCompletePage() {
  const d = useLoaderData<{
    outcome: Outcome;
    next: string;
    creditsApplied?: boolean;
    stay?: boolean;
    stayHref?: string;
    paid?: { amountCents: number; paidFor: string; cartId: number | null } | null;
  }>();
  const [seconds, setSeconds] = useState(WAIT_SECONDS);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The spec's countdown, unless the person chose to stay (decision 144).
  const waiting = d.outcome === "pending" || (d.outcome === "complete" && !d.stay);
  useEffect(() => {
    if (!waiting) return;
    setSeconds(WAIT_SECONDS);
    const id = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(id);
  }, [waiting, d.outcome]);
  useEffect(() => {
    if (seconds !== 0) return;
    if (d.outcome === "complete") navigate(d.next);
    else if (d.outcome === "pending" && revalidator.state === "idle") {
      revalidator.revalidate();
      setSeconds(WAIT_SECONDS);
    }
  }, [seconds, d.outcome, d.next, navigate, revalidator]);
  if (d.outcome === "failed") {
    return (
      <Paper className="center-narrow" p="lg" withBorder>
        <Stack>
          <Alert color="red" role="alert">
            {t("paymentComplete.error")}
          </Alert>
          <Button component={Link} to={d.next}>
            {t("paymentComplete.return")}
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (d.outcome === "pending") {
    return (
      <Paper className="center-narrow" p="lg" withBorder>
        <Stack>
          <Title order={1}>{t("paymentComplete.pendingTitle")}</Title>
          <Text role="status">{t("paymentComplete.pending")}</Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Stack>
        <Title order={1}>{t("paymentComplete.title")}</Title>
        {d.creditsApplied ? (
          <Alert color="green" role="status">
            {t("payment.creditsApplied")}
          </Alert>
        ) : null}
        {d.paid ? (
          <Text>
            {t("paymentComplete.paid", {
              amount: formatUsd(d.paid.amountCents),
              what: d.paid.paidFor,
            })}
          </Text>
        ) : null}
        {d.paid?.cartId ? (
          <Anchor component={Link} to={`/cart-receipt/${d.paid.cartId}`}>
            {t("paymentComplete.receipt")}
          </Anchor>
        ) : null}
        {d.stay ? null : <Text role="timer">{t("paymentComplete.redirect", { seconds })}</Text>}
        <Group>
          {d.stay || !d.stayHref ? null : (
            // A whole-page load: it also cancels the page's refresh, which a script cannot.
            <Anchor href={d.stayHref}>{t("paymentComplete.stay")}</Anchor>
          )}
          <Anchor component={Link} to={d.next}>
            {t("paymentComplete.continue")}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
