// Styles of the fee, cart and receipt pages (kept with them rather than in the shared sheet).
const CSS = `
.fee-tabs { display: flex; gap: 0; border-bottom: 2px solid var(--mantine-color-gray-3); }
.fee-tab { padding: 8px 16px; text-decoration: none; color: inherit; border-bottom: 3px solid transparent; margin-bottom: -2px; font-weight: 600; }
.fee-tab-active { border-bottom-color: #631d79; color: #631d79; }
/* A phone keeps the three tabs in one row: each shares the width and its label may wrap inside. */
@media (max-width: 30em) { .fee-tab { flex: 1 1 0; min-width: 0; padding: 8px 6px; text-align: center; font-size: 14px; } }
.cart-layout { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 16px; align-items: start; }
@media (max-width: 990px) { .cart-layout { grid-template-columns: 1fr; } }
/* The printable receipt (?print=1) shows on screen as it prints: without the site's header. */
body:has(.receipt-printable) header, body:has(.receipt-printable) nav, body:has(.receipt-printable) .notice-bar { display: none !important; }
@media print {
  header, nav, .no-print, .notice-bar { display: none !important; }
  .receipt { color: #000; }
  .receipt .ui-card { break-inside: avoid; border: 1px solid #000; }
}
`;

export function FeesStyles() {
  // As markup, not as a text child: React escapes a text child on the server (an apostrophe
  // becomes &#x27;) but not in the browser, and the mismatch throws the whole page's server HTML
  // away on hydration. The sheet is a constant of ours, never user input.
  return <style dangerouslySetInnerHTML={{ __html: CSS }} />;
}
