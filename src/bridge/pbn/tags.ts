/** Tag names PBN 2.1 defines (chapters 3.4 and 4). */

/** The Mandatory Tag Set, in export order. */
export const MTS_TAGS = [
  'Event',
  'Site',
  'Date',
  'Board',
  'West',
  'North',
  'East',
  'South',
  'Dealer',
  'Vulnerable',
  'Deal',
  'Scoring',
  'Declarer',
  'Contract',
  'Result',
] as const;

/** The supplemental tags PBN 2.1 defines, beyond the mandatory tag set. */
export const SUPPLEMENTAL_TAGS = [
  'Competition',
  'DealId',
  'Description',
  'FrenchMP',
  'Generator',
  'Hidden',
  'Room',
  'Termination',
  'Score',
  'ScoreIMP',
  'ScoreMP',
  'ScorePercentage',
  'ScoreRubber',
  'ScoreRubberHistory',
  'OptimumScore',
  'BidSystemEW',
  'BidSystemNS',
  'PairEW',
  'PairNS',
  'WestNA',
  'NorthNA',
  'EastNA',
  'SouthNA',
  'WestType',
  'NorthType',
  'EastType',
  'SouthType',
  'EventDate',
  'EventSponsor',
  'HomeTeam',
  'Round',
  'Section',
  'Stage',
  'Table',
  'VisitTeam',
  'Time',
  'UTCDate',
  'UTCTime',
  'TimeControl',
  'TimeCall',
  'TimeCard',
  'Annotator',
  'AnnotatorNA',
  'Application',
  'Mode',
] as const;

/** Tags whose value may not be `#` or `##…` (4.8). */
export const NO_INHERIT_TAGS = ['Dealer', 'Vulnerable', 'Deal', 'Declarer', 'Contract', 'Auction', 'Play', 'Note'];

const mts = new Set<string>(MTS_TAGS);
const known = new Set<string>([...MTS_TAGS, ...SUPPLEMENTAL_TAGS, 'Auction', 'Play', 'Note']);

/** True for the tags of the PBN mandatory tag set. */
export function isMtsTag(name: string): boolean {
  return mts.has(name);
}

/** True for tags PBN 2.1 defines (mandatory, supplemental, Auction, Play, Note). */
export function isKnownTag(name: string): boolean {
  return known.has(name);
}
