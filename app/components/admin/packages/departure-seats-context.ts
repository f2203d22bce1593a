import { createContext } from "react";

export type EditorDepartureSeats = { capacity: number | null; held: number; confirmed: number; free: number | null; waitlist: number; requested: number };

/** Each stored departure's seats by departure id, for the editor's Departures section (ADR 059, 088). */
export const DepartureSeatsContext = createContext<Record<string, EditorDepartureSeats>>({});
