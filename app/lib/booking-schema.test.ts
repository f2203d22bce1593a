import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PRIVATE_TRIP } from "./booking";
import { bookingEditSchema, newBookingSchema, TRIP_NOT_CHOSEN } from "./booking-schema";

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
    // A refused count is named once, not again as "3 travellers listed for -1 seats".
    const negative = bookingEditSchema.safeParse({
      leadName: "Asha Rao",
      leadPhone: "98450 12345",
      adults: -1,
      room: "twin",
      departureId: "dWinter",
      travellers: [{ name: "A" }, { name: "B" }],
    });
    expect(negative.error?.issues.map((issue) => issue.path.join("."))).toEqual(["adults"]);
  });
});

describe("the trip is a choice: a departure or a private trip, never a private trip by default", () => {
  it("refuses a form that chose neither, on the trip field, and names no date", () => {
    const errors = errorsOf({ departureId: "" });
    expect(errors.departureId).toEqual([TRIP_NOT_CHOSEN]);
    expect(errors.startDate).toBeUndefined();
    expect(errors.endDate).toBeUndefined();
  });

  it("takes the form's private trip with its dates, and asks for the dates it lacks", () => {
    const taken = parseWithZod(formOf({ departureId: PRIVATE_TRIP, startDate: "2027-03-01", endDate: "2027-03-06" }), { schema: newBookingSchema });
    expect(taken.status === "success" && taken.value).toMatchObject({ departureId: null, startDate: "2027-03-01", endDate: "2027-03-06" });
    const errors = errorsOf({ departureId: PRIVATE_TRIP });
    expect(errors.departureId).toBeUndefined();
    expect(errors.startDate).toEqual(["Give the private trip its start date."]);
    expect(errors.endDate).toEqual(["Give the private trip its return date."]);
  });

  it("takes a departure as chosen", () => {
    const taken = parseWithZod(formOf({}), { schema: newBookingSchema });
    expect(taken.status === "success" && taken.value.departureId).toBe("dWinter");
  });

  it("reads the API's JSON: null or the dates alone are a private trip, nothing at all is no choice", () => {
    const body = { packageId: 7, leadName: "Asha Rao", leadPhone: "98450 12345", adults: 2, room: "twin" };
    const dates = { startDate: "2027-03-01", endDate: "2027-03-06" };
    expect(newBookingSchema.safeParse({ ...body, departureId: null, ...dates }).data?.departureId).toBeNull();
    expect(newBookingSchema.safeParse({ ...body, ...dates }).success).toBe(true);
    const none = newBookingSchema.safeParse(body);
    expect(none.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["departureId", TRIP_NOT_CHOSEN]]);
    const privateWithoutDates = newBookingSchema.safeParse({ ...body, departureId: null });
    expect(privateWithoutDates.error?.issues.map((issue) => issue.path.join("."))).toEqual(["startDate", "endDate"]);
  });
});

describe("every field to fix is named on the first save", () => {
  it("asks for the trip when another field is missing too", () => {
    const errors = errorsOf({ departureId: "", leadPhone: "" });
    expect(errors.departureId).toEqual([TRIP_NOT_CHOSEN]);
    expect(errors.leadPhone).toEqual(["Enter the lead traveller's phone."]);
  });
});
