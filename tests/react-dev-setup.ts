// Runs before anything imports React in a console test page. The console tests run React's
// development build (Testing Library needs its act, and its warnings are worth having) without three
// debugging aids no test reads, which took a fifth of the console project's time (measured: 138 s →
// 114 s on the 2-core machine; docs/testing.md):
// - console.createTask: an async stack task for every element React creates;
// - console.timeStamp: every component render logged to the Performance panel, with a diff of its
//   props (React reads both when its modules load, hence this file runs first);
// - owner stacks: an Error captured for every element created, up to 10 000 a second, for the
//   component stacks in React's warnings. Holding the counter at that limit makes React use its
//   placeholder: warnings still print, naming the component, with a shorter stack.
const devTools = console as { createTask?: unknown; timeStamp?: unknown };
devTools.createTask = undefined;
devTools.timeStamp = undefined;

const OWNER_STACK_LIMIT = 1e4;
const react = await import("react");
const internals = (react.default as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (!internals || !("recentlyCreatedOwnerStacks" in internals)) {
  throw new Error("This React keeps no recentlyCreatedOwnerStacks: update tests/react-dev-setup.ts for it (or drop its owner-stack part)");
}
Object.defineProperty(internals, "recentlyCreatedOwnerStacks", { get: () => OWNER_STACK_LIMIT, set: () => {}, configurable: true });

export {};
