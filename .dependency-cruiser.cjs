// The layers of the console and of the server, checked by `npm run lint` (`npm run lint:deps`:
// depcruise src contract server). Lazy imports (import()) and type-only imports count like the
// others: a loop through a lazy screen is still a loop, and a type imported upward still ties a
// lower layer to a higher one.
//
// The console:
//   contract/    shared with the server: imports nothing of the console's or the server's
//   providers/   data, auth, HTTP, wallet: no screen, no component
//   components/  the shell and building blocks: no screen (the sections reach them through
//                SectionsContext, provided by App)
//   resources/, pages/   the screens and their sections: may import everything below
//
// The server, routes → services → db; a resource module's files (server/resources/<name>/) sit in
// the layer of their kind (routes.ts, service.ts, tables.ts and migrations/, seed.ts):
//   db/          the data layer: imports nothing else of the server
//   services/    the rules and the SQL: no route, plugin, seed, module list or composition root
//   routes/      reach the data through the services; only the app, the route index and a
//                module's index import them
//   plugins/     the instance's plugins, registered by the app (and the route index's hooks)
//   the module list (server/resources/index.ts, and each module's index.ts) is read by the
//   composition only: the context (which gives the modules to the routes and the migrator), the
//   seeder, the app's entry.

const SERVER_DB = "^server/(db/|resources/[^/]+/(tables\\.ts$|migrations/))";
const SERVER_SERVICES = "^server/(services/|resources/[^/]+/service\\.ts$)";
const SERVER_ROUTES = "^server/(routes/|resources/[^/]+/routes\\.ts$)";
const SERVER_SEED = "^server/(seed/|resources/[^/]+/seed\\.ts$)";
const SERVER_MODULES = "^server/resources/(index\\.ts$|[^/]+/index\\.ts$)";

/**
 * A forbidden import, reported as an error: from the modules `from` matches to those `to` matches.
 * @param {string} name @param {string} comment
 * @param {import('dependency-cruiser').IFromRestriction} from @param {import('dependency-cruiser').IToRestriction} to
 */
const forbid = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      "no-cycle",
      "An import cycle, lazy and type-only imports included: move what both sides need below both.",
      {},
      { circular: true },
    ),
    forbid(
      "contract-imports-no-console",
      "The contract is shared by the console and the server: it imports nothing of either.",
      { path: "^contract/" },
      { path: "^(src|server)/" },
    ),
    forbid(
      "contract-zod-through-zod-ts",
      "Contract modules take z from contract/zod.ts, which runs zod jitless in the browser (the console's CSP forbids eval).",
      { path: "^contract/", pathNot: "^contract/zod\\.ts$" },
      { path: "node_modules/zod/", dependencyTypesNot: ["type-only"] },
    ),
    forbid(
      "providers-know-no-screens",
      "Providers know nothing of screens or components: pass what they need down, or move it into providers.",
      { path: "^src/providers/" },
      { path: "^src/(resources|components|pages)/" },
    ),
    forbid(
      "components-know-no-screens",
      "Components know no screen: the sections reach them through SectionsContext; a screen's own part goes in its folder.",
      { path: "^src/components/" },
      { path: "^src/(resources|pages)/" },
    ),
    forbid(
      "server-data-layer-at-the-bottom",
      "The data layer (server/db/, a module's tables.ts and migrations/) imports nothing else of the server: move what it needs into it.",
      { path: SERVER_DB },
      { path: "^server/", pathNot: SERVER_DB },
    ),
    forbid(
      "server-services-below-routes",
      "Services know no route, plugin, seed, module list or composition root: pass what they need in their context.",
      { path: SERVER_SERVICES },
      { path: [SERVER_ROUTES, SERVER_SEED, SERVER_MODULES, "^server/plugins/", "^server/(app|index|context)\\.ts$"] },
    ),
    forbid(
      "server-routes-through-services",
      "Routes reach the database through the services (server/services/, a module's service.ts).",
      { path: SERVER_ROUTES },
      { path: SERVER_DB },
    ),
    forbid(
      "server-routes-are-the-top",
      "Only the app, the route index and a module's index import routes: what a route and another module both need goes below both.",
      { path: "^server/", pathNot: [SERVER_ROUTES, SERVER_MODULES, "^server/app\\.ts$"] },
      { path: SERVER_ROUTES },
    ),
    forbid(
      "server-plugins-are-the-app",
      "The instance's plugins are the app's (server/app.ts) and the route index's: nothing below imports them.",
      { path: "^server/", pathNot: ["^server/plugins/", "^server/routes/", "^server/app\\.ts$"] },
      { path: "^server/plugins/" },
    ),
    forbid(
      "server-module-list-is-the-composition",
      "The resource modules are put together by the composition only: the context (routes, migrations), the seeder, the app's entry.",
      { path: "^server/", pathNot: ["^server/(index|context)\\.ts$", "^server/seed/index\\.ts$", SERVER_MODULES] },
      { path: SERVER_MODULES },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports are dependencies too.
    tsPreCompilationDeps: true,
    // The @/ and @contract aliases.
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
