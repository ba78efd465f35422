// The compiled catalogue every test reads (decision 170): written when it is not there yet (a
// checkout that ran neither `npm test` nor `npm run build`). `npm run messages` writes it again
// after a catalogue is edited; `npm test` always does.
import { existsSync } from "node:fs";
import path from "node:path";
import { writeCompiledCatalogue } from "../../scripts/build-messages";

export default async function setup(): Promise<void> {
  const compiled = path.resolve(import.meta.dirname, "../../domain/messages/compiled/page");
  if (!existsSync(compiled)) await writeCompiledCatalogue("en");
}
