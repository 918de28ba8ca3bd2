import type { ProjectFile } from "@neonlab/shared/schemas/projects";

// The preview runs pages in an opaque origin (sandbox without allow-same-origin), where reading
// localStorage or sessionStorage throws. Projects teach both, so the previewed copy of index.html gets
// an in-memory stand-in first in its head: it lives as long as one render of the page. The saved files
// are never changed.

const STORAGE_SHIM = `(() => {
  const make = () => {
    const items = new Map();
    return {
      get length() { return items.size; },
      key: (i) => Array.from(items.keys())[i] ?? null,
      getItem: (k) => (items.has(String(k)) ? items.get(String(k)) : null),
      setItem: (k, v) => { items.set(String(k), String(v)); },
      removeItem: (k) => { items.delete(String(k)); },
      clear: () => { items.clear(); },
    };
  };
  for (const name of ["localStorage", "sessionStorage"]) {
    let usable = false;
    try { usable = !!window[name]; } catch { usable = false; }
    if (!usable) Object.defineProperty(window, name, { value: make(), configurable: true });
  }
})();`;

const TAG = `<script data-neonlab-shim>${STORAGE_SHIM}</script>`;

/** The files as the preview should run them: index.html with the storage stand-in first. */
export function withPreviewShims(files: ProjectFile[]): ProjectFile[] {
  return files.map((file) => {
    if (file.name !== "index.html") return file;
    // After <head>, else <html>, else the doctype (a script before it would switch to quirks mode).
    const at = [/<head[^>]*>/i, /<html[^>]*>/i, /<!doctype[^>]*>/i].map((re) => re.exec(file.content)).find(Boolean);
    const cut = at ? at.index + at[0].length : 0;
    return { ...file, content: `${file.content.slice(0, cut)}${TAG}${file.content.slice(cut)}` };
  });
}
