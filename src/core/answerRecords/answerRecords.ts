// What an answer leaves beside its text, as the history keeps it with its turn (conversationModel.ts) and every surface
// reads it: the error it ended with (the kind where it arose, the service's own message, and what the words for it
// need: errorMessages.ts) and the sources a knowledge-base answer cited. Checked with zod: the history is read back
// from disk, and the sources come from the service.
import * as z from '../../shared/zod';
import { certificateProblemSchema } from '../http/certificateProblem';

/** An answer's error: a ServiceError's kind and details, or a local one (a request refused before it was sent). */
export const storedErrorSchema = z.object({
  kind: z.string(),
  status: z.optional(z.number()),
  serverMessage: z.optional(z.string()),
  message: z.string(),
  /** False when the server's message matched no known error (the kind is a guess from the HTTP status). */
  matched: z.optional(z.boolean()),
  /** The value at fault, for local errors about a setting (an invalid maas.baseUrl, say; the origin refused). */
  value: z.optional(z.string()),
  /** The setting at fault, where the kind alone does not say (the setting that named a refused address). */
  setting: z.optional(z.string()),
  /** For a request too long for the model: its estimated tokens and the model's limit. */
  counts: z.optional(z.object({ tokens: z.number(), limit: z.number() })),
  /** For a refused certificate: why, for which host, and what the certificate says. */
  certificate: z.optional(certificateProblemSchema),
  /** For a proxy that asked for credentials, or a proxy address that cannot be used: the address and what it was given. */
  proxy: z.optional(
    z.object({
      address: z.string(),
      credentials: z.enum(['none', 'url', 'authorization', 'withheld']),
      from: z.optional(z.enum(['setting', 'environment'])),
    }),
  ),
});
export type StoredError = z.infer<typeof storedErrorSchema>;

/** A source the service returned with a knowledge-base answer; every field best-effort. */
export const storedReferenceSchema = z.object({
  index: z.int(),
  title: z.catch(z.optional(z.string()), undefined),
  text: z.catch(z.optional(z.string()), undefined),
  url: z.catch(z.optional(z.string()), undefined),
});
export type StoredReference = z.infer<typeof storedReferenceSchema>;
