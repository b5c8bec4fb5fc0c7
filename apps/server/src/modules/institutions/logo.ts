/**
 * A square logo: the provider's own picture when it gave one (a PNG inside the SVG, so the URL
 * stays the same), else the institution's initials on its brand colour. Small, cacheable.
 */
export function institutionLogoSvg(name: string, color: string, png?: string | null): string {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
  const safeColor = /^#[0-9a-f]{6}$/i.test(color) ? color : "#4b5563";
  const escaped = name.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escaped}">`;
  if (png) return `${open}<image width="64" height="64" href="data:image/png;base64,${png}"/></svg>`;
  return [
    open,
    `<rect width="64" height="64" rx="14" fill="${safeColor}"/>`,
    `<text x="32" y="41" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#ffffff">${initials}</text>`,
    "</svg>",
  ].join("");
}
