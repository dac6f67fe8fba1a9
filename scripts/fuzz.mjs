// `npm run fuzz`: every format's reader and writer on generated and mutated inputs for a time
// budget (see scripts/fuzz/run.mjs for the checks and options, docs/fuzz.md for the figures).
import { main } from './fuzz/run.mjs';

await main();
