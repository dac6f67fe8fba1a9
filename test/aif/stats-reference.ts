// The independent computation of AIF statistics for the tests: from the raw AIF text (regular
// expressions over its lines, not the library's reader), lichess's formulas in another form (Win%
// through tanh, windows by index arithmetic), the ranks of t2/t3 by counting better moves.
// ---------------------------------------------------------------------------------------------
// The independent computation: from the text, not from the reader's model.

export interface RawBlock {
  ply: number;
  tags: Record<string, string>;
  rows: { move: string; last: number | null }[];
}

export function rawBlocks(text: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  let current: RawBlock | null = null;
  let pendingTags: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const tag = /^\[(\w+)\s+"(.*)"\]\s*$/.exec(line);
    if (tag) {
      const [, name, value] = tag;
      if (name === 'Turn' || name === 'MoveNo') {
        const m = /(\d+)\s*-\s*([wb])/.exec(value!)!;
        current = { ply: (Number(m[1]) - 1) * 2 + (m[2] === 'b' ? 1 : 0), tags: { ...pendingTags }, rows: [] };
        pendingTags = {};
        blocks.push(current);
      } else if (current && !(name === 'GID' || name === 'GameID')) current.tags[name!] = value!;
      else pendingTags[name!] = value!;
      continue;
    }
    if (!current || /^\s/.test(line) || !line.trim()) continue;
    const tokens = line.trim().split(/\s+/);
    const cells = tokens.slice(1);
    if (cells.length && cells.every((c) => /^([+-]?\d+|n\.a\.|NREC|PRUN)$/.test(c))) {
      const last = cells[cells.length - 1]!;
      current.rows.push({ move: tokens[0]!, last: /\d/.test(last) ? Number(last) : null });
    }
  }
  return blocks;
}

const K = 0.00368208;
/** lichess's Win% in its tanh form: 50 + 50·(2/(1+e^(−kx)) − 1) = 50 + 50·tanh(kx/2). */
const win = (v: number) => {
  const cp = Math.abs(v) > 900 ? Math.sign(v) * 1000 : Math.max(-1000, Math.min(1000, v));
  return 50 + 50 * Math.tanh((K * cp) / 2);
};
const chances = (cp: number) => Math.tanh((K * cp) / 2);
const moveAcc = (before: number, after: number) => {
  const d = before - after;
  if (d <= 0) return 100;
  return Math.min(100, Math.max(0, 103.1668100711649 * Math.exp(-0.04354415386753951 * d) - 3.166924740191411 + 1));
};

export interface Expected {
  moves: number;
  acpl: number | null;
  t1: number;
  t2?: number;
  t3?: number;
  equal?: number;
  accuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export function independent(text: string): { white: Expected; black: Expected } {
  const blocks = rawBlocks(text).sort((a, b) => a.ply - b.ply);
  const evalOf = (b: RawBlock | undefined) =>
    b && /^\s*[+-]?\d+\s*$/.test(b.tags.Eval ?? '') ? Math.max(-1000, Math.min(1000, Number(b.tags.Eval))) : undefined;
  const strip = (m: string | undefined) => (m ?? '').replace(/[+#!?]+$/, '');
  const side = () => ({
    losses: [] as number[],
    t1: 0,
    t2: 0,
    t3: 0,
    equal: 0,
    judged: [0, 0, 0],
    acc: [] as number[],
  });
  const w = side();
  const b = side();
  const multi = blocks.some((bl) => bl.rows.filter((r) => r.last !== null).length >= 2);
  const positions: number[] = [];
  const movers: boolean[] = [];
  for (const block of blocks) {
    const white = block.ply % 2 === 0;
    const s = white ? w : b;
    if (strip(block.tags.MovePlayed) && strip(block.tags.MovePlayed) === strip(block.tags.EngineMove)) s.t1++;
    const numeric = block.rows.filter((r) => r.last !== null);
    if (numeric.length >= 2) {
      const idx = numeric.findIndex((r) => strip(r.move) === strip(block.tags.MovePlayed));
      if (idx >= 0) {
        const v = numeric[idx]!.last!;
        const better = (x: number) => (white ? x > v : x < v);
        const rank = numeric.filter((r, j) => better(r.last!) || (r.last === v && j < idx)).length;
        if (rank < 2) s.t2++;
        if (rank < 3) s.t3++;
        const best = white ? Math.max(...numeric.map((r) => r.last!)) : Math.min(...numeric.map((r) => r.last!));
        if (v === best) s.equal++;
      }
    }
    const before = evalOf(block);
    const next = blocks.find((x) => x.ply === block.ply + 1);
    const after = next ? evalOf(next) : /#$/.test(block.tags.MovePlayed ?? '') ? (white ? 1000 : -1000) : undefined;
    if (before === undefined || after === undefined) continue;
    const mine = (v: number) => (white ? v : -v);
    s.losses.push(Math.max(0, mine(before) - mine(after)));
    // lichess's judgement, with the mover's values.
    const pb = mine(before);
    const pa = mine(after);
    const mate = (v: number) => Math.abs(v) > 900;
    let judgement = -1;
    if (!mate(pb) && !mate(pa)) {
      const drop = chances(pb) - chances(pa);
      judgement = drop >= 0.3 ? 2 : drop >= 0.2 ? 1 : drop >= 0.1 ? 0 : -1;
    } else if (!mate(pb) && pa < -900) judgement = pb < -999 ? 0 : pb < -700 ? 1 : 2;
    else if (mate(pb) && pb > 0 && (!mate(pa) || pa < 0)) {
      const n = mate(pa) ? 0 : pa;
      judgement = n > 999 ? 0 : n > 700 ? 1 : 2;
    }
    if (judgement >= 0) s.judged[judgement]!++;
    if (!positions.length) positions.push(win(before));
    positions.push(win(after));
    movers.push(white);
  }
  // Game accuracy: each move's accuracy weighted by the deviation of Win% in its window.
  const n = movers.length;
  const size = Math.min(8, Math.max(2, Math.floor(n / 10)));
  const weighted: { white: boolean; a: number; weight: number }[] = [];
  for (let i = 0; i < n; i++) {
    const start = Math.max(0, i - (size - 2));
    const window = positions.slice(start, start + size);
    const mean = window.reduce((x, y) => x + y, 0) / window.length;
    const sd = Math.sqrt(window.reduce((x, y) => x + (y - mean) ** 2, 0) / window.length);
    const a = movers[i]
      ? moveAcc(positions[i]!, positions[i + 1]!)
      : moveAcc(100 - positions[i]!, 100 - positions[i + 1]!);
    weighted.push({ white: movers[i]!, a, weight: Math.min(12, Math.max(0.5, sd)) });
  }
  const accuracy = (white: boolean) => {
    const list = weighted.filter((x) => x.white === white);
    if (!list.length) return null;
    const wm = list.reduce((x, y) => x + y.a * y.weight, 0) / list.reduce((x, y) => x + y.weight, 0);
    const hm = list.length / list.reduce((x, y) => x + 1 / Math.max(1, y.a), 0);
    return (wm + hm) / 2;
  };
  const result = (s: ReturnType<typeof side>, white: boolean): Expected => ({
    moves: s.losses.length,
    acpl: s.losses.length ? s.losses.reduce((x, y) => x + y, 0) / s.losses.length : null,
    t1: s.t1,
    ...(multi ? { t2: s.t2, t3: s.t3, equal: s.equal } : {}),
    accuracy: accuracy(white),
    inaccuracies: s.judged[0]!,
    mistakes: s.judged[1]!,
    blunders: s.judged[2]!,
  });
  return { white: result(w, true), black: result(b, false) };
}
