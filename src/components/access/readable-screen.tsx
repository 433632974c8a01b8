// The route element of a section, asked of the access control: the screen when the admin's role may
// read the section (its "list"), else `Forbidden` with the reason. Until the answer is in, the screen.
import type { ComponentType } from "react";
import type { AdminSection } from "@/components/routing/sections";
import { useAccess } from "./use-access";

export function readableScreen(entry: AdminSection, Screen: ComponentType, Forbidden: ComponentType<{ reason?: string }>): ComponentType {
  function ReadableScreen() {
    const { allowed, reason } = useAccess({ resource: entry.resource.name, action: "list" });
    return allowed ? <Screen /> : <Forbidden reason={reason} />;
  }
  ReadableScreen.displayName = `Readable(${entry.resource.name})`;
  return ReadableScreen;
}
