import { createContext } from "react";

export type EditorDepartureSeats = { capacity: number | null; held: number; confirmed: number; requested: number; left: number | null };

/** Each stored departure's seats by departure id, for the editor's Departures section (ADR 059). */
export const DepartureSeatsContext = createContext<Record<string, EditorDepartureSeats>>({});
