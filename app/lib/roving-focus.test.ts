import { describe, expect, it } from "vitest";
import { rovingIndex } from "./roving-focus";

describe("rovingIndex", () => {
  it("steps with the arrows of its axis and wraps at both ends", () => {
    expect(rovingIndex("ArrowRight", 0, 4)).toBe(1);
    expect(rovingIndex("ArrowRight", 3, 4)).toBe(0);
    expect(rovingIndex("ArrowLeft", 0, 4)).toBe(3);
    expect(rovingIndex("ArrowDown", 3, 4, "vertical")).toBe(0);
    expect(rovingIndex("ArrowUp", 1, 4, "vertical")).toBe(0);
  });

  it("leaves the other axis's arrows and other keys to the browser", () => {
    expect(rovingIndex("ArrowDown", 1, 4)).toBeNull();
    expect(rovingIndex("ArrowRight", 1, 4, "vertical")).toBeNull();
    expect(rovingIndex("Enter", 1, 4)).toBeNull();
    expect(rovingIndex("ArrowRight", 0, 0)).toBeNull();
  });

  it("goes to the first and last item with Home and End", () => {
    expect(rovingIndex("Home", 2, 4)).toBe(0);
    expect(rovingIndex("End", 0, 4, "vertical")).toBe(3);
  });

  it("starts from the first or last item when focus is on none of them yet", () => {
    expect(rovingIndex("ArrowDown", -1, 4, "vertical")).toBe(0);
    expect(rovingIndex("ArrowUp", -1, 4, "vertical")).toBe(2);
  });
});
