import { rateLimit } from "express-rate-limit";

const cache = new Map<number, ReturnType<typeof rateLimit>>();

/**
 * Per-IP limit on the public form endpoints (writes only). In-memory: with
 * several servers each counts its own share, which still caps a flood.
 */
export function formRateLimiter(limitPerWindow: number) {
  let limiter = cache.get(limitPerWindow);
  if (!limiter) {
    limiter = rateLimit({
      windowMs: 10 * 60 * 1000,
      limit: limitPerWindow,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      skip: (req) => req.method !== "POST",
      handler: (req, res) => {
        const message = "Too many requests. Please wait a few minutes and try again.";
        // A form posted without JavaScript lands on this answer: give it a readable page.
        if (req.accepts(["json", "html"]) === "html") {
          res
            .status(429)
            .type("html")
            .send(
              `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests | Pravas</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.6"><h1>Too many requests</h1><p>${message}</p><p><a href="${req.baseUrl || "/"}">Go back</a></p></body></html>`,
            );
          return;
        }
        res.status(429).json({ error: message });
      },
    });
    cache.set(limitPerWindow, limiter);
  }
  return limiter;
}
