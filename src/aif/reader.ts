// Streaming AIF reader: lines in, games out, one game held at a time (bounded memory). The game
// part goes through the PGN reader; tags, grids and PV lines are read here. Dialects (the 2012
// shape, v1.0) are accepted with warnings; malformed lines are typed errors with line:column.
import { notationError, type NotationError, type Parsed } from '../errors.js';
import { parsePgn } from '../pgn/reader.js';
import { decodeText, encodingWarning, StreamDecoder } from '../text/decode.js';
import { LineSplitter } from '../text/lines.js';
import { textChunks, type TextSource } from '../text/source.js';
import { ENGINE_TAGS, parseCell, type AifBlock, type AifCell, type AifFlavour, type AifGame } from './model.js';

/** Limits of `parseAif` and `readAif` that keep memory bounded on bad input. */
export interface AifReadOptions {
  /** Longest line in characters (default 1 MiB): a longer one is an error and is skipped. */
  maxLineLength?: number;
  /** Most lines of one game (default 1 000 000): beyond it the game is cut with an error. */
  maxGameLines?: number;
  /**
   * Most bytes a gzipped input (`.aif.gz`) may inflate to (default 1 GiB): beyond it reading
   * stops with `ERR_AIF_GZIP_LIMIT`.
   */
  maxInflatedBytes?: number;
  /**
   * Most bytes inflated per compressed byte (default 200; real AIF text compresses 3 to 10 times,
   * one game repeated over and over about 140 times), judged once 16 MiB have been inflated:
   * beyond it reading stops with `ERR_AIF_GZIP_LIMIT`, so a gzip bomb (512 MiB of line ends in
   * 0.5 MB) is refused in a fraction of a second.
   */
  maxInflateRatio?: number;
}

/** Default `maxInflatedBytes`. */
const MAX_INFLATED = 1 << 30;
/** Default `maxInflateRatio`. */
const MAX_RATIO = 200;
/** The ratio is judged from this many inflated bytes on (a small file may compress very well). */
const RATIO_FLOOR = 16 << 20;
/** Compressed bytes given to the decompressor at a time (at most about 1 MiB inflated). */
const INFLATE_SLICE = 1 << 10;

// A tag name is a PGN symbol (the lexer's alphabet: a letter, digit or @, then also _+#=:-), so a
// tag the PGN reader took from the game part reads back the same once written as a header line.
const TAG = /^\[\s*([A-Za-z0-9@][A-Za-z0-9@_+#=:-]*)(\s+)"((?:[^"\\]|\\.)*)"\s*\]\s*$/;
const BARE_TAG = /^\[\s*([A-Za-z0-9_]+)\s*\]\s*$/;
const VERSION = /^;\s*AIF\s+v?(\d+(?:\.\d+)*)/i;
const BLOCK_KEYS = new Set(['Turn', 'MoveNo', 'GID']);

interface PendingTag {
  name: string;
  value: string;
  line: number;
  column: number;
  spacing: string;
}

const unescape = (s: string): string => s.replace(/\\(.)/g, '$1');

/** Push lines, take games: the AIF state machine. */
export class AifParser {
  private readonly done: Parsed<AifGame>[] = [];
  /** The game being read, with its errors and warnings. */
  private item: Parsed<AifGame> | null = null;
  private gameLines = 0;
  private pgnText = '';
  private pgnLine = 1;
  private pending: PendingTag[] = [];
  private block: AifBlock | null = null;
  private state: 'start' | 'movetext' | 'block' = 'start';
  private version: string | undefined;

  constructor(private readonly options: AifReadOptions = {}) {}

  private newItem(line: number): Parsed<AifGame> {
    const flavour: AifFlavour = this.version === '1.0' ? 'v1.0' : 'v0.5';
    this.gameLines = 0;
    return { value: { flavour, headers: {}, blocks: [], line }, errors: [], warnings: [] };
  }

  private get game(): AifGame | null {
    return this.item?.value ?? null;
  }

  private current(line: number): AifGame {
    return (this.item ??= this.newItem(line)).value;
  }

  private warn(code: string, message: string, line: number, column = 1): void {
    this.current(line);
    const { warnings } = this.item!;
    if (warnings.length < 1000) warnings.push(notationError(code, message, line, column));
  }

  private error(code: string, message: string, line: number, column = 1): void {
    this.current(line);
    const { errors } = this.item!;
    if (errors.length < 1000) errors.push(notationError(code, message, line, column));
  }

  /** Ends the current game (if it has anything) and queues it. */
  private flushGame(): void {
    this.resolvePending();
    this.closeBlock();
    const item = this.item;
    if (!item) return;
    const g = item.value;
    if (this.pgnText.trim()) {
      const games = parsePgn(this.pgnText);
      const first = games[0];
      if (first) {
        const pgn = first.value;
        const shift = this.pgnLine - 1;
        const moved = (e: NotationError): NotationError => (e.line !== undefined ? { ...e, line: e.line + shift } : e);
        pgn.line += shift;
        g.game = pgn;
        // the game part's problems are the AIF game's, at their lines in the AIF file
        for (const e of first.errors) item.errors.push(moved(e));
        for (const w of first.warnings) item.warnings.push(moved(w));
        // A move-block tag the PGN reader found in the game part (a line AIF could not read as a
        // tag, e.g. `[MoveNo"`) cannot be written back as a game header: it would start a block.
        for (const name of BLOCK_KEYS)
          if (name in pgn.headers) {
            delete pgn.headers[name];
            this.error(
              'ERR_AIF_TAG',
              `tag ${name} in the game part is a move-block tag (left out of the game header)`,
              this.pgnLine,
            );
          }
        if (games.length > 1)
          this.error('ERR_AIF_PGN', `${games.length} PGN games where one was expected`, this.pgnLine);
      }
    }
    this.pgnText = '';
    // The game tags the spec requires (GameID … Mode): a header without some is read, with a warning.
    // The 2012 shape (legacy) predates them, and bare move blocks have no header to hold them.
    if (g.flavour !== 'legacy' && Object.keys(g.headers).length) {
      const missing = ENGINE_TAGS.filter((name) => g.headers[name] === undefined);
      if (missing.length)
        this.warn(
          'ERR_AIF_MISSING_TAG',
          `required game tag${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing`,
          g.line,
        );
    }
    if (Object.keys(g.headers).length || g.blocks.length || item.errors.length) this.done.push(item);
    this.item = null;
    this.state = 'start';
  }

  private closeBlock(): void {
    if (!this.block) return;
    const g = this.current(this.block.line ?? 1);
    g.blocks.push(this.block);
    this.block = null;
  }

  /** Decides what a group of consecutive tag lines was: a move block or a game header. */
  private resolvePending(): void {
    const tags = this.pending;
    if (!tags.length) return;
    this.pending = [];
    const isBlock = tags.some((t) => BLOCK_KEYS.has(t.name));
    if (!isBlock) {
      // A game header: a new game unless the current one has nothing yet.
      const g = this.game;
      if (g && (g.blocks.length || this.block || this.state !== 'start')) this.flushGame();
      const game = this.current(tags[0]!.line);
      for (const t of tags) {
        game.headers[t.name] = t.value;
        if (t.spacing !== ' ')
          this.warn(
            'ERR_AIF_TAG_SPACING',
            `tag ${t.name} has ${JSON.stringify(t.spacing)} between name and value`,
            t.line,
            t.column,
          );
      }
      this.pgnLine = tags[0]!.line;
      this.pgnText = tags.map((t) => `[${t.name} "${t.value.replace(/[\\"]/g, '\\$&')}"]`).join('\n') + '\n';
      this.state = 'movetext';
      return;
    }
    this.closeBlock();
    const game = this.current(tags[0]!.line);
    if (this.state === 'movetext' && this.pgnText) {
      // The game part ends at its first block.
    }
    const block: AifBlock = {
      tags: {},
      grid: { depths: [], rows: [] },
      pvs: [],
      comments: [],
      line: tags[0]!.line,
      places: {},
    };
    for (const t of tags) {
      let name = t.name;
      if (name === 'MoveNo') {
        name = 'Turn';
        this.legacy(game, 'ERR_AIF_LEGACY_TAG', 'MoveNo read as Turn (2012 shape)', t);
      } else if (name === 'GameID') {
        name = 'GID';
        this.legacy(game, 'ERR_AIF_LEGACY_TAG', 'GameID in a move block read as GID (2012 shape)', t);
      }
      if (t.spacing !== ' ')
        this.legacy(
          game,
          'ERR_AIF_TAG_SPACING',
          `tag ${t.name} has ${JSON.stringify(t.spacing)} between name and value`,
          t,
        );
      if (name in block.tags) this.error('ERR_AIF_TAG_REPEATED', `tag ${name} repeated in one block`, t.line, t.column);
      block.tags[name] = t.value;
      block.places![name] = { line: t.line, column: t.column };
    }
    this.block = block;
    this.state = 'block';
  }

  private legacy(game: AifGame, code: string, message: string, t: PendingTag): void {
    if (game.flavour === 'v0.5') game.flavour = 'legacy';
    this.warn(code, message, t.line, t.column);
  }

  /** One line of input, without its line end. */
  line(text: string, lineNo: number): void {
    const max = this.options.maxLineLength ?? 1 << 20;
    if (text.length > max) {
      this.error('ERR_AIF_LINE_TOO_LONG', `line of ${text.length} characters (limit ${max})`, lineNo);
      return;
    }
    if (this.game && ++this.gameLines > (this.options.maxGameLines ?? 1_000_000)) {
      if (this.gameLines === (this.options.maxGameLines ?? 1_000_000) + 1)
        this.error('ERR_AIF_GAME_TOO_LARGE', 'game has too many lines; the rest of it is skipped', lineNo);
      if (!/^\s*(;\s*AIF|\[)/i.test(text)) return;
    }
    const trimmed = text.trim();
    const lead = text.length - text.trimStart().length;
    if (trimmed.startsWith('[')) {
      const m = TAG.exec(trimmed);
      if (m) {
        if (
          this.state === 'block' &&
          !this.pending.length &&
          this.block &&
          (this.block.grid.rows.length ||
            this.block.pvs.length ||
            this.block.comments.length ||
            this.block.grid.depths.length)
        )
          this.closeBlock();
        this.pending.push({ name: m[1]!, value: unescape(m[3]!), line: lineNo, column: lead + 1, spacing: m[2]! });
        return;
      }
      const bare = BARE_TAG.exec(trimmed);
      if (bare && bare[1] === 'EndMove') {
        this.resolvePending();
        const g = this.current(lineNo);
        if (g.flavour === 'v0.5') g.flavour = 'v1.0';
        if (!this.block) this.error('ERR_AIF_END_MOVE', '[EndMove] outside a move block', lineNo, lead + 1);
        this.closeBlock();
        return;
      }
      if (this.state !== 'movetext' || this.pending.length) {
        this.error('ERR_AIF_TAG', `malformed tag line: ${trimmed.slice(0, 80)}`, lineNo, lead + 1);
        return;
      }
    }
    if (!trimmed) {
      this.resolvePending();
      if (this.state === 'movetext') this.pgnText += '\n';
      return;
    }
    const version = VERSION.exec(trimmed);
    if (version) {
      this.resolvePending();
      this.flushGame();
      this.version = version[1];
      if (this.version !== '0.5' && this.version !== '1.0')
        this.warn('ERR_AIF_VERSION', `AIF version ${this.version} is not known; read as v0.5`, lineNo, lead + 1);
      this.current(lineNo).flavour = this.version === '1.0' ? 'v1.0' : 'v0.5';
      return;
    }
    this.resolvePending();
    if (this.state === 'block' && this.block) {
      this.blockLine(this.block, trimmed, lineNo, lead);
      return;
    }
    if (this.state === 'start' && !this.game?.blocks.length) {
      // Movetext without tags, or text before anything: kept for the PGN reader.
      this.current(lineNo);
      if (!this.pgnText) this.pgnLine = lineNo;
      this.state = 'movetext';
    } else if (this.state === 'start') {
      this.error(
        'ERR_AIF_UNEXPECTED_TEXT',
        `text outside a game or move block: ${trimmed.slice(0, 80)}`,
        lineNo,
        lead + 1,
      );
      return;
    }
    this.pgnText += text + '\n';
  }

  private blockLine(block: AifBlock, trimmed: string, lineNo: number, lead: number): void {
    const game = this.current(lineNo);
    if (/^-{3,}$/.test(trimmed)) {
      if (game.flavour === 'v0.5') game.flavour = 'legacy';
      return;
    }
    if (/^={3,}$/.test(trimmed)) {
      if (game.flavour === 'v0.5') game.flavour = 'legacy';
      this.closeBlock();
      this.state = 'block';
      return;
    }
    const grid = block.grid;
    const words = trimmed.split(/\s+/);
    if (!grid.depths.length && !block.pvs.length && !block.comments.length && words.every((w) => /^\d+$/.test(w))) {
      const depths = words.map(Number);
      for (let i = 1; i < depths.length; i++)
        if (depths[i]! <= depths[i - 1]!) {
          this.error(
            'ERR_AIF_GRID_HEADER',
            `depth columns must increase (${depths[i - 1]} then ${depths[i]})`,
            lineNo,
            lead + 1,
          );
          break;
        }
      grid.depths = depths;
      return;
    }
    const pv = /^(\d+):\s?(.*)$/.exec(trimmed);
    if (pv) {
      block.pvs.push({ depth: Number(pv[1]), text: pv[2]!.trim() });
      return;
    }
    if (
      grid.depths.length &&
      !block.pvs.length &&
      !block.comments.length &&
      words.length > 1 &&
      words.slice(1).every((w) => parseCell(w) !== undefined)
    ) {
      if (words.length - 1 !== grid.depths.length) {
        this.error(
          'ERR_AIF_GRID_ROW',
          `row ${words[0]} has ${words.length - 1} cells for ${grid.depths.length} depth columns`,
          lineNo,
          lead + 1,
        );
      }
      const cells: AifCell[] = words.slice(1, grid.depths.length + 1).map((w) => parseCell(w)!);
      while (cells.length < grid.depths.length) cells.push('n.a.');
      grid.rows.push({ move: words[0]!, cells, line: lineNo });
      return;
    }
    if (
      grid.depths.length &&
      !block.pvs.length &&
      !block.comments.length &&
      words.length > 1 &&
      words.slice(1).some((w) => parseCell(w) !== undefined)
    ) {
      const bad = words.slice(1).find((w) => parseCell(w) === undefined)!;
      this.error(
        'ERR_AIF_GRID_CELL',
        `grid cell "${bad.slice(0, 20)}" is not a number, n.a., NREC or PRUN`,
        lineNo,
        lead + trimmed.indexOf(bad, words[0]!.length) + 1,
      );
      return;
    }
    block.comments.push(trimmed);
  }

  /** The input ended. */
  end(): void {
    this.resolvePending();
    this.flushGame();
  }

  /** Games finished so far (each once), with their errors and warnings. */
  take(): Parsed<AifGame>[] {
    return this.done.splice(0);
  }
}

/**
 * Reads every game of an AIF text (or its bytes, decoded by the one UTF-8/Latin-1 rule), one
 * `{ value, errors, warnings }` item per game. Never throws on bad input. Gzipped bytes
 * (`.aif.gz`) need `readAif`, which inflates them as a stream.
 */
export function parseAif(input: string | Uint8Array, options?: AifReadOptions): Parsed<AifGame>[] {
  if (typeof input !== 'string') return parseBytes(input, options);
  const text = input;
  const parser = new AifParser(options);
  const lines = new LineSplitter((line, n) => parser.line(line, n));
  lines.push(text);
  lines.end();
  parser.end();
  return parser.take();
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Inflation went past `maxInflatedBytes` or `maxInflateRatio`. */
class InflateLimit extends Error {}

/**
 * Gunzips a byte stream with the platform's DecompressionStream, within the inflation limits (an
 * `InflateLimit` is thrown past them). Stopping early (a limit, damaged data, the caller stops)
 * cancels the decompression and closes the source.
 */
async function* gunzip(
  first: Uint8Array,
  rest: AsyncIterator<Uint8Array | string>,
  options: AifReadOptions | undefined,
): AsyncGenerator<Uint8Array> {
  const maxBytes = options?.maxInflatedBytes ?? MAX_INFLATED;
  const maxRatio = options?.maxInflateRatio ?? MAX_RATIO;
  const ds = new DecompressionStream('gzip');
  const writer = ds.writable.getWriter();
  let done = false;
  // The compressed bytes go in small slices: one write is inflated in full whatever reads it (64 KiB
  // of a gzip bomb became 64 MiB in memory at once), so a slice bounds what one write can add.
  const write = async (c: Uint8Array) => {
    for (let i = 0; i < c.length && !done; i += INFLATE_SLICE) {
      const slice = c.subarray(i, i + INFLATE_SLICE);
      await writer.ready;
      compressed += slice.length;
      await writer.write(slice as Uint8Array<ArrayBuffer>);
    }
  };
  let compressed = 0;
  const pump = (async () => {
    try {
      await write(first);
      for (let r = await rest.next(); !r.done && !done; r = await rest.next()) {
        await write(typeof r.value === 'string' ? new TextEncoder().encode(r.value) : r.value);
      }
      if (!done) await writer.close();
    } catch (e) {
      await writer.abort(e).catch(() => {});
    }
  })();
  const reader = ds.readable.getReader();
  let inflated = 0;
  try {
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      inflated += value.length;
      if (inflated > maxBytes) throw new InflateLimit(`inflates to more than ${maxBytes} bytes (maxInflatedBytes)`);
      if (inflated > RATIO_FLOOR && inflated > maxRatio * compressed)
        throw new InflateLimit(
          `inflates to more than ${maxRatio} times its ${compressed} compressed bytes (maxInflateRatio; ${inflated} bytes so far)`,
        );
      yield value;
    }
    done = true;
    await pump;
  } finally {
    if (!done) {
      done = true;
      await reader.cancel().catch(() => {});
      void pump.then(() => rest.return?.()).catch(() => {});
    }
    reader.releaseLock();
  }
}

/**
 * Reads games from a string, bytes, a web `ReadableStream` or any (async) iterable of chunks, one
 * game at a time: memory holds one game and one chunk. Gzipped input (`.aif.gz`) is recognised by
 * its magic bytes and decompressed on the way, within `maxInflatedBytes` and `maxInflateRatio`
 * (past them: `ERR_AIF_GZIP_LIMIT`). Damaged gzip data ends the input with `ERR_AIF_GZIP` on the
 * last game.
 */
export async function* readAif(source: TextSource, options?: AifReadOptions): AsyncGenerator<Parsed<AifGame>> {
  if (typeof source === 'string') {
    yield* parseAif(source, options);
    return;
  }
  const parser = new AifParser(options);
  const it = textChunks(source)[Symbol.asyncIterator]();
  let first = await it.next();
  while (!first.done && first.value.length === 0) first = await it.next();
  if (first.done) return;
  let chunks: AsyncIterator<Uint8Array | string> = it;
  let head: IteratorResult<Uint8Array | string> = first;
  const gzip = typeof first.value !== 'string' && isGzip(first.value);
  // the family's one decoding rule (one choice per input), as parseAifBytes
  const decoder = new StreamDecoder();
  // a line with no end in sight is reported once, then skipped up to its end (bounded memory)
  const lines = new LineSplitter((line, n) => parser.line(line, n), options?.maxLineLength ?? 1 << 20);
  let failure: NotationError | undefined;
  try {
    if (gzip) {
      chunks = gunzip(first.value as Uint8Array, it, options)[Symbol.asyncIterator]();
      head = await chunks.next();
    }
    for (let r = head; !r.done; r = await chunks.next()) {
      lines.push(typeof r.value === 'string' ? r.value : decoder.decode(r.value));
      yield* parser.take();
    }
  } catch (e) {
    const message = String((e as Error)?.message ?? e).slice(0, 200);
    failure =
      e instanceof InflateLimit
        ? notationError('ERR_AIF_GZIP_LIMIT', `compressed input ${message}; the rest is not read`, lines.nextLine, 1)
        : notationError('ERR_AIF_GZIP', `compressed input is damaged: ${message}`, lines.nextLine, 1);
  }
  lines.push(decoder.decode(new Uint8Array(0), true));
  lines.end();
  const lineNo = lines.nextLine;
  parser.end();
  const rest = parser.take();
  // the decoder's warning goes with the last game
  const encoding = decoder.encodingWarning('ERR_AIF_ENCODING');
  if (encoding) lastOf(rest, lineNo).warnings.push(encoding);
  if (failure) lastOf(rest, lineNo).errors.push(failure);
  yield* rest;
}

/**
 * The last game, to take what was found at the end of the input; without one, an entry that holds
 * only what is added to it (`hasAifContent` tells it from a game), so nothing is dropped.
 */
function lastOf(items: Parsed<AifGame>[], line: number): Parsed<AifGame> {
  const last = items[items.length - 1];
  if (last) return last;
  const entry = { value: { flavour: 'v0.5' as const, headers: {}, blocks: [], line }, errors: [], warnings: [] };
  items.push(entry);
  return entry;
}

/** Decodes bytes by the text layer's rule (src/text/decode.ts) and reads them. */
function parseBytes(bytes: Uint8Array, options?: AifReadOptions): Parsed<AifGame>[] {
  const d = decodeText(bytes);
  const games = parseAif(d.text, options);
  // the decoder's warning goes with the last game, as in readAif
  const encoding = encodingWarning('ERR_AIF_ENCODING', d.invalid, d.invalidLine);
  if (encoding) lastOf(games, d.invalidLine).warnings.push(encoding);
  return games;
}
