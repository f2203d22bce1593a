import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text alone and writes nothing for empty values", () => {
    expect(csvCell("Asha Patil")).toBe("Asha Patil");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks (RFC 4180), doubling quotes", () => {
    expect(csvCell("Goa, India")).toBe('"Goa, India"');
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("turns anything a spreadsheet would run as a formula into text", () => {
    expect(csvCell("=HYPERLINK(\"http://evil.example\",\"x\")")).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell("+91 98765 43210")).toBe(`"'+91 98765 43210"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\t=1+1")).toBe(`"'\t=1+1"`);
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
    // Only the first character matters.
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  it("starts with a BOM and a header row, and ends every record with CRLF", () => {
    const csv = toCsv(["Name", "Phone"], [["Ravi", "98765"], ["=cmd", null]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe(`Name,Phone\r\nRavi,98765\r\n"'=cmd",\r\n`);
    // The BOM survives encoding: the file's first bytes are EF BB BF.
    expect([...Buffer.from(csv, "utf8").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
