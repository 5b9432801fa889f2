/** Escape text for an HTML attribute or element body: every page that shows user text goes through this. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
