// The fake API's own promises, which the fake-clock tests stand on: `settled()` means the page has
// no request under way, counted from the moment axios opens it. Axios 1.x reads the XSRF cookie from
// the browser's cookie store (a real round trip) between open() and send(); counted from send(), a
// test that moved the fake clock in that gap skipped a 5 s poll (tests/pages/marketplace.test.tsx).
import { waitFor } from "@testing-library/react";
import { http } from "@/providers/http";
import { api, fakeApiForThisFile } from "./fake-api";

fakeApiForThisFile([200, { data: {} }]);

const realSetTimeout = globalThis.setTimeout.bind(globalThis);

/** The cookie store answering `ms` of real time late, as a busy browser process does. */
function slowCookieStore(ms: number) {
  const get = window.cookieStore.get.bind(window.cookieStore);
  vi.spyOn(window.cookieStore, "get").mockImplementation(
    ((name: string) => new Promise((resolve) => realSetTimeout(() => resolve(get(name)), ms))) as typeof get,
  );
}

describe("fake API", () => {
  it("settled() waits for a request axios has opened but not yet sent", async () => {
    slowCookieStore(50);
    api.get("/slow", [200, { data: "late" }]);
    const answer = http.get("/slow");
    await api.settled();
    expect(api.requests("GET", "/slow")).toHaveLength(1);
    await expect(answer).resolves.toMatchObject({ data: "late" });
  });

  it("dates a request from when the page asked, not from when the cookie came back", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      slowCookieStore(50);
      api.get("/dated", [200, { data: 1 }]);
      const asked = Date.now();
      const answer = http.get("/dated");
      vi.setSystemTime(asked + 1000);
      await answer;
      expect(api.requests("GET", "/dated")[0].sentAt).toBe(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a request aborted before it was sent is no longer waited for", async () => {
    slowCookieStore(50);
    const controller = new AbortController();
    const answer = http.get("/never", { signal: controller.signal });
    // Opened by now, still waiting on the cookie.
    await new Promise((resolve) => realSetTimeout(resolve, 10));
    controller.abort();
    await expect(answer).rejects.toBeDefined();
    await api.settled(1000);
    expect(api.requests("GET", "/never")).toHaveLength(0);
  });

  // Files of a project share their page: a request one test leaves unanswered on purpose (a screen
  // kept loading) must not keep a later test's settled() waiting, in this file or the next.
  it("a test may leave a request unanswered…", async () => {
    api.get("/forever", () => new Promise(() => {}));
    void http.get("/forever").catch(() => undefined);
    await waitFor(() => expect(api.requests("GET", "/forever")).toHaveLength(1));
  });

  it("…and the next test's settled() waits only for its own", async () => {
    api.get("/now", [200, { data: 1 }]);
    await http.get("/now");
    await api.settled(1000);
    expect(api.requests("GET", "/now")).toHaveLength(1);
  });
});
