/**
 * The match viewer: one self-contained HTML file (inline CSS and script, no network) that replays
 * a game step by step for one perspective — a seat (only what that seat saw) or omniscient — with
 * the table (hands, public piles, stacks, pot), the event log, each decision's menu and the move
 * made, the prompt and raw reply of LLM players where recorded, chips and pot over time, and the
 * rulebook. Only the chosen perspective's data is written into the file, so a seat's page holds
 * nothing that seat did not see.
 */
import type { Replay } from './replay.js';

/** Options of {@link renderViewerHtml}. */
export interface ViewerOptions {
  /** The rulebook (Markdown) shown in a collapsible panel. */
  rulebook?: string;
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** JSON that is safe inside a `<script>` element (no `</script>`, no `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Chips over the steps as an SVG line chart: each seat's gain or loss since the start (its stack
 * minus its starting stack before antes and blinds, chips, so the lines end at the returns) and the pot. Stacks of 100 that move by a few chips would be flat
 * lines on a scale from 0; the changes are what the chart is for. Public numbers: every perspective
 * may see them.
 */
function chipsChart(replay: Replay, suffix = ''): string {
  const w = 420;
  // The legend holds three names a row (two seats and the pot: one row); each further row moves the plot down.
  const perRow = 3;
  const extra = 12 * (Math.ceil((replay.seatNames.length + 1) / perRow) - 1);
  const h = 170 + extra;
  const left = 40;
  const pad = 24;
  const top = pad + extra;
  const n = Math.max(1, replay.snapshots.length - 1);
  const start = replay.startingStacks;
  const series: { name: string; values: number[]; color: string }[] = [
    ...replay.seatNames.map((name, seat) => ({
      name: `${name} (chips won)`,
      values: replay.snapshots.map((s) => s.stacks[seat] - start[seat]),
      color: SEAT_COLORS[seat % SEAT_COLORS.length],
    })),
    { name: 'pot', values: replay.snapshots.map((s) => s.pot), color: '#16a34a' },
  ];
  const all = series.flatMap((s) => s.values);
  const max = Math.max(1, ...all);
  const min = Math.min(0, ...all);
  const x = (i: number) => left + ((w - left - pad) * i) / n;
  const y = (v: number) => h - pad - ((h - pad - top) * (v - min)) / (max - min);
  const lines = series
    .map(
      (s) =>
        `<polyline fill="none" stroke="${s.color}" stroke-width="2" data-values="${s.values.join(' ')}" points="${s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}"><title>${esc(s.name)}</title></polyline>`,
    )
    .join('');
  const legend = series
    .map((s, i) => `<text x="${left + (i % perRow) * 125}" y="${12 + 12 * Math.floor(i / perRow)}" fill="${s.color}" font-size="11">${esc(s.name)}</text>`)
    .join('');
  const ticks = [...new Set([max, 0, min])]
    .map((v) => `<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="11" text-anchor="end">${v > 0 ? '+' : ''}${v}</text>`)
    .join('');
  return `<svg id="chips-chart${suffix}" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="chips won by each seat and the pot over time">${legend}${ticks}<line x1="${left}" y1="${y(0).toFixed(1)}" x2="${w - pad}" y2="${y(0).toFixed(1)}" stroke="#999"/><text x="${left}" y="${h - 6}" font-size="11">step 0</text><text x="${w - pad - 40}" y="${h - 6}" font-size="11">step ${n}</text>${lines}<line id="chips-marker${suffix}" x1="${left}" y1="${top - 6}" x2="${left}" y2="${h - pad}" stroke="#555" stroke-dasharray="3 3" data-x0="${left}" data-dx="${((w - left - pad) / n).toFixed(4)}"/></svg>`;
}

/** Line colours of the seats in the chips chart, seat 0 first (the pot is green). */
const SEAT_COLORS = ['#2563eb', '#dc2626', '#9333ea', '#ea580c', '#0891b2', '#854d0e'];

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#111;background:#fafafa}
header{padding:12px 20px;background:#1f2937;color:#fff}
header h1{font-size:18px;margin:0 0 4px}
header .meta{font-size:12px;opacity:.85;word-break:break-all}
#controls{display:flex;gap:8px;align-items:center;padding:10px 20px;background:#e5e7eb;position:sticky;top:0}
#controls button{font-size:14px;padding:4px 10px}
#controls input[type=range]{flex:1}
main{display:grid;grid-template-columns:minmax(320px,1fr) minmax(320px,1fr);gap:16px;padding:16px 20px}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px}
section h2{font-size:15px;margin:0 0 8px}
.cards{font-family:ui-monospace,monospace}
#log li.new{font-weight:600}
#log{max-height:320px;overflow:auto;margin:0;padding-left:36px}
pre{white-space:pre-wrap;word-break:break-word;font-size:12px;background:#f3f4f6;padding:8px;border-radius:4px;max-height:360px;overflow:auto}
.menu span{display:inline-block;border:1px solid #bbb;border-radius:4px;padding:1px 6px;margin:2px}
.menu span.chosen{background:#fde68a;border-color:#d97706}
`;

const SCRIPT = `
const parsed = JSON.parse(document.getElementById('replay-data').textContent);
// A match of several hands holds one replay per hand; the page shows one hand at a time.
const list = Array.isArray(parsed) ? parsed : [parsed];
let handIndex = 0;
let data = list[0];
let snaps = data.snapshots;
const $ = (id) => document.getElementById(id);
let step = 0;
function text(el, s) { el.textContent = s; }
const chartSuffix = () => (list.length > 1 ? '-' + handIndex : '');
function setHand(k) {
  handIndex = Math.max(0, Math.min(list.length - 1, k));
  data = list[handIndex];
  snaps = data.snapshots;
  step = 0;
  $('step-range').max = String(snaps.length - 1);
  if ($('hand-select')) $('hand-select').value = String(handIndex);
  text($('seats-line'), data.seatNames.map((n, i) => n + ' = ' + data.participants[i]).join(', '));
  for (let h = 0; h < list.length; h++) { const c = $('chart' + (list.length > 1 ? '-' + h : '')); if (c) c.hidden = h !== handIndex; }
  render();
}
function render() {
  const s = snaps[step];
  text($('step-label'), 'step ' + step + ' of ' + (snaps.length - 1));
  $('step-range').value = String(step);
  text($('phase'), s.phase);
  text($('stacks'), data.seatNames.map((n, i) => n + ' ' + s.stacks[i]).join(', '));
  text($('pot'), String(s.pot));
  const piles = Object.entries(s.publicPiles).map(([p, c]) => p + ': ' + (c.length ? c.join(', ') : '(empty)'));
  text($('piles'), piles.length ? piles.join('; ') : '(none)');
  for (let seat = 0; seat < data.seatNames.length; seat++) {
    const el = $('hand-' + seat);
    if (!el) continue;
    let hand = null;
    for (let k = step; k >= 0 && hand === null; k--) if (snaps[k].seats[seat]) hand = snaps[k].seats[seat].hand;
    text(el, hand && hand.length ? hand.join(', ') : '(no cards)');
  }
  const log = $('log');
  log.replaceChildren();
  for (let k = 0; k <= step; k++) {
    const sk = snaps[k];
    const lines = [];
    if (sk.via) lines.push(sk.via);
    // The omniscient view's events are merged over the seats when the replay is built (mergeEvents).
    if (data.perspective === 'all') for (const e of sk.events || []) lines.push(e);
    else for (const e of sk.seats[data.perspective].newEvents) lines.push(e);
    for (const line of lines) { const li = document.createElement('li'); li.textContent = line; if (k === step) li.className = 'new'; log.appendChild(li); }
  }
  log.scrollTop = log.scrollHeight;
  const dec = $('decision');
  dec.replaceChildren();
  const mover = s.next ? s.next.seat : -1;
  const own = mover >= 0 ? s.seats[mover] : null;
  if (own && own.decision) {
    const p = document.createElement('p'); p.textContent = own.decision.prompt; dec.appendChild(p);
    const m = document.createElement('div'); m.className = 'menu';
    for (const label of own.decision.menu) { const sp = document.createElement('span'); sp.textContent = label; if (label === s.next.label) sp.className = 'chosen'; m.appendChild(sp); }
    dec.appendChild(m);
    const c = document.createElement('p'); c.id = 'chosen'; c.textContent = data.seatNames[mover] + ' chooses: ' + s.next.label; dec.appendChild(c);
  } else if (s.terminal) {
    const p = document.createElement('p'); p.id = 'result'; p.textContent = 'Game over. Returns: ' + data.seatNames.map((n, i) => n + ' ' + (s.returns[i] > 0 ? '+' : '') + s.returns[i]).join(', '); dec.appendChild(p);
  } else { const p = document.createElement('p'); p.textContent = 'No decision of ' + (data.perspective === 'all' ? 'a seat' : data.seatNames[data.perspective]) + ' at this step.'; dec.appendChild(p); }
  const note = s.next && s.next.note;
  $('llm').hidden = !note || note.prompt === undefined;
  if (note && note.prompt !== undefined) { text($('llm-prompt'), note.prompt || ''); text($('llm-reply'), note.reply || ''); text($('llm-path'), (note.path || '') + (note.fallbackReason ? ' (' + note.fallbackReason + ')' : '')); }
  $('chat').hidden = !(note && note.chat);
  if (note && note.chat) text($('chat-line'), data.seatNames[s.next.seat] + ': \u201c' + note.chat.text + '\u201d' + (note.chat.accepted ? ' (delivered to every seat)' : ' (refused: ' + note.chat.reason + ')'));
  const mk = $('chips-marker' + chartSuffix());
  const x = Number(mk.dataset.x0) + step * Number(mk.dataset.dx);
  mk.setAttribute('x1', String(x)); mk.setAttribute('x2', String(x));
}
function go(k) { step = Math.max(0, Math.min(snaps.length - 1, k)); render(); }
if ($('hand-select')) $('hand-select').onchange = (e) => setHand(Number(e.target.value));
$('first').onclick = () => go(0);
$('prev').onclick = () => go(step - 1);
$('next').onclick = () => go(step + 1);
$('last').onclick = () => go(snaps.length - 1);
$('step-range').oninput = (e) => go(Number(e.target.value));
document.addEventListener('keydown', (e) => { if (e.key === 'ArrowRight') go(step + 1); if (e.key === 'ArrowLeft') go(step - 1); if (e.key === 'Home') go(0); if (e.key === 'End') go(snaps.length - 1); if (e.key === 'PageDown') setHand(handIndex + 1); if (e.key === 'PageUp') setHand(handIndex - 1); });
setHand(0);
`;

/**
 * The viewer page for a prepared replay, or for the hands of a match (one replay per hand, in
 * order, of one game and perspective): the page then steps through one hand at a time, with a
 * hand selector (and Page Up / Page Down) beside the step controls.
 * @returns a complete HTML document (UTF-8)
 * @throws RangeError for an empty list of hands
 */
export function renderViewerHtml(replays: Replay | readonly Replay[], options: ViewerOptions = {}): string {
  const list: readonly Replay[] = Array.isArray(replays) ? replays : [replays as Replay];
  if (list.length === 0) throw new RangeError('renderViewerHtml: no hands to show');
  const replay = list[0];
  const many = list.length > 1;
  const who =
    replay.perspective === 'all'
      ? `omniscient view (${replay.seatNames.length === 2 ? 'both seats’' : 'every seat’s'} cards)`
      : `${replay.seatNames[replay.perspective]}’s view: only what ${replay.seatNames[replay.perspective]} saw`;
  const hands =
    replay.perspective === 'all'
      ? replay.seatNames.map((n, i) => `<p>${esc(n)}’s hand: <span class="cards" id="hand-${i}"></span></p>`).join('')
      : `<p>${esc(replay.seatNames[replay.perspective])}’s hand: <span class="cards" id="hand-${replay.perspective}"></span></p>`;
  const seatsLine = replay.seatNames.map((n, i) => `${esc(n)} = ${esc(replay.participants[i])}`).join(', ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(replay.gameName)} — ${esc(who)}</title>
<style>${STYLE}</style></head>
<body>
<header><h1>${esc(replay.gameName)}</h1>
<div class="meta" id="perspective">${esc(who)}</div>
<div class="meta"><span id="seats-line">${seatsLine}</span>${replay.slot ? ` · slot ${esc(replay.slot)}` : ''}${many ? ` · a match of ${list.length} hands` : ''} · ruleset ${esc(replay.rulesetHash)}</div></header>
<div id="controls">${
    many
      ? `<select id="hand-select" title="hand (Page Up / Page Down)">${list.map((r, k) => `<option value="${k}">hand ${k + 1} of ${list.length}: ${esc(r.seatNames.map((n, i) => `${n} = ${r.participants[i]}`).join(', '))}</option>`).join('')}</select>`
      : ''
  }<button id="first" title="first step (Home)">first</button><button id="prev" title="previous step (←)">◀</button><span id="step-label"></span><input id="step-range" type="range" min="0" max="${replay.snapshots.length - 1}" value="0"><button id="next" title="next step (→)">▶</button><button id="last" title="last step (End)">last</button></div>
<main>
<div>
<section><h2>Table</h2><p>Phase: <b id="phase"></b></p>${hands}<p>Public cards: <span class="cards" id="piles"></span></p><p>Stacks: <span id="stacks"></span>; pot <span id="pot"></span></p></section>
<section><h2>Decision</h2><div id="decision"></div></section>
<section id="chat" hidden><h2>Table chat</h2><p id="chat-line"></p></section>
<section id="llm" hidden><h2>Model prompt and reply</h2><p>Path: <span id="llm-path"></span></p><details open><summary>Turn prompt</summary><pre id="llm-prompt"></pre></details><details open><summary>Raw reply</summary><pre id="llm-reply"></pre></details></section>
</div>
<div>
<section><h2>What happened</h2><ol id="log"></ol></section>
<section><h2>Chips and pot over time${many ? ' (this hand)' : ''}</h2>${
    many
      ? list.map((r, k) => `<div id="chart-${k}"${k > 0 ? ' hidden' : ''}>${chipsChart(r, `-${k}`)}</div>`).join('')
      : `<div id="chart">${chipsChart(replay)}</div>`
  }</section>
${options.rulebook ? `<section><details><summary><b>Rulebook</b></summary><pre id="rulebook">${esc(options.rulebook)}</pre></details></section>` : ''}
</div>
</main>
<script id="replay-data" type="application/json">${scriptJson(many ? list : replay)}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
