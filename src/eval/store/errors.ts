/**
 * What a run store's SQLite errors mean to the user. A full disk, a read-only file or folder, a
 * damaged file, a file that is not a gbgc store, a missing table or a column of JSON that is not
 * JSON are conditions the user caused or can fix: each becomes one line (exit 1) naming the store
 * and what to do. Anything else from SQLite stays an internal error.
 */
import { DiagnosticError, UserError } from '../../util/errors.js';

/** The error better-sqlite3 throws (`SqliteError`), recognised by shape. */
interface SqliteLike {
  code: string;
  message: string;
}

/** Whether `e` is an error thrown by SQLite (better-sqlite3's `SqliteError`). */
export function isSqliteError(e: unknown): e is Error & SqliteLike {
  return e instanceof Error && e.name === 'SqliteError' && typeof (e as Partial<SqliteLike>).code === 'string';
}

/** The steps that recover the readable part of a damaged store (SQLite's own `.recover`). */
export function recoverySteps(path: string): string {
  return `check it with: sqlite3 ${path} "PRAGMA integrity_check"; recover what is readable with: sqlite3 ${path} .recover | sqlite3 recovered.db, then use recovered.db (a tournament rerun on it plays only the slots it lacks)`;
}

/**
 * The one-line explanation of a SQLite error a user can cause, or undefined for any other error.
 * @param path the store's path as the user gave it
 * @param e the error thrown by an operation on that store
 */
export function storeErrorMessage(path: string, e: unknown): string | undefined {
  const errno = (e as NodeJS.ErrnoException)?.code;
  if (errno === 'ENOSPC')
    return `${path}: the disk is full; the slots committed so far are kept: free space (or move the store together with its -wal file) and rerun the same command to resume`;
  if (errno === 'EROFS' || errno === 'EACCES' || errno === 'EPERM')
    return `${path}: cannot write the store (${errno === 'EROFS' ? 'read-only file system' : 'permission denied'}); make it and its folder writable, or use another store path`;
  if (!isSqliteError(e)) return undefined;
  const code = e.code;
  const msg = e.message.replace(/\s*\n\s*/g, ' ');
  if (code === 'SQLITE_FULL' || (code.startsWith('SQLITE_IOERR') && /full|space/i.test(msg)) || /no transaction is active/.test(msg))
    return `${path}: the disk is full (SQLite: ${msg}); the slots committed so far are kept: free space (or move the store together with its -wal file) and rerun the same command to resume`;
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH')
    return `${path}: the store is read-only (SQLite: ${msg}); make the file and its folder writable (SQLite also writes ${path}-wal and ${path}-shm next to it), or copy it to a writable folder`;
  if (code.startsWith('SQLITE_CANTOPEN'))
    return `${path}: SQLite cannot open the store (${msg}): the file or its folder is missing or read-only (SQLite writes ${path}-shm next to it even to read); make the folder writable, or copy the store to a writable folder`;
  if (code === 'SQLITE_NOTADB') return `${path}: not a gbgc run store (not an SQLite database: ${msg})`;
  if (code.startsWith('SQLITE_CORRUPT')) return `${path}: the store is damaged (SQLite: ${msg}); ${recoverySteps(path)}`;
  if (code.startsWith('SQLITE_IOERR')) return `${path}: the store could not be read or written (SQLite: ${msg}); check the disk, then ${recoverySteps(path)}`;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return `${path}: the store is locked by another process (SQLite: ${msg}); wait for it to finish, then rerun`;
  if (code === 'SQLITE_TOOBIG') return `${path}: a value in the store is too large for SQLite (${msg}); the store was altered or is damaged`;
  if (
    /^no such (table|view|column|index)|has no column named|^malformed JSON|^JSON cannot hold BLOB|^file is not a database|^malformed database schema|^table \S+ may not be|^cannot (UPDATE|INSERT|DELETE|modify)|^foreign key mismatch/.test(
      msg,
    )
  )
    return `${path}: not a gbgc run store of this version, or an altered one (SQLite: ${msg}); use a store written by gbgc tournament`;
  return undefined;
}

/**
 * Turn a user-caused SQLite error (see {@link storeErrorMessage}) into a UserError naming the store;
 * return any other error unchanged.
 */
export function storeError(path: string, e: unknown): unknown {
  if (e instanceof UserError) return e;
  const m = storeErrorMessage(path, e);
  return m === undefined ? e : new UserError(m);
}

/**
 * Run `fn` on a store, turning user-caused SQLite errors into one-line UserErrors naming `path`.
 * Works for synchronous and asynchronous `fn`.
 */
export function withStoreErrors<T>(path: string, fn: () => T): T {
  let r: T;
  try {
    r = fn();
  } catch (e) {
    throw storeError(path, e);
  }
  if (r instanceof Promise) {
    return r.catch((e: unknown) => {
      throw storeError(path, e);
    }) as T;
  }
  return r;
}

/** Codes of {@link StoreVersionError}: a store of another table layout, or of another engine. */
export type StoreVersionCode = 'store-schema' | 'store-engine';

/**
 * A run store whose recorded schema or engine version is not this gbgc's (exit 1). The message is
 * `PATH: error[CODE]: what differs; what to do`, as the CLI prints it.
 */
export class StoreVersionError extends DiagnosticError {
  constructor(
    readonly path: string,
    override readonly code: StoreVersionCode,
    detail: string,
  ) {
    super(code, detail, path);
    this.name = 'StoreVersionError';
  }
}
