import { Link } from "@remix-run/react";
import { Anchor, Text, Title } from "~/ui";
import { t } from "@domain/messages/common";

export function NotFound() {
  return (
    <section className="center-narrow">
      <Title order={1}>{t("notFound.title")}</Title>
      <Text mt="sm">{t("notFound.body")}</Text>
      <Anchor component={Link} to="/" mt="sm" display="inline-block">
        {t("notFound.home")}
      </Anchor>
    </section>
  );
}
