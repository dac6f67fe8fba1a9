// A typed model of problem.xsd documents (namespace http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0).
// Plain JSON data. Elements and attributes this model does not know are kept (`extra`, `attrs`) so
// that reading and writing a document loses nothing.

export const PROBLEM_NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
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

interface Located {
  /** Source position of the element (set by the reader). */
  pos?: XmlPos;
  /** Attributes the model does not interpret, kept for writing. */
  attrs?: Record<string, string>;
  /** Child elements the model does not interpret, kept for writing (after the known children). */
  extra?: XmlNode[];
}

export interface XmlDate {
  day?: string;
  month?: string;
  year?: string;
}

export interface Signature extends Located {
  by: string[];
  date?: XmlDate;
  text?: string;
}

export interface Remark extends Located {
  signature?: Signature;
  text?: string;
}

export interface ProblemsDocument extends Located {
  /** The encoding named in the XML declaration ('UTF-8' when none). */
  encoding: string;
  count?: number;
  title?: string;
  problems: Problem[];
  remarks: Remark[];
}

export interface ForeignId extends Located {
  domain: string;
  problemId: string;
}

export interface PieceDecl extends Located {
  id: string;
  /** An orthodox kind or a fairy piece name. */
  kind: string;
  color: 'white' | 'black' | 'neutral' | (string & {});
}

export interface Problem extends Located {
  foreignIds: ForeignId[];
  piecedecls: PieceDecl[];
  releases: Release[];
  remarks: Remark[];
  themes: string[];
  uncertainties: string[];
  /** `references` kept as elements (after/compare/…). */
  references?: XmlNode;
}

export type ReleaseType = 'initial' | 'correction' | 'version';

export interface Release extends Located {
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

export interface AuthorName extends Located {
  transcription?: string;
  familyName?: string;
  givenNames?: string;
}

export interface Author extends Located {
  name?: AuthorName;
  /** A `vCard:VCARD` element, kept as is. */
  vcard?: XmlNode;
}

export interface Tourney extends Located {
  name?: string;
  date?: XmlDate;
}

export interface Source extends Located {
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

export interface Award extends Located {
  tourney?: Tourney;
  distinction?: string;
}

/**
 * Our reading of `correctness` (its schema page was not available): `type` is one of
 * correct | cooked | nosolution | shortsolution | other, plus free text.
 */
export interface Correctness extends Located {
  type?: string;
  text?: string;
  signature?: Signature;
}

export interface Twin extends Located {
  id: string;
  base?: string;
  type?: 'duplex' | 'zeroposition' | (string & {});
  text?: string;
  position?: Position;
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

export type PieceOp =
  | ({ op: 'addition'; piece: string; kind?: string; color?: string; square: Plane[] } & Located)
  | ({ op: 'removal'; piece: string } & Located)
  | ({ op: 'exchange'; piece1: string; piece2: string } & Located);

export type PositionOp =
  | ({ op: 'pieces'; items: PieceOp[] } & Located)
  /** Counter-clockwise by `angle` degrees (90, 180, 270), as Popeye's `Rotate`: a1 → h1 for 90. */
  | ({ op: 'rotation'; angle: number } & Located)
  /** Shift every piece by the plane values (dim 1 files, dim 2 ranks). */
  | ({ op: 'translation'; by: Plane[] } & Located)
  /** Mirror along the given dimensions: dim 1 swaps files a↔h, dim 2 swaps ranks 1↔8. */
  | ({ op: 'reflection'; axes: number[] } & Located)
  | ({ op: 'swapcolors' } & Located)
  /** The position after the move with this id in the base twin's solution. */
  | ({ op: 'aftermove'; move: string } & Located);

export interface Position extends Located {
  id: string;
  base?: string;
  ops: PositionOp[];
  remarks: Remark[];
  retro?: XmlNode;
}

export interface Stipulation extends Located {
  /** alternating | series */
  order?: string;
  /** direct | help | self | reflex | … */
  play?: string;
  structure?: string;
  length?: { type?: string; value: string } & Located;
  /** mate | stalemate | … */
  endstate?: { type: string } & Located;
  stipulation?: Stipulation;
  /** The stipulation as free text (our extension; PBI stipulations that do not parse). */
  text?: string;
}

export interface Change extends Located {
  piece: string;
  kind?: string;
  color?: string;
  reason?: string;
  square: Plane[];
}

export interface Move extends Located {
  kind: 'move';
  id?: string;
  parent?: string;
  type?: string;
  changes: Change[];
  symbol?: string;
  text?: string;
}

export interface MoveText extends Located {
  kind: 'movetext';
  after?: string;
  text: string;
}

export interface Solution extends Located {
  items: (Move | MoveText)[];
  signature?: Signature;
}
