// Helpers shared by the fuzz targets (plain ESM: the harness, the replay test and vitest load it).
export { rng } from '../../test/support/rng.mjs';

export const pick = (r, list) => list[Math.floor(r() * list.length)];

/** Random edits of a text: insert a token, delete a run, change a character, duplicate a run, rotate. */
export function mutateText(r, s, tokens, edits = 1 + Math.floor(r() * 6)) {
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(r() * (s.length + 1));
    const k = r();
    if (k < 0.35) s = s.slice(0, at) + pick(r, tokens) + s.slice(at);
    else if (k < 0.6) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 20));
    else if (k < 0.75) s = s.slice(0, at) + String.fromCharCode(Math.floor(r() * 256)) + s.slice(at + 1);
    else if (k < 0.92) {
      const len = Math.floor(r() * 40);
      s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at);
    } else s = s.slice(at) + s.slice(0, at);
  }
  return s;
}

/** A slice of `text` of about `max` characters from a random place. */
export function sliceOf(r, text, max) {
  const start = Math.floor(r() * text.length);
  return text.slice(start, start + 20 + Math.floor(r() * max));
}

/** Bytes with a few positions set to bytes >= 0x80 (invalid UTF-8 most of the time). */
export function breakUtf8(r, text) {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < 4 && bytes.length; i++) bytes[Math.floor(r() * bytes.length)] = 0x80 + Math.floor(r() * 128);
  return bytes;
}

/** FNV-1a over the input (string or bytes), as 8 hex digits: the name of a saved crasher. */
export function inputHash(input) {
  let h = 0x811c9dc5;
  const n = input.length;
  for (let i = 0; i < n; i++) {
    h ^= typeof input === 'string' ? input.charCodeAt(i) : input[i];
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * JSON of a value without some keys (positions, line numbers) at any depth, object keys sorted: a
 * model is compared by content, not by the order its fields happened to be set in.
 */
export function jsonWithout(value, keys) {
  return JSON.stringify(value, (k, v) => {
    if (keys.includes(k)) return undefined;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted = {};
    for (const key of Object.keys(v).sort()) sorted[key] = v[key];
    return sorted;
  });
}

/** An input as text for a reader that takes strings (bytes are decoded as the library would). */
export const asText = (input) => (typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input));
