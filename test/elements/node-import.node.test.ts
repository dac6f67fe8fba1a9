// gamenotation/elements imported in Node (a server-side render, a test of the package): the module
// loads without a DOM and defines nothing; its constructors are there for `instanceof` in pages.
import { expect } from 'chai';
import * as elements from 'gamenotation/elements';

describe('gamenotation/elements in Node', () => {
  it('imports without a DOM, defines nothing, and exports the five constructors', () => {
    expect(typeof (globalThis as { customElements?: unknown }).customElements).to.equal('undefined');
    expect(Object.keys(elements).sort()).to.deep.equal([
      'GnAnalysisElement',
      'GnDealElement',
      'GnGameElement',
      'GnMatchElement',
      'GnProblemElement',
    ]);
    for (const value of Object.values(elements)) expect(value).to.be.a('function');
  });
});
