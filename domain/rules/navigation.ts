// Navigation per kind of user (spec 01 §2 "Navigation", spec 02 §2 "Header").
import type { CommonKey } from "../messages/common";

export interface NavUser {
  student: { userType: "student" | "community_member" | "guest_user" } | null;
  staff: { role: string[] } | null;
}

export interface NavItem {
  key: CommonKey;
  href: string;
}

export function navigationFor(user: NavUser): NavItem[] {
  if (user.staff) {
    const items: NavItem[] = [{ key: "nav.fees", href: "/instructor/fees" }];
    if (user.staff.role.includes("fee_admin"))
      items.push({ key: "nav.feeRequests", href: "/instructor/fee-proposals" });
    if (user.staff.role.includes("instructor"))
      items.push({ key: "nav.myActivities", href: "/instructor/" });
    items.push({ key: "nav.instructions", href: "/instructions" });
    // The business office (decision 123): its own role, and administrators have it too.
    if (user.staff.role.some((r) => r === "business_office" || r === "district_admin"))
      items.push({ key: "nav.businessOffice", href: "/office" });
    if (user.staff.role.includes("district_admin"))
      items.push({ key: "nav.administration", href: "/admin" });
    return items;
  }
  if (user.student) {
    if (user.student.userType === "guest_user") return [{ key: "nav.fees", href: "/fees" }];
    const items: NavItem[] = [
      { key: "nav.fees", href: "/fees" },
      { key: "nav.register", href: "/programs" },
      { key: "nav.myRegistrations", href: "/my-registrations" },
      { key: "nav.instructions", href: "/instructions" },
    ];
    if (user.student.userType === "community_member")
      items.push({ key: "nav.myProfile", href: "/edit-profile" });
    return items;
  }
  return [
    { key: "nav.createCommunityAccount", href: "/register-community-member" },
    { key: "nav.instructorLogin", href: "/instructor/sign-in" },
  ];
}

/** The cart of employees is /instructor/cart; everyone else's is /cart. */
export function cartHref(user: NavUser): string | null {
  if (user.staff) return "/instructor/cart";
  if (user.student) return "/cart";
  return null;
}
