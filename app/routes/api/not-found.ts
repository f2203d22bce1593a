import { jsonError } from "~/server/http.server";

export function loader() {
  return jsonError(404, "No such API endpoint");
}

export function action() {
  return jsonError(404, "No such API endpoint");
}
