// `npm run dev`: Vite (hot reload, proxying /api) and the API server (restarting on change) in one
// terminal. The browser is on Vite's origin, so that is the PUBLIC_ORIGIN the sign-in message and the
// Origin check must name; the proxy keeps the API same-origin for the cookies.
import concurrently from "concurrently";

const port = process.env.PORT ?? "8080";
const vitePort = process.env.VITE_PORT ?? "5173";
const env = {
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${vitePort}`,
  API_PROXY_TARGET: process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${port}`,
};

const { result } = concurrently(
  [
    { command: "npm run dev:server", name: "api", prefixColor: "blue", env },
    // strictPort: another port would no longer match PUBLIC_ORIGIN.
    { command: `vite --strictPort --port ${vitePort}`, name: "web", prefixColor: "green", env },
  ],
  { killOthersOn: ["failure", "success"], restartTries: 0 },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
