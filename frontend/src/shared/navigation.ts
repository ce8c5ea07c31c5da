/** Full-page navigation, in one place so tests can observe it (jsdom cannot navigate). */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

/** The sign-in URL that returns to where the user is now. */
export function loginUrl(): string {
  const here = window.location.pathname + window.location.search;
  return `/api/login?returnTo=${encodeURIComponent(here)}`;
}
