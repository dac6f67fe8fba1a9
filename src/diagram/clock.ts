// Clock times as diagrams (and the elements) print them; a module of its own so that a page
// showing one chess game does not load the bughouse rules for it.

/** Seconds as `m:ss` (`h:mm:ss` from an hour; tenths under a minute when given). */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '-';
  if (seconds < 60 && seconds !== Math.floor(seconds)) {
    const tenths = Math.floor(seconds * 10 + 1e-9);
    return `0:${String(Math.floor(tenths / 10)).padStart(2, '0')}.${tenths % 10}`;
  }
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
