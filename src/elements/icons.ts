// Control icons drawn as SVG (a font may lack the media-control characters); decorative, the
// buttons carry their names.
const icon = (body: string) =>
  `<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="currentColor">${body}</svg>`;

export const ICONS = {
  first: icon('<rect x="2" y="3" width="2" height="10"/><path d="M14 3v10L5 8z"/>'),
  previous: icon('<path d="M12 3v10L4 8z"/>'),
  next: icon('<path d="M4 3v10l8-5z"/>'),
  last: icon('<path d="M2 3v10l9-5z"/><rect x="12" y="3" width="2" height="10"/>'),
  previousTrick: icon('<path d="M8 3v10L1 8zM15 3v10L8 8z"/>'),
  nextTrick: icon('<path d="M1 3v10l7-5zM8 3v10l7-5z"/>'),
  play: icon('<path d="M4 2v12l10-6z"/>'),
  pause: icon('<rect x="3" y="2" width="4" height="12"/><rect x="9" y="2" width="4" height="12"/>'),
  flip: icon('<path d="M5 1 1 5h3v7h2V5h3zM11 15l4-4h-3V4h-2v7H7z"/>'),
};
