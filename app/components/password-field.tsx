// The password field, in a module of its own: only the staff sign-in page loads PasswordInput.
import { PasswordInput } from "~/ui/mantine/PasswordInput";
import { invalidFocus, type FieldProps } from "./fields";

export function PasswordField({ meta, label, ...rest }: FieldProps) {
  return (
    <PasswordInput
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      defaultValue={meta.initialValue as string | undefined}
      error={meta.errors?.[0]}
      autoFocus={invalidFocus(meta)}
      {...(rest as object)}
    />
  );
}
