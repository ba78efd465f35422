// The password field, in a module of its own: only the staff sign-in page loads PasswordInput.
import { PasswordInput } from "~/ui/mantine/PasswordInput";
import { mantineFieldProps, type FieldProps } from "./fields";

export function PasswordField({ meta, label, ...rest }: FieldProps) {
  return <PasswordInput key={meta.key} {...mantineFieldProps(meta, label)} {...(rest as object)} />;
}
