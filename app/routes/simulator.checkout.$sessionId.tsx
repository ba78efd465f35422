// The payment simulator's hosted checkout page (used without Stripe keys, like Stripe Checkout):
// a plain form, clearly labelled test mode. Paying delivers the simulator's event to the district
// API, which fulfils; then the browser returns to the payment-complete page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from "~/ui";
import { t } from "@domain/messages/fees";
import { formatUsd, toCents } from "@domain/rules/money";
import { simulatorCheckoutPage, simulatorCheckoutAction } from "~/.server/payments";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("payment.checkoutTitle") };

export function loader(args: LoaderFunctionArgs) {
  return simulatorCheckoutPage(args);
}

export function action(args: ActionFunctionArgs) {
  return simulatorCheckoutAction(args);
}

export default function SimulatorCheckout() {
  const { session } = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!session || session.status !== "open") {
    return (
      <Alert color="red" role="alert">
        {t("payment.sessionGone")}
      </Alert>
    );
  }
  const amount = formatUsd(toCents(session.amount));
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t("payment.checkoutTitle")}
          </Title>
          <Badge color="orange" size="lg">
            {t("payment.testMode")}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t("payment.testModeNote")}
        </Text>
        <Text>
          {session.description}: <strong>{amount}</strong>
        </Text>
        {a && "error" in a ? (
          <Alert color="red" role="alert">
            {a.error}
          </Alert>
        ) : null}
        <Form method="post">
          <Stack>
            <TextInput
              name="cardNumber"
              label={t("payment.cardNumber")}
              inputMode="numeric"
              autoComplete="cc-number"
              required
            />
            <Group>
              <TextInput name="expiry" label={t("payment.expiry")} placeholder="12/34" w={120} />
              <TextInput name="cvc" label={t("payment.cvc")} placeholder="123" w={90} />
            </Group>
            <Group justify="space-between">
              <Button component={Link} to={session.cancelUrl} variant="default">
                {t("payment.cancel")}
              </Button>
              <Button type="submit" loading={navigation.state === "submitting"}>
                {t("payment.payAmount", { amount })}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </Paper>
  );
}
