/**
 * Reading JSON and YAML a user wrote (configs, policies, replay records, ladders, axes and pool
 * lines) within limits that refuse early and clearly: a size cap read without trusting the file's
 * size (a device such as /dev/zero, a pipe), a nesting depth checked on the text before parsing
 * (so a file nested 10^6 deep never reaches a recursive parser or walker), finite numbers only
 * (JSON's 1e999 and YAML's .inf/.nan are refused naming their key), and a UTF-8 byte order mark
 * accepted as YAML accepts it. Every refusal is a UserError naming the file.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { UserError } from './errors.js';

/** Deepest nesting of arrays and objects any input of gbgc needs (configs and policies use fewer than 8 levels). */
export const MAX_NESTING = 64;

/** Largest text file gbgc reads (a config, a record, a ladder, a .gbg source): 64 MiB. */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

const MiB = (n: number): string => `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;

/**
 * Read at most `maxBytes` of a file, refusing a larger one; the size is found by reading, so a
 * device that never ends (/dev/zero) or a pipe is refused after `maxBytes + 1` bytes.
 * @throws UserError naming `path` when it cannot be read or is larger than `maxBytes`
 */
export function readFileCapped(path: string, maxBytes: number, what = 'file'): Buffer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UserError(`cannot read ${path}: ${why}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new UserError(`cannot read ${path}: is a directory`);
    if (st.isFile() && st.size > maxBytes) throw new UserError(`${path}: ${MiB(st.size)}, larger than the ${MiB(maxBytes)} gbgc reads for a ${what}`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1 - total));
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw new UserError(`cannot read ${path}: ${code === 'EISDIR' ? 'is a directory' : (e as Error).message}`);
      }
      if (n === 0) break;
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
      total += n;
      if (total > maxBytes)
        throw new UserError(`${path}: more than the ${MiB(maxBytes)} gbgc reads for a ${what}${st.isFile() ? '' : ' (it is not a regular file)'}`);
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Read a UTF-8 text file within {@link MAX_TEXT_BYTES} (or `maxBytes`). @throws UserError as {@link readFileCapped} */
export function readTextCapped(path: string, what = 'file', maxBytes = MAX_TEXT_BYTES): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(readFileCapped(path, maxBytes, what));
}

/** `text` without a leading UTF-8 byte order mark. */
export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** 1-based line and column of offset `i` in `text`. */
function lineCol(text: string, i: number): string {
  let line = 1;
  let last = -1;
  for (let k = text.indexOf('\n'); k !== -1 && k < i; k = text.indexOf('\n', k + 1)) {
    line++;
    last = k;
  }
  return `${line}:${i - last}`;
}

/**
 * The offset where brackets (`[`/`{`) outside strings first nest deeper than `maxDepth`, or -1.
 * Strings in double quotes (JSON, YAML) and single quotes (YAML, with `yaml`) are skipped.
 */
export function nestingTooDeep(text: string, maxDepth: number, singleQuotes = false): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */ || (singleQuotes && c === 39) /* ' */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */ && c === 34) i++;
        else if (d === c) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return i;
    } else if (c === 93 || c === 125) depth--;
    else if (singleQuotes && c === 35 /* # */) {
      // a YAML comment runs to the end of the line
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl;
    }
  }
  return -1;
}

/**
 * Walk a parsed value without recursion: refuse nesting deeper than `maxDepth` and numbers that are
 * not finite, naming the key path.
 * @throws UserError naming `where` and the key
 */
export function checkParsed(value: unknown, where: string, maxDepth = MAX_NESTING): void {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) throw new UserError(`${where}: ${path || '(top)'}: ${v} is not a finite number`);
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) throw new UserError(`${where}: ${path || '(top)'}: nested deeper than ${maxDepth} levels`);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, path: `${path}[${i}]`, depth: depth + 1 }));
    else for (const [k, x] of Object.entries(v as Record<string, unknown>)) stack.push({ v: x, path: path ? `${path}.${k}` : k, depth: depth + 1 });
  }
}

/**
 * Parse JSON text a user gave: a byte order mark is skipped, nesting deeper than `maxDepth` is
 * refused before parsing, and every number must be finite.
 * @throws UserError `WHERE: not valid JSON: …`, `WHERE:LINE:COL: nested deeper than N levels`, or naming a non-finite number's key
 */
export function parseJsonInput(text: string, where: string, maxDepth = MAX_NESTING): unknown {
  const t = stripBom(text);
  const deep = nestingTooDeep(t, maxDepth);
  if (deep !== -1) throw new UserError(`${where}:${lineCol(t, deep)}: nested deeper than ${maxDepth} levels`);
  let data: unknown;
  try {
    data = JSON.parse(t);
  } catch (e) {
    throw new UserError(`${where}: not valid JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  checkParsed(data, where, maxDepth);
  return data;
}

/**
 * Parse YAML text a user gave, with the limits of {@link parseJsonInput}: flow collections nested
 * deeper than `maxDepth` and block indentation deeper than 4·`maxDepth` columns are refused before
 * parsing; aliases may not expand beyond the `yaml` library's default count.
 * @throws UserError `WHERE: not valid YAML: …` or as {@link parseJsonInput}
 */
export function parseYamlInput(text: string, where: string, maxDepth = MAX_NESTING): unknown {
  const t = stripBom(text);
  const deep = nestingTooDeep(t, maxDepth, true);
  if (deep !== -1) throw new UserError(`${where}:${lineCol(t, deep)}: nested deeper than ${maxDepth} levels`);
  const indent = /^( {256,})\S/m.exec(t);
  if (indent) throw new UserError(`${where}:${lineCol(t, indent.index)}: indented ${indent[1].length} columns, nested deeper than gbgc reads`);
  let data: unknown;
  try {
    data = parseYaml(t, { logLevel: 'error' });
  } catch (e) {
    throw new UserError(`${where}: not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  checkParsed(data, where, maxDepth);
  return data;
}
