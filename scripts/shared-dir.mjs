// Where the independent reference data lives: $GAMENOTATION_SHARED, else ../shared beside the
// checkout (as CI has it). Returns null when there is none, or when GAMENOTATION_SHARED=none
// (the tests then run on the small fixtures in test/fixtures/, as a clone without ../shared does).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function sharedDir() {
  const fromEnv = process.env.GAMENOTATION_SHARED;
  if (fromEnv === 'none') return null;
  const candidates = fromEnv ? [fromEnv] : [join(repoRoot, '..', 'shared')];
  for (const dir of candidates) if (existsSync(join(dir, 'data'))) return resolve(dir);
  return null;
}
