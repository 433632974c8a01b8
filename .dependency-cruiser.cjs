// The console's layers, checked by `npm run lint` (`npm run lint:deps`: depcruise src contract).
// Lazy imports (import()) and type-only imports count like the others: a loop through a lazy
// screen is still a loop, and a type imported upward still ties a lower layer to a higher one.
//   contract/    shared with the server: imports nothing of the console's
//   providers/   data, auth, HTTP, wallet: no screen, no component
//   components/  the shell and building blocks: no screen (the sections reach them through
//                SectionsContext, provided by App)
//   resources/, pages/   the screens and their sections: may import everything below
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
      comment: "The contract is shared with the server: it imports nothing of src/.",
      severity: "error",
      from: { path: "^contract/" },
      to: { path: "^src/" },
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
