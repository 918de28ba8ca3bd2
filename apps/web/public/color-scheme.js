// Runs before the app: applies the saved (or system) colour mode so the page never flashes the wrong one.
(() => {
  const root = document.documentElement;
  let scheme = "dark";
  try {
    const saved = localStorage.getItem("neonlab-color-scheme");
    const prefersLight = window.matchMedia("(prefers-color-scheme: light)").matches;
    scheme = saved === "light" || saved === "dark" ? saved : prefersLight ? "light" : "dark";
  } catch {
    // Storage can be blocked; fall back to dark.
  }
  root.setAttribute("data-mantine-color-scheme", scheme);
  root.style.colorScheme = scheme;
  root.style.background = scheme === "dark" ? "#05070a" : "#f4f7fb";
})();
