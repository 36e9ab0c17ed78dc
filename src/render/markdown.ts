/**
 * Markdown escaping for names that come from the IR, and the Markdown → plain-text conversion
 * behind `gbgc render --format txt`.
 *
 * The templates produce a small Markdown subset: ATX headings (`#`…`####`), `**bold**`,
 * `*italic*`, `` `code` ``, `-` bullets, `1.` numbered items and backslash escapes. `markdownToText` removes
 * exactly that markup; it is not a general Markdown renderer.
 */

/** Characters that mean something inside a line in CommonMark or its common extensions (emphasis, code, links, HTML and entities, tables, strikethrough). */
const SPECIAL = /[\\`*_[\]<>#|~&!]/g;

/**
 * Make a text from a game (its name, an `end` reason, a seat, phase, pile, rank or suit name, an
 * event text) inert in Markdown: it reads exactly as written and cannot create structure. Every
 * inline metacharacter is backslash-escaped (CommonMark lets any ASCII punctuation be escaped),
 * and so is a block marker at its start (`- `, `+ `, `1. `, `1) `, a line of `=`); line breaks cannot occur
 * (the compiler refuses control characters in strings, E0112).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(SPECIAL, (c) => `\\${c}`)
    .replace(/^[-+](?= |$)|^=(?==*$)/, (c) => `\\${c}`)
    .replace(/^(\d+)([.)])(?= |$)/, '$1\\$2');
}

/**
 * Plain text from the renderer's Markdown: headings become underlined lines (levels 1–2) or bare
 * lines (levels 3–4), emphasis and inline-code markers and backslash escapes are removed, bullets stay `-`.
 */
export function markdownToText(md: string): string {
  const out: string[] = [];
  for (const line of md.split('\n')) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const text = stripInline(heading[2]);
      out.push(text);
      if (heading[1].length <= 2) out.push((heading[1].length === 1 ? '=' : '-').repeat(text.length));
      continue;
    }
    out.push(stripInline(line));
  }
  return out.join('\n');
}

/** Remove `**`, `*`, backticks and backslash escapes from one line; escaped characters are kept literally. */
function stripInline(line: string): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && i + 1 < line.length && /[!-/:-@[-`{-~]/.test(line[i + 1])) {
      out += line[i + 1];
      i++;
    } else if (c === '*' || c === '`') {
      // emphasis or inline-code marker: dropped
    } else {
      out += c;
    }
  }
  return out;
}
