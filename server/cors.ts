// The headers the emulator puts on every answer (src/testing): CORS (any origin may read, and
// Retry-After and Date are exposed) and nosniff. Answers the server gives itself, before or around the
// emulator (413 for an upload over the limit, 500 for a crash, a request Node refuses unread),
// carry them too: without CORS a browser on another origin sees only "network error" instead of
// the reason.
export const answerHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, Date',
  'X-Content-Type-Options': 'nosniff',
} as const
