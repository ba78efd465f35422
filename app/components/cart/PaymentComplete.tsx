// "Payment Complete" with a 5-second countdown to /programs, or the error and the way back.
import { useEffect, useState } from "react";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { Alert } from "~/ui/mantine/Alert";
import { Button } from "~/ui/mantine/Button";
import { Paper } from "~/ui/mantine/Paper";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { Title } from "~/ui/mantine/Title";
import { t } from "@domain/messages/fees";

export function PaymentCompletePage() {
  const d = useLoaderData<{
    failed: boolean;
    pending: boolean;
    next: string;
    creditsApplied?: boolean;
  }>();
  const [seconds, setSeconds] = useState(5);
  const navigate = useNavigate();
  useEffect(() => {
    if (d.failed) return;
    const id = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(id);
  }, [d.failed]);
  useEffect(() => {
    if (!d.failed && seconds === 0) navigate(d.next);
  }, [seconds, d.failed, d.next, navigate]);
  if (d.failed) {
    return (
      <Paper className="center-narrow" p="lg" withBorder>
        <Stack>
          <Alert color="red" role="alert">
            {t("paymentComplete.error")}
          </Alert>
          <Button component={Link} to="/programs">
            {t("paymentComplete.return")}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Stack>
        <Title order={1}>{t("paymentComplete.title")}</Title>
        {d.pending ? <Text>{t("paymentComplete.pending")}</Text> : null}
        {d.creditsApplied ? (
          <Alert color="green" role="status">
            {t("payment.creditsApplied")}
          </Alert>
        ) : null}
        <Text role="timer">{t("paymentComplete.redirect", { seconds })}</Text>
      </Stack>
    </Paper>
  );
}
