import type { OfferRequiredDocumentType } from '@tessera/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** The sections of each demo document: what such a document covers, in short plain prose. */
const SECTIONS: Record<OfferRequiredDocumentType, [heading: string, text: string][]> = {
  'operating-agreement': [
    [
      '1. Formation',
      'The Company is formed as a limited liability company to acquire, own, operate and in time sell the Property. Its principal office is that of the Manager.',
    ],
    [
      '2. Capital contributions',
      'Each Member contributes the amount set out in its subscription agreement. No Member must contribute more capital, and no Member may withdraw capital before the Company is wound up.',
    ],
    [
      '3. Distributions',
      'Cash available for distribution is paid first to the Members in proportion to their capital until each has received its preferred return, then split between the Members and the Manager as the offer describes.',
    ],
    [
      '4. Management',
      'The Manager runs the Company day to day. Selling the Property, refinancing it or admitting new Members needs the consent of Members holding a majority of the units.',
    ],
    [
      '5. Reports',
      'The Manager sends quarterly reports and audited annual accounts, and each Member its tax form (Schedule K-1) by March 31 of each year.',
    ],
    [
      '6. Transfers',
      "Units may not be transferred without the Manager's consent, which is not unreasonably withheld for transfers to family trusts and affiliates.",
    ],
    [
      '7. Dissolution',
      'The Company is dissolved when the Property is sold and the proceeds distributed, or earlier by a vote of the Members holding two thirds of the units.',
    ],
  ],
  'private-placement-memorandum': [
    [
      'Summary of the offering',
      'The Company offers units to accredited investors only, under Regulation D. The units are not registered under the Securities Act and may not be resold unless registered or exempt.',
    ],
    [
      'The investment',
      'The proceeds, together with a senior loan, fund the purchase of the Property, the reserves and the costs of the business plan described in this memorandum.',
    ],
    [
      'The sponsor',
      'The sponsor and its principals have acquired and managed similar assets for more than a decade; their track record is set out in the appendix.',
    ],
    [
      'Risk factors',
      'An investment in the units is speculative and illiquid. Investors may lose all of their investment. Rents, occupancy, interest rates and the value of the Property may move against the business plan.',
    ],
    [
      'Conflicts of interest',
      'The Manager and its affiliates receive fees from the Company and manage other investments that may compete with the Property for tenants and attention.',
    ],
    [
      'Tax considerations',
      'The Company is treated as a partnership for federal income tax purposes. Each investor should consult its own tax adviser.',
    ],
    [
      'Use of proceeds',
      'Purchase price, closing costs, capital improvements, working capital and an interest reserve, as shown in the sources and uses table.',
    ],
  ],
  'subscription-agreement': [
    [
      '1. Subscription',
      'The undersigned subscribes for units of the Company in the amount entered below and agrees to pay it by wire within five business days of acceptance.',
    ],
    [
      '2. Acceptance',
      'The Manager may accept or reject a subscription in whole or in part. A subscription becomes binding when countersigned by the Manager.',
    ],
    [
      '3. Investor representations',
      'The undersigned is an accredited investor, has read the memorandum, can bear the loss of its entire investment and invests for its own account.',
    ],
    [
      '4. Verification',
      'The undersigned will provide what the Manager reasonably asks for to verify accredited status and to meet anti-money-laundering rules.',
    ],
    [
      '5. Signature',
      'Investor name: ______________________    Amount: $______________\n\nSignature: ______________________    Date: ______________',
    ],
  ],
  'wire-instructions': [
    [
      'Before you wire',
      'Call us on the number in your welcome e-mail to confirm these instructions. We never change wire instructions by e-mail.',
    ],
    ['Receiving bank', 'First Demo National Bank, 100 Example Plaza, Denver, CO 80202'],
    ['Account', 'ABA routing number: 000000000 (demo)    Account number: 0000000000 (demo)'],
    ['Reference', 'Your full legal name and the offer name, so the funds can be matched to your subscription.'],
    ['After you wire', 'You receive a confirmation within one business day of the funds arriving. Questions go to investor relations.'],
  ],
  other: [['Notes', 'Supplementary information for investors.']],
};

const NAVY = rgb(0.1, 0.23, 0.4);
const GREY = rgb(0.35, 0.38, 0.42);
const MARGIN = 56;

/** Words of a paragraph broken into lines that fit the width. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A demo offer document as a PDF that reads like the real thing: the sponsor's header, the title, the offer and its
 * issuer, numbered sections and a footer with page numbers. Standard fonts only, so nothing is embedded.
 */
export async function demoDocumentPdf(doc: {
  type: OfferRequiredDocumentType;
  title: string;
  offerName: string;
  issuer: string;
  sponsor: string;
  date: Date;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} - ${doc.offerName}`);
  pdf.setAuthor(doc.sponsor);
  pdf.setCreationDate(doc.date);
  pdf.setModificationDate(doc.date);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([612, 792]);
    pages.push(page);
    page.drawRectangle({ x: 0, y: 752, width: 612, height: 40, color: NAVY });
    page.drawText(doc.sponsor.toUpperCase(), { x: MARGIN, y: 767, size: 10, font: bold, color: rgb(1, 1, 1) });
    page.drawText('CONFIDENTIAL - DEMO DOCUMENT', {
      x: 612 - MARGIN - bold.widthOfTextAtSize('CONFIDENTIAL - DEMO DOCUMENT', 8),
      y: 768,
      size: 8,
      font: bold,
      color: rgb(0.85, 0.8, 0.7),
    });
    y = 710;
  };
  newPage();
  page.drawText(doc.title, { x: MARGIN, y, size: 24, font: bold, color: NAVY });
  y -= 30;
  page.drawText(doc.issuer, { x: MARGIN, y, size: 13, font: regular, color: GREY });
  y -= 18;
  const dated = doc.date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  page.drawText(`${doc.offerName}  |  ${dated}`, { x: MARGIN, y, size: 10, font: regular, color: GREY });
  y -= 16;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: 612 - MARGIN, y }, thickness: 1, color: rgb(0.77, 0.66, 0.5) });
  y -= 30;
  const width = 612 - 2 * MARGIN;
  for (const [heading, text] of SECTIONS[doc.type]) {
    const lines = wrap(text, regular, 11, width);
    if (y - 20 - lines.length * 15 < 80) newPage();
    page.drawText(heading, { x: MARGIN, y, size: 13, font: bold, color: NAVY });
    y -= 20;
    for (const line of lines) {
      page.drawText(line, { x: MARGIN, y, size: 11, font: regular, color: rgb(0.15, 0.15, 0.15) });
      y -= 15;
    }
    y -= 14;
  }
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, { x: 612 - MARGIN - regular.widthOfTextAtSize(label, 9), y: 40, size: 9, font: regular, color: GREY });
    p.drawText(`${doc.issuer} - ${doc.title}`, { x: MARGIN, y: 40, size: 9, font: regular, color: GREY });
  });
  return pdf.save();
}
