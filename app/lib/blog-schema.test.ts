import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { apiPayloadToInput, blogInputSchema, defaultDuration, readingMinutes } from "./blog-schema";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

describe("blogInputSchema through the editor's form (parseWithZod)", () => {
  it("a title alone is a draft: empty fields are missing, no head image, reading time left to compute", () => {
    const submission = parseWithZod(form({ title: " Goa in May ", slug: "", headImage: "", durationMinutes: "", uploadDate: "" }), {
      schema: blogInputSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ title: "Goa in May", content: "", headImage: null, status: "draft", excerpt: "" });
    expect(submission.value.slug).toBeUndefined();
    expect(submission.value.durationMinutes).toBeUndefined();
    expect(submission.value.uploadDate).toBeUndefined();
  });

  it("numbers arrive as strings; every field comes through", () => {
    const submission = parseWithZod(
      form({
        title: "Goa",
        slug: "goa-in-may",
        content: "<p>Sun</p>",
        headImage: "upload-abc",
        excerpt: "Beaches",
        durationMinutes: "7",
        uploadDate: "2026-11-20",
        status: "published",
        seoTitle: "Goa in May | Pravas",
        seoDescription: "Where to go",
      }),
      { schema: blogInputSchema },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      title: "Goa",
      slug: "goa-in-may",
      content: "<p>Sun</p>",
      headImage: "upload-abc",
      excerpt: "Beaches",
      durationMinutes: 7,
      uploadDate: "2026-11-20",
      status: "published",
      seoTitle: "Goa in May | Pravas",
      seoDescription: "Where to go",
    });
  });

  it("names each bad field with a message the form shows", () => {
    const submission = parseWithZod(form({ title: "", slug: "Not A Slug", durationMinutes: "0", uploadDate: "2026-02-31x", status: "live" }), {
      schema: blogInputSchema,
    });
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.title).toEqual(["Title is required."]);
    expect(errors.slug?.[0]).toMatch(/lower-case letters/);
    expect(errors.durationMinutes).toEqual(["At least 1 minute."]);
    expect(errors.uploadDate?.[0]).toMatch(/yyyy-mm-dd/);
    expect(errors.status).toEqual(["Choose draft or published."]);
  });
});

describe("readingMinutes", () => {
  it("counts the visible words at 200 a minute, at least one minute", () => {
    expect(readingMinutes("")).toBe(1);
    const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
    expect(readingMinutes(`<p>${words(200)}</p>`)).toBe(1);
    expect(readingMinutes(`<p>${words(201)}</p>`)).toBe(2);
    // Tags, attributes, scripts and entities are not words.
    expect(readingMinutes(`<h2 class="a b c">${words(300)}</h2><script>${words(5000)}</script>&nbsp;&amp; —`)).toBe(2);
    expect(defaultDuration({ content: `<p>${words(900)}</p>`, durationMinutes: undefined })).toBe(5);
    expect(defaultDuration({ content: `<p>${words(900)}</p>`, durationMinutes: 2 })).toBe(2);
  });
});

describe("apiPayloadToInput", () => {
  it("reads the spec's headImg and the API's duration as the input's fields", () => {
    expect(apiPayloadToInput({ title: "T", content: "<p>x</p>", headImg: null })).toEqual({ title: "T", content: "<p>x</p>", headImage: null });
    expect(apiPayloadToInput({ title: "T", headImg: "/media/a.webp", duration: 9 })).toEqual({ title: "T", headImage: "/media/a.webp", durationMinutes: 9 });
    // The input's own name wins over the alias.
    expect(apiPayloadToInput({ duration: 9, durationMinutes: 4 })).toEqual({ durationMinutes: 4 });
  });
});
