import { createContext, type ReactNode, useContext } from "react";
import type { NavNode } from "@/lib/navigation.ts";

const NavigationContext = createContext<NavNode | undefined>(undefined);

/** Gives <PageIndex /> the site's navigation tree (the docs route loads it at build time). */
export function NavigationProvider({ tree, children }: { tree: NavNode; children: ReactNode }) {
  return <NavigationContext value={tree}>{children}</NavigationContext>;
}

export function useNavigationTree(): NavNode | undefined {
  return useContext(NavigationContext);
}
