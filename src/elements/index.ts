// gamenotation/elements — custom elements that show a game, a bughouse match, a bridge deal, a
// chess problem or an engine analysis in any page: <gn-game>, <gn-match>, <gn-deal>, <gn-problem>,
// <gn-analysis>. Importing the module defines them (once: a second import, or a second copy of the
// package, leaves the first definitions in place). The worker (double dummy, the solver) and the
// problem readers are loaded only when an element needs them.
import { GnAnalysisElement } from './analysis.js';
import { GnDealElement } from './deal.js';
import { GnGameElement } from './game.js';
import { GnMatchElement } from './match.js';
import { GnProblemElement } from './problem.js';

export type { GnViewerElement, GnLoadDetail, GnErrorDetail } from './base.js';
export { GnGameElement, type GnPlyDetail } from './game.js';
export { GnMatchElement, type GnMatchPlyDetail } from './match.js';
export { GnDealElement, type GnDdDetail, type GnPlayedDetail } from './deal.js';
export { GnProblemElement, type GnSolvedDetail } from './problem.js';
export type { SolvedProblemJson } from '../problems/solve/json.js';
export { GnAnalysisElement } from './analysis.js';

declare global {
  interface HTMLElementTagNameMap {
    'gn-game': GnGameElement;
    'gn-match': GnMatchElement;
    'gn-deal': GnDealElement;
    'gn-problem': GnProblemElement;
    'gn-analysis': GnAnalysisElement;
  }
}

if (typeof customElements !== 'undefined') {
  const elements: [string, CustomElementConstructor][] = [
    ['gn-game', GnGameElement],
    ['gn-match', GnMatchElement],
    ['gn-deal', GnDealElement],
    ['gn-problem', GnProblemElement],
    ['gn-analysis', GnAnalysisElement],
  ];
  for (const [name, element] of elements) if (!customElements.get(name)) customElements.define(name, element);
}
