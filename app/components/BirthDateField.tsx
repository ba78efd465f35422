// The birth-date field of the sign-in and community registration (decision 143), in a module of
// its own so that only those pages carry its script.
import type { FormEvent } from "react";
import { formatTypedDate } from "@domain/rules/typed-date";
import { t } from "@domain/messages/common";
import { TextField, type FieldMeta } from "./fields";

/**
 * A birth date, month first. Phones bring up a digits-only keypad without "/": the server reads
 * "01152012" as well as "01/15/2012" (typedDateToIso), and with JavaScript the slashes appear as
 * the digits are typed (only while the caret is at the end, so an edit in the middle is left as
 * the parent makes it).
 */
export function BirthDateField({ meta, label }: { meta: FieldMeta; label: string }) {
  return (
    <TextField
      meta={meta}
      label={label}
      inputMode="numeric"
      placeholder={t("signin.dobPlaceholder")}
      autoComplete="bday"
      maxLength={20}
      onInput={slashesAsTyped}
    />
  );
}

function slashesAsTyped(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  if (input.selectionStart !== input.value.length) return;
  const shown = formatTypedDate(input.value);
  if (shown !== input.value) input.value = shown;
}
