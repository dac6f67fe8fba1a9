// <gn-problem>'s readers and drawings, loaded on demand (see lazy.ts): the problem XML parser is the
// largest part of the package a page can load.
export {
  deriveTwins,
  makeStipulation,
  parseForsyth,
  parsePbi,
  parsePopeye,
  parseProblemXml,
  parseStipulation,
} from '../problems/index.js';
export { problemDiagram, pbiProblemDiagram, problemXmlDiagram } from '../diagram/index.js';
