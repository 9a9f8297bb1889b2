/**
 * One structured logger: a JSON line per record on stdout (stderr for errors), with the request id when
 * there is one. Never pass secrets, cookies or passwords in `fields`; e-mail addresses and failed SQL statements
 * (with their parameters) are masked in messages, string fields and errors all the same (issue 8 §2).
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

const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[a-z]{2,}/gi;
/** Drizzle's message for a failed statement: the SQL and its parameters (a shopper's e-mail among them). */
const FAILED_QUERY = /^Failed query:[\s\S]*$/;

/**
 * What a log line may say of a text: statements and their parameters are withheld (the database's own message,
 * the error's `cause`, says what went wrong), and e-mail addresses are masked wherever they appear.
 */
export function redact(text: string): string {
  return text
    .replace(FAILED_QUERY, 'Failed query (statement and parameters withheld)')
    .replace(EMAIL, '[email]');
}

function serialiseError(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    const message = redact(value.message);
    // The stack's first line repeats the message: it is rebuilt from the redacted one.
    const frames = value.stack?.split('\n').filter((line) => /^\s+at /.test(line));
    const cause = (value as { cause?: unknown }).cause;
    return {
      name: value.name,
      message,
      ...(frames ? { stack: [`${value.name}: ${message}`, ...frames].join('\n') } : {}),
      ...(cause !== undefined && depth < 3 ? { cause: serialiseError(cause, depth + 1) } : {}),
    };
  }
  if (typeof value === 'string') return redact(value);
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
