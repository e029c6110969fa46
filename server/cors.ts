// The CORS headers the emulator puts on every answer (src/testing: any origin may read, and
// Retry-After is exposed). Answers the server gives itself, before or around the emulator
// (413 for an upload over the limit, 500 for a crash), carry them too: without them a browser
// on another origin sees only "network error" instead of the reason.
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
} as const
