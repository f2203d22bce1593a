import type express from "express";

let inFlight = 0;

/**
 * Counts the requests being answered, so background work (the outbox worker)
 * can give way to visitors during a burst (ADR 020).
 */
export function countRequestsInFlight(): express.RequestHandler {
  return (_req, res, next) => {
    inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight--;
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}

export function requestsInFlight(): number {
  return inFlight;
}
