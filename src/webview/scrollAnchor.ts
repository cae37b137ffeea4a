// Inserting content above what the reader sees without moving it (older turns, earlier conversations): the
// scroller's offset grows by exactly what went in above a reference element. Measured rather than left to the
// browser's own scroll anchoring, which Chromium skips when the scroller sits at offset 0 (the reader at the very
// top); where it did act first, the measured shift is 0 and nothing is added twice.

/**
 * Remembers where `reference` (an element in `scroller`) is on screen, and returns a function that scrolls
 * `scroller` to put it back there. Each call measures from that first position, not from the last call's, so the
 * whole pixels a scroll offset is rounded to never add up over many insertions.
 */
export function keepInPlace(scroller: HTMLElement, reference: Element | null): () => void {
  if (reference === null) return () => undefined;
  const top = reference.getBoundingClientRect().top;
  return () => {
    const shift = reference.getBoundingClientRect().top - top;
    if (shift !== 0) scroller.scrollTop += shift;
  };
}
