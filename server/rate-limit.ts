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
      handler: (_req, res) => {
        res.status(429).json({ error: "Too many requests. Please wait a few minutes and try again." });
      },
    });
    cache.set(limitPerWindow, limiter);
  }
  return limiter;
}
