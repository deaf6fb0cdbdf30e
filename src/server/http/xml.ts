/** Everything outside XML 1.0's Char production: C0 controls but tab, CR and LF; lone surrogates; U+FFFE and U+FFFF. */
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text made safe for XML element content and for quoted attribute values alike: the five
 * special characters escaped and the characters XML 1.0 forbids dropped (one of those would
 * make the whole document unreadable to a strict parser).
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** `<name>text</name>`, the text escaped. */
export const xmlElement = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
