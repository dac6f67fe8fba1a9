// Test files are shared with mocha in the browser: give vitest mocha's hook names.
import { Assertion } from 'chai';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

Object.assign(globalThis, { before: beforeAll, after: afterAll });

// Every test must assert something (vitest's `expect.requireAssertions`, for the chai `expect` the
// tests use): each chai assertion goes through `Assertion.prototype.assert`, which is counted here,
// and a test that passes without one fails.
let assertions = 0;
const assert = Assertion.prototype.assert;
Assertion.prototype.assert = function (this: InstanceType<typeof Assertion>, ...args: Parameters<typeof assert>) {
  assertions++;
  return assert.apply(this, args);
};
beforeEach(() => {
  assertions = 0;
});
afterEach((context) => {
  if (assertions === 0 && context.task.result?.state !== 'fail') {
    throw new Error('the test asserts nothing (every test must check something against its reference)');
  }
});
