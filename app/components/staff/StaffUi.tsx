// The staff pages' controls are Mantine's, used as its authors mean: MantineProvider with the
// app's theme around the page, and Mantine's styles (decision 118). The family pages never load
// this module; they use the project's own controls (app/ui).
import type { LinksFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import mantineStyles from "~/styles/mantine.css?url";
import { theme } from "~/theme";

export const staffLinks: LinksFunction = () => [{ rel: "stylesheet", href: mantineStyles }];

export function StaffUi({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
