import { createTheme, type MantineColorsTuple } from "@mantine/core";

// The theme: the staff pages' MantineProvider takes it, and app/styles/theme.css (the CSS
// variables every page uses, family pages included) is generated from it (`npm run theme:css`).

// Shades around the district's primary colour #631d79 (index 7).
const district: MantineColorsTuple = [
  "#f8edfb",
  "#ead6f0",
  "#d4a9e1",
  "#bd79d2",
  "#a952c5",
  "#9c39bd",
  "#7a2a94",
  "#631d79",
  "#521765",
  "#3f0f4e",
];

export const theme = createTheme({
  primaryColor: "district",
  primaryShade: 7,
  colors: { district },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "md",
});
