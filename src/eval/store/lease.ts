/**
 * One writer per run store: the writer lease. A process that opens a store for writing records
 * itself in `meta(key = 'writer')` as JSON `{pid, host, since, heartbeat}` (heartbeat in ms since
 * the epoch, renewed every {@link HEARTBEAT_MS}) inside an immediate transaction, so two processes
 * cannot both take it. A second writer finds the lease held and stops with a one-line error naming
 * the holder. A lease is stale, and is taken over with a notice, when its holder is a process of
 * this host that no longer runs (`kill -9`, a crash, a reboot), or a process of another host whose
 * heartbeat is older than {@link STALE_MS}. Closing the store releases the lease.
 */
import type Database from 'better-sqlite3';
import { hostname } from 'node:os';
import { UserError } from '../../util/errors.js';
import { isSqliteError } from './errors.js';

/** The meta key of the lease. */
export const LEASE_KEY = 'writer';
/** How often the holder renews its heartbeat. */
export const HEARTBEAT_MS = 10_000;
/** A lease of another host whose heartbeat is older than this is stale. */
export const STALE_MS = 60_000;
/** How long a writer waits for SQLite's write lock while taking the lease. */
const LOCK_WAIT_MS = 1_500;

/** The holder of a store's writer lease. */
export interface Lease {
  pid: number;
  host: string;
  /** ISO time the lease was taken. */
  since: string;
  /** Milliseconds since the epoch of the holder's last renewal. */
  heartbeat: number;
}

function parseLease(text: string | undefined): Lease | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as Partial<Lease>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.heartbeat === 'number')
      return { pid: v.pid, host: v.host, since: String(v.since ?? ''), heartbeat: v.heartbeat };
  } catch {
    // an unreadable lease holds nothing
  }
  return undefined;
}

/** Whether a process of this host runs (a process of another user counts as running). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readLease = (db: Database.Database): Lease | undefined =>
  parseLease((db.prepare('SELECT value FROM meta WHERE key = ?').get(LEASE_KEY) as { value: string } | undefined)?.value);

const describe = (l: Lease): string => `pid ${l.pid} on ${l.host}${l.since ? `, since ${l.since}` : ''}`;

/** Why a lease held by someone else is stale, or undefined when it is live. */
function staleness(l: Lease, now: number): string | undefined {
  if (l.host === hostname()) return running(l.pid) ? undefined : 'that process no longer runs';
  const age = now - l.heartbeat;
  return age > STALE_MS ? `its last heartbeat was ${Math.round(age / 1000)} s ago` : undefined;
}

/** A held writer lease: renew it while writing, release it when done. */
export interface HeldLease {
  release(): void;
}

/**
 * Take the writer lease of an open store (its `meta` table must exist).
 * @param notice called with one line when a stale lease is taken over
 * @throws UserError naming the holder when another live process holds the lease
 */
export function takeLease(db: Database.Database, path: string, notice: (line: string) => void): HeldLease {
  const me: Lease = { pid: process.pid, host: hostname(), since: new Date().toISOString(), heartbeat: Date.now() };
  const mine = (l: Lease | undefined): boolean => l !== undefined && l.pid === me.pid && l.host === me.host;
  const held = (l: Lease): UserError =>
    new UserError(
      `${path}: another gbgc is writing this store (${describe(l)}); a run store has one writer at a time: wait for it to finish or stop it, then rerun`,
    );
  // A live lease is refused at once, from a read (which never waits for the holder's transactions).
  const first = readLease(db);
  if (first && !mine(first) && staleness(first, me.heartbeat) === undefined) throw held(first);
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  try {
    db.prepare('BEGIN IMMEDIATE').run();
  } catch (e) {
    db.pragma(`busy_timeout = ${timeout}`);
    if (!isSqliteError(e) || !e.code.startsWith('SQLITE_BUSY')) throw e;
    const l = readLease(db);
    throw l ? held(l) : new UserError(`${path}: another process is writing this store (SQLite: ${e.message}); wait for it to finish, then rerun`);
  }
  try {
    const l = readLease(db);
    if (l && !mine(l)) {
      const why = staleness(l, me.heartbeat);
      if (why === undefined) throw held(l);
      notice(`${path}: took over the writer lease of ${describe(l)} (${why})`);
    }
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(LEASE_KEY, JSON.stringify(me));
    db.prepare('COMMIT').run();
  } catch (e) {
    if (db.inTransaction) db.prepare('ROLLBACK').run();
    throw e;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
  const renew = setInterval(() => {
    if (!db.open || db.inTransaction) return;
    try {
      db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(JSON.stringify({ ...me, heartbeat: Date.now() }), LEASE_KEY);
    } catch {
      // a renewal that fails (a full disk) is retried at the next beat; the writer's own writes report the cause
    }
  }, HEARTBEAT_MS);
  renew.unref();
  return {
    release: () => {
      clearInterval(renew);
      if (!db.open) return;
      try {
        if (db.inTransaction) return;
        if (mine(readLease(db))) db.prepare('DELETE FROM meta WHERE key = ?').run(LEASE_KEY);
      } catch {
        // a lease left behind is stale once this process ends, and taken over with a notice
      }
    },
  };
}
