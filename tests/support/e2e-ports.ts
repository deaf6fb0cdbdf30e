/** Ports of the end-to-end servers: the default build, and the build with analytics configured. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const e2eAnalyticsPort = e2ePort + 1;
