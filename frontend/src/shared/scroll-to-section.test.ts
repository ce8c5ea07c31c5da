import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_MS, SCROLL_OFFSET, scrollToSection } from './scroll-to-section';

describe('scrollToSection', () => {
  afterEach(() => document.body.replaceChildren());

  it('scrolls smoothly to 80 px above the section and highlights it for 3 s', () => {
    vi.useFakeTimers();
    const section = document.createElement('section');
    section.id = 'abnormal';
    document.body.appendChild(section);
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: 500 } as DOMRect);
    const scroll = vi.spyOn(window, 'scrollTo');
    expect(scrollToSection('abnormal')).toBe(true);
    expect(scroll).toHaveBeenCalledWith({ top: 500 + window.scrollY - SCROLL_OFFSET, behavior: 'smooth' });
    expect(section.dataset.highlighted).toBe('true');
    vi.advanceTimersByTime(HIGHLIGHT_MS - 1);
    expect(section.dataset.highlighted).toBe('true');
    vi.advanceTimersByTime(1);
    expect(section.dataset.highlighted).toBeUndefined();
  });

  it('does nothing for a missing section', () => {
    expect(scrollToSection('nowhere')).toBe(false);
  });
});
