/**
 * `npm run staff:add -- --email ana@example.mx --name "Ana López" --outlets MX-ROM-01,MX-CON-01`
 *
 * Adds a member of staff for the store console (/store), or updates the one with that email (name, password,
 * outlets; an inactive one becomes active). The password never goes on the command line (shell history, ps):
 * it comes from the STAFF_PASSWORD environment variable, else it is asked for on the terminal (not echoed,
 * twice), else read as the first line of standard input. Works on the database the environment names
 * (DATABASE_URL, else PGlite in DATA_DIR), migrating it first.
 *
 * `npm run staff:add -- --email ana@example.mx --deactivate` deactivates that member and ends their sessions.
 *
 * Roles: a member is `staff` (the orders console) or `manager` (also the chain's coupons, /store/coupons). Add
 * `--role manager` when adding (a new member is `staff` unless told; an update keeps the role unless told), or
 * change only the role of an existing member: `npm run staff:add -- --email ana@example.mx --role manager`.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { now } from "../clock";
import { refuseArgs, type Tool, toolArgs, withDatabase } from "../cli";
import type { Database } from "../db/client";
import { passwordProblem } from "./password";
import { deactivateStaff, saveStaff, setStaffRole, STAFF_ROLES, type StaffRole } from "./staff";

const USAGE = "usage: npm run staff:add -- --email <email> --name <name> --outlets <CODE>[,<CODE>...] [--role staff|manager]\n" +
  "       npm run staff:add -- --email <email> --role staff|manager   (only the role of an existing member)\n" +
  "       npm run staff:add -- --email <email> --deactivate\n" +
  "       the password comes from STAFF_PASSWORD, a terminal prompt, or the first line of standard input";

const TOOL: Tool = { name: "staff:add", usage: USAGE };
function fail(message: string): never {
  return refuseArgs(TOOL, message);
}

/** One line from the terminal without echoing it, or the first line of a piped standard input. */
function readSecret(question: string): Promise<string> {
  const tty = Boolean(process.stdin.isTTY);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  if (tty) process.stdout.write(question);
  const rl = createInterface({ input: process.stdin, output: tty ? muted : undefined, terminal: tty });
  return new Promise((resolve, reject) => {
    let answered = false;
    rl.once("line", (line) => {
      answered = true;
      if (tty) process.stdout.write("\n");
      rl.close();
      resolve(line);
    });
    rl.once("close", () => {
      if (!answered) reject(new Error("no password given"));
    });
  });
}

async function password(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await readSecret("Password: ");
  if (process.stdin.isTTY) {
    const again = await readSecret("Password again: ");
    if (again !== first) fail("the two passwords differ");
  }
  return first;
}

async function main() {
  const values = toolArgs<{ email?: string; name?: string; outlets?: string; role?: string; password?: string; deactivate?: boolean }>(TOOL, {
    email: { type: "string" },
    name: { type: "string" },
    outlets: { type: "string" },
    role: { type: "string" },
    password: { type: "string" },
    deactivate: { type: "boolean" },
  });
  if (!values) return;
  if (values.password !== undefined) fail("never pass the password as an argument: use STAFF_PASSWORD or the prompt");
  if (values.deactivate) {
    if (!values.email) fail("--deactivate needs --email");
    await withStaffDatabase(async (db) => {
      const found = await deactivateStaff(db, values.email!, now());
      if (!found) throw new Error(`no staff with the email ${values.email}`);
      console.log(`staff:add: deactivated ${values.email!.trim().toLowerCase()} and ended their sessions`);
    });
    return;
  }
  if (values.role !== undefined && !STAFF_ROLES.includes(values.role as StaffRole)) fail(`--role is staff or manager, not ${values.role}`);
  const role = values.role as StaffRole | undefined;
  if (role && values.email && !values.name && !values.outlets) {
    const email = values.email;
    await withStaffDatabase(async (db) => {
      if (!(await setStaffRole(db, email, role))) throw new Error(`no staff with the email ${email}`);
      console.log(`staff:add: ${email.trim().toLowerCase()} is now ${role}`);
    });
    return;
  }
  if (!values.email || !values.name || !values.outlets) fail("--email, --name and --outlets are required");
  const secret = await password().catch((error: Error) => fail(error.message));
  const problem = passwordProblem(secret);
  if (problem) fail(problem);

  const { email, name, outlets } = values;
  await withStaffDatabase(async (db) => {
    const { id, created } = await saveStaff(db, { email, name, password: secret, outletCodes: outlets.split(","), role, now: now() });
    const as = role ? ` as ${role}` : "";
    console.log(`staff:add: ${created ? "added" : "updated (their sessions ended)"} staff #${id} (${email.trim().toLowerCase()})${as} for ${outlets}`);
  });
}

/** Runs `work` on the database the environment names, migrated first; an error is printed and exits 1. */
const withStaffDatabase = (work: (db: Database) => Promise<void>) => withDatabase(TOOL, work);

await main();
