/** A square logo: the institution's initials on its brand colour. Small, cacheable, no assets. */
export function institutionLogoSvg(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
  const safeColor = /^#[0-9a-f]{6}$/i.test(color) ? color : "#4b5563";
  const escaped = name.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escaped}">`,
    `<rect width="64" height="64" rx="14" fill="${safeColor}"/>`,
    `<text x="32" y="41" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#ffffff">${initials}</text>`,
    "</svg>",
  ].join("");
}
