// gamenotation/elements — custom elements that show a game, a bughouse match, a bridge deal, a
// chess problem or an engine analysis in any page: <gn-game>, <gn-match>, <gn-deal>, <gn-problem>,
// <gn-analysis>. Importing the module defines them (once: a second import, or a second copy of the
// package, leaves the first definitions in place).
import { GnGameElement } from './game.js';

export { GnViewerElement, type GnLoadDetail, type GnErrorDetail } from './base.js';
export { GnGameElement, type GnPlyDetail } from './game.js';

/** Defines the elements (importing the module already does; a name that is taken is left alone). */
function defineElements(): void {
  if (typeof customElements === 'undefined') return;
  const define = (name: string, element: CustomElementConstructor) => {
    if (!customElements.get(name)) customElements.define(name, element);
  };
  define('gn-game', GnGameElement);
}

defineElements();
