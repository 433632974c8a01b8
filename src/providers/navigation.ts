// Full-page navigations that live outside the router. A plain object (not a bare function) so tests
// can `vi.spyOn(navigation, "toLogin")` instead of letting a real navigation take the test page away.
export const navigation = {
  /** A full load, not a router push: it drops every cached query and in-memory state of the old session. */
  toLogin(): void {
    window.location.assign("/login");
  },
};
