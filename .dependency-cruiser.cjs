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

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "An import cycle, lazy and type-only imports included: move what both sides need below both.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "contract-imports-no-console",
      comment: "The contract is shared by the console and the server: it imports nothing of either.",
      severity: "error",
      from: { path: "^contract/" },
      to: { path: "^(src|server)/" },
    },
    {
      name: "contract-zod-through-zod-ts",
      comment: "Contract modules take z from contract/zod.ts, which runs zod jitless in the browser (the console's CSP forbids eval).",
      severity: "error",
      from: { path: "^contract/", pathNot: "^contract/zod\\.ts$" },
      to: { path: "node_modules/zod/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "providers-know-no-screens",
      comment: "Providers know nothing of screens or components: pass what they need down, or move it into providers.",
      severity: "error",
      from: { path: "^src/providers/" },
      to: { path: "^src/(resources|components|pages)/" },
    },
    {
      name: "components-know-no-screens",
      comment: "Components know no screen: the sections reach them through SectionsContext; a screen's own part goes in its folder.",
      severity: "error",
      from: { path: "^src/components/" },
      to: { path: "^src/(resources|pages)/" },
    },
    {
      name: "server-data-layer-at-the-bottom",
      comment:
        "The data layer (server/db/, a module's tables.ts and migrations/) imports nothing else of the server: move what it needs into it.",
      severity: "error",
      from: { path: SERVER_DB },
      to: { path: "^server/", pathNot: SERVER_DB },
    },
    {
      name: "server-services-below-routes",
      comment: "Services know no route, plugin, seed, module list or composition root: pass what they need in their context.",
      severity: "error",
      from: { path: SERVER_SERVICES },
      to: { path: [SERVER_ROUTES, SERVER_SEED, SERVER_MODULES, "^server/plugins/", "^server/(app|index|context)\\.ts$"] },
    },
    {
      name: "server-routes-through-services",
      comment: "Routes reach the database through the services (server/services/, a module's service.ts).",
      severity: "error",
      from: { path: SERVER_ROUTES },
      to: { path: SERVER_DB },
    },
    {
      name: "server-routes-are-the-top",
      comment:
        "Only the app, the route index and a module's index import routes: what a route and another module both need goes below both.",
      severity: "error",
      from: { path: "^server/", pathNot: [SERVER_ROUTES, SERVER_MODULES, "^server/app\\.ts$"] },
      to: { path: SERVER_ROUTES },
    },
    {
      name: "server-plugins-are-the-app",
      comment: "The instance's plugins are the app's (server/app.ts) and the route index's: nothing below imports them.",
      severity: "error",
      from: { path: "^server/", pathNot: ["^server/plugins/", "^server/routes/", "^server/app\\.ts$"] },
      to: { path: "^server/plugins/" },
    },
    {
      name: "server-module-list-is-the-composition",
      comment:
        "The resource modules are put together by the composition only: the context (routes, migrations), the seeder, the app's entry.",
      severity: "error",
      from: { path: "^server/", pathNot: ["^server/(index|context)\\.ts$", "^server/seed/index\\.ts$", SERVER_MODULES] },
      to: { path: SERVER_MODULES },
    },
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
