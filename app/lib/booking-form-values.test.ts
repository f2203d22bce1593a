import { describe, expect, it } from "vitest";
import { travellerRowsByKind, travellerRowsInSeatOrder } from "./booking-form-values";

const row = (name: string, age = "") => ({ name, age });

describe("the booking form's traveller rows", () => {
  const counts = { adults: 2, childrenWithBed: 1, childrenNoBed: 1 };
  const typed = [row("Asha Rao", "41"), row("Vikram Rao", "44"), row("Meera Rao", "9"), row("Kabir Rao", "4")];

  it("keeps each person's name with them when a count changes: one more adult does not rename the first child", () => {
    const byKind = travellerRowsByKind(typed, counts);
    const rows = travellerRowsInSeatOrder(byKind, { ...counts, adults: 3 });
    expect(rows.map(({ kind, number, row }) => `${kind} ${number}: ${row.name}`)).toEqual([
      "adult 1: Asha Rao",
      "adult 2: Vikram Rao",
      "adult 3: ",
      "child-with-bed 1: Meera Rao",
      "child-no-bed 1: Kabir Rao",
    ]);
  });

  it("drops only that kind's last rows when a count goes down, and brings them back when it goes up again", () => {
    const byKind = travellerRowsByKind(typed, counts);
    expect(travellerRowsInSeatOrder(byKind, { ...counts, adults: 1 }).map(({ row }) => row.name)).toEqual(["Asha Rao", "Meera Rao", "Kabir Rao"]);
    expect(travellerRowsInSeatOrder(byKind, counts).map(({ row }) => `${row.name} ${row.age}`)).toEqual([
      "Asha Rao 41",
      "Vikram Rao 44",
      "Meera Rao 9",
      "Kabir Rao 4",
    ]);
  });

  it("reads a stored booking's travellers in seat order, and gives blank rows where fewer were typed", () => {
    const byKind = travellerRowsByKind([row("Asha Rao")], counts);
    expect(byKind).toEqual({ adult: [row("Asha Rao")], "child-with-bed": [], "child-no-bed": [] });
    expect(travellerRowsInSeatOrder(byKind, counts).map(({ kind, number, row }) => `${kind} ${number}: ${row.name}`)).toEqual([
      "adult 1: Asha Rao",
      "adult 2: ",
      "child-with-bed 1: ",
      "child-no-bed 1: ",
    ]);
  });
});
