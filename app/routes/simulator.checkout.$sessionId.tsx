// The payment simulator's hosted checkout page (used without Stripe keys, like Stripe Checkout):
// a plain form, clearly labelled test mode. Paying delivers the simulator's event to the district
// API, which fulfils; then the browser returns to the payment-complete page.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/mantine/Alert";
import { Badge } from "~/ui/mantine/Badge";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Paper } from "~/ui/mantine/Paper";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { TextInput } from "~/ui/mantine/TextInput";
import { Title } from "~/ui/mantine/Title";
import { z } from "zod";
import { SimulatorSession } from "@domain/contract/payments";
import { t } from "@domain/messages/fees";
import { formatUsd, toCents } from "@domain/rules/money";
import { callApi } from "~/.server/api";
import { requireFamily } from "~/.server/auth";
import { whoIsSignedIn } from "~/.server/payments";

async function who(request: Request) {
  const w = await whoIsSignedIn(request);
  if (!w) await requireFamily(request);
  return w ?? "student";
}

/** Only our own pages are return addresses (never an open redirect). */
function localPath(url: string): string {
  try {
    const u = new URL(url, "http://local");
    return `${u.pathname}${u.search}`;
  } catch {
    return "/";
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await who(request);
  const r = await callApi(
    { request, context },
    {
      path: `/v1/payment/simulator/checkout/${encodeURIComponent(params.sessionId ?? "")}`,
      auth,
      reply: SimulatorSession,
    },
  );
  if (!r.ok) return json({ session: null });
  return json({ session: { ...r.data, cancelUrl: localPath(r.data.cancelUrl) } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await who(request);
  const form = await request.formData();
  const cardNumber = String(form.get("cardNumber") ?? "").slice(0, 40);
  const expiry = String(form.get("expiry") ?? "").slice(0, 10);
  const cvc = String(form.get("cvc") ?? "").slice(0, 6);
  const r = await callApi(
    { request, context },
    {
      path: `/v1/payment/simulator/checkout/${encodeURIComponent(params.sessionId ?? "")}/pay`,
      method: "POST",
      auth,
      body: { cardNumber, expiry, cvc },
      reply: z.object({ redirectUrl: z.string() }),
      timeoutMs: 30_000,
    },
  );
  if (!r.ok) return json({ error: r.hint ?? r.message }, { status: r.status });
  return redirect(localPath(r.data.redirectUrl));
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
