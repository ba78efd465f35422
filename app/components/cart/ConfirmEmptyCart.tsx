// "Empty Cart" asks first, as one tap would lose every item: the confirmation is a URL over the
// cart, so it works without JavaScript; its button posts the cart page's own "empty" intent. One
// dialog for the family cart and the staff cart.
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Group, Stack, Text } from "~/ui";
import { t } from "@domain/messages/fees";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { EMPTY_CART_OPENER } from "~/components/cart/CartPage";

/** `cartPath`: the cart page the dialog opens over and posts to (`/cart`, `/instructor/cart`). */
export function ConfirmEmptyCartDialog({ cartPath }: { cartPath: string }) {
  const navigation = useNavigation();
  return (
    <PageDialog
      title={t("cart.confirmEmpty.title")}
      closeHref={cartPath}
      closeLabel={t("cart.confirmEmpty.keep")}
      openerId={EMPTY_CART_OPENER}
    >
      <Form method="post" action={cartPath}>
        <input type="hidden" name="intent" value="empty" />
        <Stack>
          <Text>{t("cart.confirmEmpty.body")}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={hrefTo(cartPath, EMPTY_CART_OPENER)} variant="default">
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
