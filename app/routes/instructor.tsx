// The layout of every /instructor page (staff and cashier): Mantine's provider and styles.
import { Outlet } from "@remix-run/react";
import { StaffUi, staffLinks } from "~/components/staff/StaffUi";

export const links = staffLinks;

export default function InstructorLayout() {
  return (
    <StaffUi>
      <Outlet />
    </StaffUi>
  );
}
