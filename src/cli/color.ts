/**
 * Colours on a terminal. Diagnostics (`file:line:col: error[CODE]: …`, their carets and help
 * lines) and the `gbgc: error:` prefix are coloured when standard error is a terminal, unless
 * `NO_COLOR` is set to a non-empty value (https://no-color.org) or `--no-color` is given.
 * Colouring is a pure rewrite of the text a command prints, so no command formats differently
 * for a terminal and every golden test of plain output still holds.
 */

const ESC = '\u001b[';
const RESET = `${ESC}0m`;
const STYLE = { bold: '1', red: '1;31', yellow: '1;33', cyan: '36', blue: '1;34' } as const;
const paint = (style: keyof typeof STYLE, s: string): string => `${ESC}${STYLE[style]}m${s}${RESET}`;

/**
 * Whether to colour: a terminal, no `NO_COLOR` (non-empty) and no `--no-color`.
 * @param isTTY whether the stream written is a terminal
 * @param env the environment (for `NO_COLOR`)
 * @param noColorFlag whether `--no-color` was given
 */
export function useColor(isTTY: boolean, env: Record<string, string | undefined>, noColorFlag: boolean): boolean {
  return isTTY && !noColorFlag && !(env.NO_COLOR !== undefined && env.NO_COLOR !== '');
}

const HEAD = /^(.*?:\d+:\d+: )(error|warning)(\[[A-Z]\d+\]: )(.*)$/;
const CARET = /^(\s+\| *)(\^+)$/;
const HELP = /^(\s+= )(help:)(.*)$/;
const PREFIX = /^gbgc: (error|internal error):/;

/**
 * Colour diagnostics and error lines in `text` (ANSI SGR codes): the severity red (error) or
 * yellow (warning), the carets in the same colour, `help:` cyan, the gutter blue. Lines of other
 * shapes are left as they are; `stripColor(colorize(t)) === t`.
 */
export function colorize(text: string, state: { severity: 'error' | 'warning' } = { severity: 'error' }): string {
  return text
    .split('\n')
    .map((line) => {
      const h = HEAD.exec(line);
      if (h) {
        state.severity = h[2] as 'error' | 'warning';
        const c = h[2] === 'error' ? 'red' : 'yellow';
        return `${paint('bold', h[1])}${paint(c, h[2])}${paint('bold', h[3] + h[4])}`;
      }
      const k = CARET.exec(line);
      if (k) return `${paint('blue', k[1])}${paint(state.severity === 'error' ? 'red' : 'yellow', k[2])}`;
      const p = HELP.exec(line);
      if (p) return `${p[1]}${paint('cyan', p[2])}${p[3]}`;
      const e = PREFIX.exec(line);
      if (e) return `gbgc: ${paint('red', `${e[1]}:`)}${line.slice(e[0].length)}`;
      return line;
    })
    .join('\n');
}

/** Remove ANSI SGR codes. */
export function stripColor(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
