// The staff cart's "Empty Cart" asks first (issue 21), as the family cart's does: the confirmation
// is a URL over the cart, so it works without JavaScript; its button posts the cart page's own
// "empty" intent.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { t } from "@domain/messages/fees";
import { requireStaff } from "~/.server/auth";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { EMPTY_CART_OPENER } from "~/components/cart/CartPage";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return null;
}

export default function ConfirmEmptyStaffCart() {
  const navigation = useNavigation();
  return (
    <PageDialog
      title={t("cart.confirmEmpty.title")}
      closeHref="/instructor/cart"
      closeLabel={t("cart.confirmEmpty.keep")}
      openerId={EMPTY_CART_OPENER}
    >
      <Form method="post" action="/instructor/cart">
        <input type="hidden" name="intent" value="empty" />
        <Stack>
          <Text>{t("cart.confirmEmpty.body")}</Text>
          <Group justify="flex-end">
            <Button
              component={Link}
              to={hrefTo("/instructor/cart", EMPTY_CART_OPENER)}
              variant="default"
            >
              {t("cart.confirmEmpty.keep")}
            </Button>
            <Button type="submit" color="red" loading={navigation.state === "submitting"}>
              {t("cart.emptyCart")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </PageDialog>
  );
}
