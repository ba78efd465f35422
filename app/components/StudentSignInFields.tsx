// A family member's ID and birth date, as the sign-in asks them: the sign-in page and "Add another
// child" (decision 165) are the same two fields with the same labels and the same schema.
import { t } from "@domain/messages/common";
import { BirthDateField } from "~/components/BirthDateField";
import { TextField } from "~/components/fields";

/** The two fields' labels, for the error summary's links. */
export function studentSignInLabel(name: string): string | undefined {
  if (name === "studentId") return t("signin.studentId");
  if (name === "dob") return t("signin.dob");
  return undefined;
}

export function StudentSignInFields(p: {
  studentId: Parameters<typeof TextField>[0]["meta"];
  dob: Parameters<typeof BirthDateField>[0]["meta"];
  /** "username" on the sign-in (a password manager keeps the ID); "off" for another child's. */
  idAutoComplete: "username" | "off";
}) {
  return (
    <>
      <TextField
        meta={p.studentId}
        label={t("signin.studentId")}
        inputMode="numeric"
        autoComplete={p.idAutoComplete}
      />
      <BirthDateField meta={p.dob} label={t("signin.dob")} />
    </>
  );
}
