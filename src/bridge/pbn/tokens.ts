/** The call and card tokens of PBN auction and play sections (3.11, 3.12), to canonical form. */
const CALLS = new Map<string, string>();
const CARD_TOKENS = new Map<string, string>();
{
  const add = (canonical: string) => {
    CALLS.set(canonical, canonical);
    CALLS.set(canonical.toLowerCase(), canonical);
    CALLS.set(canonical.toUpperCase(), canonical);
  };
  for (const c of ['Pass', 'AP', 'X', 'XX', '-', '^S']) add(c);
  for (let level = 1; level <= 7; level++) for (const strain of ['C', 'D', 'H', 'S', 'NT']) add(`${level}${strain}`);
  for (const suit of 'SHDC')
    for (const rank of 'AKQJT98765432') {
      const card = suit + rank;
      for (const t of [card, card.toLowerCase(), suit.toLowerCase() + rank, suit + rank.toLowerCase()])
        CARD_TOKENS.set(t, card);
    }
  CARD_TOKENS.set('-', '-');
  CARD_TOKENS.set('+', '+');
}

/** Canonical form of a call token (case-insensitive, 3.11), or null. */
export function canonicalCall(p: string): string | null {
  return CALLS.get(p) ?? CALLS.get(p.toUpperCase()) ?? null;
}

/** Canonical form of a card token (`SA`, `-`, `+`; case-insensitive), or null. */
export function canonicalCard(p: string): string | null {
  return CARD_TOKENS.get(p) ?? null;
}
