/** Offset of the fixed navigation bar (SPEC §9: 64 + 16). */
export const SCROLL_OFFSET = 80;
/** How long a section stays highlighted after navigation (SPEC §9). */
export const HIGHLIGHT_MS = 3000;

/** Smoothly scrolls to the section with this id, below the fixed bar, and highlights it. */
export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const top = el.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET;
  window.scrollTo({ top, behavior: 'smooth' });
  el.dataset.highlighted = 'true';
  window.setTimeout(() => {
    delete el.dataset.highlighted;
  }, HIGHLIGHT_MS);
  return true;
}
