import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";

/**
 * Finds the system programs the tests need (Debian's Chromium, PostgreSQL server binaries) and,
 * on a fresh Debian machine where we may run apt-get, installs them. Anywhere else it
 * stops with a message saying exactly what to install. Never downloads browsers from elsewhere.
 */

const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const PG_PROGRAMS = ["initdb", "pg_ctl", "postgres"];

export class MissingSystemDependency extends Error {}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function canUseApt(): boolean {
  return isRoot() && findOnPath("apt-get") !== undefined;
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed with exit code ${result.status ?? result.signal}`);
  }
}

let aptUpdated = false;

/** `apt-get update` (once per process) then `apt-get install -y <packages>`, output shown. */
function aptInstall(packages: string[]): void {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  console.log(`[system-deps] installing Debian package(s): ${packages.join(" ")}`);
  if (!aptUpdated) {
    run("apt-get", ["update"], { env });
    aptUpdated = true;
  }
  run("apt-get", ["install", "-y", ...packages], { env });
}

function findChromium(): string | undefined {
  return CHROMIUM_CANDIDATES.find(isExecutable);
}

/** Path of Debian's Chromium; installs the `chromium` package when it is missing and apt-get may run. */
export function ensureChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new MissingSystemDependency(`CHROMIUM_PATH=${fromEnv} is not an executable file.`);
  }
  const found = findChromium();
  if (found) return found;
  if (canUseApt()) {
    aptInstall(["chromium"]);
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new MissingSystemDependency(
    `Chromium was not found at ${CHROMIUM_CANDIDATES.join(" or ")}.\n` +
      `Install Debian's chromium package: apt-get install chromium\n` +
      `(run it as root; or set CHROMIUM_PATH to a Chromium executable).`,
  );
}

function hasPgPrograms(dir: string): boolean {
  return PG_PROGRAMS.every((p) => isExecutable(path.join(dir, p)));
}

function versionOf(dir: string): number {
  return Number.parseFloat(path.basename(path.dirname(dir))) || 0;
}

function findPostgresBin(): string | undefined {
  const initdb = findOnPath("initdb");
  if (initdb) {
    // Prefer the real directory (e.g. /usr/local/bin/initdb → /usr/lib/postgresql/15/bin).
    const realDir = path.dirname(realpathSync(initdb));
    if (hasPgPrograms(realDir)) return realDir;
    if (hasPgPrograms(path.dirname(initdb))) return path.dirname(initdb);
  }
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  return readdirSync(base)
    .map((version) => path.join(base, version, "bin"))
    .filter(hasPgPrograms)
    .sort((a, b) => versionOf(b) - versionOf(a))[0];
}

/** Directory holding initdb, pg_ctl and postgres; installs the `postgresql` package when it is missing. */
export function ensurePostgresBin(): string {
  const found = findPostgresBin();
  if (found) return found;
  if (canUseApt()) {
    aptInstall(["postgresql"]);
    const installed = findPostgresBin();
    if (installed) return installed;
  }
  throw new MissingSystemDependency(
    `PostgreSQL server programs (${PG_PROGRAMS.join(", ")}) were not found on PATH or in /usr/lib/postgresql/*/bin.\n` +
      `Install Debian's postgresql package: apt-get install postgresql\n` +
      `(run it as root; or put a directory containing initdb, pg_ctl and postgres on PATH).`,
  );
}

/**
 * A PostgreSQL client program (pg_dump, pg_restore): from PATH, else the newest under
 * /usr/lib/postgresql/VERSION/bin (a newer pg_dump reads older servers, not the other way round);
 * installs Debian's `postgresql-client` when neither has it and apt-get may run.
 */
export function ensurePgClientProgram(name: string): string {
  const find = () => {
    const onPath = findOnPath(name);
    if (onPath) return onPath;
    const base = "/usr/lib/postgresql";
    if (!existsSync(base)) return undefined;
    return readdirSync(base)
      .map((version) => path.join(base, version, "bin"))
      .filter((dir) => isExecutable(path.join(dir, name)))
      .sort((a, b) => versionOf(b) - versionOf(a))
      .map((dir) => path.join(dir, name))[0];
  };
  const found = find();
  if (found) return found;
  if (canUseApt()) {
    aptInstall(["postgresql-client"]);
    const installed = find();
    if (installed) return installed;
  }
  throw new MissingSystemDependency(
    `${name} was not found on PATH or in /usr/lib/postgresql/*/bin.\nInstall Debian's postgresql-client package: apt-get install postgresql-client`,
  );
}

export const PG_OS_USER = "postgres";

/**
 * PostgreSQL refuses to run as root. When we are root, returns the unprivileged OS user that must
 * own and run the throwaway cluster (creating `postgres` if the system has no such user);
 * otherwise undefined: the cluster runs as the current user.
 */
export function ensurePostgresOsUser(): string | undefined {
  if (!isRoot()) return undefined;
  const exists = spawnSync("id", ["-u", PG_OS_USER], { stdio: "ignore" }).status === 0;
  if (!exists) {
    console.log(`[system-deps] creating the unprivileged user "${PG_OS_USER}" to run PostgreSQL`);
    run("useradd", ["--system", "--no-create-home", "--shell", "/bin/sh", PG_OS_USER]);
  }
  return PG_OS_USER;
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Command and arguments that run `program args` as `user` (runuser, else su), or directly. */
export function asUser(user: string | undefined, program: string, args: string[]): [string, string[]] {
  if (!user) return [program, args];
  const runuser = findOnPath("runuser") ?? ["/usr/sbin/runuser", "/sbin/runuser"].find(isExecutable);
  if (runuser) return [runuser, ["-u", user, "--", program, ...args]];
  return ["su", ["-s", "/bin/sh", user, "-c", [program, ...args].map(shellQuote).join(" ")]];
}

const PGBOUNCER_CANDIDATES = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"];

/** Path of PgBouncer (the hostile suite's multi-process tests); installs Debian's `pgbouncer` when missing. */
export function ensurePgbouncer(): string {
  const find = () => findOnPath("pgbouncer") ?? PGBOUNCER_CANDIDATES.find(isExecutable);
  const found = find();
  if (found) return found;
  if (canUseApt()) {
    aptInstall(["pgbouncer"]);
    const installed = find();
    if (installed) return installed;
  }
  throw new MissingSystemDependency(
    `PgBouncer was not found on PATH or at ${PGBOUNCER_CANDIDATES.join(" or ")}.\n` +
      `Install Debian's pgbouncer package: apt-get install pgbouncer\n` +
      `(run it as root; or put a pgbouncer executable on PATH).`,
  );
}

const VARNISHD_CANDIDATES = ["/usr/sbin/varnishd", "/usr/bin/varnishd"];

/** Whether Debian's varnish-modules is there: its xkey VMOD purges the shared cache by surrogate key. */
function hasXkeyVmod(): boolean {
  return readdirSync("/usr/lib", { withFileTypes: true }).some(
    (d) => d.isDirectory() && existsSync(path.join("/usr/lib", d.name, "varnish/vmods/libvmod_xkey.so")),
  );
}

/** Path of varnishd with the xkey VMOD (`npm run test:deploy`); installs Debian's `varnish` and `varnish-modules` when missing. */
export function ensureVarnish(): string {
  const find = () => {
    const varnishd = findOnPath("varnishd") ?? VARNISHD_CANDIDATES.find(isExecutable);
    return varnishd && hasXkeyVmod() ? varnishd : undefined;
  };
  const found = find();
  if (found) return found;
  if (canUseApt()) {
    aptInstall(["varnish", "varnish-modules"]);
    const installed = find();
    if (installed) return installed;
  }
  throw new MissingSystemDependency(
    `Varnish with the xkey module was not found (varnishd at ${VARNISHD_CANDIDATES.join(" or ")}, libvmod_xkey.so under /usr/lib/*/varnish/vmods).\n` +
      `Install Debian's packages: apt-get install varnish varnish-modules\n` +
      `(run it as root).`,
  );
}
