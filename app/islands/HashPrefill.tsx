import { useEffect } from "react";

export const PREFERRED_READER_KEY = "PreferredReaderId";

/**
 * Prefills the login form from the URL hash (#studentId=…&dob=…&readerId=…) and submits it.
 * The hash never reaches the server, so the birth date stays out of server logs.
 */
export function HashPrefill({ formId }: { formId: string }) {
  useEffect(() => {
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    const studentId = hash.get("studentId");
    const dob = hash.get("dob");
    const readerId = hash.get("readerId");
    if (readerId) window.localStorage.setItem(PREFERRED_READER_KEY, readerId);
    if (!studentId && !dob) return;
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const set = (name: string, value: string | null) => {
      const input = form.elements.namedItem(name) as HTMLInputElement | null;
      if (input && value !== null) input.value = value;
    };
    set("studentId", studentId);
    set("dob", dob);
    history.replaceState(null, "", window.location.pathname + window.location.search);
    if (studentId && dob) form.requestSubmit();
  }, [formId]);
  return null;
}
