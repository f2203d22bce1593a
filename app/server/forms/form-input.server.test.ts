import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, isHoneypotFilled, jsonNestingDepth, MAX_JSON_DEPTH, readBody, validationErrorResponse } from "./form-input.server";

const post = (body: string, type: string) => new Request("http://x/api", { method: "POST", body, headers: { "content-type": type } });

describe("readBody", () => {
  it("reads JSON, form fields and JSON sent as text", async () => {
    expect(await readBody(post('{"name":"Asha"}', "application/json"))).toEqual({ name: "Asha" });
    expect(await readBody(post("name=Asha&phone=98", "application/x-www-form-urlencoded"))).toEqual({
      name: "Asha",
      phone: "98",
    });
    expect(await readBody(post('{"name":"Asha"}', "text/plain;charset=UTF-8"))).toEqual({ name: "Asha" });
  });

  it("returns null for malformed or non-object bodies", async () => {
    expect(await readBody(post("{oops", "application/json"))).toBeNull();
    expect(await readBody(post("[1,2]", "application/json"))).toBeNull();
    expect(await readBody(post('"text"', "text/plain"))).toBeNull();
  });
});

describe("JSON nesting depth", () => {
  it("counts objects and arrays, not brackets inside strings", () => {
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[{{{\\"]]]"}')).toBe(1);
    expect(jsonNestingDepth("12")).toBe(0);
  });

  it("refuses a body nested deeper than the limit before parsing it, and keeps one at the limit", async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"title":"x"}${"}".repeat(depth - 1)}`;
    expect(await readBody(post(nested(MAX_JSON_DEPTH), "application/json"))).not.toBeNull();
    expect(await readBody(post(nested(MAX_JSON_DEPTH + 1), "application/json"))).toBeNull();
    expect(await readBody(post(`{"title":"x","a":${"[".repeat(5000)}${"]".repeat(5000)}}`, "application/json"))).toBeNull();
  });
});

describe("readBody makes text storable", () => {
  it("drops NUL bytes and replaces lone surrogates, in JSON and in forms", async () => {
    expect(await readBody(post('{"name":"As\\u0000ha","phone":"9\\ud800 8"}', "application/json"))).toEqual({
      name: "Asha",
      phone: "9\ufffd 8",
    });
    expect(await readBody(post("name=As%00ha&message=%F0%9F%98%80", "application/x-www-form-urlencoded"))).toEqual({
      name: "Asha",
      message: "😀",
    });
  });

  it("keeps __proto__ as a plain field, never as the object's prototype", async () => {
    const body = await readBody(post('{"__proto__":{"polluted":true},"name":"Asha"}', "application/json"));
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect((body as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(body!)).toEqual(["__proto__", "name"]);
  });
});

describe("validation answers", () => {
  const schema = z.object({ name: z.string().min(1, "Name is required"), phone: z.string().min(1, "Phone is required") });

  it("names every bad field", async () => {
    const result = schema.safeParse({ name: "" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ name: "Name is required", phone: expect.any(String) });
    const response = validationErrorResponse(result.error);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fields.name).toBe("Name is required");
    expect(body.error).toMatch(/name/);
  });

  it("detects a filled honeypot", () => {
    expect(isHoneypotFilled({ website: "http://spam" })).toBe(true);
    expect(isHoneypotFilled({ website: "" })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
  });
});
