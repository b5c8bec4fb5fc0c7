import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { NavNode } from "@/lib/navigation.ts";
import { NavigationProvider } from "./navigation-context.tsx";
import { PageIndex } from "./page-index.tsx";

afterEach(cleanup);

const tree: NavNode = {
  title: "Weft documentation",
  href: "/docs",
  children: [
    { title: "Weft documentation", href: "/docs", children: [] },
    {
      title: "Concepts",
      href: "/docs/concepts",
      description: "The ideas.",
      icon: "Layers",
      tags: ["Concepts"],
      children: [
        {
          title: "Profiles",
          href: "/docs/concepts/profiles",
          description: "Your end-users, with the contact details and metadata you give them.",
          icon: "Users",
          tags: ["Concepts", "Platform API"],
          children: [],
        },
        { title: "Products", href: "/docs/concepts/products", children: [] },
      ],
    },
    { title: "Quickstart", href: "/docs/quickstart", tags: ["Start", "5 minutes"], children: [] },
  ],
};

/** The router sees paths under its basename, as on the site (/docs/ is the basename). */
function renderAt(routerPath: string, element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[routerPath]}>
      <NavigationProvider tree={tree}>{element}</NavigationProvider>
    </MemoryRouter>,
  );
}

const cards = () => screen.getAllByTestId("page-card");

describe("<PageIndex />", () => {
  it("shows the children of the current page as cards linking to their hrefs", () => {
    renderAt("/concepts?from=search#top", <PageIndex />);
    expect(cards().map((c) => c.getAttribute("href"))).toEqual(["/concepts/profiles", "/concepts/products"]);
    const profiles = cards()[0]!;
    expect(within(profiles).getByText("Profiles")).toBeTruthy();
    expect(profiles.querySelector('[data-icon="Users"] svg')).not.toBeNull();
  });

  it("drops the root on the home page and keeps the rest in order", () => {
    renderAt("/", <PageIndex />);
    expect(cards()).toHaveLength(2);
    expect(screen.queryAllByText("Weft documentation")).toHaveLength(0);
    expect(cards().map((c) => c.getAttribute("href"))).toEqual(["/concepts", "/quickstart"]);
    expect(within(cards()[1]!).getByText("Quickstart")).toBeTruthy();
  });

  it("badges each card with its last tag only", () => {
    renderAt("/", <PageIndex />);
    const badges = screen.getAllByTestId("page-card-badge").map((b) => b.textContent);
    expect(badges).toEqual(["Concepts", "5 minutes"]);
    expect(screen.queryByText("Start")).toBeNull();
  });

  it("shows descriptions clamped to two lines, and none when switched off", () => {
    renderAt("/concepts", <PageIndex />);
    const description = screen.getByTestId("page-card-description");
    expect(description.textContent).toContain("Your end-users");
    expect(description.className).toContain("line-clamp-2");
    cleanup();
    renderAt("/concepts", <PageIndex descriptions={false} />);
    expect(screen.queryByTestId("page-card-description")).toBeNull();
    expect(cards()).toHaveLength(2);
  });

  it("takes a path and excluded paths as props", () => {
    renderAt("/", <PageIndex path="/docs/concepts#x" exclude={["/docs/concepts/products"]} />);
    expect(cards().map((c) => c.getAttribute("href"))).toEqual(["/concepts/profiles"]);
  });

  it("renders nothing for a page without children", () => {
    const { container } = renderAt("/quickstart", <PageIndex />);
    expect(container.innerHTML).toBe("");
  });
});
