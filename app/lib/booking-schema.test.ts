import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { newBookingSchema } from "./booking-schema";

/** The booking form as the browser sends it: every field, the optional ones empty. */
function formOf(fields: Record<string, string>) {
  const form = new FormData();
  const all = {
    packageId: "7",
    departureId: "dWinter",
    startDate: "",
    endDate: "",
    leadName: "Asha Rao",
    leadPhone: "98450 12345",
    leadEmail: "",
    adults: "2",
    childrenWithBed: "0",
    childrenNoBed: "0",
    room: "twin",
    priceBasis: "",
    "extras[0].label": "",
    "extras[0].amount": "",
    discountLabel: "",
    "discount.label": "",
    "discount.amount": "",
    notes: "",
    state: "confirmed",
    holdUntil: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  return form;
}

/** The field errors of a refused form (none when it was taken). */
function errorsOf(fields: Record<string, string>) {
  const submission = parseWithZod(formOf(fields), { schema: newBookingSchema });
  return submission.status === "error" ? (submission.error ?? {}) : {};
}

describe("newBookingSchema through the form (conform reads an empty field as absent)", () => {
  it("takes a booking with every optional field left empty: no notes, no e-mail, no extras, no discount", () => {
    const submission = parseWithZod(formOf({}), { schema: newBookingSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ notes: "", leadEmail: undefined, extras: [], discount: null, leadPhone: "+919845012345", adults: 2 });
  });

  it("reads typed rupees to paise and names a bad amount on its field", () => {
    const good = parseWithZod(formOf({ "extras[0].label": "Airport pick-up", "extras[0].amount": "2,500.50", notes: "Window seats" }), {
      schema: newBookingSchema,
    });
    expect(good.status === "success" && good.value.extras).toEqual([{ label: "Airport pick-up", amount: 250050 }]);
    expect(errorsOf({ "extras[0].label": "Airport pick-up", "extras[0].amount": "2500.505" })["extras[0].amount"]).toEqual([
      "An amount has at most 2 decimals (paise), like 104500.50.",
    ]);
  });

  it("refuses fractional and negative travellers, and more than 50 in one booking, on the field", () => {
    expect(errorsOf({ adults: "1.5" }).adults).toBeDefined();
    expect(errorsOf({ childrenNoBed: "-1" }).childrenNoBed).toBeDefined();
    expect(errorsOf({ adults: "30", childrenWithBed: "21" }).childrenWithBed).toEqual(["At most 50 travellers in one booking."]);
  });
});
