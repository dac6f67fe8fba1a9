// Records native Popeye's solutions as facts in test/fixtures/problems/popeye-native-facts.jsonl,
// which test/problems/solve-popeye-native.test.ts compares ours with (no Popeye needed there).
// Each line is { id, source, input, popeye: { solved, sections } }: the input (a Popeye problem),
// and Popeye's solutions per twin in the form bench/solve-corpus.mjs compares (`line …`, `key …`,
// `threat …`, `try … but …`). Only facts are kept: no Popeye code, no output text.
//
//   GN_POPEYE_BIN=/path/to/py node bench/record-popeye-facts.mjs            # fill lines without `popeye`
//   GN_POPEYE_BIN=… node bench/record-popeye-facts.mjs --all                # re-record every line
//   GN_POPEYE_SRC=/path/to/popeye GN_POPEYE_BIN=… node bench/record-popeye-facts.mjs 'BEISPIEL/hpint.inp#56' …
//       (adds problems of Popeye's example inputs by the ids bench/solve.mjs prints)
//
// A line added by hand needs only id, source and input. Helpmates of 3+ moves get Option Intelligent
// for Popeye as in the bench (the same solutions, faster).
import { readFileSync, writeFileSync } from 'node:fs';
import { parsePopeye } from '../dist/problems.js';
import { asSolvedByUs, popeyeCorpus, popeyeSolutions, runPopeye } from './solve-corpus.mjs';

const FILE = new URL('../test/fixtures/problems/popeye-native-facts.jsonl', import.meta.url);
const py = process.env.GN_POPEYE_BIN;
if (!py) throw new Error('set GN_POPEYE_BIN to the native Popeye program');
const args = process.argv.slice(2);
const all = args.includes('--all');
const ids = args.filter((a) => !a.startsWith('--'));

let text = '';
try {
  text = readFileSync(FILE, 'utf8');
} catch {}
const facts = text
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
if (ids.length) {
  const src = process.env.GN_POPEYE_SRC;
  if (!src) throw new Error('set GN_POPEYE_SRC to a Popeye checkout to add its problems by id');
  const corpus = popeyeCorpus(src, parsePopeye);
  for (const id of ids) {
    const item = corpus.find((x) => x.id === id);
    if (!item) throw new Error(`no problem ${id}`);
    const p = item.problem;
    const fact = {
      id: `popeye:${id}`,
      source: `Popeye 4.104 ${id}${p.author ? `: ${p.author}` : ''}${p.origin ? `, ${p.origin}` : ''}`,
      input: item.text,
    };
    const at = facts.findIndex((f) => f.id === fact.id);
    if (at >= 0) facts[at] = fact;
    else facts.push(fact);
  }
}
for (const f of facts) {
  if (f.popeye && !all && !ids.some((id) => f.id === `popeye:${id}`)) continue;
  const problem = parsePopeye(f.input)[0]?.value;
  const stipulation = problem?.stipulation ?? '';
  const r = runPopeye(py, asSolvedByUs(f.input, stipulation), { cpuLimit: 60 });
  // StopOnShortSolutions ends with "Partial solution" once short solutions are found
  const partial = !!problem?.options.stopOnShort && /Partial solution|Teilloesung|solution partielle/i.test(r.output);
  if (!r.finished && !partial) throw new Error(`${f.id}: Popeye did not finish`);
  f.popeye = {
    solved: 'Popeye 4.104',
    sections: popeyeSolutions(r.output, { postKey: !!problem?.options.postKeyPlay }).map((s) => s.items),
  };
  console.log(f.id, JSON.stringify(f.popeye.sections));
}
writeFileSync(FILE, facts.map((f) => JSON.stringify(f)).join('\n') + '\n');
