const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page a brochure address answers when there is no PDF to give: a
 * download link has no React page around it, so this small page says what
 * the package page would (404: the packages to choose from; 503: try again),
 * in the site's colours and fonts.
 */
export function brochureErrorPage(status: 404 | 503, title: string, text: string, links: { href: string; label: string }[] = []): Response {
  const list = links.length ? `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`).join("")}</ul>` : "";
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} | Pravas</title>` +
    `<style>body{font-family:"Plus Jakarta Sans",system-ui,sans-serif;color:#14221b;max-width:40rem;margin:4rem auto;padding:0 1.25rem;line-height:1.6}` +
    `h1{font-family:Fraunces,Georgia,serif;color:#0b6946}a{color:#0b6946}.btn{display:inline-block;margin:.5rem .5rem 0 0;padding:.6rem 1.1rem;border-radius:999px;background:#11835a;color:#fff;text-decoration:none}</style></head>` +
    `<body><main><p>Error ${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${list}` +
    `<p><a class="btn" href="/packages">See all packages</a><a class="btn" href="/contact">Ask our team</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...(status === 503 ? { "Retry-After": "30" } : {}) },
  });
}
