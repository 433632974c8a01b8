import { renderHook } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useRememberPresent } from "@/providers/query-policy";

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("useRememberPresent", () => {
  it("keeps a call the API answered once known for the session (its client), while its answer is read again", () => {
    const client = new QueryClient();
    const { result, rerender } = renderHook(({ present }) => useRememberPresent("someCall", present), {
      wrapper: withClient(client),
      initialProps: { present: false },
    });
    expect(result.current).toBe(false);
    rerender({ present: true });
    expect(result.current).toBe(true);
    // The answer dropped from the cache: still known.
    rerender({ present: false });
    expect(result.current).toBe(true);

    // Another call, or another session (a new client), knows nothing of it.
    expect(renderHook(() => useRememberPresent("otherCall", false), { wrapper: withClient(client) }).result.current).toBe(false);
    expect(renderHook(() => useRememberPresent("someCall", false), { wrapper: withClient(new QueryClient()) }).result.current).toBe(false);
  });
});
