/**
 * How moving between pages feels (issue 6 §6): progress bar, online/offline
 * indicator, lazy images released after 4 s, speculation rules. To be built.
 */
export function NavigationFeel(_: { nonce: string }) {
  return null;
}
