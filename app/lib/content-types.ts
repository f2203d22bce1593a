// Shapes of the content stored in the database's JSON columns and seeded from
// typed data modules. Isomorphic: used by server code and by components.

/** Money is stored as whole rupees (integers) and formatted with formatInr. */
export type Rupees = number;

/** Who a single price applies to, as the agency words it. */
export type PriceUnit = "per person" | "per adult";

/** The two price shapes of spec §3. */
export type PackagePrice =
  | { kind: "single"; amount: Rupees; unit: PriceUnit }
  | {
      kind: "adultChild";
      adult: Rupees;
      childWithBed: Rupees;
      childNoBed: Rupees;
    };

export type HotelStay = {
  destination: string;
  nights: number;
  hotel: string;
  roomType: string;
  mealPlan: string;
};

export type PriceOption = {
  label: string;
  amount: Rupees;
  unit: PriceUnit;
  hotels: HotelStay[];
};

export type ItineraryDay = {
  day: number;
  title: string;
  description: string;
  /** Media key of the day's photo. */
  photo: string;
};

export type GroupDate = {
  name: string;
  /** yyyy-mm-dd */
  start: string;
  /** yyyy-mm-dd */
  end: string;
};

export type PackageReview = {
  stars: number;
  review: string;
  name: string;
};

export type Region = "international" | "national";
export type PublishStatus = "draft" | "published";
