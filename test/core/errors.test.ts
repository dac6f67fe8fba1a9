import { expect } from 'chai';
import { err, formatError, notationError, NotationFailure, ok, unwrap } from 'gamenotation';
import { CappedErrorList } from '../../src/errors.js';

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
  it('a capped list keeps the first findings, counts the rest, and adds the counts of lists capped upstream', () => {
    const list = new CappedErrorList(2);
    for (let i = 1; i <= 5; i++) list.push(notationError('ERR_X', `bad ${i}`, i, 1));
    list.push(notationError('ERR_TOO_MANY_ERRORS', '7 more error(s) not reported (9 in all; maxErrors 2)', 9, 3));
    const closed = list.close('error(s)');
    expect(closed.map((e) => e.message)).to.deep.equal([
      'bad 1',
      'bad 2',
      '10 more error(s) not reported (12 in all; maxErrors 2)',
    ]);
    expect(closed[2]).to.include({ code: 'ERR_TOO_MANY_ERRORS', line: 9, column: 3 });
    expect(new CappedErrorList(2).close('warning(s)')).to.deep.equal([]);
  });
});
