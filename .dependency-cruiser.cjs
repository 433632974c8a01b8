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
// The server, routes → services → db:
//   db/          the data layer: imports nothing else of the server
//   services/    the rules and the SQL: no route, plugin, seed or composition root
//   routes/      reach the data through the services; only the app registers them
//   plugins/     the instance's plugins, registered by the app (and the route index's hooks)

const SERVER_DB = "^server/db/";
const SERVER_SERVICES = "^server/services/";
const SERVER_ROUTES = "^server/routes/";
const SERVER_SEED = "^server/seed/";

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
      comment: "The data layer (server/db/) imports nothing else of the server: move what it needs into it.",
      severity: "error",
      from: { path: SERVER_DB },
      to: { path: "^server/", pathNot: SERVER_DB },
    },
    {
      name: "server-services-below-routes",
      comment: "Services know no route, plugin, seed or composition root: pass what they need in their context.",
      severity: "error",
      from: { path: SERVER_SERVICES },
      to: { path: [SERVER_ROUTES, SERVER_SEED, "^server/plugins/", "^server/(app|index|context)\\.ts$"] },
    },
    {
      name: "server-routes-through-services",
      comment: "Routes reach the database through the services.",
      severity: "error",
      from: { path: SERVER_ROUTES },
      to: { path: SERVER_DB },
    },
    {
      name: "server-routes-are-the-top",
      comment: "Only the app and the route index register routes: what a route and another module both need goes below both.",
      severity: "error",
      from: { path: "^server/", pathNot: [SERVER_ROUTES, "^server/app\\.ts$"] },
      to: { path: SERVER_ROUTES },
    },
    {
      name: "server-plugins-are-the-app",
      comment: "The instance's plugins are the app's (server/app.ts) and the route index's: nothing below imports them.",
      severity: "error",
      from: { path: "^server/", pathNot: ["^server/plugins/", "^server/routes/", "^server/app\\.ts$"] },
      to: { path: "^server/plugins/" },
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
