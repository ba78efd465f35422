import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";
import { refreshDueAtMs } from "@domain/rules/session";

/** With JavaScript, refreshes the token 59 s before the session would count as expired. */
export function SessionKeepAlive({ expires }: { expires: number[] }) {
  const { revalidate } = useRevalidator();
  const soonest = expires.length ? Math.min(...expires) : null;
  useEffect(() => {
    if (soonest === null) return;
    const wait = Math.max(0, refreshDueAtMs(soonest) - Date.now());
    const id = window.setTimeout(() => {
      void fetch("/session/refresh", { method: "POST", credentials: "same-origin" }).then(() =>
        revalidate(),
      );
    }, wait);
    return () => window.clearTimeout(id);
  }, [soonest, revalidate]);
  return null;
}
