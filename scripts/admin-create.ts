// npm run admin:create -- --username U --employee-id E --name "First Last" [--email …]
// Creates a district administrator (role district_admin) in the configured database (DATABASE_URL,
// or the embedded PGlite in DATA_DIR), migrating first. The password is never an argument (it
// would sit in the shell's history and the process list): it is read without echo from the
// terminal, or as the first line of standard input when that is piped. The creation is recorded in
// the audit trail as made from the command line.
import { parseArgs } from "node:util";
import { DISTRICT_ADMIN_ROLE, StaffAccountRequest } from "../domain/contract/admin";
import { openCommandDatabase } from "./command-database";
import { migrate } from "../district-api/db/migrate";
import { createStaffAccount } from "../district-api/services/staff-accounts";
import { ApiError } from "../district-api/errors";

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'usage: npm run admin:create -- --username U --employee-id E --name "First Last" [--email ADDRESS]\n' +
      "The password is read from the terminal (not shown), or from standard input when piped.",
  );
  process.exit(2);
}

/** Reads a line from the terminal without showing what is typed. */
function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stderr.write("\n");
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done();
        if (ch === "\u0003") return done(new Error("cancelled"));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** The first line of piped standard input. */
async function readPiped(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0] ?? "";
}

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    "employee-id": { type: "string" },
    name: { type: "string" },
    email: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) usage();
if (!values.username || !values["employee-id"] || !values.name) {
  usage("--username, --employee-id and --name are required");
}
const [nameFirst, ...rest] = values.name.trim().split(/\s+/);
if (!nameFirst || rest.length === 0) usage('--name needs a first and a last name, "First Last"');

let password: string;
if (process.stdin.isTTY) {
  password = await readHidden("Password: ");
  if ((await readHidden("Password again: ")) !== password) usage("The passwords differ.");
} else {
  password = await readPiped();
}

const input = StaffAccountRequest.safeParse({
  username: values.username,
  employeeId: values["employee-id"],
  nameFirst,
  nameLast: rest.join(" "),
  email: values.email ?? null,
  roles: [DISTRICT_ADMIN_ROLE],
  password,
});
if (!input.success) {
  usage(input.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
}

const { database } = await openCommandDatabase(
  "npm run admin:create",
  "have an administrator create the account on /admin/staff",
);
let code = 0;
try {
  await migrate(database);
  const account = await createStaffAccount(
    database.db,
    { employeeId: "-", username: "command line" },
    input.data,
    new Date(),
  );
  console.log(`created the district administrator ${account.username} (${account.employeeId})`);
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  console.error(err.message);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
