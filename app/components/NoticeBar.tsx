import { useEffect, useState } from "react";
import { Notification } from "~/ui/mantine/Notification";
import { t } from "@domain/messages/common";

const COLORS = { success: "green", error: "red", info: "district", warning: "yellow" } as const;

/** A snackbar that hides after 10 seconds (spec 01 §9); CSS hides it when JavaScript is off. */
export function NoticeBar({
  notice,
}: {
  notice: { kind: "success" | "error" | "info" | "warning"; text: string };
}) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    setOpen(true);
    const id = setTimeout(() => setOpen(false), 10_000);
    return () => clearTimeout(id);
  }, [notice]);
  if (!open) return null;
  return (
    <div className="notice-bar" role={notice.kind === "error" ? "alert" : "status"}>
      <Notification
        color={COLORS[notice.kind]}
        withBorder
        closeButtonProps={{ "aria-label": t("notice.close") }}
        onClose={() => setOpen(false)}
      >
        {notice.text}
      </Notification>
    </div>
  );
}
