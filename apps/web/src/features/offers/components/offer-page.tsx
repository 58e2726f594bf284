// STUB: replaced by the Raise-mode work (issue 5) before it lands.
export function OfferPage() {
  return null;
}
