/**
 * Ports of the end-to-end servers, one each so that spec files running side by side never
 * share one: the default build, the build with analytics configured, and the servers the
 * content, privacy, post editor, mail templates, back-office search and lead board specs start for
 * themselves.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const e2eAnalyticsPort = e2ePort + 1;
export const e2eContentPort = e2ePort + 2;
export const e2ePrivacyPort = e2ePort + 3;
export const e2ePostEditorPort = e2ePort + 4;
export const e2eMediaPort = e2ePort + 5;
export const e2eMiscPort = e2ePort + 6;
export const e2eMailTemplatesPort = e2ePort + 7;
export const e2eSearchPort = e2ePort + 8;
export const e2eBoardPort = e2ePort + 9;
