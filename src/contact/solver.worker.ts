/**
 * The proof-of-work solver: altcha-lib's worker loop with the Web Crypto PBKDF2, served from the
 * site's own origin (worker-src 'self'). The page starts it when a visitor first engages with the
 * form (src/contact/challenge.ts), so it is not among the first visit's bytes.
 */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
