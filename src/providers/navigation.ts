// Full-page navigations that live outside the router. A plain object (not a bare function) so tests
// can `vi.spyOn(navigation, "toLogin")` instead of letting a real navigation take the test page away.

// Set once the page is on its way to /login: it is never unset, since the load replaces this page.
let leaving = false;

export const navigation = {
  /**
   * A full load, not a router push: it drops every cached query and in-memory state of the old session.
   * Once per page: when a session ends, every call in flight fails and asks for it, and each further
   * load would abort the one before it.
   */
  toLogin(): void {
    if (leaving) return;
    leaving = true;
    navigation.load("/login");
  },
  /** The browser's own navigation to `path`. */
  load(path: string): void {
    window.location.assign(path);
  },
};
