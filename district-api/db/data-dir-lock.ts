// One process at a time on an embedded database (decision 135). PGlite is a single-process
// PostgreSQL: a second process that opens the same folder keeps its own buffers and overwrites the
// first one's files, so a write "succeeds" and is lost, and the folder is damaged on the next start.
// Whoever opens the folder first writes `<folder>.lock` beside it (created exclusively, O_EXCL)
// with its process id, the process's start time and who it is (the server, or a command); everyone
// else is refused until the holder closes the database or its process is gone. Node has no
// `flock`, so liveness is checked instead: the process id answers a signal 0 and, on Linux, still
// has the start time written (a reused process id is not the holder).
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";

export interface LockHolder {
  pid: number;
  /** /proc/<pid>/stat's start time (clock ticks after boot); null where there is no /proc. */
  startTime: string | null;
  host: string;
  /** "the server", or the command, e.g. "npm run admin:create". */
  who: string;
}

/** The folder is in use by another live process (or another holder in this one). */
export class DataDirInUse extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    super(
      holder.host !== hostname()
        ? `${holder.who} on host ${holder.host} holds this DATA_DIR (process ${holder.pid}); if nothing there uses it, remove ${lockFile}`
        : holder.who === "the server"
          ? `the server is running on this DATA_DIR (process ${holder.pid}); stop it first`
          : `${holder.who} is using this DATA_DIR (process ${holder.pid}); wait for it to finish`,
    );
    this.name = "DataDirInUse";
  }
}

/** Lock files this process holds (two opens in one process would damage the folder as well). */
const heldHere = new Set<string>();

function startTimeOf(pid: number): string | null {
  try {
    // Field 22; the command name (field 2) is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function alive(holder: LockHolder): boolean {
  // Another machine's process (a folder shared between containers) cannot be checked: held.
  if (holder.host !== hostname()) return true;
  // This process, but not a lock it took: left by an earlier life of the same process id (a
  // container's process 1 after a restart).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = startTimeOf(holder.pid);
  return holder.startTime === null || now === null || now === holder.startTime;
}

function readHolder(lockFile: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number") return null;
    return {
      pid: parsed.pid,
      startTime: parsed.startTime ?? null,
      host: parsed.host ?? hostname(),
      who: parsed.who ?? "another process",
    };
  } catch {
    // Absent, or half-written (lockDataDir looks again).
    return null;
  }
}

/** Who holds the embedded database in `pgliteDir` now, or null. */
export function dataDirHolder(pgliteDir: string): LockHolder | null {
  const lockFile = `${pgliteDir}.lock`;
  if (heldHere.has(lockFile)) {
    return { pid: process.pid, startTime: null, host: hostname(), who: "this process" };
  }
  const holder = readHolder(lockFile);
  return holder && alive(holder) ? holder : null;
}

/**
 * Takes the embedded database in `pgliteDir` for this process, or throws DataDirInUse. The
 * returned function gives it back (after the database is closed).
 */
export function lockDataDir(pgliteDir: string, who: string): () => void {
  const lockFile = `${pgliteDir}.lock`;
  const mine: LockHolder = {
    pid: process.pid,
    startTime: startTimeOf(process.pid),
    host: hostname(),
    who,
  };
  if (heldHere.has(lockFile)) {
    throw new DataDirInUse({ ...mine, who: "this process" }, lockFile);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify(mine));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readHolder(lockFile);
      if (holder && alive(holder)) throw new DataDirInUse(holder, lockFile);
      // A holder that is gone (killed, crashed): its lock is stale. Two processes may both see
      // it stale; the one whose create wins holds it, the other finds the winner alive.
      if (attempt >= 3) {
        throw new DataDirInUse(holder ?? { ...mine, who: "another process" }, lockFile);
      }
      // An unreadable lock is being written right now, or was torn by a crash: look again
      // shortly, and take it over the second time.
      if (holder || attempt >= 2) rmSync(lockFile, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  heldHere.add(lockFile);
  return () => {
    if (!heldHere.delete(lockFile)) return;
    const holder = readHolder(lockFile);
    if (holder?.pid === process.pid && holder.host === mine.host) rmSync(lockFile, { force: true });
  };
}
