import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { centsToDecimal } from "../money.ts";

export type StatementLine = { date: string; description: string; amountCents: number; balanceCents: number };

export type StatementContent = {
  institutionName: string;
  /** #rrggbb */
  institutionColor: string;
  accountName: string;
  accountMask: string;
  /** "Balance" for deposit and investment cash, "Amount owed" for cards and loans. */
  balanceLabel: string;
  holder: { name: string; addressLines: string[] };
  startOn: string;
  endOn: string;
  openingCents: number;
  closingCents: number;
  lines: StatementLine[];
};

const PAGE: [number, number] = [612, 792];
const MARGIN = 48;
const LINE_HEIGHT = 15;

const money = (cents: number) => {
  const [whole, fraction] = centsToDecimal(Math.abs(cents)).split(".");
  return `${cents < 0 ? "-" : ""}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
};

function hexColor(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Keeps text inside a column by trimming it, since the standard fonts do not wrap. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  let out = text;
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
  return out;
}

/**
 * A monthly statement as a real PDF: header, holder, summary and every transaction of the
 * period with a running balance, over as many pages as it takes. The document info carries
 * the period too (title and subject), and its dates are the statement's closing day.
 */
export async function renderStatementPdf(content: StatementContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const period = `${content.startOn} to ${content.endOn}`;
  doc.setTitle(`${content.institutionName} statement ${period}`);
  doc.setSubject(`Statement period ${period}, ${content.accountName} ending ${content.accountMask}`);
  doc.setAuthor(content.institutionName);
  doc.setCreator("Weft sandbox");
  doc.setProducer("Weft sandbox");
  const issued = new Date(`${content.endOn}T23:59:59Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  let page = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const text = (value: string, x: number, size = 10, font = regular) =>
    page.drawText(value, { x, y, size, font, color: rgb(0.1, 0.1, 0.12) });
  const right = (value: string, xRight: number, size = 10, font = regular) =>
    text(value, xRight - font.widthOfTextAtSize(value, size), size, font);

  // Header: a monogram in the institution's colour, its name, the period.
  page.drawRectangle({
    x: MARGIN,
    y: y - 26,
    width: 32,
    height: 32,
    color: hexColor(content.institutionColor),
  });
  const initials = content.institutionName
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  page.drawText(initials, { x: MARGIN + 6, y: y - 16, size: 13, font: bold, color: rgb(1, 1, 1) });
  y -= 8;
  text(content.institutionName, MARGIN + 44, 16, bold);
  right("Account statement", PAGE[0] - MARGIN, 12, bold);
  y -= 18;
  right(`Statement period: ${period}`, PAGE[0] - MARGIN, 10);
  y -= 36;

  text(content.holder.name, MARGIN, 11, bold);
  right(`${content.accountName} ending ${content.accountMask}`, PAGE[0] - MARGIN, 10);
  for (const line of content.holder.addressLines) {
    y -= 14;
    text(line, MARGIN, 10);
  }
  y -= 30;

  const credits = content.lines.filter((l) => l.amountCents > 0).reduce((s, l) => s + l.amountCents, 0);
  const debits = content.lines.filter((l) => l.amountCents < 0).reduce((s, l) => s + l.amountCents, 0);
  const summary: [string, string][] = [
    [`Opening ${content.balanceLabel.toLowerCase()} (${content.startOn})`, money(content.openingCents)],
    ["Money in", money(credits)],
    ["Money out", money(debits)],
    [`Closing ${content.balanceLabel.toLowerCase()} (${content.endOn})`, money(content.closingCents)],
  ];
  text("Summary", MARGIN, 12, bold);
  for (const [label, value] of summary) {
    y -= 16;
    text(label, MARGIN, 10);
    right(value, MARGIN + 330, 10, bold);
  }
  y -= 32;

  const columns = {
    date: MARGIN,
    description: MARGIN + 70,
    amount: PAGE[0] - MARGIN - 90,
    balance: PAGE[0] - MARGIN,
  };
  const header = () => {
    text("Date", columns.date, 9, bold);
    text("Description", columns.description, 9, bold);
    right("Amount", columns.amount, 9, bold);
    right(content.balanceLabel, columns.balance, 9, bold);
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE[0] - MARGIN, y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    y -= LINE_HEIGHT - 2;
  };
  text("Transactions", MARGIN, 12, bold);
  y -= 20;
  header();
  if (content.lines.length === 0) text("No transactions in this period.", columns.description, 9);
  for (const line of content.lines) {
    if (y < MARGIN + 40) {
      page = doc.addPage(PAGE);
      y = PAGE[1] - MARGIN;
      text(
        `${content.institutionName} - ${content.accountName} ending ${content.accountMask} - ${period}`,
        MARGIN,
        9,
      );
      y -= 24;
      header();
    }
    text(line.date, columns.date, 9);
    text(
      fit(line.description, regular, 9, columns.amount - columns.description - 80),
      columns.description,
      9,
    );
    right(money(line.amountCents), columns.amount, 9);
    right(money(line.balanceCents), columns.balance, 9);
    y -= LINE_HEIGHT;
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawText(`Sandbox statement generated by Weft: not a real account. Page ${i + 1} of ${pages.length}`, {
      x: MARGIN,
      y: MARGIN - 20,
      size: 8,
      font: regular,
      color: rgb(0.45, 0.45, 0.5),
    });
  });
  return doc.save({ useObjectStreams: false });
}
