import { signIn } from "~/server/auth/sign-in.server";

/** The Cookie header a browser would send back after these Set-Cookie lines (cleared cookies left out). */
export function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * Signs a staff member in as the sign-in form does, from `address`; returns the
 * response's headers and the Cookie header to send back. Throws unless signed in.
 */
export async function signInStaff(email: string, password: string, { address = "10.0.0.1", keepSignedIn = false } = {}) {
  const outcome = await signIn(new Request("http://localhost:3000/admin", { method: "POST" }), address, { email, password, keepSignedIn });
  if (outcome.status !== "signed-in") throw new Error(`sign-in failed: ${outcome.status}`);
  return { cookie: cookieHeaderFrom(outcome.headers), headers: outcome.headers };
}
