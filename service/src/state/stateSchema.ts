// The shapes of the local service's persisted state and of the seed file, validated with zod at both boundaries
// (a state file written by an older build, or a hand-edited seed, is untrusted input).
import * as z from 'zod';

export const MODEL_CODES = ['svc_llm', 'svc_vl'] as const;
export type ModelCode = (typeof MODEL_CODES)[number];
export const modelCodeSchema = z.enum(MODEL_CODES);

export const keyRecordSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  type: z.enum(['default', 'personal']),
  enabled: z.boolean(),
  interfaces: z.array(modelCodeSchema),
  key: z.string().min(1),
});
export type KeyRecord = z.infer<typeof keyRecordSchema>;

export const accountSchema = z.object({
  realNameVerified: z.boolean(),
  balance: z.number().finite(),
  models: z.array(modelCodeSchema),
});
export type Account = z.infer<typeof accountSchema>;

export const documentSchema = z.object({ title: z.string(), text: z.string() });
export type KnowledgeDocument = z.infer<typeof documentSchema>;

export const knowledgeBaseSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  documents: z.array(documentSchema),
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

export const speechCredentialSchema = z.object({ appkey: z.string().min(1), token: z.string().min(1) });
export type SpeechCredential = z.infer<typeof speechCredentialSchema>;

export const stateSchema = z.object({
  version: z.literal(1),
  keys: z.array(keyRecordSchema),
  account: accountSchema,
  knowledgeBases: z.array(knowledgeBaseSchema),
  speechCredentials: z.array(speechCredentialSchema),
  /** The id the next knowledge base gets; ids are never reused (absent in files written by older builds). */
  nextKnowledgeBaseId: z.number().int().positive().optional(),
});
export type ServiceState = z.infer<typeof stateSchema>;

export const seedFileSchema = z.object({
  defaultKey: z.string().min(1).optional(),
  keys: z
    .array(
      z.object({
        name: z.string(),
        interfaces: z.array(modelCodeSchema),
        enabled: z.boolean().optional(),
        key: z.string().min(1).optional(),
      }),
    )
    .optional(),
  account: accountSchema.partial().optional(),
  speechCredentials: z.array(speechCredentialSchema).optional(),
  knowledgeBases: z.array(z.object({ id: z.number().int().positive(), name: z.string(), documents: z.array(documentSchema) })).optional(),
});
export type SeedFile = z.infer<typeof seedFileSchema>;
