/**
 * The one rule for what a tag pair may hold when it is written, shared by every writer of the PGN
 * family (PGN, BPGN, AIF, PBN). A tag pair is one line: `[Name "value"]`.
 *
 * - A value holds no line end and no other control character: a line end would end the tag line
 *   (the rest reads as a new tag, or as movetext), and NUL and the other controls are not text.
 *   Each such character is written as a space. The tab is the one control left to the format: it
 *   does not end a line (PGN keeps it with a warning, PBN export writes a space).
 * - A name is a PGN symbol: a letter, digit or `@`, then also `_+#=:-`. Any other character (a
 *   space, `"`, `]`, a line end) is written as `_`; an empty name as `_`.
 *
 * `"` and `\` in a value are escaped by each writer as its format says; they never split a tag.
 * A writer that changes a value or a name reports `ERR_TEXT_TAG_CONTROL` / `ERR_TEXT_TAG_NAME`
 * (warnings), so nothing changes silently.
 */
import { notationError, type NotationError } from '../errors.js';

/**
 * Line ends and other controls a tag value cannot hold: C0 but the tab, and DEL. C1 (U+0080..U+009F)
 * is left alone: no reader of the family ends a line there, and in a file read as Latin-1 those are
 * the bytes of Windows-1252 punctuation (0x85 `…`, 0x96 `–`) or of UTF-8 text, which a round trip
 * must keep.
 */
const VALUE_CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;
const VALUE_CONTROLS = /[\x00-\x08\x0a-\x1f\x7f]/g;
const NAME = /^[A-Za-z0-9@][A-Za-z0-9@_+#=:-]*$/;
const NAME_FIRST_BAD = /^[^A-Za-z0-9@]/;
const NAME_REST_BAD = /[^A-Za-z0-9@_+#=:-]/g;

/** Whether `value` holds a character a tag value cannot (a line end, NUL, another control). */
export function hasTagValueControl(value: string): boolean {
  return VALUE_CONTROL.test(value);
}

/** `value` as a writer puts it in a tag: each line end or other control (not a tab) as a space. */
export function tagValueText(value: string): string {
  return VALUE_CONTROL.test(value) ? value.replace(VALUE_CONTROLS, ' ') : value;
}

/** `name` as a writer puts it in a tag: a PGN symbol, each other character as `_`. */
export function tagNameText(name: string): string {
  if (NAME.test(name)) return name;
  if (name === '') return '_';
  return name.replace(NAME_REST_BAD, '_').replace(NAME_FIRST_BAD, '_');
}

/** `U+000A` */
const codePoint = (c: number): string => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What writing the tag `name` with `value` changes, as warnings (none for a tag written as it is):
 * `ERR_TEXT_TAG_CONTROL` for a value with controls, `ERR_TEXT_TAG_NAME` for a name that is not a
 * symbol. `line` is where the tag is written, when the writer knows it.
 */
export function tagPairWarnings(name: string, value: string, line?: number): NotationError[] {
  const out: NotationError[] = [];
  const shown = JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
  if (!NAME.test(name))
    out.push(
      notationError(
        'ERR_TEXT_TAG_NAME',
        `tag name ${shown} is not a symbol; written as ${JSON.stringify(tagNameText(name).slice(0, 40))}`,
        line,
        line === undefined ? undefined : 2,
      ),
    );
  if (VALUE_CONTROL.test(value)) {
    let count = 0;
    let first = -1;
    for (let i = 0; i < value.length; i++)
      if (VALUE_CONTROL.test(value[i]!)) {
        if (first < 0) first = value.charCodeAt(i);
        count++;
      }
    out.push(
      notationError(
        'ERR_TEXT_TAG_CONTROL',
        `tag ${shown}: ${count} line end(s) or control character(s) (first ${codePoint(first)}) written as spaces; a tag value is one line`,
        line,
        line === undefined ? undefined : 1,
      ),
    );
  }
  return out;
}
