// Shapes of the content stored in the database's JSON columns. The runtime
// schemas live in ./package-schema.ts and these types are inferred from them;
// this module re-exports TYPES only, so importing it never brings Zod along.
export type { GroupDate, ItineraryDay, PackagePrice, PackageReview, PriceOption, PriceUnit, PublishStatus, Region } from "./package-schema";
