// Node: play a few moves, print SAN, check state and perft. Run after `npm run build`:
//   node examples/node-chess.mjs
import { initChess, Position, parseSan, makeSan, perft } from 'gamenotation/chess';

await initChess(); // optional: the synchronous API also compiles the wasm module on first use

const pos = Position.initial();
for (const san of ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#']) {
  const move = parseSan(pos, san);
  if (!move.ok) throw new Error(`${move.error.code}: ${move.error.message}`);
  console.log(makeSan(pos, move.value));
  pos.play(move.value);
}
console.log(pos.fen(), { checkmate: pos.isCheckmate(), outcome: pos.outcome() });
console.log('perft(start, 5) =', perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 5));
