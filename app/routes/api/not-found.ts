import { jsonError } from "~/server/http.server";

// Public on purpose: answers 404 for unknown API paths, whoever asks.

export function loader() {
  return jsonError(404, "No such API endpoint");
}

export function action() {
  return jsonError(404, "No such API endpoint");
}
