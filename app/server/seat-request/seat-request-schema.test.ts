import { describe, expect, it } from "vitest";
import { seatsLabel, seatsLeft } from "~/lib/seats";
import { apiSeatRequestSchema, seatRequestSchema } from "./seat-request-schema";
import { seatReference, soldOutMessage } from "./seat-requests.server";
import { withDepartureIds } from "~/server/package/departure-ids.server";

const valid = { departureId: "dAbc123", name: "Asha Rao", phone: "+91 98450 12345", adults: "2", children: "1", room: "triple" };

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = seatRequestSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("the seat request schema", () => {
  it("reads the form's strings: numbers, no children as 0, e-mail and message optional", () => {
    expect(seatRequestSchema.parse(valid)).toEqual({
      departureId: "dAbc123",
      name: "Asha Rao",
      phone: "+91 98450 12345",
      adults: 2,
      children: 1,
      room: "triple",
    });
    expect(seatRequestSchema.parse({ ...valid, children: "", email: " ", message: "" })).toMatchObject({ children: 0, email: undefined, message: undefined });
  });

  it("needs at least 1 adult and at most 20 travellers", () => {
    expect(errorsOf({ ...valid, adults: "0" })).toEqual({ adults: "At least 1 adult travels on a seat request." });
    expect(errorsOf({ ...valid, adults: "100" })).toEqual({ adults: "At most 20 travellers in one request." });
    expect(errorsOf({ ...valid, adults: "15", children: "6" })).toEqual({ children: "At most 20 travellers in one request." });
    expect(errorsOf({ ...valid, adults: "14", children: "6" })).toEqual({});
    expect(errorsOf({ ...valid, children: "-1" })).toHaveProperty("children");
    expect(errorsOf({ ...valid, adults: "1.5" })).toHaveProperty("adults");
  });

  it("has the enquiry form's name, phone and e-mail rules", () => {
    expect(errorsOf({ ...valid, name: "", phone: "call me" })).toEqual({
      name: "Please enter your name.",
      phone: "Please enter a valid phone number, e.g. +91 98765 43210.",
    });
    expect(errorsOf({ ...valid, email: "not-an-address" })).toEqual({ email: "Please enter a valid e-mail address, or leave it empty." });
  });

  it("takes only twin, triple or single, and a departure id", () => {
    expect(errorsOf({ ...valid, room: "suite" })).toEqual({ room: "Please choose twin, triple or single." });
    expect(errorsOf({ ...valid, departureId: "../x" })).toEqual({ departureId: "Please choose a departure." });
  });

  it("the API names the package by id or slug", () => {
    expect(apiSeatRequestSchema.parse({ ...valid, packageId: "7" })).toMatchObject({ packageId: 7 });
    expect(apiSeatRequestSchema.safeParse({ ...valid, packageId: "x" }).success).toBe(false);
  });
});

describe("seats", () => {
  it("labels the seats left", () => {
    expect(seatsLabel(seatsLeft(undefined, 3))).toBeNull();
    expect(seatsLabel(seatsLeft(20, 8))).toBe("12 seats left");
    expect(seatsLabel(seatsLeft(20, 15))).toBe("Only 5 seats left");
    expect(seatsLabel(seatsLeft(20, 19))).toBe("Only 1 seat left");
    expect(seatsLabel(seatsLeft(20, 20))).toBe("Sold out");
    expect(seatsLabel(seatsLeft(20, 25))).toBe("Sold out");
  });

  it("references are PRV-year-number, and sold out names the dates with room", () => {
    expect(seatReference(2027, 42)).toBe("PRV-2027-0042");
    expect(soldOutMessage(["Winter, 1 Mar 2027 – 7 Mar 2027 (4 seats left)"])).toBe(
      "This date just sold out. These dates still have room: Winter, 1 Mar 2027 – 7 Mar 2027 (4 seats left).",
    );
  });

  it("departures keep their ids; new ones get one; a row sent without takes the stored one of the same date", () => {
    const stored = [{ id: "dOld", name: "Winter", start: "2027-03-01", end: "2027-03-07" }];
    const [kept, fresh] = withDepartureIds(
      [
        { name: "Winter", start: "2027-03-01", end: "2027-03-07" },
        { name: "Spring", start: "2027-04-01", end: "2027-04-07" },
      ],
      stored,
    );
    expect(kept!.id).toBe("dOld");
    expect(fresh!.id).toMatch(/^d[A-Za-z0-9_-]{11}$/);
    // A duplicated row does not share the id.
    const twice = withDepartureIds([stored[0]!, stored[0]!]);
    expect(twice[0]!.id).toBe("dOld");
    expect(twice[1]!.id).not.toBe("dOld");
  });
});
