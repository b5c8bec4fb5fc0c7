import { RootProvider } from "fumadocs-ui/provider/react-router";
import { lazy, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import "./app.css";

// The search dialog and its index engine load when a reader first opens search, not with every page.
const SearchDialog = lazy(() => import("@/components/search.tsx"));

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <RootProvider search={{ SearchDialog, preload: false }}>{children}</RootProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto w-full max-w-2xl p-8">
      <title>{isNotFound ? "Page not found · Weft" : "Error · Weft"}</title>
      <h1 className="mb-2 text-2xl font-semibold">
        {isNotFound ? "Page not found" : "Something went wrong"}
      </h1>
      <p className="mb-4 text-fd-muted-foreground">
        {isNotFound ? "There is no page at this address." : "This page failed to render."}
      </p>
      <a className="underline" href="/docs">
        Back to the documentation
      </a>
    </main>
  );
}
