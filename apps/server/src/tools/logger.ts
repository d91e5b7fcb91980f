import pino, { type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/** Query parameters that carry credentials (file tokens, reset links) and must never reach a log line. */
const SECRET_QUERY_PARAMS = /([?&](?:token|resetToken|verificationToken|emailChangeToken|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

/** JSON lines on stdout. Authorization headers and passwords are redacted wherever they appear. */
export function createLogger(level: LevelWithSilent, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.passwordConfirm',
          '*.token',
        ],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: {
        // Only what an operator needs; headers stay out, and so do credentials in query strings.
        req: (req: { method?: string; url?: string; ip?: string }) => ({
          method: req.method,
          url: req.url ? redactUrl(req.url) : undefined,
          ip: req.ip,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
