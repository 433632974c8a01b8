// The access control provider: `can` answers from the session's permissions and each resource's
// declared `access` (an action left out needs "read"), with the role's reason; a session without
// permissions (an API without roles, the SPEC's) is allowed everything.
import { afterEach, describe, expect, it } from "vitest";
import { ROLES } from "@contract";
import { accessControlProvider, permissionFor } from "@/providers/access-control";
import { authStore } from "@/providers/auth-store";

const KEY = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

function signInAs(teamRole?: keyof typeof ROLES) {
  const base = { id: "u-1", publicKey: KEY, displayName: "Alice", role: "ADMIN" };
  authStore.signIn(teamRole ? { ...base, teamRole, permissions: [...ROLES[teamRole].permissions] } : base, true);
}

const can = (resource: string, action: string) => accessControlProvider.can({ resource, action });

afterEach(() => authStore.clear());

describe("accessControlProvider", () => {
  it("reads what each action needs from the resource's declaration, and read for the rest", () => {
    expect(permissionFor("tokens", "create")).toBe("tokens.manage");
    expect(permissionFor("activity", "list")).toBe("audit.read");
    expect(permissionFor("team", "list")).toBe("team.manage");
    expect(permissionFor("orders", "resolve")).toBe("payouts.propose");
    expect(permissionFor("settlements", "approve")).toBe("payouts.approve");
    expect(permissionFor("settlements", "retry")).toBe("settlements.retry");
    expect(permissionFor("marketplace", "initialize")).toBe("marketplace.initialize");
    expect(permissionFor("users", "export")).toBe("export");
    expect(permissionFor("tokens", "list")).toBe("read");
    expect(permissionFor("nothing-declared", "edit")).toBe("read");
  });

  it("allows what the role's permissions include, and says why not for the rest", async () => {
    signInAs("support");
    expect(await can("tokens", "list")).toEqual({ can: true });
    expect(await can("orders", "notes")).toEqual({ can: true });
    expect(await can("tokens", "create")).toEqual({ can: false, reason: "Your role (Support) does not include Manage tokens" });
    expect(await can("activity", "list")).toEqual({ can: false, reason: "Your role (Support) does not include Read the audit trail" });

    signInAs("treasury");
    expect(await can("settlements", "approve")).toEqual({ can: true });
    expect(await can("orders", "resolve")).toEqual({
      can: false,
      reason: "Your role (Treasury) does not include Resolve disputes and propose payouts",
    });

    signInAs("owner");
    expect(await can("team", "list")).toEqual({ can: true });
    expect(await can("marketplace", "initialize")).toEqual({ can: true });
  });

  it("allows everything to a session without permissions (an API without roles)", async () => {
    signInAs();
    for (const [resource, action] of [
      ["tokens", "create"],
      ["activity", "list"],
      ["team", "list"],
      ["settlements", "retry"],
      ["marketplace", "initialize"],
    ]) {
      expect(await can(resource, action)).toEqual({ can: true });
    }
  });
});
