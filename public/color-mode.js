// Runs before the first paint (a blocking classic script in index.html's <head>): sets
// <html data-theme> from the remembered colour mode, or the OS's when none is, so the page's first
// colours are already the right ones. src/styles/color-mode.ts takes over once the app runs; keep
// the key and the rule the same in both.
(function () {
  let mode = null;
  try {
    mode = localStorage.getItem("admin.colorMode");
  } catch {
    mode = null; // storage blocked: the OS decides
  }
  if (mode !== "light" && mode !== "dark") {
    mode = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.setAttribute("data-theme", mode);
  document.documentElement.style.colorScheme = mode;
  // antd's styles made at build time, one file per mode (vite.config.ts). The mode's own file stays
  // for the page's life, whatever the OS does later (antd reads once which styles the file holds: a
  // file turned off after that would leave its components unstyled); the other is dropped before
  // the browser spends time on it.
  document.querySelectorAll("link[data-antd-styles]").forEach(function (link) {
    if (link.getAttribute("data-antd-styles") === mode) link.media = "all";
    else link.remove();
  });
})();
