// Exists only for `npm run bench:nav` (a `vite build --mode bench`): the Floor section, the yardstick
// every screen is compared with. src/resources/index.ts adds it in bench mode only; a normal build
// drops it (and its chunk) with the dead branch. Not a resource of the registry: it lists the users.
import { SectionIcon } from "@/components/layout/section-icon";
import { screen } from "@/components/routing/lazy-screen";
import { PAGE_SIZE } from "@contract";
import type { AdminSection } from "@/components/routing/sections";
import { FLOOR_META } from "./floor-meta";

/** The Floor: the Users list's first page (same request, same hover preload) in a plain antd Table. */
export function benchFloorSection(): AdminSection {
  return {
    resource: { name: "bench-floor", list: "/bench-floor", meta: { ...FLOOR_META, icon: <SectionIcon name="users" /> } },
    load: screen(() => import("./floor"), "FloorPage"),
    firstQuery: { type: "list", pageSize: PAGE_SIZE, resource: "users" },
  };
}
