// Moves and cards in words, for the live region: "White knight takes e5, check".

const PIECE: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

/** A SAN move said in words, by the side that played it. */
export function sanWords(san: string, color: 'white' | 'black'): string {
  const side = color === 'white' ? 'White' : 'Black';
  const text = san.replace(/[!?]+$/, '');
  const suffix = /#$/.test(text) ? ', checkmate' : /\+$/.test(text) ? ', check' : '';
  const move = text.replace(/[+#]+$/, '');
  if (move === '--' || move === 'Z0' || move === '0000') return `${side} passes`;
  if (/^[O0]-[O0]-[O0]$/.test(move)) return `${side} castles queenside${suffix}`;
  if (/^[O0]-[O0]$/.test(move)) return `${side} castles kingside${suffix}`;
  const drop = /^([KQRBNP]?)@([a-h][1-8])$/.exec(move);
  if (drop) return `${side} drops a ${PIECE[drop[1] || 'P']} on ${drop[2]}${suffix}`;
  const m = /^([KQRBN]?)([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=?([QRBNK]))?$/.exec(move);
  if (!m) return `${side} ${san}`;
  const [, piece, from, takes, to, promotion] = m;
  const name = PIECE[piece || 'P'];
  const origin = from ? ` from ${from}` : '';
  const action = takes ? ' takes' : ' to';
  const promotes = promotion ? `, promotes to ${PIECE[promotion]}` : '';
  return `${side} ${name}${origin}${action} ${to}${promotes}${suffix}`;
}

const RANK: Record<string, string> = {
  A: 'ace',
  K: 'king',
  Q: 'queen',
  J: 'jack',
  T: 'ten',
  '9': 'nine',
  '8': 'eight',
  '7': 'seven',
  '6': 'six',
  '5': 'five',
  '4': 'four',
  '3': 'three',
  '2': 'two',
};
const SUIT: Record<string, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
export const SEAT_NAME: Record<string, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };

/** `SJ` → "jack of spades". */
export function cardWords(card: string): string {
  return `${RANK[card[1]!] ?? card[1]} of ${SUIT[card[0]!] ?? card[0]}`;
}

/** Suit symbols for display (`♠`, `♥`, `♦`, `♣`). */
export const SUIT_SYMBOL: Record<string, string> = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };

/** A card as it is printed: `♠J`, `♥10`. */
export function cardText(card: string): string {
  return `${SUIT_SYMBOL[card[0]!] ?? card[0]}${card[1] === 'T' ? '10' : card.slice(1)}`;
}

/** A card for display (`♠J`, `♥10`) in its suit's colour, named in words for screen readers. */
export function cardHtml(card: string): string {
  const suit = card[0]!;
  const cls = suit === 'H' || suit === 'D' ? 'red' : 'blk';
  return `<span class="${cls}" role="img" aria-label="${cardWords(card)}">${cardText(card)}</span>`;
}

/** A call for display: `1♠`, `3NT`, `Pass`, `X`, `XX`. */
export function callHtml(call: string): string {
  const m = /^([1-7])([SHDC]|NT)$/.exec(call);
  if (!m) {
    const word =
      call === 'Pass' ? 'Pass' : call === 'X' ? 'Dbl' : call === 'XX' ? 'Rdbl' : call === 'AP' ? 'All pass' : call;
    return word;
  }
  if (m[2] === 'NT') return `${m[1]}NT`;
  const cls = m[2] === 'H' || m[2] === 'D' ? 'red' : 'blk';
  return `${m[1]}<span class="${cls}" role="img" aria-label="${SUIT[m[2]!]}">${SUIT_SYMBOL[m[2]!]}</span>`;
}
