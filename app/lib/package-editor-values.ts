import type { GroupDate, HotelStay, PackageReview, PriceUnit, PublishStatus, Region } from "./package-schema";

/**
 * What the package editor starts from: every field of the model as the form
 * shows it (numbers may be empty while typing). An empty package for
 * /admin/packages/new, the stored row for /admin/packages/:id.
 */
export type PackageEditorValues = {
  title: string;
  slug: string;
  country: string;
  region: Region | "";
  category: string;
  days: string;
  nights: string;
  description: string;
  longDescription: string;
  priceKind: "single" | "adultChild";
  priceAmount: string;
  priceUnit: PriceUnit;
  priceAdult: string;
  priceChildWithBed: string;
  priceChildNoBed: string;
  priceOptions: { label: string; amount: string; unit: PriceUnit; hotels: (Omit<HotelStay, "nights"> & { nights: string })[] }[];
  highlights: string[];
  included: string[];
  excluded: string[];
  itinerary: { title: string; description: string; photo: string }[];
  groupDates: GroupDate[];
  brochureUrl: string;
  ratingStars: string;
  ratingCount: string;
  reviews: (Omit<PackageReview, "stars"> & { stars: string })[];
  seoTitle: string;
  seoDescription: string;
  status: PublishStatus;
  sortOrder: string;
  featured: boolean;
  thumbnail: string;
  gallery: string[];
};

export const EMPTY_PACKAGE: PackageEditorValues = {
  title: "",
  slug: "",
  country: "",
  region: "",
  category: "",
  days: "",
  nights: "",
  description: "",
  longDescription: "",
  priceKind: "single",
  priceAmount: "",
  priceUnit: "per person",
  priceAdult: "",
  priceChildWithBed: "",
  priceChildNoBed: "",
  priceOptions: [],
  highlights: [],
  included: [],
  excluded: [],
  itinerary: [],
  groupDates: [],
  brochureUrl: "",
  ratingStars: "5",
  ratingCount: "0",
  reviews: [],
  seoTitle: "",
  seoDescription: "",
  status: "draft",
  sortOrder: "0",
  featured: false,
  thumbnail: "",
  gallery: [],
};
