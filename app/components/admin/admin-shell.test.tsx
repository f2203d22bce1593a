import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminShell } from "./admin-shell";

const viewer = { name: "Asha", email: "asha@example.com", role: "admin" as const };

function shellHtml(mailFailure: string | null) {
  const Stub = createRoutesStub([{ path: "/admin/dashboard", Component: () => <AdminShell viewer={viewer} mailFailure={mailFailure} children={null} /> }]);
  return renderToString(<Stub initialEntries={["/admin/dashboard"]} />);
}

describe("the admin shell's e-mail failure mark (issue 49)", () => {
  const failure = "E-mails to the team are failing since 2:33 pm: the mail server refuses connections.";

  it("is on the menu button, named, so a phone shows it with the menu folded; the sidebar keeps its own", () => {
    const html = shellHtml(failure);
    expect(html).toMatch(
      /<button[^>]*aria-label="Menu: e-mails to the team are failing"[^>]*title="E-mails to the team are failing since 2:33 pm[^"]*"[^>]*>.*?!<\/span><\/button>/s,
    );
    expect(html).toContain("E-mails are failing</span>");
  });

  it("is absent while e-mails go out", () => {
    const html = shellHtml(null);
    expect(html).toMatch(/<button[^>]*aria-label="Menu"/);
    expect(html).not.toContain("failing");
  });
});
