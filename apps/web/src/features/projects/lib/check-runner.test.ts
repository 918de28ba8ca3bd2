import type { ProjectCheck } from "@neonlab/shared/schemas/projects";
import { afterEach, describe, expect, it } from "vitest";
import { buildCheckRunner, runnerMessage } from "./check-runner.ts";
import { withPreviewShims } from "./preview-shims.ts";

const script = (id: string, body: string): ProjectCheck => ({ id, label: id, kind: "script", script: body });

/** Runs the runner in this document (happy-dom) and resolves with the message it posts. */
function runHere(source: string, run: string) {
  return new Promise<unknown>((resolve) => {
    const listen = (event: MessageEvent) => {
      if (runnerMessage(event.data, run)) {
        window.removeEventListener("message", listen);
        resolve(event.data);
      }
    };
    window.addEventListener("message", listen);
    new Function(source)();
  });
}

afterEach(() => {
  document.body.replaceChildren();
});

describe("the check runner", () => {
  it("runs each script check against the page and reports pass, or the thrown message", async () => {
    document.body.innerHTML = '<form id="f"><input id="i"></form><ul id="list"></ul>';
    document.querySelector("#f")!.addEventListener("submit", (event) => {
      event.preventDefault();
      const li = document.createElement("li");
      li.textContent = (document.querySelector("#i") as HTMLInputElement).value;
      document.querySelector("#list")!.append(li);
    });
    const source = buildCheckRunner(
      "run-1",
      [
        script(
          "adds",
          'h.type("#i", "Milk"); h.submit("#f"); await h.until(() => h.text("#list li") === "Milk", 500, "no");',
        ),
        script("fails", 'h.assert(h.$$("li").length > 5, "Too few items.");'),
        script("file", 'h.assert(h.file("script.js").includes("</script>"), "file missing");'),
        { id: "static", label: "static", kind: "static", script: null },
      ],
      [{ name: "script.js", content: 'const s = "</script>";' }],
    );
    expect(source).not.toContain("</script>");
    const message = runnerMessage(await runHere(source, "run-1"), "run-1");
    expect(message?.results).toEqual([
      { id: "adds", passed: true, message: "" },
      { id: "fails", passed: false, message: "Too few items." },
      { id: "file", passed: true, message: "" },
    ]);
  });

  it("takes only its own run's well-formed message", () => {
    const results = [{ id: "a", passed: true, message: "" }];
    expect(runnerMessage({ source: "neonlab-check", run: "x", results }, "x")?.results).toEqual(results);
    expect(runnerMessage({ source: "neonlab-check", run: "other", results }, "x")).toBeNull();
    expect(runnerMessage({ source: "neonlab-sandbox", run: "x", results }, "x")).toBeNull();
    expect(runnerMessage({ source: "neonlab-check", run: "x", results: [{ id: 1 }] }, "x")?.results).toEqual([]);
    expect(runnerMessage("nope", "x")).toBeNull();
  });
});

describe("the preview's storage stand-in", () => {
  it("goes first in the head of index.html, after the doctype when there is no head, and nowhere else", () => {
    const [html, css] = withPreviewShims([
      { name: "index.html", content: "<!doctype html><html><head><title>x</title></head></html>" },
      { name: "style.css", content: "p{}" },
    ]);
    expect(html!.content).toMatch(/^<!doctype html><html><head><script data-neonlab-shim>/);
    expect(css!.content).toBe("p{}");
    const [bare] = withPreviewShims([{ name: "index.html", content: "<!DOCTYPE html><p>hi</p>" }]);
    expect(bare!.content).toMatch(/^<!DOCTYPE html><script data-neonlab-shim>/);
  });
});
