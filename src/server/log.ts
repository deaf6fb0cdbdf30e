/** Structured logging: one JSON object per line on stdout (errors on stderr). */
export type Logger = {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
};

export function createLogger(level: 'info' | 'error' | 'silent'): Logger {
  const write = (stream: NodeJS.WriteStream, lvl: string, msg: string, fields?: Record<string, unknown>) =>
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })}\n`);
  return {
    info: (msg, fields) => {
      if (level === 'info') write(process.stdout, 'info', msg, fields);
    },
    error: (msg, fields) => {
      if (level !== 'silent') write(process.stderr, 'error', msg, fields);
    },
  };
}
