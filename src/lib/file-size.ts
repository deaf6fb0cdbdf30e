/**
 * A file's size for people: KB below 1 MB, MB above (1 KB = 1024 bytes), at most one decimal;
 * a file that is not empty shows at least 0.1 KB rather than 0. Shared by the file field, the
 * back-office's lists of documents and the readable subject-access export the server writes.
 */
export function formatFileSize(bytes: number): string {
  const oneDecimal = (value: number) => Number(value.toFixed(1));
  const kilobytes = bytes > 0 ? Math.max(oneDecimal(bytes / 1024), 0.1) : 0;
  return kilobytes < 1024 ? `${kilobytes} KB` : `${oneDecimal(bytes / (1024 * 1024))} MB`;
}
