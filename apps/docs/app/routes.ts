import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** Paths are relative to the basename /docs/; the home page is the docs index page. */
export default [
  index("routes/docs.tsx", { id: "home" }),
  route("search.json", "routes/search.ts"),
  route("*", "routes/docs.tsx"),
] satisfies RouteConfig;
