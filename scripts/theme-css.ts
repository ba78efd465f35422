// Writes app/styles/theme.css from app/theme.ts (see app/ui/theme-css.server.ts).
import { writeFileSync } from "node:fs";
import { themeCss } from "../app/ui/theme-css.server";

writeFileSync(new URL("../app/styles/theme.css", import.meta.url), themeCss());
console.log("app/styles/theme.css written");
