import crypto from "node:crypto";
import { gotoHydrated, pageSettled } from "./fixtures";
import { ADMIN, expect, signInRequest, test } from "./admin-helpers";

/**
 * The XSS corpus (issue 12, ADR 027): hostile posts saved through the API by
 * a signed-in author, then opened by a visitor in Chromium. Nothing may run,
 * no dialog may open, the CSP must have nothing to block (the sanitizer, not
 * the CSP, is what stops them), and the rendered article keeps none of the
 * dangerous elements or attributes.
 */

const PWN = "top.__pwned=1;alert(1)";

const CORPUS: Record<string, string> = {
  script: `<script>${PWN}</script><SCRIPT SRC=/xss.js></SCRIPT>`,
  "img onerror": `<img src=x onerror="${PWN}"><img src="/media/nothing.webp" onerror="${PWN}" alt="">`,
  "img srcset": `<img src="/media/nothing.webp" srcset="javascript:alert(1) 1x, https://cdn.example.com/x.jpg 2x" alt=""><picture><source srcset="https://cdn.example.com/y.jpg"><img src="/media/y.webp" alt=""></picture>`,
  "on* handlers": `<p onclick="${PWN}" onmouseover="${PWN}" style="position:fixed;inset:0">hover</p><details open ontoggle="${PWN}"><summary>s</summary></details><body onload="${PWN}">`,
  "javascript: URLs": `<a href="javascript:${PWN}">a</a><a href="JaVaScRiPt:${PWN}">b</a><a href="jav&#x09;ascript:${PWN}">c</a><a href=" &#14; javascript:${PWN}">d</a><a href="javascript&colon;${PWN}">e</a>`,
  "data: URLs": `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a><img src="data:image/svg+xml,<svg onload=alert(1)>"><a href="DATA:text/html,<script>alert(1)</script>">b</a>`,
  svg: `<svg onload="${PWN}"><script>${PWN}</script><animate onbegin="${PWN}" attributeName=x dur=1s></animate><a xlink:href="javascript:${PWN}"><text>t</text></a></svg>`,
  math: `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}"></style></mglyph></table></mtext></math><math href="javascript:${PWN}">m</math>`,
  iframe: `<iframe src="javascript:${PWN}"></iframe><iframe srcdoc="<script>${PWN}</script>"></iframe><object data="javascript:${PWN}"></object><embed src="javascript:${PWN}">`,
  form: `<form action="javascript:${PWN}"><input autofocus onfocus="${PWN}"><button formaction="javascript:${PWN}">go</button></form>`,
  style: `<style>@import '/x.css'; body{background:url("javascript:${PWN}")}</style><p style="background:url(javascript:alert(1));behavior:url(x)">s</p><link rel=stylesheet href=/x.css>`,
  "head tags": `<base href="javascript:/"><meta http-equiv="refresh" content="0;url=javascript:${PWN}">`,
  "mXSS noscript": `<noscript><p title="</noscript><img src=x onerror=${PWN}>"></noscript>`,
  "mXSS svg style": `<svg></p><style><a id="</style><img src=1 onerror=${PWN}>">`,
  "mXSS form math": `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${PWN}>`,
  "mXSS raw text": `<xmp><img src=x onerror=${PWN}></xmp><textarea><img src=x onerror=${PWN}></textarea><title><img src=x onerror=${PWN}></title><template><script>${PWN}</script></template>`,
  "mXSS comments": `<!--<img src=x onerror=${PWN}>--><![CDATA[<img src=x onerror=${PWN}>]]><!--><img src=x onerror=${PWN}>-->`,
  "mXSS attribute breakout": `<a title="&quot;><img src=x onerror=${PWN}>" href="/ok">t</a><img alt="\`><img src=x onerror=${PWN}>" src="/media/x.webp">`,
  "new-window links": `<a href="https://example.com" target="_BLANK" rel="opener">caps</a><a href="https://example.com" target="evil">named</a>`,
};

const DANGEROUS =
  "script, iframe, svg, math, form, input, button, style, link, object, embed, base, meta, template, noscript, textarea, xmp, details, body, picture, source";

test("hostile posts saved through the API run nothing for a visitor", async ({ playwright, baseURL, page, db }) => {
  test.setTimeout(180_000);
  const prefix = `e2e-xss-${crypto.randomBytes(4).toString("hex")}`;
  db.onCleanup(() => db.query("delete from blogs where slug like $1", [`${prefix}%`]));
  const author = await playwright.request.newContext({ baseURL });
  await signInRequest(author, ADMIN);

  const dialogs: string[] = [];
  const blocked: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });

  for (const [name, payload] of Object.entries(CORPUS)) {
    const marker = `${prefix} marker ${name}`;
    const saved = await author.post("/api/blogs", {
      data: { title: `${prefix} ${name}`, content: `<p>${marker}</p>${payload}<p>after</p>` },
    });
    expect(saved.status(), `${name}: ${await saved.text()}`).toBe(201);
    const { id } = await saved.json();

    // Stored sanitized: the database never holds the hostile markup.
    const [row] = await db.query<{ content: string }>("select content from blogs where id = $1", [id]);
    // Text and attribute values are escaped (`&lt;`, `&quot;`), so every `<` left opens a real tag.
    for (const tag of row!.content.match(/<[^>]*>/g) ?? []) {
      expect(tag, name).not.toMatch(/^<\/?(script|iframe|svg|math|style|form|object|embed|base|meta|template|noscript)\b/i);
      expect(tag.replace(/="[^"]*"/g, '=""'), name).not.toMatch(/\son\w+=|\sstyle=/i);
      expect(tag, name).not.toMatch(/\s(href|src)="\s*(javascript|data|vbscript):/i);
    }

    await gotoHydrated(page, `/blogs/${id}`);
    const article = page.getByText(marker, { exact: true }).locator("xpath=..");
    await expect(article, name).toBeVisible();
    await page.mouse.move(200, 300);
    await pageSettled(page);

    const found = await article.evaluate((root, selector) => {
      const bad: string[] = [...root.querySelectorAll(selector)].map((element) => element.tagName);
      for (const element of root.querySelectorAll("*")) {
        for (const attribute of element.attributes) {
          if (/^on/i.test(attribute.name) || /^(style|srcdoc|srcset)$/i.test(attribute.name)) bad.push(`${element.tagName}[${attribute.name}]`);
          if (/^(href|src|action|formaction|data|xlink:href)$/i.test(attribute.name) && /^\s*(javascript|data|vbscript):/i.test(attribute.value)) {
            bad.push(`${element.tagName}[${attribute.name}=${attribute.value}]`);
          }
        }
        if (element.tagName === "IMG" && !/^\/(?![/\\])/.test(element.getAttribute("src") ?? "")) bad.push(`IMG[src=${element.getAttribute("src")}]`);
        if (element.tagName === "A" && element.hasAttribute("target")) {
          const rel = element.getAttribute("rel") ?? "";
          if (element.getAttribute("target") !== "_blank" || !/noopener/.test(rel) || /\bopener\b/.test(rel)) bad.push(`A[target rel=${rel}]`);
        }
      }
      return bad;
    }, DANGEROUS);
    expect(found, name).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), name).toBeUndefined();
  }

  expect(dialogs).toEqual([]);
  expect(blocked).toEqual([]);
  await author.dispose();
});

test("the new-window links of the corpus open without access to the page", async ({ playwright, baseURL, page, db }) => {
  const prefix = `e2e-xss-${crypto.randomBytes(4).toString("hex")}`;
  db.onCleanup(() => db.query("delete from blogs where slug like $1", [`${prefix}%`]));
  const author = await playwright.request.newContext({ baseURL });
  await signInRequest(author, ADMIN);
  const saved = await author.post("/api/blogs", {
    data: { title: `${prefix} links`, content: CORPUS["new-window links"] },
  });
  const { id, content } = await saved.json();
  expect(content).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">caps</a><a href="https://example.com">named</a>');
  await gotoHydrated(page, `/blogs/${id}`);
  await expect(page.getByRole("link", { name: "caps" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.getByRole("link", { name: "named" })).not.toHaveAttribute("target", /.*/);
  await author.dispose();
});
