/**
 * One structured logger: a JSON line per record on stdout (stderr for errors), with the request id when
 * there is one. Never pass secrets, cookies or passwords in `fields`.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
};

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogSink = (line: string, level: LogLevel) => void;

const defaultSink: LogSink = (line, level) => {
  (level === 'error' ? process.stderr : process.stdout).write(line + '\n');
};

function serialiseError(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(options: { level?: LogLevel; sink?: LogSink; base?: LogFields } = {}): Logger {
  const min = order[options.level ?? 'info'];
  const sink = options.sink ?? defaultSink;
  const base = options.base ?? {};
  const write = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (order[level] < min) return;
    const record: LogFields = { time: new Date().toISOString(), level, msg, ...base };
    for (const [key, value] of Object.entries(fields ?? {})) record[key] = serialiseError(value);
    sink(JSON.stringify(record), level);
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (fields) => createLogger({ level: options.level, sink, base: { ...base, ...fields } }),
  };
}
