// Finds every error and warning code the library can report, by reading src/. Used by the test that
// holds src/codes.ts (the catalogue) to the code, so a new code without a catalogue entry fails.
// Codes are found four ways: literal 'ERR_…'/'WARN_…' strings; the PBN reader's short codes, which it
// prefixes with ERR_PBN_ (export-format checks with ERR_PBN_EXPORT_); the record scanner's codes,
// prefixed with its codePrefix (ERR_TEXT by default, ERR_PBN for PBN); and the BFEN reader, which
// renames the FEN and position codes of each board (ERR_FEN_X, ERR_POS_X → ERR_BFEN_X).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The record scanner's code prefixes (its `codePrefix` option): the start of a code, not a code. */
const SCANNER_PREFIXES = new Set(['ERR_TEXT', 'ERR_PBN']);

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** Map from code to the files (relative to root) that produce it. */
export function collectCodes(root) {
  const src = join(root, 'src');
  const found = new Map();
  const add = (code, file) => {
    const rel = relative(root, file);
    if (!found.has(code)) found.set(code, new Set());
    found.get(code).add(rel);
  };
  const textCodes = [];
  const fenPos = [];
  for (const file of files(src)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(src, file).replace(/\\/g, '/');
    // full codes as string literals ('ERR_X', "ERR_X", `ERR_X`); a prefix ending in _ is not a code
    for (const m of text.matchAll(/['"`]((?:ERR|WARN)_[A-Z0-9_]*[A-Z0-9])['"`]/g)) {
      // a scanner's code prefix ('ERR_PBN', default 'ERR_TEXT') is not itself a code
      if (SCANNER_PREFIXES.has(m[1])) continue;
      add(m[1], file);
      if (/^ERR_(FEN|POS)_/.test(m[1])) fenPos.push(m[1]);
    }
    if (rel.startsWith('bridge/')) {
      // the PBN reader's short codes: r.error('X'…), this.r.warning('X'…), sink.error('X'…), { code: 'X' } issues
      // the first argument may be a choice of two codes (mode === 'play' ? 'PLAY_X' : 'AUCTION_X')
      for (const call of text.matchAll(/\.(?:error|warning)\(\s*([^,]*),/g))
        for (const m of call[1].matchAll(/'((?!ERR_|WARN_)[A-Z][A-Z0-9_]*[A-Z0-9])'/g)) add(`ERR_PBN_${m[1]}`, file);
      // codes queued for later: this.playMissing.push(['PLAY_NO_CONTRACT', message, pos])
      for (const m of text.matchAll(/\.push\(\[\s*'((?!ERR_|WARN_)[A-Z][A-Z0-9_]*[A-Z0-9])'/g))
        add(`ERR_PBN_${m[1]}`, file);
      for (const m of text.matchAll(/\bcode: '((?!ERR_|WARN_)[A-Z][A-Z0-9_]*[A-Z0-9])'/g)) add(`ERR_PBN_${m[1]}`, file);
      for (const m of text.matchAll(/\bcode = '((?!ERR_|WARN_)[A-Z][A-Z0-9_]*[A-Z0-9])'/g))
        add(`ERR_PBN_${m[1]}`, file);
      if (rel === 'bridge/pbn/export-check.ts')
        for (const m of text.matchAll(/\be\(\s*'([A-Z][A-Z0-9_]*[A-Z0-9])'/g)) add(`ERR_PBN_EXPORT_${m[1]}`, file);
      for (const block of text.matchAll(/new Set\(\[([^\]]*)\]\.map\(\(c\) => `ERR_PBN_\$\{c\}`\)/g))
        for (const m of block[1].matchAll(/'([A-Z][A-Z0-9_]*)'/g)) add(`ERR_PBN_${m[1]}`, file);
    }
    // the PGN reader renames the lexer's token codes (ERR_TEXT_X → ERR_PGN_X, src/pgn/parser.ts)
    if (rel === 'text/lexer.ts')
      for (const m of text.matchAll(/'ERR_TEXT_([A-Z0-9_]*[A-Z0-9])'/g))
        add(`ERR_PGN_${m[1]}`, join(src, 'pgn/parser.ts'));
    if (rel === 'text/records.ts') {
      for (const m of text.matchAll(/this\.error\(\s*'([A-Z][A-Z0-9_]*[A-Z0-9])'/g)) textCodes.push([m[1], file]);
    }
  }
  for (const [code, file] of textCodes) {
    add(`ERR_TEXT_${code}`, file);
    add(`ERR_PBN_${code}`, join(src, 'bridge/pbn/parse.ts'));
  }
  // BFEN renames its boards' FEN and position codes (src/bughouse/bfen.ts)
  for (const code of fenPos) add(code.replace(/^ERR_(FEN|POS)_/, 'ERR_BFEN_'), join(src, 'bughouse/bfen.ts'));
  return new Map([...found].map(([code, where]) => [code, [...where].sort()]).sort(([a], [b]) => (a < b ? -1 : 1)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [code, where] of collectCodes(process.cwd())) console.log(code, where.join(' '));
}
