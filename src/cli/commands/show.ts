// `gamenotation show FILE.bpgn`: the four-column display of every match (or --html).
import { makeFourColumn, parseBpgn } from '../../bughouse/index.js';
import { decodeText } from '../../text/decode.js';
import { requirePositional } from '../args.js';
import { EXIT_INPUT, EXIT_OK } from '../exit.js';
import type { Command } from '../types.js';

export const showCommand: Command = {
  name: 'show',
  usage: 'gamenotation show FILE.bpgn|- [--html]',
  options: { html: { type: 'boolean' } },
  async run(ctx) {
    const path = requirePositional(ctx, 'FILE (or - for standard input)', this.usage);
    const input = await ctx.io.readInput(path);
    // the PGN family's one decoding rule (UTF-8 or Latin-1, once per file), as readBpgn's
    const matches = parseBpgn(decodeText(input.bytes).text);
    let errors = 0;
    for (const [i, { value: m, errors: found }] of matches.entries()) {
      for (const e of found) {
        ctx.io.err(`${input.name}:${e.line ?? 0}:${e.column ?? 0} ${e.code} ${e.message}\n`);
        errors++;
      }
      const table = makeFourColumn(m);
      ctx.io.out((i ? '\n' : '') + (ctx.options.html ? table.html : table.text));
    }
    return errors ? EXIT_INPUT : EXIT_OK;
  },
};
