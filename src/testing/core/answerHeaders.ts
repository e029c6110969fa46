/**
 * The headers on every answer of the emulator, and of the server around it (its own 413 for an
 * upload over the limit, 500 for a crash: without CORS a browser on another origin sees only
 * "network error" instead of the reason). CORS: any origin may read; Retry-After and Date, not
 * CORS-safelisted, are exposed, or a browser on another origin can't read how long a 429 asks it
 * to wait (a date is read against the answer's own Date). nosniff: files are served with the type
 * they were uploaded with, and a browser must not read an uploaded text file as HTML or script.
 */
export const answerHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, Date',
  'X-Content-Type-Options': 'nosniff',
} as const
