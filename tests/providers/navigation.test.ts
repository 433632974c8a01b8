// The way out to /login when a session ends: every call in flight fails with it and asks to leave,
// but the page loads /login once (a second load would abort the first: Chromium reports
// net::ERR_ABORTED for it).
import { authStore } from "@/providers/auth-store";
import { http } from "@/providers/http";
import { navigation } from "@/providers/navigation";
import { reply, fakeApiForThisFile } from "../support/fake-api";

fakeApiForThisFile([200, { data: {} }]);

const admin = { id: "u1", publicKey: "AdminKey111", displayName: "Admin", role: "ADMIN" };

describe("leaving for /login", () => {
  it("loads /login once when several calls find the session gone together, and again never", async () => {
    authStore.signIn(admin, true);
    const load = vi.spyOn(navigation, "load").mockImplementation(() => undefined);
    reply([401, { message: "Session expired" }], [410, { message: "Session expired" }], [401, { message: "Session expired" }]);

    const calls = await Promise.allSettled([http.get("/users"), http.get("/admin/orders"), http.get("/tokens/admin")]);
    expect(calls.map((call) => call.status)).toEqual(["rejected", "rejected", "rejected"]);
    navigation.toLogin();

    expect(load.mock.calls).toEqual([["/login"]]);
    expect(authStore.get()).toEqual({ user: null, isAuthenticated: false });
  });
});
