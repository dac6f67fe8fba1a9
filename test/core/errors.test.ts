import { expect } from 'chai';
import { err, formatError, notationError, NotationFailure, ok, unwrap } from 'gamenotation';

describe('errors', () => {
  it('formats an error with its location', () => {
    expect(formatError(notationError('ERR_X', 'bad thing', 3, 14))).to.equal('3:14 ERR_X bad thing');
    expect(formatError(notationError('ERR_Y', 'no place'))).to.equal('ERR_Y no place');
  });
  it('unwraps results, throwing a typed failure', () => {
    expect(unwrap(ok(5))).to.equal(5);
    try {
      unwrap(err(notationError('ERR_Z', 'broken', 1, 2)));
      expect.fail('unwrap of an error must throw');
    } catch (e) {
      expect(e).to.be.instanceOf(NotationFailure);
      expect((e as NotationFailure).code).to.equal('ERR_Z');
      expect((e as NotationFailure).line).to.equal(1);
    }
  });
});
