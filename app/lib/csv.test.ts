import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, toCsv, verbatim } from "./csv";
import { inertSpreadsheetText, spreadsheetIndiaTime, spreadsheetPhone } from "./spreadsheet-text";

describe("csvCell", () => {
  it("leaves plain text alone and writes nothing for empty values", () => {
    expect(csvCell("Asha Patil")).toBe("Asha Patil");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes quotes, line breaks and every separator a spreadsheet may use, doubling quotes", () => {
    expect(csvCell("Goa, India")).toBe('"Goa, India"');
    expect(csvCell("Goa; India")).toBe('"Goa; India"');
    expect(csvCell("Goa\tIndia")).toBe('"Goa\tIndia"');
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("turns anything a spreadsheet would run as a formula into text, at the start or after a separator", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1+1")).toBe(`"'\t'=1+1"`);
    expect(csvCell("\r=1+1")).toBe(`"'\r'=1+1"`);
    // Opened with ";" as the separator, each part would be a cell of its own.
    expect(csvCell("Asha;=2*7;")).toBe(`"Asha;'=2*7;"`);
    expect(csvCell("Asha,+cmd|' /C calc'!A0")).toBe(`"Asha,'+cmd|' /C calc'!A0"`);
    expect(csvCell("Hi\n@SUM(1)")).toBe(`"Hi\n'@SUM(1)"`);
    // A formula character inside a word is just text.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("Price - 5%")).toBe("Price - 5%");
  });

  it("writes a verbatim value as it reads", () => {
    expect(csvCell(verbatim("+91 98765 43210"))).toBe("+91 98765 43210");
  });
});

describe("spreadsheet text", () => {
  it("keeps a plain phone number readable, and neutralises one that is not", () => {
    expect(spreadsheetPhone("+91 98765 43210")).toBe("+91 98765 43210");
    expect(spreadsheetPhone("9876543210")).toBe("9876543210");
    expect(spreadsheetPhone("+1+2")).toBe("'+1+2");
    expect(spreadsheetPhone("=1+1")).toBe("'=1+1");
    expect(spreadsheetPhone("+91-98765-43210")).toBe("'+91-98765-43210");
  });

  it("writes times in Indian time as a spreadsheet reads them", () => {
    expect(spreadsheetIndiaTime("2026-11-24T00:45:24.959Z")).toBe("2026-11-24 06:15");
    expect(spreadsheetIndiaTime(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01 01:30");
  });

  it("makes inert text idempotent in meaning: ordinary text unchanged", () => {
    expect(inertSpreadsheetText("Bali 7D/6N, 2 adults")).toBe("Bali 7D/6N, 2 adults");
  });
});

describe("toCsv", () => {
  it("starts with a BOM and a header row, and ends every record with CRLF", () => {
    const csv = toCsv(
      ["Name", "Phone"],
      [
        ["Ravi", "98765"],
        ["=cmd", null],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe(`Name,Phone\r\nRavi,98765\r\n'=cmd,\r\n`);
    // The BOM survives encoding: the file's first bytes are EF BB BF.
    expect([...Buffer.from(csv, "utf8").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
