// Test files are shared with mocha in the browser: give vitest mocha's hook names.
import { afterAll, beforeAll } from 'vitest';

Object.assign(globalThis, { before: beforeAll, after: afterAll });
