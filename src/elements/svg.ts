// Putting a diagram from gamenotation/diagram into the shadow root, with the page's piece set when
// it names one (`--gn-piece-set: url(/pieces/{piece}.svg)`): each piece group keeps its place and
// size (the artwork is drawn in a 100 × 100 box) and shows the image instead of the built-in shapes.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The URL template of `--gn-piece-set` on the host, or undefined for the built-in pieces. */
export function pieceSetTemplate(host: Element): string | undefined {
  const raw = getComputedStyle(host).getPropertyValue('--gn-piece-set').trim();
  if (!raw || raw === 'none') return undefined;
  const m = /^url\(\s*(['"]?)(.*)\1\s*\)$/s.exec(raw) ?? /^(['"])(.*)\1$/s.exec(raw);
  const template = (m ? m[2]! : raw).trim();
  return template.includes('{piece}') ? template : undefined;
}

/** Replaces the container's content with the SVG; with a piece set, swaps each piece's artwork for its image. */
export function showSvg(container: Element, svg: string, pieceSet: string | undefined): void {
  container.innerHTML = svg;
  if (!pieceSet) return;
  for (const g of container.querySelectorAll<SVGGElement>('g.piece, g.pocket-icon')) {
    const code = g.getAttribute('data-piece') ?? g.parentElement?.getAttribute('data-piece');
    if (!code || !/^[wbn][KQRBNP]$/.test(code)) continue;
    const image = document.createElementNS(SVG_NS, 'image');
    image.setAttribute('href', pieceSet.replaceAll('{piece}', code));
    image.setAttribute('width', '100');
    image.setAttribute('height', '100');
    g.replaceChildren(image);
  }
}
