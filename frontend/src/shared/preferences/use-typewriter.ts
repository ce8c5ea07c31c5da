import { useEffect, useState } from 'react';

/** SPEC §2: wizard questions appear a character at a time, 18 ms each. */
export const TYPEWRITER_MS = 18;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The part of `text` typed so far. Mount it with a `key` per text so each one starts over.
 * Readers who ask for reduced motion get the whole text at once.
 */
export function useTypewriter(text: string, msPerChar = TYPEWRITER_MS): string {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? text.length : 0));
  const done = shown >= text.length;
  useEffect(() => {
    if (done) return undefined;
    // One steady clock, so a slow render does not slow the typing down.
    const timer = window.setInterval(() => setShown((n) => Math.min(n + 1, text.length)), msPerChar);
    return () => window.clearInterval(timer);
  }, [done, text, msPerChar]);
  return text.slice(0, shown);
}
