// Shared lexing for the PGN family — re-exports only.
export {
  decodeLatin1,
  decodePiece,
  decodeText,
  encodingWarning,
  hasBom,
  StreamDecoder,
  type DecodedPiece,
  type DecodedText,
  type TextEncodingName,
} from './decode.js';
export {
  countLineBreaks,
  isReadableStream,
  iterateStream,
  textChunks,
  type TextChunksOptions,
  type TextSource,
} from './source.js';
export {
  escapeString,
  Lexer,
  TOKEN_ANGLE_CLOSE,
  TOKEN_ANGLE_OPEN,
  TOKEN_COMMENT,
  TOKEN_EOF,
  TOKEN_ESCAPE,
  TOKEN_INTEGER,
  TOKEN_LINE_COMMENT,
  TOKEN_NAG,
  TOKEN_NAMES,
  TOKEN_OTHER,
  TOKEN_PERIOD,
  TOKEN_RAV_CLOSE,
  TOKEN_RAV_OPEN,
  TOKEN_RESULT,
  TOKEN_STRING,
  TOKEN_SUFFIX,
  TOKEN_SYMBOL,
  TOKEN_TAG_CLOSE,
  TOKEN_TAG_OPEN,
  tokenize,
  unescapeString,
  type LexerOptions,
  type Token,
  type TokenKind,
} from './lexer.js';
export {
  RecordScanner,
  scanRecords,
  TEXT_RECORD_CODES,
  type RecordCodes,
  type RecordScannerOptions,
  type RecordToken,
  type RecordTokenKind,
} from './records.js';
export { lastRecordBoundary, type RecordSplitState } from './record-split.js';
export {
  CH_CR,
  CH_ESCAPE,
  CH_LF,
  CH_LINE_COMMENT,
  countLineEndsBytes,
  isBlank,
  isLineEnd,
  lineEndLength,
  restOfLine,
  restOfLineBytes,
  startsEscapeLine,
} from './escape.js';
export { LineSplitter } from './lines.js';
export { GameSplitter, decodeBytes, splitGames, type TextBatch, type SplitOptions } from './split.js';
export { tagNameText, tagPairWarnings, tagValueText } from './tag-value.js';
export {
  annotationNag,
  GAME_RESULTS,
  readTagPair,
  resultText,
  SUFFIX_NAGS,
  suffixNag,
  tagPairClosed,
  TAG_NO_NAME,
  TAG_NO_VALUE,
  TAG_VALUE,
  type TagPairHead,
} from './grammar.js';
