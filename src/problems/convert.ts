// Conversions: PBI ↔ problem XML, both → Popeye input, FEN for every twin. Whatever the target
// cannot carry is reported as a warning (code ERR_CONVERT_*), never silently dropped. One job per
// file under convert/: records (shared fields), twins, pbi-xml, popeye, fen.
export { type ConvertResult } from './convert/records.js';
export { twinCommands, releaseTwins, solutionText } from './convert/twins.js';
export { pieceDeclId, pbiToXml, type XmlToPbiOptions, xmlToPbi } from './convert/pbi-xml.js';
export { pbiToPopeye, xmlToPopeye } from './convert/popeye.js';
export { type TwinFen, twinFens, pbiFen } from './convert/fen.js';
export type { Stipulation } from './xml/model.js';
