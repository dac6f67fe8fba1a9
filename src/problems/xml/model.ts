// A typed model of problem.xsd documents (namespace http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0).
// Plain JSON data. Elements and attributes this model does not know are kept (`extra`, `attrs`) so
// that reading and writing a document loses nothing.

/** The namespace of the PCCC problem XML format. */
export const PROBLEM_NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
/** The vCard RDF namespace used for author details. */
export const VCARD_NS = 'http://www.w3.org/2001/vcard-rdf/3.0#';

/** Where an element starts in the source text (1-based). */
export interface XmlPos {
  line: number;
  column: number;
}

/** An element kept as is (vCard, unknown elements). Text children are `{ text }` nodes. */
export interface XmlNode {
  name: string;
  attrs?: Record<string, string>;
  children?: (XmlNode | { text: string })[];
}

/** What every problem XML model element carries besides its own fields: where it was read and what the model does not interpret. */
export interface ProblemXmlElement {
  /** Source position of the element (set by the reader). */
  pos?: XmlPos;
  /** Attributes the model does not interpret, kept for writing. */
  attrs?: Record<string, string>;
  /** Child elements the model does not interpret, kept for writing (after the known children). */
  extra?: XmlNode[];
}

/** A date as the format writes it: day, month and year, each optional. */
export interface XmlDate {
  day?: string;
  month?: string;
  year?: string;
}

/** Who wrote something, and when. */
export interface Signature extends ProblemXmlElement {
  by: string[];
  date?: XmlDate;
  text?: string;
}

/** A signed remark. */
export interface Remark extends ProblemXmlElement {
  signature?: Signature;
  text?: string;
}

/** A problem XML document: encoding, title, problems and remarks. */
export interface ProblemsDocument extends ProblemXmlElement {
  /** The encoding named in the XML declaration ('UTF-8' when none). */
  encoding: string;
  count?: number;
  title?: string;
  problems: Problem[];
  remarks: Remark[];
}

/** A problem's id in another database. */
export interface ForeignId extends ProblemXmlElement {
  domain: string;
  problemId: string;
}

/** A piece declaration of a problem: id, kind and attributes. */
export interface PieceDecl extends ProblemXmlElement {
  id: string;
  /** An orthodox kind or a fairy piece name. */
  kind: string;
  color: 'white' | 'black' | 'neutral' | (string & {});
}

/** One problem: piece declarations, releases, remarks, themes and references. */
export interface Problem extends ProblemXmlElement {
  foreignIds: ForeignId[];
  piecedecls: PieceDecl[];
  releases: Release[];
  remarks: Remark[];
  themes: string[];
  uncertainties: string[];
  /** `references` kept as elements (after/compare/…). */
  references?: XmlNode;
}

/** The kind of a release. */
export type ReleaseType = 'initial' | 'correction' | 'version';

/** A release of a problem (initial, correction or version) with its positions and twins. */
export interface Release extends ProblemXmlElement {
  id: string;
  base?: string;
  type: ReleaseType | (string & {});
  text?: string;
  authors: Author[];
  sources: Source[];
  awards: Award[];
  reprints: Source[];
  twins: Twin[];
  correctness: Correctness[];
}

/** An author's name parts. */
export interface AuthorName extends ProblemXmlElement {
  transcription?: string;
  familyName?: string;
  givenNames?: string;
}

/** An author of a problem. */
export interface Author extends ProblemXmlElement {
  name?: AuthorName;
  /** A `vCard:VCARD` element, kept as is. */
  vcard?: XmlNode;
}

/** A tourney. */
export interface Tourney extends ProblemXmlElement {
  name?: string;
  date?: XmlDate;
}

/** Where a problem was published. */
export interface Source extends ProblemXmlElement {
  name?: string;
  volume?: string;
  issue?: string;
  number?: string;
  date?: XmlDate;
  problemId?: string;
  remarks: Remark[];
  tourneys: Tourney[];
  /** The alternative free-text form. */
  text?: string;
}

/** An award of a problem in a tourney. */
export interface Award extends ProblemXmlElement {
  tourney?: Tourney;
  distinction?: string;
}

/**
 * Our reading of `correctness` (its schema page was not available): `type` is one of
 * correct | cooked | nosolution | shortsolution | other, plus free text.
 */
export interface Correctness extends ProblemXmlElement {
  type?: string;
  text?: string;
  signature?: Signature;
}

/** A twin of a release: a base twin, a position and a stipulation. */
export interface Twin extends ProblemXmlElement {
  id: string;
  base?: string;
  type?: 'duplex' | 'zeroposition' | (string & {});
  text?: string;
  position?: ProblemPosition;
  stipulation?: Stipulation;
  /** Fairy conditions, kept as elements. */
  conditions?: XmlNode;
  solution?: Solution;
}

/** A square as planes: dim 1 = file (a = 1), dim 2 = rank (1 = 1). */
export interface Plane {
  dim: number;
  value: number;
}

/** A piece operation of a position: add, remove or exchange pieces. */
export type PieceOp =
  | ({ op: 'addition'; piece: string; kind?: string; color?: string; square: Plane[] } & ProblemXmlElement)
  | ({ op: 'removal'; piece: string } & ProblemXmlElement)
  | ({ op: 'exchange'; piece1: string; piece2: string } & ProblemXmlElement);

/** An operation on a position: pieces, rotation, reflection, shift, … */
export type PositionOp =
  | ({ op: 'pieces'; items: PieceOp[] } & ProblemXmlElement)
  /** Counter-clockwise by `angle` degrees (90, 180, 270), as Popeye's `Rotate`: a1 → h1 for 90. */
  | ({ op: 'rotation'; angle: number } & ProblemXmlElement)
  /** Shift every piece by the plane values (dim 1 files, dim 2 ranks). */
  | ({ op: 'translation'; by: Plane[] } & ProblemXmlElement)
  /** Mirror along the given dimensions: dim 1 swaps files a↔h, dim 2 swaps ranks 1↔8. */
  | ({ op: 'reflection'; axes: number[] } & ProblemXmlElement)
  | ({ op: 'swapcolors' } & ProblemXmlElement)
  /** The position after the move with this id in the base twin's solution. */
  | ({ op: 'aftermove'; move: string } & ProblemXmlElement);

/** A position of a problem: a base position and the operations on it. */
export interface ProblemPosition extends ProblemXmlElement {
  id: string;
  base?: string;
  ops: PositionOp[];
  remarks: Remark[];
  retro?: XmlNode;
}

/** A structured stipulation: order, play, length and end state. */
export interface Stipulation extends ProblemXmlElement {
  /** alternating | series */
  order?: string;
  /** direct | help | self | reflex | … */
  play?: string;
  structure?: string;
  length?: { type?: string; value: string } & ProblemXmlElement;
  /** mate | stalemate | … */
  endstate?: { type: string } & ProblemXmlElement;
  stipulation?: Stipulation;
  /** The stipulation as free text (our extension; PBI stipulations that do not parse). */
  text?: string;
}

/** A change of a piece on a square in a solution move (kind, colour), with its reason. */
export interface Change extends ProblemXmlElement {
  piece: string;
  kind?: string;
  color?: string;
  reason?: string;
  square: Plane[];
}

/** One move of a solution tree. */
export interface ProblemMove extends ProblemXmlElement {
  kind: 'move';
  id?: string;
  parent?: string;
  type?: string;
  changes: Change[];
  symbol?: string;
  text?: string;
}

/** Free text between solution moves. */
export interface MoveText extends ProblemXmlElement {
  kind: 'movetext';
  after?: string;
  text: string;
}

/** A solution: moves and text, optionally signed. */
export interface Solution extends ProblemXmlElement {
  items: (ProblemMove | MoveText)[];
  signature?: Signature;
}
