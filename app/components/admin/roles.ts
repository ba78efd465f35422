import { t, type AdminKey } from "@domain/messages/admin";

/** A role's name as administrators read it ("Fee administrator"); an unknown role as it is. */
export function roleName(role: string): string {
  const key = `admin.staff.role.${role}` as AdminKey;
  const text = t(key);
  return text === key ? role : text;
}
