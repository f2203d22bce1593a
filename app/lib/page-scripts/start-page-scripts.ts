/** What a public page's bootstrap starts: React Router's list of its modules. */
export type PageScriptsPlan = {
  /** Every module the page runs, in React Router's order (its modulepreload hints): each route module after the chunks it needs. */
  modules: string[];
  /** The client entry: left to React Router's bootstrap, which imports it last (it hydrates). */
  entry: string;
  /** The page's CSP nonce, for the preload hints. */
  nonce: string | null;
};

/**
 * How a public page starts its scripts (ADR 078): soon after it is shown, in
 * idle time, and never in one long task, so a visitor's tap is answered at once
 * whenever it comes and the page is ready for it a few seconds after loading.
 *
 * 1. Waits for the first contentful paint and the page's high-priority images
 *    (the hero, the LCP candidate) to be shown, so no script delays what the
 *    visitor first sees (ADR 019). Hidden tabs go on at load; a cap 3 s after
 *    load covers browsers without paint timing.
 * 2. Fetches every module with a modulepreload hint (compiled off the main
 *    thread as it arrives, not when imported), one per task: the browser starts
 *    each fetch on the main thread, and 14 at once made one long task (ADR 073).
 * 3. Evaluates the modules one at a time, each in an idle period of its own
 *    (requestIdleCallback, at most 500 ms apart): evaluating a module graph is
 *    one task that cannot yield, so one import of the whole graph was one task
 *    of all of them (React, React Router and the page's own modules).
 *
 * The bootstrap then imports the client entry (React DOM), which hydrates in a
 * later idle period of its own, in a transition that React splits into slices
 * of about 5 ms (app/entry.client.tsx).
 *
 * Runs inline in the bootstrap (app/server/html/head-order.server.ts), sent as
 * its source: it uses nothing from outside its body, and imports through `load`
 * (a dynamic import written in the bootstrap itself).
 */
export async function startPageScripts({ modules, entry, nonce }: PageScriptsPlan, load: (href: string) => Promise<unknown>): Promise<void> {
  await new Promise<void>((resolve) => {
    const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    const firstPaint = new Promise<void>((done) => {
      if (painted()) return done();
      try {
        new PerformanceObserver((_list, observer) => {
          if (!painted()) return;
          observer.disconnect();
          done();
        }).observe({ type: "paint", buffered: true });
      } catch {
        // No paint timing: the cap after load below goes on.
      }
    });
    const heroes = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')]
      .filter((img) => !img.complete)
      .map((img) => new Promise((done) => (img.addEventListener("load", done), img.addEventListener("error", done))));
    void Promise.all([firstPaint, ...heroes]).then(frames);
    const loaded = () => {
      setTimeout(resolve, 3000);
      if (document.visibilityState === "hidden") resolve();
    };
    if (document.readyState === "complete") loaded();
    else addEventListener("load", loaded, { once: true });
  });

  const hrefs = [...modules];
  const preloadNext = () => {
    const href = hrefs.shift();
    if (!href) return;
    const link = document.createElement("link");
    // A module preload, not a plain one: the browser compiles it off the main thread as it arrives (ADR 078).
    link.rel = "modulepreload";
    link.crossOrigin = "anonymous";
    link.href = href;
    if (nonce) link.nonce = nonce;
    document.head.append(link);
    setTimeout(preloadNext, 0);
  };
  preloadNext();

  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 500 });
      else setTimeout(resolve, 0);
    });
  for (const href of modules) {
    if (href === entry) continue;
    await idle();
    await load(href);
  }
  await idle();
}
