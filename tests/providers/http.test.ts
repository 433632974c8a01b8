import { API_URL } from "@/config";
import { authStore } from "@/providers/auth-store";
import { envelopeOf, http, NETWORK_ERROR_MESSAGE } from "@/providers/http";
import { navigation } from "@/providers/navigation";
import { onlyRequest, reply, replyData, fakeApiForThisFile, XSRF } from "../support/fake-api";

fakeApiForThisFile([200, { data: {} }]);

const admin = { id: "u1", publicKey: "AdminKey111", displayName: "Admin", role: "ADMIN" };

function spyNavigation() {
  return vi.spyOn(navigation, "toLogin").mockImplementation(() => undefined);
}

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("http instance", () => {
  it("is configured for the API: its base, cookies, axios XSRF defaults, no timeout", () => {
    expect(http.defaults.baseURL).toBe(API_URL);
    expect(http.defaults.withCredentials).toBe(true);
    expect(http.defaults.xsrfCookieName).toBe("XSRF-TOKEN");
    expect(http.defaults.xsrfHeaderName).toBe("X-XSRF-TOKEN");
    expect(http.defaults.withXSRFToken).toBeUndefined();
    expect(http.defaults.timeout).toBe(0);
  });

  it("sends JSON with the XSRF cookie echoed as X-XSRF-TOKEN", async () => {
    await http.post("/anything", { a: 1 });
    const sent = onlyRequest();
    expect(sent.headers.get("x-xsrf-token")).toBe(XSRF);
    expect(sent.headers.get("content-type")).toMatch(/^application\/json/);
    expect(sent.body).toEqual({ a: 1 });
  });
});

describe("envelope unwrapping", () => {
  it("returns the payload of { data } as response.data", async () => {
    replyData({ id: "1", name: "x" });
    const response = await http.get("/thing");
    expect(response.data).toEqual({ id: "1", name: "x" });
  });

  it("keeps siblings of data (the shops list's meta) readable through envelopeOf", async () => {
    replyData([{ id: "s1" }], { meta: { total: 41, totalPages: 3 } });
    const response = await http.get("/admin/shops");
    expect(response.data).toEqual([{ id: "s1" }]);
    expect(envelopeOf(response).meta).toEqual({ total: 41, totalPages: 3 });
  });

  it("leaves a body without a data key as it is (read from the root)", async () => {
    reply([200, { initialized: true }]);
    const response = await http.get("/admin/marketplace/status");
    expect(response.data).toEqual({ initialized: true });
    expect(envelopeOf(response)).toEqual({});
  });
});

describe("error normalization", () => {
  it("uses the server's message and status", async () => {
    reply([409, { message: "Token already exists" }]);
    await expect(http.post("/tokens/admin", {})).rejects.toEqual({
      message: "Token already exists",
      serverMessage: "Token already exists",
      statusCode: 409,
    });
  });

  it("falls back to the error's own message when the server sent none", async () => {
    reply([500, {}]);
    const error = await http.get("/users").catch((e: unknown) => e);
    expect(error).toEqual({ message: "Request failed with status code 500", statusCode: 500 });
  });

  it("reports a network failure with a clear message and statusCode 0", async () => {
    reply("network-error");
    const error = await http.get("/users").catch((e: unknown) => e);
    expect(error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, statusCode: 0 });
  });

  it("maps the server's field errors to Refine's errors map", async () => {
    reply([
      400,
      {
        message: "Validation failed",
        errors: [
          { field: "symbol", message: "Too long" },
          { field: "decimals", message: "Must be an integer" },
          { field: "decimals", message: "At most 18" },
        ],
      },
    ]);
    const error = await http.post("/tokens/admin", {}).catch((e: unknown) => e);
    expect(error).toEqual({
      message: "Validation failed",
      serverMessage: "Validation failed",
      statusCode: 400,
      errors: { symbol: "Too long", decimals: ["Must be an integer", "At most 18"] },
    });
  });
});

describe("session expiry rule", () => {
  it.each([401, 410])("a %i outside /auth/ clears the stored auth, goes to /login and still rejects", async (status) => {
    authStore.signIn(admin, true);
    const toLogin = spyNavigation();
    reply([status, { message: "Session expired" }]);

    await expect(http.get("/users")).rejects.toMatchObject({ statusCode: status, message: "Session expired" });
    expect(authStore.get()).toEqual({ user: null, isAuthenticated: false });
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it.each([
    [401, "/auth/validate"],
    [410, "/auth/admin/verify"],
  ])("a %i on %s is an answer, not an expiry: nothing is cleared", async (status, path) => {
    authStore.signIn(admin, true);
    const toLogin = spyNavigation();
    reply([status, { message: "Invalid signature" }]);

    await expect(http.post(path, {})).rejects.toMatchObject({ statusCode: status });
    expect(authStore.get().isAuthenticated).toBe(true);
    expect(toLogin).not.toHaveBeenCalled();
  });

  it.each([403, 500])("a %i does not sign out", async (status) => {
    authStore.signIn(admin, true);
    const toLogin = spyNavigation();
    reply([status, { message: "nope" }]);

    await expect(http.get("/users")).rejects.toMatchObject({ statusCode: status });
    expect(authStore.get().isAuthenticated).toBe(true);
    expect(toLogin).not.toHaveBeenCalled();
  });

  it("does not reload /login when already there (that would loop), but still clears", async () => {
    window.history.replaceState(null, "", "/login");
    authStore.signIn(admin, true);
    const toLogin = spyNavigation();
    reply([401, {}]);

    await expect(http.get("/demo/wallet")).rejects.toMatchObject({ statusCode: 401 });
    expect(authStore.get().isAuthenticated).toBe(false);
    expect(toLogin).not.toHaveBeenCalled();
  });
});
