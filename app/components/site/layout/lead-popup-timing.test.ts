import { describe, expect, it } from "vitest";
import { POPUP_DELAY_MS, POPUP_RESHOW_MS, popupDelay } from "./lead-popup-timing";

const now = 1_750_000_000_000;

describe("popupDelay", () => {
  it("shows 15 s after load for a first visit", () => {
    expect(popupDelay({ submitted: false, closedAt: null }, now)).toBe(15_000);
  });

  it("counts the 15 s from load, when the page became interactive after it", () => {
    expect(popupDelay({ submitted: false, closedAt: null }, now, 1_200)).toBe(13_800);
    expect(popupDelay({ submitted: false, closedAt: null }, now, 20_000)).toBe(0);
    expect(popupDelay({ submitted: false, closedAt: null }, now, -5)).toBe(15_000);
    expect(popupDelay({ submitted: false, closedAt: now - 60_000 }, now, 1_200)).toBe(POPUP_RESHOW_MS - 60_000);
  });

  it("never shows once a lead was submitted", () => {
    expect(popupDelay({ submitted: true, closedAt: null }, now)).toBeNull();
    expect(popupDelay({ submitted: true, closedAt: now - 1 }, now)).toBeNull();
  });

  it("waits until 15 minutes after a recent close", () => {
    expect(popupDelay({ submitted: false, closedAt: now - 60_000 }, now)).toBe(POPUP_RESHOW_MS - 60_000);
    expect(popupDelay({ submitted: false, closedAt: now }, now)).toBe(900_000);
  });

  it("shows after the usual 15 s when the close is older than 15 minutes", () => {
    expect(popupDelay({ submitted: false, closedAt: now - POPUP_RESHOW_MS - 1 }, now)).toBe(POPUP_DELAY_MS);
    expect(popupDelay({ submitted: false, closedAt: now - POPUP_RESHOW_MS + 5_000 }, now)).toBe(POPUP_DELAY_MS);
  });
});
