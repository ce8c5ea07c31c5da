import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  /** Path of the canonical URL; defaults to the current path. */
  canonicalPath?: string;
  /** Robots directive; the tag is removed when absent. */
  robots?: string;
}

function upsertLink(rel: string, href: string) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Sets the page title, canonical link and robots meta tag (SPEC §2). */
export function usePageMeta({ title, canonicalPath, robots }: PageMeta): void {
  useEffect(() => {
    document.title = title;
    upsertLink('canonical', new URL(canonicalPath ?? window.location.pathname, window.location.origin).href);
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (robots) {
      const meta = existing ?? document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'robots' }));
      meta.content = robots;
    } else {
      existing?.remove();
    }
  }, [title, canonicalPath, robots]);
}
