/**
 * Whether a package is a trip abroad (ADR 092): its own "overseas tour
 * programme" setting when the team set one, else its region. TCS, the
 * documents, the manifest's passport columns and the details-missing message
 * all read this one rule (the SQL form is `packageIsAbroad` on the server).
 */
export const isPackageAbroad = (pkg: { overseas: boolean | null; region: string | null }): boolean => pkg.overseas ?? pkg.region === "international";
