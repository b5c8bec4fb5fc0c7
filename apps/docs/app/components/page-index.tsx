import { useLocation } from "react-router";
import { lastTag, type NavNode, pageIndexCards } from "@/lib/navigation.ts";
import { siteHref } from "@/lib/site.ts";
import { DocsLink } from "./docs-link.tsx";
import { Icon } from "./icons.tsx";
import { useNavigationTree } from "./navigation-context.tsx";

type Props = {
  /** The docs path whose children to show; the current page's path when left out. */
  path?: string;
  /** Paths to leave out of the grid. */
  exclude?: string[];
  /** Show each card's description (clamped to two lines). */
  descriptions?: boolean;
  /** The navigation tree; the site's own when left out. */
  tree?: NavNode;
};

/**
 * A grid of cards for the children of a docs path: each links to its page and shows its
 * title, description, icon and its last tag as a badge.
 */
export function PageIndex({ path, exclude = [], descriptions = true, tree }: Props) {
  const siteTree = useNavigationTree();
  const location = useLocation();
  const root = tree ?? siteTree;
  if (!root) return null;
  const current = path ?? `${siteHref(location.pathname)}${location.search}${location.hash}`;
  const cards = pageIndexCards(root, current, exclude);
  if (cards.length === 0) return null;
  return (
    <ul
      className="page-index not-prose m-0 grid list-none grid-cols-1 gap-3 p-0 sm:grid-cols-2"
      data-testid="page-index"
    >
      {cards.map((card) => (
        <li key={card.href} className="m-0">
          <PageCard card={card} showDescription={descriptions} />
        </li>
      ))}
    </ul>
  );
}

function PageCard({ card, showDescription }: { card: NavNode; showDescription: boolean }) {
  const badge = lastTag(card);
  return (
    <DocsLink
      href={card.href}
      className="flex h-full flex-col gap-1 rounded-xl border border-fd-border bg-fd-card p-4 text-fd-card-foreground no-underline transition-colors hover:bg-fd-accent"
      data-testid="page-card"
    >
      <span className="flex items-center gap-2">
        {card.icon && (
          <span
            className="rounded-md border border-fd-border bg-fd-muted p-1.5 text-fd-muted-foreground"
            data-icon={card.icon}
          >
            <Icon name={card.icon} className="size-4" />
          </span>
        )}
        <span className="font-medium">{card.title}</span>
        {badge && (
          <span
            className="ms-auto rounded-full border border-fd-border px-2 py-0.5 text-xs text-fd-muted-foreground"
            data-testid="page-card-badge"
          >
            {badge}
          </span>
        )}
      </span>
      {showDescription && card.description && (
        <span className="line-clamp-2 text-sm text-fd-muted-foreground" data-testid="page-card-description">
          {card.description}
        </span>
      )}
    </DocsLink>
  );
}
