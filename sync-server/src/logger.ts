export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function serializable(value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** One JSON object per line on stdout (or `write`), filtered by level. */
export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const log =
    (at: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields: LogFields = {}) => {
      if (rank[at] < rank[level]) return;
      const entry: LogFields = { time: new Date().toISOString(), level: at, msg: message };
      for (const [key, value] of Object.entries(fields)) entry[key] = serializable(value);
      try {
        write(JSON.stringify(entry));
      } catch {
        write(JSON.stringify({ time: entry.time, level: at, msg: message, unserializable: true }));
      }
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
