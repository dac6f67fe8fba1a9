import type { Command } from '../types.js';
import { checkCommand, convertCommand, exportCommand } from './formats.js';
import { fenCommand, movesCommand, perftCommand } from './chess.js';
import { ddCommand } from './dd.js';
import { diagramCommand } from './diagram.js';
import { analyseCommand, enginesCommand } from './engine.js';
import { solveCommand } from './solve.js';
import { showCommand } from './show.js';

/** Every verb of the `gamenotation` command; each domain adds its own verbs here. */
export const commands: Command[] = [
  checkCommand,
  exportCommand,
  convertCommand,
  perftCommand,
  fenCommand,
  movesCommand,
  ddCommand,
  diagramCommand,
  analyseCommand,
  enginesCommand,
  solveCommand,
  showCommand,
];
